import { ResendInvitation, USER_GROUPS } from '@fieldport/contract/operations/people';
import { defineHandler } from '../../graphql/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { reinvite } from './invitation.ts';
import { findTarget } from './member-rules.ts';
import { authorizeGroup, guardPrivileged } from './user-groups.ts';
import { readUser } from './users-list.ts';

/**
 * Mails a new temporary password (issue 5 item 1), only while the person has not yet chosen their
 * own: after that, their password is theirs and Forgot Password is the way back in.
 */
export const resendInvitation = defineHandler(ResendInvitation, async (input, context) => {
  const group = USER_GROUPS[input.user_group];
  authorizeGroup(context.caller, group, 'EDIT');
  const target = await findTarget(context, group, input.user_id);
  guardPrivileged(context.caller, target.role);
  if (target.status !== 'ACTIVE') {
    throw conflict(`${target.name} is deactivated. Activate them before sending the invitation again.`);
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
