import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { landingRedirect } from '@fieldport/contract/menus';
import { useShell } from './shell-context.tsx';

/** '/LandingPage': sends the user to their start page (SPEC section 4), after 2000 ms with access control. */
export function LandingPage() {
  const { user, accessControlled } = useShell();
  const navigate = useNavigate();
  const { route, delayMs } = landingRedirect(user.user_type, accessControlled);

  useEffect(() => {
    const timer = setTimeout(() => navigate(route, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, route, delayMs]);

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
