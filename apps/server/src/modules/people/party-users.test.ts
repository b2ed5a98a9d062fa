import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import {
  ActivateOrDeactivateUser,
  CreateUser,
  List_Representatives,
  List_Users,
  UpdateUser,
} from '@fieldport/contract/operations/people';
import { seedParty } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, TEST_PASSWORD, type TestMember } from '../../test/organizations.ts';
import {
  expectRefused,
  footprint,
  newEmail,
  peopleOrganization,
  stored,
  succeed,
  type PeopleOrg,
} from './people.test-kit.ts';

// docs/people.md: service partners and dealers are parties with their own users, managed by the
// organization and, for their own agents and representatives, by the party's owner.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let org: PeopleOrg;
/** A second service partner of the same organization, with its owner and an agent. */
let rival: { id: string; name: string; owner: TestMember; agent: TestMember };
beforeAll(async () => {
  org = await peopleOrganization(app, {
    roles: ['OWNER', 'SERVICE_PARTNER', 'PARTNER_AGENT', 'DEALER_OWNER'],
  });
  const db = app.database.db;
  const party = await seedParty(db, {
    organization_id: org.org.id,
    kind: 'SERVICE_PARTNER',
    name: `Rival ${org.tag}`,
  });
  rival = {
    ...party,
    owner: await addTestMember(db, {
      organizationId: org.org.id,
      role: 'SERVICE_PARTNER',
      party_id: party.id,
    }),
    agent: await addTestMember(db, { organizationId: org.org.id, role: 'PARTNER_AGENT', party_id: party.id }),
  };
});

const agentInput = (email: string, extra: Record<string, unknown> = {}) => ({
  user_group: 'PARTNER_AGENTS',
  user_name: 'Paul Partneragent',
  user_email_id: email,
  user_type: 'PARTNER_AGENT',
  ...extra,
});

describe("a service partner's owner", () => {
  it('adds a co-ordinator and a representative to their own partner, without naming it', async () => {
    const cookie = await org.as('SERVICE_PARTNER');
    const agent = await succeed(app, cookie, CreateUser, agentInput(newEmail('pa')));
    expect(agent.data.items[0]).toMatchObject({ party_id: org.partner.id, user_type: 'PARTNER_AGENT' });
    const representative = await succeed(app, cookie, CreateUser, {
      user_group: 'PARTNER_REPRESENTATIVES',
      user_name: 'Rina Rep',
      user_email_id: newEmail('rep'),
      user_type: 'REPRESENTATIVE',
    });
    expect(representative.data.items[0]).toMatchObject({
      party_id: org.partner.id,
      party_kind: 'SERVICE_PARTNER',
    });
  });

  it('cannot add people to another party', async () => {
    const email = newEmail('pa');
    expectRefused(
      await call(app, await org.as('SERVICE_PARTNER'), CreateUser, agentInput(email, { party_id: rival.id })),
      'BAD_USER_INPUT',
      { field: 'party_id', message: `You can add people to ${org.partner.name} only.` },
    );
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
  });

  it("sees only their own partner's co-ordinators and representatives", async () => {
    const cookie = await org.as('SERVICE_PARTNER');
    const agents = (await succeed(app, cookie, List_Users, { user_group: 'PARTNER_AGENTS', page_size: 100 }))
      .data.items;
    expect(agents.length).toBeGreaterThan(0);
    expect(agents.every((item) => item.party_id === org.partner.id)).toBe(true);
    expect(agents.map((item) => item.user_id)).not.toContain(rival.agent.userId);
    // Asking for the rival's people by filter gives nothing either.
    const filtered = await succeed(app, cookie, List_Users, {
      user_group: 'PARTNER_AGENTS',
      party_id: rival.id,
    });
    expect(filtered.data.total_count).toBe(0);
    const reps = await succeed(app, cookie, List_Representatives, { party_kind: 'SERVICE_PARTNER' });
    expect(reps.data.items.every((item) => item.party_id === org.partner.id)).toBe(true);
  });

  it("cannot change the rival partner's co-ordinator: not found, unchanged", async () => {
    const cookie = await org.as('SERVICE_PARTNER');
    const target = { user_group: 'PARTNER_AGENTS', user_id: rival.agent.userId };
    expectRefused(
      await call(app, cookie, ActivateOrDeactivateUser, { ...target, user_status: 'INACTIVE' }),
      'NOT_FOUND',
    );
    expectRefused(
      await call(app, cookie, UpdateUser, { ...target, user_name: 'Taken Over', user_type: 'PARTNER_AGENT' }),
      'NOT_FOUND',
    );
    expect(await stored(app, org.org.id, rival.agent.email)).toMatchObject({
      status: 'ACTIVE',
      party_id: rival.id,
    });
  });

  it('deactivates their own co-ordinator, who then cannot sign in', async () => {
    const cookie = await org.as('SERVICE_PARTNER');
    const mine = await addTestMember(app.database.db, {
      organizationId: org.org.id,
      role: 'PARTNER_AGENT',
      party_id: org.partner.id,
    });
    await succeed(app, cookie, ActivateOrDeactivateUser, {
      user_group: 'PARTNER_AGENTS',
      user_id: mine.userId,
      user_status: 'INACTIVE',
    });
    await expect(signIn(app, mine.email, TEST_PASSWORD)).rejects.toThrow(/Temporarily Suspended/);
  });

  it("cannot use the organization's screens or the dealers' screens", async () => {
    const cookie = await org.as('SERVICE_PARTNER');
    for (const user_group of ['STAFF', 'TECHNICIANS', 'DEALER_AGENTS', 'INVALID']) {
      expectRefused(await call(app, cookie, List_Users, { user_group }), 'FORBIDDEN', {
        message: MSG.forbiddenModule,
      });
    }
  });
});

describe("a service partner's co-ordinator", () => {
  it("sees their partner's co-ordinators but cannot change them", async () => {
    const cookie = await org.as('PARTNER_AGENT');
    const listed = await succeed(app, cookie, List_Users, { user_group: 'PARTNER_AGENTS' });
    expect(listed.data.items.every((item) => item.party_id === org.partner.id)).toBe(true);
    const email = newEmail('pa');
    expectRefused(await call(app, cookie, CreateUser, agentInput(email)), 'FORBIDDEN', {
      message: `Only the owner of ${org.partner.name} can change its users.`,
    });
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
  });
});

describe("a dealer's owner", () => {
  it("manages their dealer's co-ordinators, never a partner's", async () => {
    const cookie = await org.as('DEALER_OWNER');
    const created = await succeed(app, cookie, CreateUser, {
      user_group: 'DEALER_AGENTS',
      user_name: 'Dev Dealeragent',
      user_email_id: newEmail('da'),
      user_type: 'DEALER_AGENT',
    });
    expect(created.data.items[0]).toMatchObject({ party_id: org.dealer.id, party_kind: 'DEALER' });
    // The dealer menu's 'Service Co-Ordinators' is not a way into the partners' screen.
    expectRefused(await call(app, cookie, List_Users, { user_group: 'PARTNER_AGENTS' }), 'FORBIDDEN');
    expectRefused(await call(app, cookie, CreateUser, agentInput(newEmail('pa'))), 'FORBIDDEN');
  });
});
