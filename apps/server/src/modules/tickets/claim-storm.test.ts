import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimTicket } from '@fieldport/contract/operations/tickets';
import { mapTechnician } from '../../db/seed/territories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { addTestMember, TEST_PASSWORD, type TestMember } from '../../test/organizations.ts';
import { storedTicket, ticketWorld } from './ticket.test-kit.ts';

// docs/product.md#assignment-and-claim: of many claimers exactly one wins. With TEST_DATABASE_URL two
// server processes (apps/server/src/main.ts, each with its own pool) share one PostgreSQL and split
// the claimers between them over HTTP; on PGlite, which one process owns, the in-process server
// takes all 50 claims at once.

const CLAIMS = 50;
/** Ten technicians, each claiming five times at once (a double tap, a retry) on the servers in turn. */
const TECHNICIANS = 10;
const shared = Boolean(process.env.TEST_DATABASE_URL);

/** Where claims are sent: a server process over HTTP, or the in-process app. */
interface ClaimTarget {
  signIn(email: string): Promise<string>;
  claim(cookie: string, ticketId: string): ReturnType<typeof call<typeof ClaimTicket>>;
}

let app: TestApp;
let processes: ServerProcess[] = [];
let targets: ClaimTarget[] = [];
beforeAll(async () => {
  app = await startTestApp();
  if (shared) {
    processes = await Promise.all([
      startServerProcess(process.env.TEST_DATABASE_URL!),
      startServerProcess(process.env.TEST_DATABASE_URL!),
    ]);
    targets = processes.map((server) => ({
      signIn: (email) => server.signIn(email, TEST_PASSWORD),
      claim: (cookie, ticketId) => server.call(cookie, ClaimTicket, { ticket_id: ticketId }),
    }));
  } else {
    targets = [
      {
        signIn: (email) => signIn(app, email, TEST_PASSWORD),
        claim: (cookie, ticketId) => call(app, cookie, ClaimTicket, { ticket_id: ticketId }),
      },
    ];
  }
}, 180_000);
afterAll(async () => {
  for (const server of processes) await server.close();
  await app?.close();
});

describe('a claim storm', () => {
  it(`lets exactly one of ${CLAIMS} concurrent claims win a floating ticket${shared ? ' across two server processes' : ''}`, async () => {
    const world = await ticketWorld(app);
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
      // A session lives in the database: valid on every server of it.
      technicians.push({ member, cookie: await targets[0].signIn(member.email) });
    }
    const claims = Array.from({ length: CLAIMS }, (_, index) => ({
      ...technicians[index % TECHNICIANS],
      target: targets[index % targets.length],
    }));

    const answers = await Promise.all(claims.map(({ target, cookie }) => target.claim(cookie, row.id)));

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
