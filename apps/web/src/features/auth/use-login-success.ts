import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';
import { LOGIN_NAVIGATION_DELAY_MS } from '@fieldport/contract/menus';

/** SPEC section 4: after a successful login the shell opens 500 ms later. */
export function useLoginSuccess() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return (message: string) => {
    // Earlier failures of this login no longer apply.
    closeSnackbar();
    enqueueSnackbar(message, { variant: 'success' });
    // A new session: nothing cached for the previous one may leak into it.
    queryClient.removeQueries();
    setTimeout(() => navigate('/LandingPage'), LOGIN_NAVIGATION_DELAY_MS);
  };
}
