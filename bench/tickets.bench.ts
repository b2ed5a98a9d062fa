import { eq } from 'drizzle-orm';
import {
  ClaimTicket,
  CreateAssignedTicketV2,
  List_Open_Tickets,
  SearchTickets,
} from '@fieldport/contract/operations/tickets';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { seedCustomer } from '../apps/server/src/db/seed/customers.ts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedMember } from '../apps/server/src/db/seed/factories.ts';
import { mapTechnician } from '../apps/server/src/db/seed/territories.ts';
import { defineBenchmark, type BenchContext } from './lib/benchmark.ts';
import type { LoadResult } from './lib/load.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';
import { acServiceOf, generateTicketData, scaledTicketData, territoryId } from './lib/ticket-data.ts';

/**
 * Realistic data (1,000,000 tickets across 5 organizations, 50,000 customers, 2,000 technicians)
 * and the throughput and p95 of List_Open_Tickets (a page of 50 with a filter and sort),
 * SearchTickets and the claim storm, each beside the same SQL run directly, as a ratio.
 *
 * BENCH_TICKET_SCALE scales the data: 0.01 makes 10,000 tickets. By default PostgreSQL gets the full
 * million and the embedded PGlite a tenth (100,000 tickets, a small organization's experience,
 * printed beside it); BENCH_TICKET_SCALE_PGLITE sets PGlite's alone.
 *
 * Subjects, signed in as the demo owner (the demo organization holds a fifth of the tickets):
 * (a) List_Open_Tickets, the Active list, priority HIGH, sorted by visit date, a page of 50, each
 *     worker on its own page; (b) SearchTickets by a ticket number's digits; both beside every
 *     statement one such call sends, replayed directly. (c) The claim storm: 50 technicians, each
 *     signed in, claim one floating ticket at the same moment, round after round; each round's
 *     winners are counted (exactly one is right). Beside it, the same 50 conditional UPDATEs sent
 *     directly at the same moment.
 */

const STORM_CLAIMERS = 50;
const STORM_ROUNDS = 20;
const TECHNICIAN_PASSWORD = 'Bench@1234';

/** LoadResult of a set of timed rounds, so that the storm prints in the same table as the rest. */
function roundsResult(
  latencies: number[],
  elapsedMs: number,
  errors: number,
  firstError?: string,
): LoadResult {
  return {
    requests: latencies.length,
    errors,
    elapsedMs,
    latenciesMs: Float64Array.from(latencies),
    firstError,
  };
}

