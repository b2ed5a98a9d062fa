import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { GetAllMyOrganizations, Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { api, ApiError } from './client.ts';
import type { authApi } from './auth.ts';
import { sessionQuery } from './session-query.ts';

export { sessionQuery };

/** Query keys shared by the shell and the screens; the session is the root of everything else. */
export const queryKeys = {
  session: sessionQuery.queryKey,
  currentUser: (email: string) => ['current-user', email] as const,
  myOrganizations: (email: string) => ['my-organizations', email] as const,
  /** The dashboard's figures, refreshed by every change to a ticket. */
  dashboard: ['dashboard'] as const,
};

/**
 * Get_Current_User_Details with user_email_id (the old API's call); the first item of data.items is
 * used.
 */
export function currentUserQuery(email: string) {
  return queryOptions({
    queryKey: queryKeys.currentUser(email),
    queryFn: async () => {
      const result = await api.query(Get_Current_User_Details, { user_email_id: email });
      const user = result.data.items[0];
      if (!user) throw new ApiError('User Not Found', 'NOT_FOUND');
      return user;
    },
    staleTime: 5 * 60_000,
  });
}

export function myOrganizationsQuery(email: string) {
  return queryOptions({
    queryKey: queryKeys.myOrganizations(email),
    queryFn: async () => (await api.query(GetAllMyOrganizations, { user_email_id: email })).data.items,
    staleTime: 5 * 60_000,
  });
}

type Session = Awaited<ReturnType<typeof authApi.getSession>>;

/**
 * Asks for the signed-in user's details as soon as the session is known, while the shell's code
 * starts, rather than after the shell has drawn (docs/architecture.md#what-each-screen-loads). The
 * shell asks for the same query, so the answer is used once it is there.
 */
export function prefetchCurrentUser(queryClient: QueryClient, session: Session): void {
  if (!session || session.user.mustChangePassword) return;
  void queryClient.prefetchQuery(currentUserQuery(session.user.email));
}
