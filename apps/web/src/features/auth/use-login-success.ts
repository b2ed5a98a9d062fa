import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLightSnackbar } from '../../ui/light-snackbar.tsx';
import { handOver } from '../../ui/snackbar-handoff.ts';

/**
 * docs/product.md#signing-in: after a successful login the shell opens (the old portal's 500 ms
 * were its client's wait for data; the shell loads its own, so it opens at once,
 * docs/architecture.md#waits). The success message is handed over to the shell's snackbars
 * (ui/snackbar-handoff.ts).
 */
export function useLoginSuccess() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const snackbar = useLightSnackbar();
  return (message: string) => {
    // Earlier failures of this login no longer apply.
    snackbar.close();
    handOver(message, 'success');
    // A new session: nothing cached for the previous one may leak into it.
    queryClient.removeQueries();
    navigate('/LandingPage');
  };
}
