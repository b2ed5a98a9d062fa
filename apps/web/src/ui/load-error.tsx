import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * What a screen shows when what it reads could not be loaded and nothing is there yet: what failed,
 * the server's (or the network's) reason, and Retry.
 */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {what} could not be loaded: {error.message}
    </Alert>
  );
}
