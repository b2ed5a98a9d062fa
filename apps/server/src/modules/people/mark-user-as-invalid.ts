import { eq } from 'drizzle-orm';
import { MarkUserAsInvalid, USER_GROUPS } from '@fieldport/contract/operations/people';
import { member } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { assertAnotherActiveOwner, endSessionsIn, findTarget, refuseSelf } from './member-rules.ts';
import { authorizeGroup, guardPrivileged } from './user-groups.ts';
import { readUser } from './users-list.ts';

/**
 * Marks a member invalid (added by mistake, left for good): they leave every list but Invalid
 * Users, cannot sign in ('Not Found'), and their sessions here end. Invalid Users can restore them.
 */
export const markUserAsInvalid = defineHandler(MarkUserAsInvalid, async (input, context) => {
  const group = USER_GROUPS[input.user_group];
  authorizeGroup(context.caller, group, 'DELETE');
  const target = await findTarget(context, group, input.user_id);
  guardPrivileged(context.caller, target.role);
  if (target.status === 'PENDING') {
    // Withdrawn, not kept as INVALID: a restore must never make an unaccepted membership active.
    await context.db.delete(member).where(eq(member.id, target.membershipId));
    context.auditTarget = target.userId;
    context.auditChanges = { user_group: group.key, user_email_id: target.email, invitation: 'withdrawn' };
    return { data: { items: [] }, message: `The invitation to ${target.email} was withdrawn.` };
  }
  refuseSelf(context, target, 'mark as invalid');
  await assertAnotherActiveOwner(context, target);
  await context.db
    .update(member)
    .set({ status: 'INVALID', updated_at: new Date() })
    .where(eq(member.id, target.membershipId));
  await endSessionsIn(context, target.userId);
  context.auditTarget = target.userId;
  context.auditChanges = {
    user_group: group.key,
    user_email_id: target.email,
    user_status: { from: target.status, to: 'INVALID' },
  };
  const item = await readUser(context.db, context.caller, target.membershipId);
  return { data: { items: [item] }, message: `${item.user_name} marked as invalid` };
});
