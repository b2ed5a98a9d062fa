import type { UserGroupKey, UserItem } from '@fieldport/contract/operations/people';
import { roleLabel } from '@fieldport/contract/roles';
import type { DataTableColumn } from '../../ui/data-table.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { PersonCell } from './person-cell.tsx';
import { UserStatusChip } from './user-status-chip.tsx';

/** The columns of a people screen: role, designation and party only where the screen has them. */
export function useUserColumns({
  groupKey,
  showRole,
  showDesignation,
  showParty,
  partyHeader,
  selfUserId,
}: {
  groupKey: UserGroupKey;
  showRole: boolean;
  showDesignation: boolean;
  showParty: boolean;
  partyHeader: string;
  selfUserId?: string;
}): DataTableColumn<UserItem>[] {
  const format = useInstantFormats();
  const self = (item: UserItem) => item.user_id === selfUserId;
  return [
    {
      field: 'user_name',
      header: 'Name',
      flex: 1,
      minWidth: 200,
      render: (item) => (
        <PersonCell
          name={`${item.user_name}${self(item) ? ' (you)' : ''}`}
          email={item.user_email_id}
          phone={item.user_phone_number}
          bold
        />
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
      render: (item) => format.date(item.user_created_on),
    },
  ];
}
