import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router';

/**
 * SPEC section 4: after a successful login the shell opens (the specification's 500 ms were the old
 * client's wait for data; the shell loads its own, so it opens at once, docs/architecture.md "Waits").
 */
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
    navigate('/LandingPage');
  };
}
