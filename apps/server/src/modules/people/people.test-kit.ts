import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OperationDef } from '@fieldport/contract/operation';
import type { Role } from '@fieldport/contract/roles';
import { account, member, user } from '../../db/schema/identity.ts';
import { auditLog, mailOutbox } from '../../db/schema/platform.ts';
import { call, signIn, unique, type GraphqlAnswer, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

// What the people tests share: an organization with people signed in, and what a refusal must
// leave behind (nothing).

export type Seeded = Awaited<ReturnType<typeof seedTestOrganization>>;

export interface PeopleOrg extends Seeded {
  /** The session of the member with that role (signed in once). */
  as(role: Role): Promise<string>;
}

export async function peopleOrganization(
  app: TestApp,
  options: Parameters<typeof seedTestOrganization>[1] = {},
): Promise<PeopleOrg> {
  const seeded = await seedTestOrganization(app.database.db, { roles: ['OWNER'], ...options });
  const cookies = new Map<Role, string>();
  return {
    ...seeded,
    async as(role) {
      let cookie = cookies.get(role);
      if (!cookie) {
        cookie = await signIn(app, seeded.members[role].email, TEST_PASSWORD);
        cookies.set(role, cookie);
      }
      return cookie;
    },
  };
}

/** Calls and expects success; returns the envelope. */
export async function succeed<Op extends OperationDef>(app: TestApp, cookie: string, op: Op, input: unknown) {
  const answer = await call(app, cookie, op, input);
  expect(answer.errors, `${op.name} failed`).toBeUndefined();
  return answer.envelope!;
}

/** Expects a refusal with this code (and field, and message fragment). */
export function expectRefused(
  answer: GraphqlAnswer<unknown>,
  code: string,
  expected: { field?: string; message?: string | RegExp } = {},
) {
  expect(answer.envelope).toBeUndefined();
  const error = answer.errors?.[0];
  expect(error?.extensions?.code, error?.message).toBe(code);
  if (expected.field) expect(error?.extensions?.field).toBe(expected.field);
  if (expected.message) expect(error?.message).toMatch(expected.message);
}

/** A fresh email no test has used. */
export function newEmail(prefix = 'person'): string {
  return `${prefix}.${unique('p')}@test.local`;
}

/** Everything a create could have written about an email, to prove a refusal wrote nothing. */
export async function footprint(app: TestApp, organizationId: string, email: string) {
  const db = app.database.db;
  const [people] = await db.select({ n: count() }).from(user).where(eq(user.email, email));
  const [memberships] = await db
    .select({ n: count() })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(user.email, email), eq(member.organizationId, organizationId)));
  const [mails] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to_address, email));
  const [audits] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.organization_id, organizationId));
  return { people: people.n, memberships: memberships.n, mails: mails.n, audits: audits.n };
}

/** The stored membership and password hash of a person in an organization. */
export async function stored(app: TestApp, organizationId: string, email: string) {
  const [row] = await app.database.db
    .select({
      userId: user.id,
      name: user.name,
      mustChangePassword: user.mustChangePassword,
      hash: account.password,
      role: member.role,
      status: member.status,
      designation_id: member.designation_id,
      party_id: member.party_id,
      phone_number: member.phone_number,
    })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .leftJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, organizationId)))
    .where(eq(user.email, email));
  return row;
}

/** The audit entries of one operation in an organization, newest last. */
export async function auditsOf(app: TestApp, organizationId: string, operation: string) {
  return app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organization_id, organizationId), eq(auditLog.operation, operation)))
    .orderBy(auditLog.created_at, auditLog.id);
}
