import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { api, ApiError } from './client.ts';
import type { authApi } from './auth.ts';

/**
 * The signed-in user's details, kept apart from api/queries.ts like the session (session-query.ts):
 * the entry asks for them as soon as the session is known, without waiting for the shell's code
 * and the contract's schemas (docs/architecture.md#what-each-screen-loads).
 */

/**
 * Get_Current_User_Details as the client sends it: only its name and kind go on the wire, so the
 * entry does not build the operation's input schema (zod) to ask for it.
 */
const GET_CURRENT_USER_DETAILS = {
  name: 'Get_Current_User_Details',
  kind: 'query',
} as const satisfies Pick<typeof Get_Current_User_Details, 'name' | 'kind'>;

export const currentUserKey = (email: string) => ['current-user', email] as const;

/**
 * Get_Current_User_Details with user_email_id (the old API's call); the first item of data.items is
 * used.
 */
export function currentUserQuery(email: string) {
  return queryOptions({
    queryKey: currentUserKey(email),
    queryFn: async () => {
      const op = GET_CURRENT_USER_DETAILS as typeof Get_Current_User_Details;
      const result = await api.query(op, { user_email_id: email });
      const user = result.data.items[0];
      if (!user) throw new ApiError('User Not Found', 'NOT_FOUND');
      return user;
    },
    staleTime: 5 * 60_000,
  });
}

type Session = Awaited<ReturnType<typeof authApi.getSession>>;

/**
 * Asks for the signed-in user's details as soon as the session is known, while the shell's code
 * loads, rather than after the shell has drawn (docs/architecture.md#what-each-screen-loads). The
 * shell asks for the same query, so the answer is used once it is there.
 */
export function prefetchCurrentUser(queryClient: QueryClient, session: Session): void {
  if (!session || session.user.mustChangePassword) return;
  void queryClient.prefetchQuery(currentUserQuery(session.user.email));
}
