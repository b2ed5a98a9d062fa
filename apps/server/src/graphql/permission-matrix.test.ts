import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import type { OperationDef } from '@fieldport/contract/operation';
import { SAMPLE_DESIGNATION, tableProfile } from '@fieldport/contract/permission-samples.test-kit';
import { decideAccess, type AccessDecision } from '@fieldport/contract/permissions';
import { DESIGNATION_ROLES, ROLES, type Role } from '@fieldport/contract/roles';
import { organization } from '../db/schema/identity.ts';
import { auditLog } from '../db/schema/platform.ts';
import { call, signIn, startTestApp, type GraphqlAnswer, type TestApp } from '../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';
import { PERMISSION_FIXTURES } from '../test/permission-fixtures.ts';
import { buildWorld, type CallerRef, type FixtureWorld, type Target } from '../test/tenant-fixture.ts';

// docs/security.md#the-walls-organizations-and-parties: every operation of the catalogue, called as
// every role, must be refused exactly when the permission table
// (packages/contract/src/permissions.snap.md) refuses it; and nothing of another organization or
// another party may be read or changed.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const OPERATIONS = Object.values(CATALOGUE).sort((a, b) => a.name.localeCompare(b.name));

/** The answer's error code, or 'SUCCESS'. */
function outcome(answer: GraphqlAnswer<unknown>): string {
  if (answer.envelope) return 'SUCCESS';
  return answer.errors?.[0]?.extensions?.code ?? `NO CODE: ${JSON.stringify(answer.errors)}`;
}

/** Codes an allowed call may answer to a probe input: it was let in, then checked. */
const LET_IN = new Set(['SUCCESS', 'BAD_USER_INPUT', 'NOT_FOUND', 'CONFLICT']);

function disagreement(op: OperationDef, expected: AccessDecision, answer: GraphqlAnswer<unknown>) {
  const got = outcome(answer);
  if (expected.allowed) {
    return LET_IN.has(got)
      ? null
      : `${op.name}: the table allows it, the server answered ${got} (${answer.errors?.[0]?.message})`;
  }
  const message = answer.errors?.[0]?.message;
  return got === 'FORBIDDEN' && message === expected.message
    ? null
    : `${op.name}: the table refuses it (${expected.reason}), the server answered ${got} (${message})`;
}

describe('every operation as every role, against the permission table', () => {
  interface Case {
    label: string;
    role: Role;
    accessControl: boolean;
    designation: boolean;
  }
  const cases: Case[] = [
    ...ROLES.map((role) => ({ label: role, role, accessControl: false, designation: true })),
    ...DESIGNATION_ROLES.map((role) => ({
      label: `${role} with access control and the sample designation`,
      role,
      accessControl: true,
      designation: true,
    })),
    ...DESIGNATION_ROLES.map((role) => ({
      label: `${role} without a designation`,
      role,
      accessControl: false,
      designation: false,
    })),
  ];

  // One organization per setting, every flag on as in the table, one member per role.
  const organizations = new Map<boolean, Awaited<ReturnType<typeof seedTestOrganization>>>();
  beforeAll(async () => {
    for (const accessControl of [false, true]) {
      const seeded = await seedTestOrganization(app.database.db, {
        roles: accessControl ? [...DESIGNATION_ROLES] : [...ROLES],
        accessControl,
        creditsRecharge: true,
        designationModules: SAMPLE_DESIGNATION,
      });
      await app.database.db
        .update(organization)
        .set({ is_enable_partners_monthly_closed_ticket_report_tab: true })
        .where(eq(organization.id, seeded.org.id));
      organizations.set(accessControl, seeded);
    }
  });

  it.each(cases)('$label', async ({ role, accessControl, designation }) => {
    const seeded = organizations.get(accessControl)!;
    const email = designation
      ? seeded.members[role].email
      : (await addTestMember(app.database.db, { organizationId: seeded.org.id, role, designation_id: null }))
          .email;
    const cookie = await signIn(app, email, TEST_PASSWORD);
    const profile = tableProfile(role, {
      accessControl,
      accessing: accessControl ? SAMPLE_DESIGNATION : null,
      designation,
    });
    const disagreements: string[] = [];
    let allowed = 0;
    for (const op of OPERATIONS) {
      const expected = decideAccess(op.access, profile);
      if (expected.allowed) allowed += 1;
      const answer = await call(app, cookie, op, PERMISSION_FIXTURES[op.name]?.probe ?? {});
      const problem = disagreement(op, expected, answer);
      if (problem) disagreements.push(problem);
    }
    expect(disagreements).toEqual([]);
    // Every role may at least read its own details: the loop above did call something allowed.
    expect(allowed).toBeGreaterThan(0);
  });
});

const REFUSED = ['NOT_FOUND', 'FORBIDDEN', 'BAD_USER_INPUT'];

