import { eq } from 'drizzle-orm';
import { ActivateOrDeactivateUser, USER_GROUPS } from '@fieldport/contract/operations/people';
import { member } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { assertAnotherActiveOwner, endSessionsIn, findTarget, refuseSelf } from './member-rules.ts';
import { authorizeGroup, guardPrivileged } from './user-groups.ts';
import { readUser } from './users-list.ts';

/**
 * Activates or deactivates a member; on the Invalid Users screen, restores one (docs/people.md#rules).
 * A deactivated member's next request and sign-in are refused as 'Temporarily Suspended'
 * (graphql/caller.ts, auth/membership-gate.ts) and their sessions here end now.
 */
export const activateOrDeactivateUser = defineHandler(ActivateOrDeactivateUser, async (input, context) => {
  const group = USER_GROUPS[input.user_group];
  authorizeGroup(context.caller, group, 'EDIT');
  const target = await findTarget(context, group, input.user_id);
  guardPrivileged(context.caller, target.role);
  // Only the person makes a pending membership active, by accepting (docs/people.md#invitations).
  if (target.status === 'PENDING') {
    throw conflict(
      `${target.email} has not accepted the invitation yet. Send it again, or mark it invalid to withdraw it.`,
    );
  }
  if (input.user_status === 'INACTIVE') {
    refuseSelf(context, target, 'deactivate');
    await assertAnotherActiveOwner(context, target);
  }
  context.auditTarget = target.userId;
  context.auditChanges = {
    user_group: group.key,
    user_email_id: target.email,
    user_status: { from: target.status, to: input.user_status },
  };
  if (target.status !== input.user_status) {
    await context.db
      .update(member)
      .set({ status: input.user_status, updated_at: new Date() })
      .where(eq(member.id, target.membershipId));
    if (input.user_status === 'INACTIVE') await endSessionsIn(context, target.userId);
  }
  const item = await readUser(context.db, context.caller, target.membershipId);
  const verb =
    target.status === 'INVALID' ? 'restored' : input.user_status === 'ACTIVE' ? 'activated' : 'deactivated';
  return { data: { items: [item] }, message: `${item.user_name} ${verb}` };
});