async function claimStorm(context: BenchContext, demoOrganizationId: string) {
  const { env, measure, note, progress } = context;
  const db = env.database.db;
  await db
    .update(organization)
    .set({ ticket_assignment_mode: 'FLOATING' })
    .where(eq(organization.id, demoOrganizationId));
  const ac = await acServiceOf(env.database, demoOrganizationId);
  const bengaluru = await territoryId(env.database, demoOrganizationId, 'Bengaluru Central');
  const customer = await seedCustomer(db, {
    organization_id: demoOrganizationId,
    name: 'Storm Customer',
    phone: '9812300000',
    email: 'storm.customer@bench.local',
    customer_category_id: null,
    primary_location: {
      address: '12 MG Road',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'IN',
    },
    secondary_locations: [],
  });

  progress(`signing in ${STORM_CLAIMERS} technicians for the claim storm`);
  const cookies: string[] = [];
  const technicianIds: string[] = [];
  for (let i = 1; i <= STORM_CLAIMERS; i++) {
    const { membership } = await seedMember(db, {
      organizationId: demoOrganizationId,
      email: `storm${i}@bench.local`,
      name: `Storm Technician ${i}`,
      role: 'TECHNICIAN',
      password: TECHNICIAN_PASSWORD,
    });
    await mapTechnician(db, {
      organization_id: demoOrganizationId,
      member_id: membership.id,
      territory_ids: [bengaluru],
      category_ids: [ac.category_id],
    });
    technicianIds.push(membership.id);
    cookies.push(await env.signIn(`storm${i}@bench.local`, TECHNICIAN_PASSWORD));
  }
  const owner = await env.signIn(demoEmail('OWNER'));

  const createFloating = async (): Promise<string> => {
    const spec = operationRequest(env.baseUrl, owner, CreateAssignedTicketV2, {
      customer_id: customer.id,
      location_id: customer.locations.find((location) => location.is_primary)!.id,
      service_id: ac.service_id,
      problem_note: 'Claim storm',
    });
    const response = await fetch(spec.url, { method: 'POST', headers: spec.headers, body: spec.body });
    const body = (await response.json()) as { data?: Record<string, string>; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(`CreateAssignedTicketV2: ${body.errors[0].message}`);
    const answer = JSON.parse(body.data![CreateAssignedTicketV2.name]) as {
      data: { items: { ticket_id: string; is_floating: boolean; state: string }[] };
    };
    const [ticket] = answer.data.items;
    if (!ticket.is_floating || ticket.state !== 'OPEN') {
      throw new Error(`The storm's ticket is not floating: ${JSON.stringify(ticket)}`);
    }
    return ticket.ticket_id;
  };

  // (c1) Over HTTP: one round = 50 claims sent together; the round's time is until the last answer.
  const httpRounds: number[] = [];
  let wrongRounds = 0;
  let firstWrong: string | undefined;
  let httpElapsed = 0;
  for (let round = 0; round < STORM_ROUNDS; round++) {
    const ticketId = await createFloating();
    const started = performance.now();
    const answers = await Promise.all(
      cookies.map(async (cookie) => {
        const spec = operationRequest(env.baseUrl, cookie, ClaimTicket, { ticket_id: ticketId });
        const response = await fetch(spec.url, { method: 'POST', headers: spec.headers, body: spec.body });
        return (await response.text()).includes('SUCCESS');
      }),
    );
    const took = performance.now() - started;
    httpElapsed += took;
    httpRounds.push(took);
    const winners = answers.filter(Boolean).length;
    if (winners !== 1) {
      wrongRounds++;
      firstWrong ??= `round ${round + 1}: ${winners} winners`;
    }
  }
  const subject = await measure(
    `Claim storm (${STORM_CLAIMERS} claims of one ticket) over HTTP`,
    'subject',
    async () => roundsResult(httpRounds, httpElapsed, wrongRounds, firstWrong),
    'storm',
  );

  // (c2) The same storm as SQL: 50 conditional UPDATEs of one ticket sent at the same moment.
  const sqlRounds: number[] = [];
  let sqlElapsed = 0;
  let sqlWrong = 0;
  for (let round = 0; round < STORM_ROUNDS; round++) {
    const ticketId = await createFloating();
    const started = performance.now();
    const answers = await Promise.all(
      technicianIds.map((technicianId) =>
        env.database.query<{ id: string }>(
          `UPDATE ticket SET state = 'ACCEPTED', technician_id = $2, is_floating = false,
                  assigned_at = now(), updated_at = now()
           WHERE id = $1 AND organization_id = $3 AND state = 'OPEN' AND is_floating
           RETURNING id`,
          [ticketId, technicianId, demoOrganizationId],
        ),
      ),
    );
    const took = performance.now() - started;
    sqlElapsed += took;
    sqlRounds.push(took);
    if (answers.filter((rows) => rows.length === 1).length !== 1) sqlWrong++;
  }
  const baseline = await measure(
    `Claim storm: the same ${STORM_CLAIMERS} UPDATEs directly`,
    'baseline',
    async () => roundsResult(sqlRounds, sqlElapsed, sqlWrong),
    'storm',
  );
  note(
    `claim storm: ${STORM_ROUNDS} rounds of ${STORM_CLAIMERS} concurrent claims; rounds with other than exactly one winner: ${wrongRounds} over HTTP, ${sqlWrong} directly`,
  );
  note(
    `claim storm: ${formatFixed((STORM_CLAIMERS * STORM_ROUNDS * 1000) / httpElapsed, 0)} claims/s, round p95 ${formatFixed(subject.p95, 1)} ms over HTTP beside ${formatFixed((STORM_CLAIMERS * STORM_ROUNDS * 1000) / sqlElapsed, 0)} claims/s, round p95 ${formatFixed(baseline.p95, 1)} ms directly: ratio ${formatFixed(subject.p95 / baseline.p95, 2)}`,
  );
}

export const benchmark = defineBenchmark({
  name: 'tickets',
  title:
    '1,000,000 tickets in 5 organizations; List_Open_Tickets, SearchTickets and the claim storm beside the same SQL directly',
  async run(context) {
    const { env, options, note, progress } = context;
    const data = scaledTicketData(env.kind);
    const started = performance.now();
    const generated = await generateTicketData(env.database, data, progress);
    const [{ n }] = await env.database.query<{ n: string }>('SELECT count(*) AS n FROM ticket');
    note(
      `${Number(n).toLocaleString('en-US')} tickets in ${data.organizations} organizations, ${data.customersTotal.toLocaleString('en-US')} customers and ${data.techniciansTotal.toLocaleString('en-US')} technicians generated in ${formatFixed((performance.now() - started) / 1000, 1)} s; the demo organization holds ${generated.ticketsPerOrganization.toLocaleString('en-US')}`,
    );

    progress(`signing in ${options.concurrency} sessions as the demo owner`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(demoEmail('OWNER')));

    await measureOperationAgainstSql(
      context,
      'list',
      'List_Open_Tickets: Active, priority HIGH, by visit date, page of 50',
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, List_Open_Tickets, {
          list: 'ACTIVE',
          priority: 'HIGH',
          sort_by: 'preferred_visit_date',
          sort_order: 'asc',
          page: worker + 1,
          page_size: 50,
        }),
      ),
    );

    await measureOperationAgainstSql(
      context,
      'search',
      'SearchTickets by ticket number digits',
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, SearchTickets, {
          search: String(1000 + worker * 997)
            .padStart(6, '0')
            .slice(0, 5),
          page_size: 25,
        }),
      ),
    );

    await claimStorm(context, generated.demoOrganizationId);
  },
});
