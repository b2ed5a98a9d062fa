import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** Shown instead of a page whose route is not in the user's menu, with the way back home. */
export function NoAccess({ home }: { home: string }) {
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="alert"
      sx={{ maxWidth: 640 }}
      action={
        <Button component={RouterLink} to={home} color="inherit" size="small">
          Go to my start page
        </Button>
      }
    >
      You do not have access to this page
    </Alert>
  );
}
