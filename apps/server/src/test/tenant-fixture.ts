import type { AnyMasterContract } from '@fieldport/contract/masters';
import type { OperationDef } from '@fieldport/contract/operation';
import type { Db } from '../db/client.ts';
import { seedParty } from '../db/seed/factories.ts';
import { call, signIn, unique, type TestApp } from './harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD, type TestMember } from './organizations.ts';

/**
 * The walls between organizations and between parties, tested for every operation of the
 * catalogue (graphql/permission-matrix.test.ts). Each area says, per operation, how to make a
 * record of organization A that the operation is aimed at, and the matrix test checks that a
 * member of organization B, and a user of another party, can neither read nor change it.
 */

interface WorldOrg {
  org: Awaited<ReturnType<typeof seedTestOrganization>>['org'];
  partner: { id: string; name: string };
  dealer: { id: string; name: string };
  /** A second service partner and dealer, whose users must not see the first one's records. */
  otherPartner: { id: string; name: string };
  otherDealer: { id: string; name: string };
  members: {
    OWNER: TestMember;
    SERVICE_PARTNER: TestMember;
    DEALER_OWNER: TestMember;
    OTHER_PARTNER: TestMember;
    OTHER_DEALER: TestMember;
  };
}

export interface FixtureWorld {
  app: TestApp;
  db: Db;
  /** The organization whose records are aimed at. */
  a: WorldOrg;
  /** Another organization: its owner is the intruder. */
  b: WorldOrg;
  /** A session cookie for a person (signed in once and kept). */
  cookieOf(email: string): Promise<string>;
  /** Calls an operation as organization A's owner and fails the test unless it succeeds. */
  asOwner<Op extends OperationDef>(op: Op, input: unknown): Promise<unknown>;
}

/** Who calls: the input of some operations names the caller (their own id, their organization). */
export interface CallerRef {
  userId: string;
  email: string;
  organizationId: string;
}

export interface Target {
  /** The input aimed at organization A's record, or a function of the caller for inputs that name them. */
  input: Record<string, unknown> | ((caller: CallerRef) => Record<string, unknown>);
  /** Text that would betray A's record in an answer: its id, its name. */
  traces: string[];
  /** Reads everything of organization A that the operation could change. */
  state: () => Promise<unknown>;
  /** Whose record it is; for a party's record, another party's users are intruders too. */
  owner?: 'organization' | 'partner' | 'dealer';
  /** Who may rightfully call the operation on it (default: A's owner), proving the input is aimed right. */
  rightful?: keyof WorldOrg['members'] | CallerRef;
}

export type TenantFixture =
  | {
      arrange: (world: FixtureWorld) => Promise<Target>;
      /** The input of the role matrix (default `{}`), when `{}` would do more than be refused or checked. */
      probe?: Record<string, unknown>;
    }
  | {
      /** Why the operation aims at no record of an organization or party. */
      none: string;
      probe?: Record<string, unknown>;
    };

export type FixtureRegistry = Record<string, TenantFixture>;

async function worldOrg(db: Db): Promise<WorldOrg> {
  const seeded = await seedTestOrganization(db, {
    roles: ['OWNER', 'SERVICE_PARTNER', 'DEALER_OWNER'],
    creditsRecharge: true,
  });
  const otherPartner = await seedParty(db, {
    organization_id: seeded.org.id,
    kind: 'SERVICE_PARTNER',
    name: `Other partner ${seeded.tag}`,
  });
  const otherDealer = await seedParty(db, {
    organization_id: seeded.org.id,
    kind: 'DEALER',
    name: `Other dealer ${seeded.tag}`,
  });
  return {
    org: seeded.org,
    partner: seeded.partner,
    dealer: seeded.dealer,
    otherPartner,
    otherDealer,
    members: {
      OWNER: seeded.members.OWNER,
      SERVICE_PARTNER: seeded.members.SERVICE_PARTNER,
      DEALER_OWNER: seeded.members.DEALER_OWNER,
      OTHER_PARTNER: await addTestMember(db, {
        organizationId: seeded.org.id,
        role: 'SERVICE_PARTNER',
        party_id: otherPartner.id,
      }),
      OTHER_DEALER: await addTestMember(db, {
        organizationId: seeded.org.id,
        role: 'DEALER_OWNER',
        party_id: otherDealer.id,
      }),
    },
  };
}

export async function buildWorld(app: TestApp): Promise<FixtureWorld> {
  const db = app.database.db;
  const a = await worldOrg(db);
  const b = await worldOrg(db);
  const cookies = new Map<string, string>();
  const cookieOf = async (email: string) => {
    let cookie = cookies.get(email);
    if (!cookie) {
      cookie = await signIn(app, email, TEST_PASSWORD);
      cookies.set(email, cookie);
    }
    return cookie;
  };
  return {
    app,
    db,
    a,
    b,
    cookieOf,
    async asOwner(op, input) {
      const answer = await call(app, await cookieOf(a.members.OWNER.email), op, input);
      if (!answer.envelope) {
        throw new Error(`${op.name} as the owner failed: ${JSON.stringify(answer.errors)}`);
      }
      return answer.envelope.data;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Masters (contract masters.ts): the four operations of any master, arranged through the
// operations themselves, so that the fixtures need nothing of the master's tables.

/**
 * The fixtures of a master's four operations. `prepare` returns a maker of valid create inputs in
 * organization A (creating in A what they refer to, e.g. a WIP state for a sub-stage).
 */
export function masterFixtures(
  contract: AnyMasterContract,
  prepare: (world: FixtureWorld) => Promise<(name: string) => Record<string, unknown>>,
): FixtureRegistry {
  const idOf = (data: unknown) =>
    String((data as { items: Record<string, unknown>[] }).items[0][contract.idKey]);

  /** A record of A made by A's owner through the create operation. */
  const record = async (world: FixtureWorld) => {
    const values = await prepare(world);
    // Searched by the tag, which a renamed record keeps.
    const tag = unique('fx');
    const name = `Fixture ${tag}`;
    const id = idOf(await world.asOwner(contract.create, values(name)));
    const read = async () => {
      const page = (await world.asOwner(contract.list, { search: tag, status: 'ALL' })) as {
        items: Record<string, unknown>[];
      };
      return page.items.find((item) => item[contract.idKey] === id) ?? null;
    };
    return { id, name, tag, values, read };
  };

  return {
    [contract.list.name]: {
      async arrange(world) {
        const { id, name, read } = await record(world);
        return { input: { search: name }, traces: [id, name], state: read };
      },
    },
    [contract.create.name]: {
      async arrange(world) {
        const values = await prepare(world);
        const name = `Fixture ${unique('fx')}`;
        const count = async () =>
          ((await world.asOwner(contract.list, { status: 'ALL' })) as { total_count: number }).total_count;
        // The answer of an intruder's create is their own new record: only A's id may not show.
        return { input: values(name), traces: [world.a.org.id], state: count };
      },
    },
    [contract.update.name]: {
      async arrange(world) {
        const { id, tag, values, read } = await record(world);
        return {
          input: { [contract.idKey]: id, ...values(`Renamed ${tag}`) },
          traces: [id],
          state: read,
        };
      },
    },
    [contract.activateOrDeactivate.name]: {
      async arrange(world) {
        const { id, read } = await record(world);
        return {
          input: { [contract.idKey]: id, [contract.statusKey]: 'INACTIVE' },
          traces: [id],
          state: read,
        };
      },
    },
  };
}
