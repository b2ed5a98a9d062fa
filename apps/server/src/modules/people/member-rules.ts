import { and, count, eq, ne } from 'drizzle-orm';
import {
  PARTY_KIND_LABELS,
  partyKindsOf,
  type PartyKind,
  type UserGroup,
  type UserStatus,
} from '@fieldport/contract/operations/people';
import type { AccessModule } from '@fieldport/contract/operations/account';
import { decideStaffGrant } from '@fieldport/contract/permissions';
import { isDesignationRole, roleLabel, type Role } from '@fieldport/contract/roles';
import { member, session, user } from '../../db/schema/identity.ts';
import { designation, party } from '../../db/schema/platform.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { inOrganization, membersOf, partyOfMember, userOfMember } from '../../platform/tenant.ts';
import { inGroup } from './user-groups.ts';

/**
 * The rules every change to a member shares (docs/people.md#rules): finding the member within the
 * caller's organization, party and screen; the party and designation a role needs; the owner who
 * must remain; the sessions that end with a membership.
 */

interface TargetMember {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  mustChangePassword: boolean;
  /** Has signed in somewhere: their password is their own (auth/identity.ts records sign-ins). */
  signedIn: boolean;
  role: Role;
  status: UserStatus;
  designationId: string | null;
  partyId: string | null;
  partyName: string | null;
  partyKind: PartyKind | null;
  phoneNumber: string | null;
}

const memberNotFound = (group: UserGroup) =>
  notFound(
    `${group.noun[0].toUpperCase()}${group.noun.slice(1)} not found. They may have been removed; refresh the list and try again.`,
  );

/**
 * The member a change is aimed at: in the caller's organization, in the caller's party for a
 * partner's or dealer's user, and on the screen the change comes from. Anything else is NOT_FOUND,
 * whatever else is wrong with the input. The row is locked until the change is written.
 */
export async function findTarget(
  context: OperationContext,
  group: UserGroup,
  userId: string,
): Promise<TargetMember> {
  const { db, caller } = context;
  const [row] = await db
    .select({
      membershipId: member.id,
      userId: user.id,
      name: user.name,
      email: user.email,
      mustChangePassword: user.mustChangePassword,
      firstSignedInAt: user.firstSignedInAt,
      role: member.role,
      status: member.status,
      designationId: member.designation_id,
      partyId: member.party_id,
      partyName: party.name,
      partyKind: party.kind,
      phoneNumber: member.phone_number,
    })
    .from(member)
    .innerJoin(user, userOfMember())
    .leftJoin(party, partyOfMember())
    .where(
      and(
        membersOf(caller),
        eq(member.userId, userId),
        caller.party ? eq(member.party_id, caller.party.id) : undefined,
      ),
    )
    .for('update', { of: member });
  if (!row) throw memberNotFound(group);
  const known = knownHere(row.status, { name: row.name, email: row.email, phone: row.phoneNumber });
  const target = {
    ...row,
    signedIn: row.firstSignedInAt !== null,
    name: known.name,
    phoneNumber: known.phone,
    role: row.role as Role,
    partyName: row.partyName ?? null,
    partyKind: row.partyKind ?? null,
  };
  if (!inGroup(group, target)) throw memberNotFound(group);
  return target;
}

/**
 * How the inviting organization knows a member: until a person accepts, by the email it typed and
 * nothing of theirs, neither name nor phone (docs/people.md#invitations).
 */
export function knownHere<Name extends string | null, Phone extends string | null>(
  status: string | null | undefined,
  person: { name: Name; email: Name; phone: Phone },
): { name: Name; phone: Phone | null } {
  return status === 'PENDING'
    ? { name: person.email, phone: null }
    : { name: person.name, phone: person.phone };
}

/** 'Service partner', 'Dealer' or 'Service partner or dealer'. */
function partyLabel(kinds: readonly PartyKind[]): string {
  const labels = kinds.map((kind) => PARTY_KIND_LABELS[kind]);
  return labels.length > 1 ? `${labels[0]} or ${labels.slice(1).join(' or ').toLowerCase()}` : labels[0];
}

/**
 * The party of a member with this role on this screen: a partner's or dealer's owner adds to their
 * own party; the organization's staff choose one of the organization's parties of the right kind.
 */
