import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** docs/product.md#the-shell: a loading overlay shows while the current user is fetched. */
export function LoadingOverlay({ open, label = 'Loading' }: { open: boolean; label?: string }) {
  return (
    <Backdrop
      open={open}
      sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 })}
      data-testid="loading-overlay"
    >
      <CircularProgress color="inherit" aria-label={label} />
      <Typography component="p" role="status">
        {label}…
      </Typography>
    </Backdrop>
  );
}
