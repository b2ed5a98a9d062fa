import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { Right } from '@fieldport/contract/operation';
import {
  ActivateOrDeactivateUser,
  List_Representatives,
  List_Users,
  MarkUserAsInvalid,
  REPRESENTATIVE_GROUPS,
  ResendInvitation,
  STAFF_ROLES,
  TransferOwnerShip,
  USER_GROUPS,
  USER_SORT_KEYS,
  formatPhone,
  type PartyKind,
  type UserGroupKey,
  type UserItem,
} from '@fieldport/contract/operations/people';
import { isDealerRole, isPartnerRole, roleLabel, type Role } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';

import { PageTitle } from '../../ui/page-title.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { formatDate } from './format-date.ts';
import { useCurrentUser } from './use-current-user.ts';
import { PEOPLE_QUERY_KEYS, UserForm, usePartyOptions } from './user-form.tsx';
import { UserStatusChip } from './user-status-chip.tsx';

/** What a confirmation is about. */
type Pending =
  | { kind: 'status'; item: UserItem }
  | { kind: 'invalid'; item: UserItem }
  | { kind: 'resend'; item: UserItem }
  | { kind: 'transfer'; item: UserItem };

const PARTY_OWNER_ROLES: readonly Role[] = ['SERVICE_PARTNER', 'DEALER_OWNER'];

/** The representatives' screens list with List_Representatives (SPEC section 7), the others with List_Users. */
function representativeKind(key: UserGroupKey): PartyKind | undefined {
  return (Object.entries(REPRESENTATIVE_GROUPS) as [PartyKind, UserGroupKey][]).find(
    ([, group]) => group === key,
  )?.[0];
}

/**
 * One people screen (SPEC section 2 "People"; issue 5 item 1): the members of a user group with
 * search, filters, export, and the changes the signed-in person may make, each refused again by
 * the server if they may not.
 */
