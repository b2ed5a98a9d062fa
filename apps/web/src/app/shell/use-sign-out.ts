import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth.ts';
import { sessionQuery } from '../../api/queries.ts';
import { clearOfflineCache } from '../offline-cache.ts';

/**
 * Ends the session (best effort), forgets every cached answer, also those kept for reading offline,
 * and returns to the login page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (options: { callServer?: boolean } = {}) => {
    if (options.callServer !== false) await authApi.signOut().catch(() => undefined);
    navigate('/', { replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
    queryClient.setQueryData(sessionQuery.queryKey, null);
    await clearOfflineCache();
  };
}
