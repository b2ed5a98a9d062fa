import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth.ts';

/**
 * Who is signed in: the root query of every signed-in screen. Kept apart from api/queries.ts (which
 * brings the contract's operations) so that the entry can ask for it while the shell's code is still
 * loading (docs/architecture.md#what-each-screen-loads).
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: () => authApi.getSession(),
  staleTime: 60_000,
});
