import { queryOptions } from '@tanstack/react-query';
import { GetAllMyOrganizations } from '@fieldport/contract/operations/account';
import { api } from './client.ts';
import { currentUserKey } from './current-user-query.ts';
import { sessionQuery } from './session-query.ts';

export { sessionQuery };
export { currentUserQuery, prefetchCurrentUser } from './current-user-query.ts';

/** Query keys shared by the shell and the screens; the session is the root of everything else. */
export const queryKeys = {
  session: sessionQuery.queryKey,
  currentUser: currentUserKey,
  myOrganizations: (email: string) => ['my-organizations', email] as const,
  /** The dashboard's figures, refreshed by every change to a ticket. */
  dashboard: ['dashboard'] as const,
};

export function myOrganizationsQuery(email: string) {
  return queryOptions({
    queryKey: queryKeys.myOrganizations(email),
    queryFn: async () => (await api.query(GetAllMyOrganizations, { user_email_id: email })).data.items,
    staleTime: 5 * 60_000,
  });
}
