import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { landingRedirect } from '@fieldport/contract/menus';
import { useShell } from './shell-context.tsx';

/**
 * '/LandingPage': sends the user to their start page (docs/product.md#menus-and-landing-pages). The
 * old portal's 2000 ms with access control was the old client's wait for the menu; this page shows
 * only once the user and their menu are loaded, so it goes at once (docs/architecture.md#waits).
 */
export function LandingPage() {
  const { user, accessControlled } = useShell();
  const navigate = useNavigate();
  const { route } = landingRedirect(user.user_type, accessControlled);

  useEffect(() => {
    navigate(route, { replace: true });
  }, [navigate, route]);

  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">Welcome, {user.user_name}. Opening your workspace…</Typography>
    </Box>
  );
}
