import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '@fieldport/contract/roles';
import type { AccessModule } from '@fieldport/contract/operations/account';
import type { Db } from '../client.ts';
import { account, member, organization, user, type MembershipStatus } from '../schema/identity.ts';
import { designation, party, type PartyKind } from '../schema/platform.ts';
import { newId } from '../ids.ts';

// The functions that make data the way the product does; the demo seed and the tests both use
// them (docs/architecture.md#tests).

export type OrganizationRow = typeof organization.$inferSelect;

export async function seedOrganization(
  db: Db,
  values: Partial<typeof organization.$inferInsert> & { name: string },
): Promise<OrganizationRow> {
  const id = values.id ?? newId();
  const slug = values.slug ?? `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(-8)}`;
  const [row] = await db
    .insert(organization)
    .values({ ...values, id, slug })
    .returning();
  return row;
}

export async function seedParty(
  db: Db,
  values: Partial<typeof party.$inferInsert> & { organization_id: string; kind: PartyKind; name: string },
) {
  const [row] = await db
    .insert(party)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

export async function seedDesignation(
  db: Db,
  values: { organization_id: string; name: string; accessing_module: AccessModule[] },
) {
  const [row] = await db
    .insert(designation)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

/** A grant of VIEW (and every other right) on modules, by name, with optional sub-modules. */
export function grant(module_name: string, sub_modules: string[] = []): AccessModule {
  const rights = { VIEW: true, CREATE: true, EDIT: true, DELETE: true, APPROVE: true, EXPORT: true };
  return {
    module_name,
    module_rights: [rights],
    sub_modules: sub_modules.map((name) => ({ module_name: name, module_rights: [rights], sub_modules: [] })),
  };
}

/** A person with a password sign-in; returns the existing one when the email is already known. */
export async function seedUser(
  db: Db,
  values: { email: string; name: string; password: string; mustChangePassword?: boolean },
) {
  const email = values.email.trim().toLowerCase();
  const [existing] = await db.select().from(user).where(eq(user.email, email));
  if (existing) return existing;
  const id = newId();
  const [row] = await db
    .insert(user)
    .values({
      id,
      email,
      name: values.name,
      emailVerified: true,
      mustChangePassword: values.mustChangePassword ?? false,
    })
    .returning();
  await db.insert(account).values({
    id: newId(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(values.password),
  });
  return row;
}

async function seedMembership(
  db: Db,
  values: {
    userId: string;
    organizationId: string;
    role: Role;
    designation_id?: string | null;
    party_id?: string | null;
    status?: MembershipStatus;
    phone_number?: string | null;
    invited_at?: Date | null;
    invitation_token_hash?: string | null;
    invitation_expires_at?: Date | null;
  },
) {
  const [row] = await db
    .insert(member)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

/** A person and their membership in one organization. */
export async function seedMember(
  db: Db,
  values: {
    organizationId: string;
    email: string;
    name: string;
    role: Role;
    password: string;
    mustChangePassword?: boolean;
    designation_id?: string | null;
    party_id?: string | null;
    status?: MembershipStatus;
    phone_number?: string | null;
    invited_at?: Date | null;
    invitation_token_hash?: string | null;
    invitation_expires_at?: Date | null;
  },
) {
  const person = await seedUser(db, values);
  const membership = await seedMembership(db, {
    userId: person.id,
    organizationId: values.organizationId,
    role: values.role,
    designation_id: values.designation_id,
    party_id: values.party_id,
    status: values.status,
    phone_number: values.phone_number,
    invited_at: values.invited_at,
    invitation_token_hash: values.invitation_token_hash,
    invitation_expires_at: values.invitation_expires_at,
  });
  return { user: person, membership };
}

/**
 * Gives a member a designation (or takes it away with null), as the users screens do. The designation must belong to the member's organization.
 */
export async function assignDesignation(
  db: Db,
  values: { membershipId: string; designationId: string | null },
) {
  const [membership] = await db.select().from(member).where(eq(member.id, values.membershipId));
  if (!membership) throw new Error(`No membership ${values.membershipId}`);
  if (values.designationId) {
    const [row] = await db.select().from(designation).where(eq(designation.id, values.designationId));
    if (!row || row.organization_id !== membership.organizationId) {
      throw new Error(`Designation ${values.designationId} is not of the member's organization`);
    }
  }
  const [row] = await db
    .update(member)
    .set({ designation_id: values.designationId })
    .where(eq(member.id, values.membershipId))
    .returning();
  return row;
}
