import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTicket } from '@fieldport/contract/operations/tickets';
import { mapTechnician } from '../../db/seed/territories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, TEST_PASSWORD, type TestMember } from '../../test/organizations.ts';
import { storedTicket, ticketWorld } from './ticket-test-kit.ts';

// DOMAIN.md "claim ... atomically: of many claimers exactly one wins". With TEST_DATABASE_URL two
// servers (each its own buildApp and pool) share one PostgreSQL and split the claimers between
// them; on PGlite one server takes all 50 claims at once.

const CLAIMS = 50;
/** Ten technicians, each claiming five times at once (a double tap, a retry) on the servers in turn. */
const TECHNICIANS = 10;
const shared = Boolean(process.env.TEST_DATABASE_URL);

let servers: TestApp[] = [];
beforeAll(async () => {
  servers = shared ? [await startTestApp(), await startTestApp()] : [await startTestApp()];
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

describe('a claim storm', () => {
  it(`lets exactly one of ${CLAIMS} concurrent claims win a floating ticket${shared ? ' across two servers' : ''}`, async () => {
    const [first] = servers;
    const world = await ticketWorld(first);
    const row = await world.seed({ state: 'OPEN', is_floating: true });
    const technicians: { member: TestMember; cookie: string }[] = [];
    for (let index = 0; index < TECHNICIANS; index += 1) {
      const member = await addTestMember(world.db, { organizationId: world.org.id, role: 'TECHNICIAN' });
      await mapTechnician(world.db, {
        organization_id: world.org.id,
        member_id: member.membershipId,
        territory_ids: [world.territories.bengaluru.id],
        category_ids: [world.category.id],
      });
      // A session is valid on every server of the database.
      technicians.push({ member, cookie: await signIn(first, member.email, TEST_PASSWORD) });
    }
    const claims = Array.from({ length: CLAIMS }, (_, index) => ({
      ...technicians[index % TECHNICIANS],
      server: servers[index % servers.length],
    }));

    const answers = await Promise.all(
      claims.map(({ server, cookie }) => call(server, cookie, ClaimTicket, { ticket_id: row.id })),
    );

    const won = answers.flatMap((answer, index) => (answer.envelope ? [claims[index].member] : []));
    expect(won).toHaveLength(1);
    const winner = won[0];
    const refusals = answers.flatMap((answer, index) =>
      answer.errors ? [{ error: answer.errors[0], mine: claims[index].member === winner }] : [],
    );
    expect(refusals).toHaveLength(CLAIMS - 1);
    for (const { error, mine } of refusals) {
      expect(error).toMatchObject({
        message: mine
          ? `Ticket ${row.ticket_number} is already yours.`
          : `Ticket ${row.ticket_number} was claimed by another technician.`,
        extensions: { code: 'CONFLICT' },
      });
    }
    const after = await storedTicket(world.db, row.id);
    expect(after.row).toMatchObject({
      state: 'ACCEPTED',
      is_floating: false,
      technician_id: winner.membershipId,
    });
    expect(after.events.filter((event) => event.kind === 'CLAIMED')).toEqual([
      expect.objectContaining({ actor_user_id: winner.userId, from_state: 'OPEN', to_state: 'ACCEPTED' }),
    ]);
  }, 180_000);
});
