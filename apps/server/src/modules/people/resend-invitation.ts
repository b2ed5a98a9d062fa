import { ResendInvitation, USER_GROUPS } from '@fieldport/contract/operations/people';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { reinvite, remindPending } from './invitation.ts';
import { findTarget } from './member-rules.ts';
import { authorizeGroup, guardPrivileged } from './user-groups.ts';
import { readUser } from './users-list.ts';

/**
 * Mails the invitation again (docs/people.md#invitations): a pending one as a new link (the old
 * one stops working); otherwise a new temporary password, only for a person who has never signed
 * in anywhere. Once they have, their password is theirs and Forgot Password is the way back in.
 */
export const resendInvitation = defineHandler(ResendInvitation, async (input, context) => {
  const group = USER_GROUPS[input.user_group];
  authorizeGroup(context.caller, group, 'EDIT');
  const target = await findTarget(context, group, input.user_id);
  guardPrivileged(context.caller, target.role);
  if (target.status === 'PENDING') {
    await remindPending(context, target);
    context.auditTarget = target.userId;
    context.auditChanges = {
      user_group: group.key,
      user_email_id: target.email,
      invitation: 'acceptance link mailed again',
    };
    const pending = await readUser(context.db, context.caller, target.membershipId);
    return { data: { items: [pending] }, message: `The invitation was mailed again to ${target.email}.` };
  }
  if (target.status !== 'ACTIVE') {
    throw conflict(`${target.name} is deactivated. Activate them before sending the invitation again.`);
  }
  if (target.signedIn) {
    throw conflict(
      `${target.name} has already signed in to Fieldport with their own password. If they forgot it, Forgot Password on the sign-in page sends them a code.`,
    );
  }
  if (!target.mustChangePassword) {
    throw conflict(
      `${target.name} has already chosen their own password. If they forgot it, Forgot Password on the sign-in page sends them a code.`,
    );
  }
  await reinvite(context, { ...target, partyName: target.partyName });
  context.auditTarget = target.userId;
  context.auditChanges = {
    user_group: group.key,
    user_email_id: target.email,
    invitation: 'new temporary password mailed',
  };
  const item = await readUser(context.db, context.caller, target.membershipId);
  return {
    data: { items: [item] },
    message: `A new temporary password was mailed to ${item.user_email_id}.`,
  };
});