describe('the walls between organizations and between parties', () => {
  it('has a fixture for every operation of the catalogue, and none for an operation it does not declare', () => {
    const missing = OPERATIONS.map((op) => op.name).filter((name) => !(name in PERMISSION_FIXTURES));
    expect(
      missing,
      'add these to apps/server/src/test/permission-fixtures.ts (see test/tenant-fixture.ts)',
    ).toEqual([]);
    const unknown = Object.keys(PERMISSION_FIXTURES).filter((name) => !(name in CATALOGUE));
    expect(unknown).toEqual([]);
  });

  let world: FixtureWorld;
  beforeAll(async () => {
    world = await buildWorld(app);
  });

  const callerRef = (member: { userId: string; email: string }, organizationId: string): CallerRef => ({
    userId: member.userId,
    email: member.email,
    organizationId,
  });

  function intrudersOf(target: Target): { who: string; caller: CallerRef }[] {
    const intruders = [
      { who: "organization B's owner", caller: callerRef(world.b.members.OWNER, world.b.org.id) },
    ];
    if (target.owner === 'partner') {
      intruders.push({
        who: "another partner's user",
        caller: callerRef(world.a.members.OTHER_PARTNER, world.a.org.id),
      });
    }
    if (target.owner === 'dealer') {
      intruders.push({
        who: "another dealer's user",
        caller: callerRef(world.a.members.OTHER_DEALER, world.a.org.id),
      });
    }
    return intruders;
  }

  /** The audit entries of a person for an operation, oldest first. */
  const entriesBy = (userId: string, operation: string) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, userId), eq(auditLog.operation, operation)))
      .orderBy(asc(auditLog.created_at), asc(auditLog.id));

  async function callAs(op: OperationDef, target: Target, caller: CallerRef) {
    const input = typeof target.input === 'function' ? target.input(caller) : target.input;
    return call(app, await world.cookieOf(caller.email), op, input);
  }

  const aimed = OPERATIONS.filter((op) => {
    const fixture = PERMISSION_FIXTURES[op.name];
    return fixture && 'arrange' in fixture;
  });

  it.each(aimed.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const fixture = PERMISSION_FIXTURES[op.name];
    if (!fixture || !('arrange' in fixture)) throw new Error(`${op.name} has no arrange`);
    const target = await fixture.arrange(world);
    if (op.kind === 'query')
      expect(target.traces.length, 'a query fixture names what would betray the record').toBeGreaterThan(0);
    const before = await target.state();

    for (const { who, caller } of intrudersOf(target)) {
      const auditedBefore = await entriesBy(caller.userId, op.name);
      const answer = await callAs(op, target, caller);
      const got = outcome(answer);
      if (got === 'SUCCESS') {
        const text = JSON.stringify(answer.envelope);
        for (const trace of target.traces) expect(text, `${who} read ${trace}`).not.toContain(trace);
      } else {
        // A refusal. BAD_USER_INPUT too: a reference to another organization's record in a field
        // ('WIP state not found. Choose a WIP state from the list.') is a wrong value of that field.
        // The rightful call below, with the same input, proves the input itself is valid.
        expect(REFUSED, `${who} got ${got}: ${answer.errors?.[0]?.message}`).toContain(got);
      }
      expect(await target.state(), `${who} changed organization A's record`).toEqual(before);
      // A refused mutation writes nothing, its audit entry included; an intruder's own success is
      // logged in the intruder's organization, never in A's.
      const audited = (await entriesBy(caller.userId, op.name)).slice(auditedBefore.length);
      const expected = op.kind === 'mutation' && got === 'SUCCESS' ? 1 : 0;
      expect(audited.map((entry) => entry.organization_id)).toEqual(
        Array(expected).fill(caller.organizationId),
      );
    }

    // The same input from the rightful caller works: the fixture is aimed at the record indeed.
    const rightful =
      typeof target.rightful === 'object'
        ? target.rightful
        : callerRef(world.a.members[target.rightful ?? 'OWNER'], world.a.org.id);
    const auditedBefore = await entriesBy(rightful.userId, op.name);
    const answer = await callAs(op, target, rightful);
    expect(answer.errors, 'the rightful caller was refused').toBeUndefined();
    if (op.kind === 'mutation') {
      // docs/product.md#audit-log: every mutation is audited with who, organization, operation and
      // address.
      const audited = (await entriesBy(rightful.userId, op.name)).slice(auditedBefore.length);
      expect(audited).toEqual([
        expect.objectContaining({ organization_id: rightful.organizationId, ip_address: expect.any(String) }),
      ]);
    }
    if (op.kind === 'query') {
      const text = JSON.stringify(answer.envelope);
      expect(
        target.traces.some((trace) => text.includes(trace)),
        'the rightful caller sees the record',
      ).toBe(true);
    } else {
      expect(await target.state(), 'the rightful caller changed the record').not.toEqual(before);
    }
  });
});
