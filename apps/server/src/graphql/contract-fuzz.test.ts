import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import type { OperationDef } from '@fieldport/contract/operation';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { tableProfile } from '@fieldport/contract/permission-samples.test-kit';
import { decideAccess } from '@fieldport/contract/permissions';
import type { Role } from '@fieldport/contract/roles';
import { member, organization } from '../db/schema/identity.ts';
import { party } from '../db/schema/platform.ts';
import { call, signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { addTestMember, TEST_PASSWORD } from '../test/organizations.ts';
import { PERMISSION_FIXTURES } from '../test/permission-fixtures.ts';
import { buildWorld, type CallerRef, type FixtureWorld } from '../test/tenant-fixture.ts';
import { inputArbitrary, malformedVariants } from '../test/fuzz-inputs.ts';

/**
 * Every operation of the contract, fuzzed (docs/security.md#input): inputs generated from its
 * own schema and malformed variants of a good input (wrong types, NUL, broken characters, huge
 * strings, extreme numbers and dates, `__proto__` keys), sent as a caller who may call it. No
 * answer may be a server error, every error carries a code, and a refused mutation writes nothing.
 * A new operation is covered as soon as it is declared (and has its permission fixture).
 * FUZZ_CASES_PER_OPERATION sets the number of cases (CI: 12); FUZZ_SEED replays a run.
 */

const CASES = Number(process.env.FUZZ_CASES_PER_OPERATION ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const OPERATIONS = Object.values(CATALOGUE).sort((a, b) => a.name.localeCompare(b.name));

let app: TestApp;
let world: FixtureWorld;
let technician: CallerRef;
const cookies = new Map<string, string>();

async function cookieOf(email: string): Promise<string> {
  let cookie = cookies.get(email);
  if (!cookie) {
    cookie = await signIn(app, email, TEST_PASSWORD);
    cookies.set(email, cookie);
  }
  return cookie;
}

const refOf = (who: { userId: string; email: string }, organizationId: string): CallerRef => ({
  userId: who.userId,
  email: who.email,
  organizationId,
});

/** The world as it was built, to put back after each operation (one may suspend a party, demote a member ...). */
let snapshot: {
  organizations: (typeof organization.$inferSelect)[];
  members: (typeof member.$inferSelect)[];
  parties: (typeof party.$inferSelect)[];
};
const orgIds = () => [world.a.org.id, world.b.org.id];

async function takeSnapshot() {
  const db = app.database.db;
  snapshot = {
    organizations: await db.select().from(organization).where(inArray(organization.id, orgIds())),
    members: await db.select().from(member).where(inArray(member.organizationId, orgIds())),
    parties: await db.select().from(party).where(inArray(party.organization_id, orgIds())),
  };
}

async function restoreWorld() {
  const db = app.database.db;
  for (const row of snapshot.organizations)
    await db.update(organization).set(row).where(eq(organization.id, row.id));
  for (const row of snapshot.members) await db.update(member).set(row).where(eq(member.id, row.id));
  for (const row of snapshot.parties) await db.update(party).set(row).where(eq(party.id, row.id));
  // A session an operation ended is signed in again for the next one.
  for (const [email, cookie] of cookies) {
    const answer = await call(app, cookie, Get_Current_User_Details, {});
    if (!answer.envelope) cookies.delete(email);
  }
}

/**
 * What the world's two organizations hold: every table with an organization column, row count
 * and a hash of the rows, plus their members' people. Compared before and after a refused mutation.
 */
let fingerprintSql = '';
async function fingerprint(): Promise<Record<string, string>> {
  if (!fingerprintSql) {
    const tables = await app.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'organization_id' AND table_name <> 'rate_limit'
        ORDER BY table_name`,
    );
    const parts = tables.map(
      ({ table_name }) =>
        `SELECT '${table_name}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text AS h
           FROM "${table_name}" x WHERE x.organization_id = ANY($1)`,
    );
    parts.push(
      `SELECT 'user' AS t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text AS h
         FROM "user" x WHERE x.id IN (SELECT user_id FROM member WHERE organization_id = ANY($1))`,
    );
    fingerprintSql = parts.join(' UNION ALL ');
  }
  const rows = await app.database.query<{ t: string; h: string }>(fingerprintSql, [orgIds()]);
  return Object.fromEntries(rows.map((row) => [row.t, row.h]));
}

/** Refusals that keep their writes by design (a wrong closure code counted) leave an audit entry saying so. */
async function keptRefusals(userId: string, operation: string): Promise<number> {
  const rows = await app.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE user_id = $1 AND operation = $2 AND changes ? 'refused'`,
    [userId, operation],
  );
  return rows[0].n;
}

interface RawAnswer {
  status: number;
  errors: { message: string; extensions?: { code?: string } }[];
}

async function send(cookie: string, op: OperationDef, input: unknown): Promise<RawAnswer> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', origin: app.config.publicUrl, cookie },
    payload: JSON.stringify({
      query: `${op.kind} Call($input: JSON) { ${op.name}(input: $input) }`,
      variables: { input },
    }),
  });
  const body = JSON.parse(response.body) as { errors?: RawAnswer['errors'] };
  return { status: response.statusCode, errors: body.errors ?? [] };
}

