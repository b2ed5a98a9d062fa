import { queryOptions } from '@tanstack/react-query';
import { GetAllMyOrganizations, Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { api, ApiError } from './client.ts';
import { authApi } from './auth.ts';

/** Query keys shared by the shell and the screens; the session is the root of everything else. */
export const queryKeys = {
  session: ['session'] as const,
  currentUser: (email: string) => ['current-user', email] as const,
  myOrganizations: (email: string) => ['my-organizations', email] as const,
  /** The dashboard's figures, refreshed by every change to a ticket. */
  dashboard: ['dashboard'] as const,
};

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: () => authApi.getSession(),
  staleTime: 60_000,
});

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
