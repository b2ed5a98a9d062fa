import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  STAFF_ROLES,
  type UserGroup,
  type UserGroupKey,
  type UserItem,
} from '@fieldport/contract/operations/people';
import type { RowAction } from '../../ui/data-table.tsx';
import type { Pending } from './user-confirmation.tsx';

/**
 * The changes a row of a people screen offers the signed-in person: each shown only where it
 * applies (nobody deactivates themselves or the owner; only the owner hands the ownership on).
 */
export function userRowActions({
  group,
  groupKey,
  mayEdit,
  mayInvalidate,
  isOwner,
  selfUserId,
  onEdit,
  onConfirm,
}: {
  group: UserGroup;
  groupKey: UserGroupKey;
  mayEdit: boolean;
  mayInvalidate: boolean;
  isOwner: boolean;
  selfUserId?: string;
  onEdit: (item: UserItem) => void;
  onConfirm: (pending: Pending) => void;
}): RowAction<UserItem>[] {
  const self = (item: UserItem) => item.user_id === selfUserId;
  const actions: RowAction<UserItem>[] = [];
  if (mayEdit && !group.invalid) {
    actions.push(
      {
        label: (item) => `Edit ${item.user_name}`,
        icon: () => <EditOutlined />,
        onClick: onEdit,
      },
      {
        label: (item) => `Send the invitation to ${item.user_name} again`,
        icon: () => <ForwardToInboxOutlined />,
        show: (item) =>
          item.user_status === 'PENDING' || (item.invitation_pending && item.user_status === 'ACTIVE'),
        onClick: (item) => onConfirm({ kind: 'resend', item }),
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
        onClick: (item) => onConfirm({ kind: 'status', item }),
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
      onClick: (item) => onConfirm({ kind: 'invalid', item }),
    });
  }
  if (mayEdit && group.invalid) {
    actions.push({
      label: (item) => `Restore ${item.user_name}`,
      icon: () => <RestoreOutlined color="success" />,
      onClick: (item) => onConfirm({ kind: 'status', item }),
    });
  }
  if (groupKey === 'STAFF' && isOwner) {
    actions.push({
      label: (item) => `Make ${item.user_name} the owner`,
      icon: () => <WorkspacePremiumOutlined />,
      show: (item) => !self(item) && item.user_status === 'ACTIVE' && STAFF_ROLES.includes(item.user_type),
      onClick: (item) => onConfirm({ kind: 'transfer', item }),
    });
  }
  return actions;
}
