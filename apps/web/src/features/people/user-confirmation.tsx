import {
  ActivateOrDeactivateUser,
  MarkUserAsInvalid,
  ResendInvitation,
  TransferOwnerShip,
  type UserGroupKey,
  type UserItem,
} from '@fieldport/contract/operations/people';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { PEOPLE_QUERY_KEYS } from './user-form.tsx';

/** What a confirmation is about. */
export type Pending =
  | { kind: 'status'; item: UserItem }
  | { kind: 'invalid'; item: UserItem }
  | { kind: 'resend'; item: UserItem }
  | { kind: 'transfer'; item: UserItem };

/**
 * The confirmation of a change to a member (activate, deactivate, restore, mark invalid, send the
 * invitation again, transfer the ownership), and the change once confirmed.
 */
export function UserConfirmDialog({
  pending,
  groupKey,
  organization,
  onClose,
}: {
  pending: Pending;
  groupKey: UserGroupKey;
  organization: string;
  onClose: () => void;
}) {
  const afterConfirm = { invalidate: PEOPLE_QUERY_KEYS, onSuccess: onClose };
  const setStatus = useOperation(ActivateOrDeactivateUser, afterConfirm);
  const markInvalid = useOperation(MarkUserAsInvalid, afterConfirm);
  const resend = useOperation(ResendInvitation, afterConfirm);
  // The owner's own role changes: the menu and the header follow.
  const transfer = useOperation(TransferOwnerShip, {
    ...afterConfirm,
    invalidate: [...PEOPLE_QUERY_KEYS, ['current-user']],
  });
  const confirming = setStatus.isPending || markInvalid.isPending || resend.isPending || transfer.isPending;
  const confirm = (what: Pending) => {
    const target = { user_group: groupKey, user_id: what.item.user_id };
    switch (what.kind) {
      case 'status':
        return setStatus.run({
          ...target,
          user_status: what.item.user_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
        });
      case 'invalid':
        return markInvalid.run(target);
      case 'resend':
        return resend.run(target);
      case 'transfer':
        return transfer.run({ user_id: what.item.user_id });
    }
  };

  return (
    <ConfirmDialog
      open
      {...confirmation(pending, organization)}
      busy={confirming}
      onConfirm={() => confirm(pending)}
      onClose={onClose}
    />
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
