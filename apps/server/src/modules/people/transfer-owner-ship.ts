import { and, eq } from 'drizzle-orm';
import { STAFF_ROLES, TransferOwnerShip } from '@fieldport/contract/operations/people';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import { member, user } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { readUser } from './users-list.ts';
import { membersOf, userOfMember } from '../../platform/tenant.ts';

/**
 * TransferOwnerShip (docs/people.md#rules): the owner hands the OWNER role to another active member
 * of the organization's own staff and becomes ADMIN, in one transaction, so that the organization
 * always has exactly the owners it had.
 */
export const transferOwnerShip = defineHandler(TransferOwnerShip, async (input, context) => {
  const { db, caller } = context;
  if (caller.membership.role !== 'OWNER') throw forbidden('Only the owner can transfer the ownership.');
  if (input.user_id === caller.user.id)
    throw badInput('You are the owner already. Choose another member.', 'user_id');
  const [target] = await db
    .select({
      membershipId: member.id,
      name: user.name,
      email: user.email,
      role: member.role,
      status: member.status,
      partyId: member.party_id,
    })
    .from(member)
    .innerJoin(user, userOfMember())
    .where(and(membersOf(caller), eq(member.userId, input.user_id)))
    .for('update', { of: member });
  if (!target || target.status === 'INVALID') {
    throw notFound('User not found. They may have been removed; refresh the list and try again.');
  }
  if (target.status === 'PENDING') {
    throw conflict(
      `${target.email} has not accepted the invitation yet. The ownership can go to an active member only.`,
    );
  }
  if (target.status !== 'ACTIVE') {
    throw conflict(`${target.name} is deactivated. The ownership can go to an active member only.`);
  }
  if (!STAFF_ROLES.includes(target.role as Role) || target.partyId) {
    throw conflict(
      `${target.name} is a ${roleLabel(target.role as Role)}. The ownership can go to a member of the organization's own staff only.`,
    );
  }
  await db
    .update(member)
    .set({ role: 'OWNER', updated_at: new Date() })
    .where(eq(member.id, target.membershipId));
  await db
    .update(member)
    .set({ role: 'ADMIN', updated_at: new Date() })
    .where(eq(member.id, caller.membership.id));
  context.auditTarget = input.user_id;
  context.auditChanges = {
    new_owner: target.email,
    new_owner_previous_role: target.role,
    previous_owner: caller.user.email,
    previous_owner_role_now: 'ADMIN',
  };
  const item = await readUser(db, caller, target.membershipId);
  return { data: { items: [item] }, message: `${item.user_name} is now the owner. You are now an admin.` };
});
