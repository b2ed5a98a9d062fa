import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { buildMenu, menuInputFromUser, routeAfterOrganizationSwitch } from '@fieldport/contract/menus';
import { MSG } from '@fieldport/contract/messages';
import { UpdateUserDetails, type CurrentUser } from '@fieldport/contract/operations/account';
import { currentUserQuery, myOrganizationsQuery, queryKeys } from '../../api/queries.ts';
import { useOperation } from '../../ui/use-operation.ts';

/**
 * docs/product.md#switching-organization: switching organization updates the user's details
 * (UpdateUserDetails), then the current user is fetched again and the user goes to /Dashboard, or
 * home when their role there has no Dashboard. A failure shows the first error.
 */
export function useOrganizationSwitch(user: CurrentUser, options: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const organizations = useQuery({ ...myOrganizationsQuery(user.user_email_id), enabled: options.enabled });

  const switchTo = useOperation(UpdateUserDetails, {
    onSuccess: async () => {
      // Every cached answer belonged to the old organization. Invalidating refetches what is on
      // screen (the current user among it) and waits for it; the rest is refetched when next used.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
      const switched = await queryClient.fetchQuery(currentUserQuery(user.user_email_id));
      const menu = buildMenu(menuInputFromUser(switched));
      navigate(menu.ok ? routeAfterOrganizationSwitch(switched.user_type, menu.menu) : '/');
    },
    successMessage: (answer) => answer.status_message || MSG.organizationSwitched,
  });

  return {
    organizations: organizations.data ?? [],
    loading: organizations.isPending && options.enabled,
    loadError: organizations.error?.message ?? null,
    switchTo: (organizationId: string) => {
      if (organizationId !== user.organization_id && !switchTo.isPending)
        switchTo.run({
          updater_user_id: user.user_id,
          organization_id: user.organization_id,
          is_switch_between_organization: 'true',
          new_organization_id: organizationId,
        });
    },
    switchingTo: switchTo.isPending
      ? ((switchTo.variables as { new_organization_id?: string } | undefined)?.new_organization_id ?? null)
      : null,
  };
}
