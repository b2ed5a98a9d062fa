import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@fieldport/contract/operations/account';
import { currentUserQuery, sessionQuery } from '../api/queries.ts';

/**
 * The signed-in person as the shell loaded them (the same cached queries), for screens that need
 * more than `can`: who is themselves in a list, whether they own the organization or their party.
 */
export function useCurrentUser(): CurrentUser | undefined {
  const session = useQuery(sessionQuery);
  const email = session.data?.user.email ?? '';
  const user = useQuery({ ...currentUserQuery(email), enabled: Boolean(email) });
  return user.data;
}
