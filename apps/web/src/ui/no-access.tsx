import Alert from '@mui/material/Alert';

/** Shown instead of a page whose route is not in the user's menu. */
export function NoAccess() {
  return (
    <Alert severity="warning" variant="outlined" role="alert" sx={{ maxWidth: 640 }}>
      You do not have access to this page
    </Alert>
  );
}
