import { useRegisterSW } from 'virtual:pwa-register/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

/** How often an open app asks for a new release (a phone may keep the app open all day). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (vite.config.ts) and, when a new release is downloaded, offers to
 * switch to it (docs/product.md#working-offline): the new version waits, so that a form being
 * filled is not reloaded away, but never forever.
 */
export function NewVersionPrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  return (
    <Snackbar open={needRefresh} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setNeedRefresh(false)}>
              Later
            </Button>
            <Button color="inherit" size="small" onClick={() => void updateServiceWorker(true)}>
              Reload
            </Button>
          </>
        }
      >
        A new version of Fieldport is ready.
      </Alert>
    </Snackbar>
  );
}
