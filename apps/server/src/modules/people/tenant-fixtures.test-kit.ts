import { and, count, eq } from 'drizzle-orm';
import { PARTY_OPERATIONS, PARTY_OWNER_ROLE, type PartyKind } from '@fieldport/contract/operations/people';
import { account, member, user } from '../../db/schema/identity.ts';
import { mailOutbox, party } from '../../db/schema/platform.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { unique } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import type { FixtureRegistry, FixtureWorld, TenantFixture } from '../../test/tenant-fixture.ts';

/**
 * The people operations aimed at organization A (graphql/permission-matrix.test.ts). Members are
 * a service partner's co-ordinators, so that the other partner's owner is an intruder too, and the
 * partner's own owner is the rightful caller: the party wall is tested with the organization's.
 */

/** A co-ordinator of A's service partner, and everything a change could touch about them. */
async function partnerAgent(world: FixtureWorld, options: { mustChangePassword?: boolean } = {}) {
  const { a, db } = world;
  const agent = await addTestMember(db, {
    organizationId: a.org.id,
    role: 'PARTNER_AGENT',
    party_id: a.partner.id,
    mustChangePassword: options.mustChangePassword,
  });
  const state = async () => ({
    membership: await db.select().from(member).where(eq(member.id, agent.membershipId)),
    person: await db.select().from(user).where(eq(user.id, agent.userId)),
    password: await db
      .select({ hash: account.password })
      .from(account)
      .where(eq(account.userId, agent.userId)),
    mails: (await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to_address, agent.email)))[0]
      .n,
  });
  return { agent, state };
}

const memberChange = (
  change: (userId: string) => Record<string, unknown>,
  mustChangePassword = false,
): TenantFixture => ({
  async arrange(world) {
    const { agent, state } = await partnerAgent(world, { mustChangePassword });
    return {
      input: { user_group: 'PARTNER_AGENTS', user_id: agent.userId, ...change(agent.userId) },
      traces: [agent.userId, agent.email],
      state,
      owner: 'partner',
      rightful: 'SERVICE_PARTNER',
    };
  },
});

/** A fresh party of A with its owner, so that changing it disturbs no other fixture. */
async function freshParty(world: FixtureWorld, kind: PartyKind) {
  const { a, db } = world;
  const row = await seedParty(db, { organization_id: a.org.id, kind, name: `Fixture party ${unique('fp')}` });
  await addTestMember(db, { organizationId: a.org.id, role: PARTY_OWNER_ROLE[kind], party_id: row.id });
  return row;
}

function partyFixtures(kind: PartyKind): FixtureRegistry {
  const operations = PARTY_OPERATIONS[kind];
  const partyState = (world: FixtureWorld, id: string) => () =>
    world.db.select().from(party).where(eq(party.id, id));
  return {
    [operations.list.name]: {
      async arrange(world) {
        const row = await freshParty(world, kind);
        return { input: { search: row.name }, traces: [row.id, row.name], state: partyState(world, row.id) };
      },
    },
    [operations.create.name]: {
      async arrange(world) {
        const parties = async () =>
          (
            await world.db.select({ n: count() }).from(party).where(eq(party.organization_id, world.a.org.id))
          )[0].n;
        return {
          input: {
            party_name: `Fixture party ${unique('fp')}`,
            owner_name: 'Fixture Owner',
            owner_email_id: `owner.${unique('fx')}@test.local`,
          },
          traces: [world.a.org.id],
          state: parties,
        };
      },
    },
    [operations.update.name]: {
      async arrange(world) {
        const row = await freshParty(world, kind);
        return {
          input: { party_id: row.id, party_name: `Renamed ${unique('fp')}`, owner_name: 'Renamed Owner' },
          traces: [row.id],
          state: partyState(world, row.id),
        };
      },
    },
    [operations.activateOrDeactivate.name]: {
      async arrange(world) {
        const row = await freshParty(world, kind);
        return {
          input: { party_id: row.id, party_status: 'INACTIVE' },
          traces: [row.id],
          state: partyState(world, row.id),
        };
      },
    },
  };
}

export const peopleFixtures: FixtureRegistry = {
  List_Users: {
    async arrange(world) {
      const { agent, state } = await partnerAgent(world);
      return {
        input: { user_group: 'PARTNER_AGENTS', search: agent.email },
        traces: [agent.userId, agent.email],
        state,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  List_Representatives: {
    async arrange({ a, db }) {
      const representative = await addTestMember(db, {
        organizationId: a.org.id,
        role: 'REPRESENTATIVE',
        party_id: a.dealer.id,
      });
      return {
        input: { party_kind: 'DEALER', search: representative.email },
        traces: [representative.userId, representative.email],
        state: () => db.select().from(member).where(eq(member.id, representative.membershipId)),
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  CreateUser: {
    async arrange({ a, db }) {
      const agents = async () =>
        (
          await db
            .select({ n: count() })
            .from(member)
            .where(and(eq(member.organizationId, a.org.id), eq(member.party_id, a.partner.id)))
        )[0].n;
      return {
        input: {
          user_group: 'PARTNER_AGENTS',
          user_name: 'Fixture Agent',
          user_email_id: `agent.${unique('fx')}@test.local`,
          user_type: 'PARTNER_AGENT',
          party_id: a.partner.id,
        },
        traces: [a.org.id, a.partner.id],
        state: agents,
        owner: 'partner',
        rightful: 'SERVICE_PARTNER',
      };
    },
  },
  UpdateUser: memberChange(() => ({ user_name: `Renamed ${unique('fx')}`, user_type: 'PARTNER_AGENT' })),
  ActivateOrDeactivateUser: memberChange(() => ({ user_status: 'INACTIVE' })),
  MarkUserAsInvalid: memberChange(() => ({})),
  ResendInvitation: memberChange(() => ({}), true),
  // The rightful caller is a second owner of A, so that A's first owner stays the owner for the
  // fixtures that follow.
  TransferOwnerShip: {
    async arrange({ a, db }) {
      const owner = await addTestMember(db, { organizationId: a.org.id, role: 'OWNER' });
      const admin = await addTestMember(db, { organizationId: a.org.id, role: 'ADMIN' });
      const roles = () =>
        db
          .select({ id: member.id, role: member.role })
          .from(member)
          .where(eq(member.organizationId, a.org.id))
          .orderBy(member.id);
      return {
        input: { user_id: admin.userId },
        traces: [admin.userId],
        state: roles,
        rightful: { userId: owner.userId, email: owner.email, organizationId: a.org.id },
      };
    },
  },
  ...partyFixtures('SERVICE_PARTNER'),
  ...partyFixtures('DEALER'),
};
