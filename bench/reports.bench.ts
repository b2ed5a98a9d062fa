import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { REPORT_OPERATIONS, type ReportName } from '@fieldport/contract/operations/reports';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';
import { generateTicketData, scaledTicketData } from './lib/ticket-data.ts';

/**
 * The ticket reports (docs/reports.md) at 1,000,000 tickets in 5 organizations (the tickets
 * bench's data; the demo organization holds 200,000, a year of work, with service types and
 * partners' amounts set on them here): each report's p95 over HTTP beside every statement one such
 * call sends, replayed directly. The periods are the widest a person would ask for: a year of
 * months, 90 days of service types. BENCH_TICKET_SCALE scales the data as in the tickets bench;
 * BENCH_REPORTS (names, comma-separated) measures some of them only.
 */

export const benchmark = defineBenchmark({
  name: 'reports',
  title: 'Ticket reports at 1,000,000 tickets: each report over HTTP beside the same SQL directly',
  async run(context) {
    const { env, options, note, progress } = context;
    const database = env.database;
    const data = scaledTicketData(env.kind);
    const started = performance.now();
    const generated = await generateTicketData(database, data, progress);
    const orgId = generated.demoOrganizationId;
    progress('giving the tickets service types, charges and partners amounts');
    await database.query(
      `UPDATE ticket t SET service_type_id = types.ids[1 + abs(hashtext(t.id)) % cardinality(types.ids)],
              service_charge_paise = (abs(hashtext(t.id)) % 5) * 25000,
              is_foc = abs(hashtext(t.id)) % 7 = 0,
              partner_amount_paise = CASE WHEN t.state = 'CLOSED' AND t.partner_party_id IS NOT NULL THEN 30000 END
         FROM (SELECT array_agg(id ORDER BY id) AS ids FROM service_type WHERE organization_id = $1) types
        WHERE t.organization_id = $1`,
      [orgId],
    );
    await database.query(
      `UPDATE organization SET is_enable_partners_monthly_closed_ticket_report_tab = true WHERE id = $1`,
      [orgId],
    );
    await database.query('VACUUM ANALYZE ticket');
    note(
      `${data.ticketsTotal.toLocaleString('en-US')} tickets in ${data.organizations} organizations (the demo organization holds ${generated.ticketsPerOrganization.toLocaleString('en-US')}), generated in ${formatFixed((performance.now() - started) / 1000, 1)} s`,
    );

    progress(`signing in ${options.concurrency} sessions as the demo owner`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(demoEmail('OWNER')));
    const today = dayIn('Asia/Kolkata');
    const month = today.slice(0, 7);
    const yearAgo = `${Number(month.slice(0, 4)) - 1}-${month.slice(5)}`;
    const inputs: Record<ReportName, Record<string, unknown>> = {
      GetTicketAgingReport: { group_by: 'TERRITORY' },
      GetMonthlyTicketReport: { from_month: yearAgo, to_month: month },
      GetServiceTypeReport: { from_date: shiftDay(today, -89), to_date: today },
      GetPartnersClosedTicketReport: { from_month: yearAgo, to_month: month },
      GetProductivityReport: { from_date: shiftDay(today, -89), to_date: today },
      GetMonthlyUserReport: { from_month: yearAgo, to_month: month },
      GetDailyUserReport: { from_date: shiftDay(today, -61), to_date: today },
      ListAttendanceHistory: { from_date: shiftDay(today, -61), to_date: today },
      GetAttendanceSummary: { from_date: shiftDay(today, -61), to_date: today },
      GetAmcRenewalDueReport: { days_ahead: 90 },
    };
    // BENCH_REPORTS=GetDailyUserReport,... measures only those: a slow report's queue then delays
    // no other report's figures.
    const only = (process.env.BENCH_REPORTS ?? '').split(',').filter(Boolean);
    const unknown = only.filter((name) => !(name in inputs));
    if (unknown.length) throw new Error(`BENCH_REPORTS names no report: ${unknown.join(', ')}`);
    for (const [name, input] of Object.entries(inputs) as [ReportName, Record<string, unknown>][]) {
      if (only.length && !only.includes(name)) continue;
      await measureOperationAgainstSql(
        context,
        name,
        `${name} (${Object.entries(input)
          .map(([key, value]) => `${key} ${String(value)}`)
          .join(', ')})`,
        cookies.map((cookie) => operationRequest(env.baseUrl, cookie, REPORT_OPERATIONS[name], input)),
      );
    }
  },
});