export function UserScreen({ groupKey, route, can }: FeaturePageProps & { groupKey: UserGroupKey }) {
  const group = USER_GROUPS[groupKey];
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
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

  const state = useListState({ sortBy: 'user_name', filters: { user_type: undefined, party_id: undefined } });
  const input = useMemo(
    () => ({ ...state.input, ...(kind ? { party_kind: kind } : { user_group: groupKey }) }),
    [state.input, kind, groupKey],
  );
  const list = useList(listOp, input);
  const partyOptions = usePartyOptions(group.partyKinds, showParty);

  const [editing, setEditing] = useState<{ item?: UserItem } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const refresh = async () => {
    for (const queryKey of PEOPLE_QUERY_KEYS)
      await queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };

  const act = useMutation({
    mutationFn: async (what: Pending) => {
      const target = { user_group: groupKey, user_id: what.item.user_id };
      switch (what.kind) {
        case 'status':
          return api.mutate(ActivateOrDeactivateUser, {
            ...target,
            user_status: what.item.user_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
          });
        case 'invalid':
          return api.mutate(MarkUserAsInvalid, target);
        case 'resend':
          return api.mutate(ResendInvitation, target);
        case 'transfer':
          return api.mutate(TransferOwnerShip, { user_id: what.item.user_id });
      }
    },
    onSuccess: async (answer, what) => {
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      setPending(null);
      await refresh();
      // The owner's own role changed: the menu and the header follow.
      if (what.kind === 'transfer') await queryClient.invalidateQueries({ queryKey: ['current-user'] });
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

  const self = (item: UserItem) => item.user_id === me?.user_id;
  const partyHeader =
    group.partyKinds.length > 1
      ? 'Partner / dealer'
      : group.partyKinds[0] === 'DEALER'
        ? 'Dealer'
        : 'Service partner';
  const columns: DataTableColumn<UserItem>[] = [
    {
      field: 'user_name',
      header: 'Name',
      flex: 1,
      minWidth: 200,
      render: (item) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.user_name}
            {self(item) ? ' (you)' : ''}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {item.user_email_id}
          </Typography>
          {item.user_phone_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {formatPhone(item.user_phone_number)}
            </Typography>
          )}
        </Box>
      ),
    },
    ...(showRole
      ? [
          {
            field: 'user_type',
            header: 'Role',
            width: 150,
            render: (item: UserItem) => roleLabel(item.user_type),
          },
        ]
      : []),
    ...(showDesignation
      ? [
          {
            field: 'designation_name',
            header: 'Designation',
            width: 150,
            hideOnNarrow: true,
            render: (item: UserItem) => item.designation_name ?? '—',
          },
        ]
      : []),
    ...(showParty
      ? [
          {
            field: 'party_name',
            header: partyHeader,
            width: 180,
            render: (item: UserItem) => item.party_name ?? (groupKey === 'TECHNICIANS' ? 'Own staff' : '—'),
          },
        ]
      : []),
    {
      field: 'user_status',
      header: 'Status',
      width: 150,
      render: (item) => (
        <UserStatusChip status={item.user_status} invitationPending={item.invitation_pending} />
      ),
    },
    {
      field: 'user_created_on',
      header: 'Added on',
      width: 130,
      hideOnNarrow: true,
      render: (item) => formatDate(item.user_created_on),
    },
  ];

  const actions: RowAction<UserItem>[] = [];
  if (mayEdit && !group.invalid) {
    actions.push(
      {
        label: (item) => `Edit ${item.user_name}`,
        icon: () => <EditOutlined />,
        onClick: (item) => setEditing({ item }),
      },
      {
        label: (item) => `Send the invitation to ${item.user_name} again`,
        icon: () => <ForwardToInboxOutlined />,
        show: (item) =>
          item.user_status === 'PENDING' || (item.invitation_pending && item.user_status === 'ACTIVE'),
        onClick: (item) => setPending({ kind: 'resend', item }),
      },
      {
        label: (item) => `${item.user_status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${item.user_name}`,
        icon: (item) =>
          item.user_status === 'ACTIVE' ? (
            <ToggleOffOutlined color="error" />
          ) : (
            <ToggleOnOutlined color="success" />
          ),
        // Only the person makes a pending membership active, by accepting the invitation.
        show: (item) => !self(item) && item.user_type !== 'OWNER' && item.user_status !== 'PENDING',
        onClick: (item) => setPending({ kind: 'status', item }),
      },
    );
  }
  if (mayInvalidate) {
    actions.push({
      label: (item) =>
        item.user_status === 'PENDING'
          ? `Withdraw the invitation to ${item.user_email_id}`
          : `Mark ${item.user_name} as invalid`,
      icon: () => <PersonOffOutlined color="error" />,
      show: (item) => !self(item) && item.user_type !== 'OWNER',
      onClick: (item) => setPending({ kind: 'invalid', item }),
    });
  }
  if (mayEdit && group.invalid) {
    actions.push({
      label: (item) => `Restore ${item.user_name}`,
      icon: () => <RestoreOutlined color="success" />,
      onClick: (item) => setPending({ kind: 'status', item }),
    });
  }
  if (groupKey === 'STAFF' && isOwner) {
    actions.push({
      label: (item) => `Make ${item.user_name} the owner`,
      icon: () => <WorkspacePremiumOutlined />,
      show: (item) => !self(item) && item.user_status === 'ACTIVE' && STAFF_ROLES.includes(item.user_type),
      onClick: (item) => setPending({ kind: 'transfer', item }),
    });
  }

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
      Add {group.noun}
    </Button>
  ) : undefined;

  const filters: ReactNode = (
    <>
      {showRole && (
        <TextField
          select
          label="Role"
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={(input as { user_type?: string }).user_type ?? ''}
          onChange={(event) => state.setFilter('user_type', event.target.value || undefined)}
          sx={{ width: 190, flex: '0 0 auto' }}
        >
          <MenuItem value="">All roles</MenuItem>
          {group.roles.map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabel(role)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {showParty && (
        <TextField
          select
          label={partyHeader}
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={(input as { party_id?: string }).party_id ?? ''}
          onChange={(event) => state.setFilter('party_id', event.target.value || undefined)}
          sx={{ width: 220, flex: '0 0 auto' }}
        >
          <MenuItem value="">All</MenuItem>
          {(partyOptions.data ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );

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
        {filters}
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
        onSaved={async (message) => {
          enqueueSnackbar(message, { variant: 'success' });
          setEditing(null);
          await refresh();
        }}
        onClose={() => setEditing(null)}
      />
      {pending && (
        <ConfirmDialog
          open
          {...confirmation(pending, me?.organization_details.organization_name ?? 'the organization')}
          busy={act.isPending}
          onConfirm={() => act.mutate(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </Box>
  );
}

/** What each confirmation says: what will happen, and what it means for the person. */
function confirmation(pending: Pending, organization: string) {
  const { item } = pending;
  switch (pending.kind) {
    case 'status':
      if (item.user_status === 'INVALID') {
        return {
          title: 'Restore this person?',
          confirmLabel: 'Restore',
          destructive: false,
          children: `${item.user_name} becomes active again and can sign in to ${organization}.`,
        };
      }
      return item.user_status === 'ACTIVE'
        ? {
            title: 'Deactivate this person?',
            confirmLabel: 'Deactivate',
            destructive: true,
            children: `${item.user_name} is signed out and cannot sign in to ${organization} until activated again ('Temporarily Suspended').`,
          }
        : {
            title: 'Activate this person?',
            confirmLabel: 'Activate',
            destructive: false,
            children: `${item.user_name} can sign in to ${organization} again.`,
          };
    case 'invalid':
      if (item.user_status === 'PENDING') {
        return {
          title: 'Withdraw the invitation?',
          confirmLabel: 'Withdraw',
          destructive: true,
          children: `The link mailed to ${item.user_email_id} stops working, and the invitation leaves the list. You can invite them again later.`,
        };
      }
      return {
        title: 'Mark as invalid?',
        confirmLabel: 'Mark invalid',
        destructive: true,
        children: `${item.user_name} is signed out, cannot sign in, and moves to Invalid Users, from where they can be restored.`,
      };
    case 'resend':
      return {
        title: 'Send the invitation again?',
        confirmLabel: 'Send',
        destructive: false,
        children:
          item.user_status === 'PENDING'
            ? `A new invitation link is mailed to ${item.user_email_id}. The link sent before stops working.`
            : `A new temporary password is mailed to ${item.user_email_id}. The one sent before stops working.`,
      };
    case 'transfer':
      return {
        title: 'Transfer the ownership?',
        confirmLabel: 'Transfer',
        destructive: true,
        children: `${item.user_name} becomes the owner of ${organization}. You become an admin, and only the new owner can transfer it again.`,
      };
  }
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