/** Who calls: the fixture's rightful caller, else the first member whose role may call the operation. */
async function callerFor(op: OperationDef): Promise<{ caller: CallerRef; input: unknown }> {
  const fixture = PERMISSION_FIXTURES[op.name];
  if (fixture && 'arrange' in fixture) {
    const target = await fixture.arrange(world);
    const caller =
      typeof target.rightful === 'object'
        ? target.rightful
        : refOf(world.a.members[target.rightful ?? 'OWNER'], world.a.org.id);
    return { caller, input: typeof target.input === 'function' ? target.input(caller) : target.input };
  }
  const candidates: [Role, CallerRef][] = [
    ['OWNER', refOf(world.a.members.OWNER, world.a.org.id)],
    ['TECHNICIAN', technician],
    ['SERVICE_PARTNER', refOf(world.a.members.SERVICE_PARTNER, world.a.org.id)],
    ['DEALER_OWNER', refOf(world.a.members.DEALER_OWNER, world.a.org.id)],
  ];
  const allowed = candidates.find(([role]) => decideAccess(op.access, tableProfile(role)).allowed);
  return { caller: (allowed ?? candidates[0])[1], input: fixture?.probe ?? {} };
}

beforeAll(async () => {
  app = await startTestApp();
  world = await buildWorld(app);
  technician = refOf(
    await addTestMember(app.database.db, { organizationId: world.a.org.id, role: 'TECHNICIAN' }),
    world.a.org.id,
  );
  await takeSnapshot();
});
afterAll(async () => {
  await app?.close();
});

describe('security finding 3: every operation survives fuzzed input', () => {
  it('covers every operation of the catalogue', () => {
    expect(OPERATIONS.length).toBeGreaterThan(100);
    const uncovered = OPERATIONS.filter((op) => !PERMISSION_FIXTURES[op.name]).map((op) => op.name);
    expect(uncovered, 'give these a permission fixture (test/permission-fixtures.ts)').toEqual([]);
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    '%s',
    async (_name, op) => {
      const { caller, input: good } = await callerFor(op);
      const cookie = await cookieOf(caller.email);
      const cases = fc.oneof(
        { arbitrary: fc.constantFrom(...malformedVariants(good)), weight: 2 },
        { arbitrary: inputArbitrary(op.input), weight: 1 },
      );
      try {
        await fc.assert(
          fc.asyncProperty(cases, async (input) => {
            const before = op.kind === 'mutation' ? await fingerprint() : null;
            const keptBefore = op.kind === 'mutation' ? await keptRefusals(caller.userId, op.name) : 0;
            const answer = await send(cookie, op, input);
            expect(answer.status, 'HTTP status').toBeLessThan(500);
            for (const error of answer.errors) {
              expect(error.extensions?.code, `an error without a code: ${error.message}`).toBeTruthy();
              expect(error.extensions?.code, error.message).not.toBe('INTERNAL_SERVER_ERROR');
            }
            if (before && answer.errors.length > 0) {
              const kept = (await keptRefusals(caller.userId, op.name)) > keptBefore;
              if (!kept) expect(await fingerprint(), 'a refused mutation wrote something').toEqual(before);
            }
          }),
          { numRuns: CASES, seed: SEED, endOnFailure: true },
        );
      } finally {
        await restoreWorld();
      }
    },
    Math.max(60_000, CASES * 3_000),
  );
});