export async function resolveParty(
  context: OperationContext,
  group: UserGroup,
  role: Role,
  partyId: string | null,
  options: { creating?: boolean } = {},
): Promise<{ id: string; name: string; kind: PartyKind } | null> {
  const { db, caller } = context;
  const rule = partyKindsOf(role);
  const kinds = rule.kinds.filter((kind) => group.partyKinds.includes(kind));
  if (caller.party) {
    if (partyId && partyId !== caller.party.id) {
      throw badInput(`You can add people to ${caller.party.name} only.`, 'party_id');
    }
    if (!kinds.includes(caller.party.kind)) {
      throw badInput(`A ${roleLabel(role)} cannot belong to ${caller.party.name}.`, 'user_type');
    }
    return { id: caller.party.id, name: caller.party.name, kind: caller.party.kind };
  }
  if (kinds.length === 0) {
    if (partyId)
      throw badInput(
        `A ${roleLabel(role)} belongs to the organization, not to a service partner or dealer.`,
        'party_id',
      );
    return null;
  }
  if (!partyId) {
    if (rule.required) throw badInput(`${partyLabel(kinds)} is required`, 'party_id');
    return null;
  }
  const [row] = await db
    .select({ id: party.id, name: party.name, kind: party.kind, status: party.status })
    .from(party)
    .where(and(inOrganization(party, caller), eq(party.id, partyId)));
  if (!row || !kinds.includes(row.kind)) {
    throw badInput(`${partyLabel(kinds)} not found. Choose one from the list.`, 'party_id');
  }
  // Its users cannot sign in ('Temporarily Suspended'): an invitation there would be a dead end.
  if (options.creating && row.status === 'SUSPENDED') {
    throw badInput(`${row.name} is suspended. Activate it first, or choose another.`, 'party_id');
  }
  return row;
}

interface ResolvedDesignation {
  id: string;
  accessing_module: AccessModule[];
}

/** The designation a role needs (docs/product.md#roles-and-parties); other roles have none. */
export async function resolveDesignation(
  context: OperationContext,
  role: Role,
  designationId: string | null,
): Promise<ResolvedDesignation | null> {
  if (!isDesignationRole(role)) return null;
  if (!designationId) throw badInput('Designation is required for this role', 'designation_id');
  const { db, caller } = context;
  const [row] = await db
    .select({
      id: designation.id,
      status: designation.status,
      accessing_module: designation.accessing_module,
    })
    .from(designation)
    .where(and(inOrganization(designation, caller), eq(designation.id, designationId)));
  if (!row) throw badInput('Designation not found. Choose one from the list.', 'designation_id');
  if (row.status !== 'ACTIVE') {
    throw badInput('This designation is deactivated. Choose an active one.', 'designation_id');
  }
  return { id: row.id, accessing_module: row.accessing_module };
}

/**
 * A caller gives only what they hold (docs/people.md#who-may-grant-what): no role above their
 * own, no right their own designation (or role) lacks, through the role or the designation.
 */
export function assertMayGrant(
  context: OperationContext,
  role: Role,
  designationRow: ResolvedDesignation | null,
): void {
  const { caller } = context;
  const decision = decideStaffGrant(
    caller.profile,
    { user_type: role, accessing_module: designationRow?.accessing_module ?? null },
    caller.menu,
  );
  if (!decision.allowed) throw badInput(decision.message, decision.field);
}

/** The last active owner stays: an organization always has somebody who can hand it over. */
export async function assertAnotherActiveOwner(
  context: OperationContext,
  target: TargetMember,
): Promise<void> {
  if (target.role !== 'OWNER' || target.status !== 'ACTIVE') return;
  const { db, caller } = context;
  const [row] = await db
    .select({ n: count() })
    .from(member)
    .where(
      and(
        membersOf(caller),
        eq(member.role, 'OWNER'),
        eq(member.status, 'ACTIVE'),
        ne(member.id, target.membershipId),
      ),
    );
  if (row.n === 0) {
    throw conflict(
      `${target.name} is the organization's only active owner. Transfer the ownership to another member first.`,
    );
  }
}

/** Nobody removes themselves (they would lock themselves out mid-work). */
export function refuseSelf(context: OperationContext, target: TargetMember, action: string): void {
  if (target.userId === context.caller.user.id) throw conflict(`You cannot ${action} yourself.`);
}

/** A membership that is switched off ends the person's sessions in this organization at once. */
export async function endSessionsIn(context: OperationContext, userId: string): Promise<void> {
  await context.db
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.activeOrganizationId, context.caller.organization.id)));
}

/**
 * A person's name is theirs, not one organization's: when they also belong to another
 * organization, this one cannot rename them for everybody.
 */
export async function assertNameChangeable(
  context: OperationContext,
  target: { userId: string; name: string },
  name: string,
  field = 'user_name',
) {
  if (name === target.name) return;
  const [row] = await context.db
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.userId, target.userId), ne(member.organizationId, context.caller.organization.id)));
  if (row.n > 0) {
    throw badInput(
      `${target.name} also works in another organization on Fieldport, so their name cannot be changed here.`,
      field,
    );
  }
}
