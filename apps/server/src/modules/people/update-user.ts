import { eq } from 'drizzle-orm';
import { UpdateUser, USER_GROUPS } from '@fieldport/contract/operations/people';
import { roleLabel } from '@fieldport/contract/roles';
import { member, user } from '../../db/schema/identity.ts';
import { defineHandler } from '../../platform/handler.ts';
import { badInput } from '../../platform/errors.ts';
import {
  assertMayGrant,
  assertNameChangeable,
  findTarget,
  resolveDesignation,
  resolveParty,
} from './member-rules.ts';
import { authorizeGroup, guardPrivileged } from './user-groups.ts';
import { readUser } from './users-list.ts';

const PARTY_OWNER_ROLES = new Set(['SERVICE_PARTNER', 'DEALER_OWNER']);

/**
 * Changes a member's name, phone, role, designation or party (docs/people.md#rules). Nobody changes
 * their own role, designation or party (that would be granting oneself rights); the owner's role
 * moves only with TransferOwnerShip; a party's owner stays with their party.
 */
export const updateUser = defineHandler(UpdateUser, async (input, context) => {
  const { caller } = context;
  const group = USER_GROUPS[input.user_group];
  authorizeGroup(caller, group, 'EDIT');
  const target = await findTarget(context, group, input.user_id);
  guardPrivileged(caller, target.role);

  const self = target.userId === caller.user.id;
  if (input.user_type !== target.role) {
    if (self) throw badInput('You cannot change your own role.', 'user_type');
    if (target.role === 'OWNER') {
      throw badInput('The owner keeps the OWNER role until they transfer the ownership.', 'user_type');
    }
    if (!group.assignable.includes(input.user_type)) {
      throw badInput(`Role must be one of: ${group.assignable.map(roleLabel).join(', ')}`, 'user_type');
    }
    guardPrivileged(caller, input.user_type);
  }
  const partyRow = await resolveParty(context, group, input.user_type, input.party_id);
  const partyId = partyRow?.id ?? null;
  if (partyId !== target.partyId && PARTY_OWNER_ROLES.has(target.role)) {
    throw badInput(`${target.name} owns ${target.partyName} and stays with it.`, 'party_id');
  }
  const designationRow = await resolveDesignation(context, input.user_type, input.designation_id);
  const designationId = designationRow?.id ?? null;
  if (self && (designationId !== target.designationId || partyId !== target.partyId)) {
    throw badInput('You cannot change your own designation or party.', 'designation_id');
  }
  // Only a change grants anything: a member already holding more than the caller may still have
  // their name or phone corrected.
  if (input.user_type !== target.role || designationId !== target.designationId) {
    assertMayGrant(context, input.user_type, designationRow);
  }
  await assertNameChangeable(context, target, input.user_name);

  const before = {
    user_name: target.name,
    user_phone_number: target.phoneNumber,
    user_type: target.role,
    designation_id: target.designationId,
    party_id: target.partyId,
  };
  const after = {
    user_name: input.user_name,
    user_phone_number: input.user_phone_number,
    user_type: input.user_type,
    designation_id: designationId,
    party_id: partyId,
  };
  if (after.user_name !== before.user_name) {
    await context.db
      .update(user)
      .set({ name: after.user_name, updatedAt: new Date() })
      .where(eq(user.id, target.userId));
  }
  await context.db
    .update(member)
    .set({
      role: after.user_type,
      designation_id: designationId,
      party_id: partyId,
      phone_number: after.user_phone_number,
      updated_at: new Date(),
    })
    .where(eq(member.id, target.membershipId));

  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  context.auditTarget = target.userId;
  context.auditChanges = { user_group: group.key, user_email_id: target.email, ...changes };
  const item = await readUser(context.db, caller, target.membershipId);
  return { data: { items: [item] }, message: `${item.user_name} saved` };
});
