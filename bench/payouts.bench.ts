import {
  GeneratePayout,
  ListInvoice,
  ListPayoutTickets,
  PreviewPayout,
} from '@fieldport/contract/operations/payouts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';
import { generateTicketData } from './lib/ticket-data.ts';

/**
 * With a year of 200,000 tickets (about 28,000 of them closed by four service partners, each
 * priced), how long generating a partner's monthly payout takes (its tickets read, taxed and
 * written as lines, one call at a time, as the admin does it), and the p95 of what the payouts
 * screen reads under load: a month's preview (PreviewPayout), a page of payouts (ListInvoice) and a
 * page of one payout's tickets (ListPayoutTickets), each beside the same SQL run directly.
 *
 * Data: the ticket generator of the tickets benchmark, one organization (the demo), then every
 * closed partner ticket priced in SQL (as rate cards would have frozen it); the payouts are
 * generated through the operation itself.
 */

const SIGNED_IN_AS = demoEmail('ADMIN');
const MONTHS = 11;

const ms = (value: number) => `${formatFixed(value, 0)} ms`;

/** The first and last day of the month `back` months before this one, as YYYY-MM-DD. */
function monthBefore(back: number): { period_from: string; period_to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return { period_from: first.toISOString().slice(0, 10), period_to: last.toISOString().slice(0, 10) };
}

export const benchmark = defineBenchmark({
  name: 'payouts',
  title:
    "With 28,000 closed partner tickets in a year, the time to generate a partner's monthly payout, and p95 of the payouts screen's reads beside the same SQL directly",
  async run(context) {
    const { env, options, note, progress } = context;
    const query = env.database.query.bind(env.database);
    const generated = await generateTicketData(
      env.database,
      {
        organizations: 1,
        ticketsTotal: 200_000,
        customersTotal: 10_000,
        techniciansTotal: 500,
        partnersPerOrganization: 4,
      },
      progress,
    );
    const organizationId = generated.demoOrganizationId;
    progress('pricing the closed partner tickets');
    await query(
      `UPDATE ticket SET partner_amount_paise = 25000 + (abs(hashtext(id)) % 50) * 1000
       WHERE organization_id = $1 AND state = 'CLOSED' AND partner_party_id IS NOT NULL
         AND partner_amount_paise IS NULL`,
      [organizationId],
    );
    await query('VACUUM ANALYZE ticket');
    const partners = await query<{ id: string; name: string; tickets: string }>(
      `SELECT p.id, p.name, count(t.id) AS tickets FROM party p
         JOIN ticket t ON t.organization_id = p.organization_id AND t.partner_party_id = p.id
                      AND t.state = 'CLOSED' AND t.partner_amount_paise IS NOT NULL
        WHERE p.organization_id = $1 AND p.name LIKE 'Bench Partner %'
        GROUP BY p.id, p.name ORDER BY p.name`,
      [organizationId],
    );
    note(
      `${partners.reduce((sum, partner) => sum + Number(partner.tickets), 0).toLocaleString('en-US')} closed, priced tickets of ${partners.length} partners`,
    );

    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));

    // Generating: each partner's payout for each of the last full months, one call at a time.
    progress(`generating ${partners.length * MONTHS} monthly payouts`);
    const timings: { ms: number; tickets: number }[] = [];
    let biggest = { id: '', tickets: 0 };
    for (const partner of partners) {
      for (let back = 1; back <= MONTHS; back++) {
        const request = operationRequest(env.baseUrl, cookies[0], GeneratePayout, {
          party_id: partner.id,
          ...monthBefore(back),
        });
        const started = performance.now();
        const response = await fetch(request.url, {
          method: 'POST',
          headers: request.headers,
          body: request.body,
        });
        const text = await response.text();
        const took = performance.now() - started;
        if (!text.includes('SUCCESS') || !/payout_id/.test(text))
          throw new Error(`GeneratePayout failed: ${text.slice(0, 300)}`);
        // The envelope's first item: its id and how many tickets it took.
        const item = {
          payout_id: /payout_id\\?":\\?"([^"\\]+)/.exec(text)?.[1] ?? '',
          ticket_count: Number(/ticket_count\\?":(\d+)/.exec(text)?.[1] ?? 0),
        };
        timings.push({ ms: took, tickets: item.ticket_count });
        if (item.ticket_count > biggest.tickets) biggest = { id: item.payout_id, tickets: item.ticket_count };
      }
    }
    const sorted = [...timings].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)];
    const slowest = sorted[sorted.length - 1];
    const lines = timings.reduce((sum, timing) => sum + timing.tickets, 0);
    note(
      `GeneratePayout, ${timings.length} monthly payouts of ${lines.toLocaleString('en-US')} tickets in all: median ${ms(median.ms)} (${median.tickets} tickets), slowest ${ms(slowest.ms)} (${slowest.tickets} tickets), ${formatFixed(lines / (timings.reduce((sum, timing) => sum + timing.ms, 0) / 1000), 0)} ticket lines a second`,
    );
    await query('VACUUM ANALYZE payout, payout_line');

    // (a) What a month holds, before generating: this month, for each worker's partner.
    await measureOperationAgainstSql(
      context,
      'preview',
      "PreviewPayout a partner's month",
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, PreviewPayout, {
          party_id: partners[worker % partners.length].id,
          ...monthBefore(0),
          period_to: new Date().toISOString().slice(0, 10),
        }),
      ),
    );

    // (b) The payouts screen's first page, newest first.
    await measureOperationAgainstSql(
      context,
      'invoices',
      'ListInvoice (page of 25)',
      cookies.map((cookie) => operationRequest(env.baseUrl, cookie, ListInvoice, { page_size: 25 })),
    );

    // (c) The biggest payout's tickets, a page of 50 in closing order.
    await measureOperationAgainstSql(
      context,
      'payout-tickets',
      `ListPayoutTickets a payout of ${biggest.tickets} tickets (page of 50)`,
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, ListPayoutTickets, {
          payout_id: biggest.id,
          page_size: 50,
          page: 1 + (worker % 3),
        }),
      ),
    );
  },
});
