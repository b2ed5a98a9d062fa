import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { Right } from '@fieldport/contract/operation';
import {
  List_Representatives,
  List_Users,
  REPRESENTATIVE_GROUPS,
  USER_GROUPS,
  USER_SORT_KEYS,
  type PartyKind,
  type UserGroupKey,
  type UserItem,
} from '@fieldport/contract/operations/people';
import { isDealerRole, isPartnerRole, type Role } from '@fieldport/contract/roles';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useList, useListState, useSearchOfAddress } from '../../ui/use-list.ts';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { useUserColumns } from './user-columns.tsx';
import { UserConfirmDialog, type Pending } from './user-confirmation.tsx';
import { UserForm, usePartyOptions } from './user-form.tsx';
import { UserListFilters } from './user-list-filters.tsx';
import { userRowActions } from './user-row-actions.tsx';

const PARTY_OWNER_ROLES: readonly Role[] = ['SERVICE_PARTNER', 'DEALER_OWNER'];

/** The representatives' screens list with List_Representatives, the others with List_Users. */
function representativeKind(key: UserGroupKey): PartyKind | undefined {
  return (Object.entries(REPRESENTATIVE_GROUPS) as [PartyKind, UserGroupKey][]).find(
    ([, group]) => group === key,
  )?.[0];
}

/**
 * One people screen (docs/people.md#screens-are-user-groups): the members of a user group with
 * search, filters, export, and the changes the signed-in person may make, each refused again by
 * the server if they may not.
 */
function UserScreen({ groupKey, route, can }: FeaturePageProps & { groupKey: UserGroupKey }) {
  const group = USER_GROUPS[groupKey];
  const me = useCurrentUser();
  const partyUser = me ? isPartnerRole(me.user_type) || isDealerRole(me.user_type) : false;
  const partyOwner = me ? PARTY_OWNER_ROLES.includes(me.user_type) : false;
  const may = (right: Right) => can({ module: group.modules, right }) && (!partyUser || partyOwner);
  const mayCreate = may('CREATE') && group.assignable.length > 0;
  const mayEdit = may('EDIT');
  const mayInvalidate = may('DELETE') && !group.invalid;
  const isOwner = me?.user_type === 'OWNER';

  const kind = representativeKind(groupKey);
  const listOp = kind ? List_Representatives : List_Users;
  const showRole = group.roles.length > 1;
  const showParty = group.partyKinds.length > 0 && !partyUser;
  const showDesignation = groupKey === 'STAFF';

  const linkedSearch = useSearchOfAddress();
  const state = useListState(listOp, {
    sortBy: 'user_name',
    search: linkedSearch,
    filters: { user_type: undefined, party_id: undefined },
  });
  const input = useMemo(
    () => ({ ...state.input, ...(kind ? { party_kind: kind } : { user_group: groupKey }) }),
    [state.input, kind, groupKey],
  );
  const list = useList(listOp, input);
  const partyOptions = usePartyOptions(group.partyKinds, showParty);

  const [editing, setEditing] = useState<{ item?: UserItem } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const partyHeader =
    group.partyKinds.length > 1
      ? 'Partner / dealer'
      : group.partyKinds[0] === 'DEALER'
        ? 'Dealer'
        : 'Service partner';
  const columns = useUserColumns({
    groupKey,
    showRole,
    showDesignation,
    showParty,
    partyHeader,
    selfUserId: me?.user_id,
  });
  const actions = userRowActions({
    group,
    groupKey,
    mayEdit,
    mayInvalidate,
    isOwner,
    selfUserId: me?.user_id,
    onEdit: (item) => setEditing({ item }),
    onConfirm: setPending,
  });

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
      Add {group.noun}
    </Button>
  ) : undefined;

  const title = route.title;
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={title} />
      {group.invalid && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          People marked invalid cannot sign in and are left out of every other list. Restore one to make them
          active again.
        </Alert>
      )}
      {partyUser && !partyOwner && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          Only your company's owner can add or change people here.
        </Alert>
      )}
      <ListToolbar
        state={state}
        searchLabel={`Search ${title.toLowerCase()}`}
        statusFilter={!group.invalid}
        actions={
          <>
            <ExportButton op={listOp} input={input} />
            {addButton}
          </>
        }
      >
        <UserListFilters
          group={group}
          state={state}
          showRole={showRole}
          showParty={showParty}
          partyHeader={partyHeader}
          partyOptions={partyOptions.data ?? []}
        />
      </ListToolbar>
      <DataTable<UserItem>
        label={title}
        columns={columns}
        rowActions={actions}
        getRowId={(item) => item.user_id}
        list={list}
        state={state}
        sortable={USER_SORT_KEYS}
        empty={{
          title: group.invalid ? 'Nobody is marked invalid' : `No ${title.toLowerCase()} yet`,
          description: mayCreate
            ? `Add the first ${group.noun}: they get a mail with a temporary password to sign in.`
            : undefined,
          action: addButton,
        }}
      />
      <UserForm
        open={editing !== null}
        group={group}
        item={editing?.item}
        partyUser={partyUser}
        selfUserId={me?.user_id}
        onSaved={() => setEditing(null)}
        onClose={() => setEditing(null)}
      />
      {pending && (
        <UserConfirmDialog
          pending={pending}
          groupKey={groupKey}
          organization={me?.organization_details.organization_name ?? 'the organization'}
          onClose={() => setPending(null)}
        />
      )}
    </Box>
  );
}

const screen = (groupKey: UserGroupKey) =>
  function PeoplePage(props: FeaturePageProps) {
    return <UserScreen {...props} groupKey={groupKey} />;
  };

export const EnterpriseUsersPage = screen('STAFF');
export const EnterpriseTechniciansPage = screen('TECHNICIANS');
export const PartnerServiceCoOrdinatorsPage = screen('PARTNER_AGENTS');
export const PartnerRepresentativesPage = screen('PARTNER_REPRESENTATIVES');
export const DealerAgentsPage = screen('DEALER_AGENTS');
export const DealerRepresentativesPage = screen('DEALER_REPRESENTATIVES');
export const AllRepsAndAgentsPage = screen('REPS_AND_AGENTS');
export const InvalidUsersPage = screen('INVALID');
