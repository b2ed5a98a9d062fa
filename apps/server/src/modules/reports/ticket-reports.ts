import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import {
  AGE_BUCKETS,
  GetMonthlyTicketReport,
  GetPartnersClosedTicketReport,
  GetServiceTypeReport,
  GetTicketAgingReport,
  monthLabel,
  monthsFrom,
  type ReportRow,
} from '@fieldport/contract/operations/reports';
import { ACTIVE_LIST_STATES } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { customerLocation } from '../../db/schema/customers.ts';
import { party } from '../../db/schema/platform.ts';
import { serviceType } from '../../db/schema/settings.ts';
import { territory } from '../../db/schema/territories.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import type { Handler } from '../../platform/handler.ts';
import { defineReport } from '../../platform/reports.ts';
import { startOfDay, withinDays } from '../../platform/organization-days.ts';
import { qualified } from '../../platform/lists.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';

// The ticket reports (docs/reports.md). Each is one aggregate over the tickets the caller may see
// (visibleTickets: a dealer's users their dealer's tickets), grouped by ids; names are read
// afterwards. A report's rows are aggregates, at most a few hundred (partners x months), so the
// page, the totals and the chart are cut from the one result (platform/reports.ts).

export interface TicketFilters {
  territory_id?: string;
  partner_party_id?: string;
  category_id?: string;
  dealer_party_id?: string;
}

export function ticketConditions(caller: Caller, input: TicketFilters): SQL {
  return and(
    visibleTickets(caller),
    input.territory_id ? eq(ticket.territory_id, input.territory_id) : undefined,
    input.partner_party_id ? eq(ticket.partner_party_id, input.partner_party_id) : undefined,
    input.category_id ? eq(ticket.category_id, input.category_id) : undefined,
    input.dealer_party_id ? eq(ticket.dealer_party_id, input.dealer_party_id) : undefined,
  )!;
}

/** The first instant of month 'YYYY-MM' in the organization's time zone. */
export const startOfMonth = (month: string, timeZone: string) => startOfDay(`${month}-01`, timeZone);
/** The first instant after month 'YYYY-MM'. */
export const endOfMonth = (month: string, timeZone: string) =>
  startOfDay(sql`(${`${month}-01`}::date + interval '1 month')`, timeZone);
/** The organization's 'YYYY-MM' of an instant. */
export const monthOf = (column: SQL | typeof ticket.created_at, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
export const DAY_SECONDS = 86_400;
export const daysToClose = sql`extract(epoch from (${qualified(ticket.closed_at)} - ${qualified(ticket.created_at)})) / ${DAY_SECONDS}`;
export const round1 = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/** Names of ids of a table of the caller's organization. */
async function namesOf(
  db: Db,
  table: typeof party | typeof territory | typeof serviceType,
  caller: Caller,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.organization_id, caller.organization.id), inArray(table.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---------------------------------------------------------------------------------------------

export async function ticketAgingRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetTicketAgingReport>,
): Promise<ReportRow[]> {
  const ageDays = sql`extract(epoch from (now() - ${qualified(ticket.created_at)})) / ${DAY_SECONDS}`;
  const key =
    input.group_by === 'PARTNER'
      ? qualified(ticket.partner_party_id)
      : input.group_by === 'TERRITORY'
        ? qualified(ticket.territory_id)
        : sql`(select ${qualified(customerLocation.state)} from ${customerLocation} where ${qualified(customerLocation.id)} = ${qualified(ticket.location_id)})`;
  const buckets = AGE_BUCKETS.map(
    (bucket) =>
      sql`count(*) filter (where ${ageDays} >= ${bucket.from}${bucket.to === null ? sql`` : sql` and ${ageDays} < ${bucket.to}`})::int as ${sql.identifier(bucket.key)}`,
  );
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select ${key} as group_key, ${sql.join(buckets, sql`, `)}, count(*)::int as total
      from ${ticket}
     where ${ticketConditions(caller, input)} and ${inArray(ticket.state, [...ACTIVE_LIST_STATES])}
     group by 1`);
  const keys = result.rows.map((row) => row.group_key as string | null);
  const names =
    input.group_by === 'PARTNER'
      ? await namesOf(db, party, caller, keys)
      : input.group_by === 'TERRITORY'
        ? await namesOf(db, territory, caller, keys)
        : new Map(keys.filter((k): k is string => k !== null).map((k) => [k, k]));
  const none = { PARTNER: 'Not with a partner', TERRITORY: 'No territory', STATE: 'No state' }[
    input.group_by
  ];
  return result.rows
    .map((row) => {
      const out: ReportRow = {
        group_name: row.group_key ? (names.get(row.group_key as string) ?? '') : none,
      };
      for (const bucket of AGE_BUCKETS) out[bucket.key] = Number(row[bucket.key]);
      out.total = Number(row.total);
      return out;
    })
    .sort(
      (a, b) => Number(b.total) - Number(a.total) || String(a.group_name).localeCompare(String(b.group_name)),
    );
}

export const getTicketAgingReport = defineReport(GetTicketAgingReport, {
  rows: ticketAgingRows,
  chart: {
    labelOf: (row) => String(row.group_name),
    series: AGE_BUCKETS.map((bucket) => bucket.key),
  },
});

// ---------------------------------------------------------------------------------------------

/**
 * The caller's organization's tickets that needed more than one visit: ever held, partly closed,
 * reopened or recreated (its partial index, ticket_event_rework_idx). A closed ticket not among
 * them was fixed at the first visit; joined once, not looked up per closed ticket.
 */
const reworked = (caller: Caller) =>
  sql`(select distinct ${qualified(ticketEvent.ticket_id)} as rework_ticket_id from ${ticketEvent}
        where ${qualified(ticketEvent.organization_id)} = ${caller.organization.id}
          and ${qualified(ticketEvent.kind)} in ('HELD', 'PARTIALLY_CLOSED', 'REOPENED', 'RECREATED')) as rework`;

export async function monthlyTicketRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetMonthlyTicketReport>,
): Promise<ReportRow[]> {
  const tz = caller.organization.time_zone;
  const from = startOfMonth(input.from_month, tz);
  const to = endOfMonth(input.to_month, tz);
  const where = ticketConditions(caller, input);
  const createdAt = qualified(ticket.created_at);
  const closedAt = qualified(ticket.closed_at);
  const updatedAt = qualified(ticket.updated_at);
  const state = qualified(ticket.state);
  // Raised by the month it was raised; closed by the month it was closed; discarded by its last
  // change (a discarded ticket changes no more).
  const [raised, closed, discarded] = await Promise.all([
    db.execute<{ month: string; n: number }>(sql`
      select ${monthOf(createdAt, tz)} as month, count(*)::int as n from ${ticket}
       where ${where} and ${createdAt} >= ${from} and ${createdAt} < ${to} group by 1`),
    db.execute<{
      month: string;
      n: number;
      avg_days: number | null;
      p90_days: number | null;
      first_time: number;
    }>(sql`
      select ${monthOf(closedAt, tz)} as month, count(*)::int as n,
             avg(${daysToClose}) as avg_days,
             percentile_cont(0.9) within group (order by ${daysToClose}) as p90_days,
             count(*) filter (where rework.rework_ticket_id is null)::int as first_time
        from ${ticket} left join ${reworked(caller)} on rework.rework_ticket_id = ${qualified(ticket.id)}
       where ${where} and ${state} = 'CLOSED' and ${closedAt} >= ${from} and ${closedAt} < ${to} group by 1`),
    db.execute<{ month: string; n: number }>(sql`
      select ${monthOf(updatedAt, tz)} as month, count(*)::int as n from ${ticket}
       where ${where} and ${state} = 'DISCARDED' and ${updatedAt} >= ${from} and ${updatedAt} < ${to} group by 1`),
  ]);
  const byMonth = <Row extends { month: string }>(rows: Row[]) =>
    new Map(rows.map((row) => [row.month, row]));
  const [raisedBy, closedBy, discardedBy] = [
    byMonth(raised.rows),
    byMonth(closed.rows),
    byMonth(discarded.rows),
  ];
  return monthsFrom(input.from_month, input.to_month).map((month) => {
    const closing = closedBy.get(month);
    const closedCount = Number(closing?.n ?? 0);
    return {
      month: monthLabel(month),
      created: Number(raisedBy.get(month)?.n ?? 0),
      closed: closedCount,
      discarded: Number(discardedBy.get(month)?.n ?? 0),
      avg_days_to_close: round1(closing?.avg_days),
      p90_days_to_close: round1(closing?.p90_days),
      first_time_fix_rate: closedCount
        ? Math.round((Number(closing!.first_time) * 1000) / closedCount) / 10
        : null,
    };
  });
}

export const getMonthlyTicketReport = defineReport(GetMonthlyTicketReport, {
  rows: monthlyTicketRows,
  chart: {
    labelOf: (row) => String(row.month),
    series: ['created', 'closed'],
  },
});

// ---------------------------------------------------------------------------------------------

export async function serviceTypeRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetServiceTypeReport>,
): Promise<ReportRow[]> {
  const tz = caller.organization.time_zone;
  const raisedIn = and(...withinDays(ticket.created_at, input.from_date, input.to_date, tz))!;
  const closedIn = and(
    eq(ticket.state, 'CLOSED'),
    ...withinDays(ticket.closed_at, input.from_date, input.to_date, tz),
  )!;
  const result = await db.execute<{
    service_type_id: string | null;
    created: number;
    closed: number;
    free_of_charge: number;
    revenue: string | number | null;
  }>(sql`
    select ${qualified(ticket.service_type_id)} as service_type_id,
           count(*) filter (where ${raisedIn})::int as created,
           count(*) filter (where ${closedIn})::int as closed,
           count(*) filter (where ${closedIn} and ${qualified(ticket.is_foc)})::int as free_of_charge,
           coalesce(sum(${qualified(ticket.service_charge_paise)}) filter (where ${closedIn} and not ${qualified(ticket.is_foc)}), 0) as revenue
      from ${ticket}
     where ${ticketConditions(caller, input)} and (${raisedIn} or ${closedIn})
     group by 1`);
  const names = await namesOf(
    db,
    serviceType,
    caller,
    result.rows.map((row) => row.service_type_id),
  );
  return result.rows
    .map((row) => ({
      service_type_name: row.service_type_id ? (names.get(row.service_type_id) ?? '') : 'No service type',
      created: Number(row.created),
      closed: Number(row.closed),
      free_of_charge: Number(row.free_of_charge),
      revenue: Number(row.revenue),
    }))
    .sort((a, b) => b.created - a.created || a.service_type_name.localeCompare(b.service_type_name));
}

export const getServiceTypeReport = defineReport(GetServiceTypeReport, {
  rows: serviceTypeRows,
  chart: {
    labelOf: (row) => String(row.service_type_name),
    series: ['created', 'closed'],
  },
});

// ---------------------------------------------------------------------------------------------

export async function partnersClosedRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetPartnersClosedTicketReport>,
): Promise<ReportRow[]> {
  const tz = caller.organization.time_zone;
  const closedAt = qualified(ticket.closed_at);
  const partnerId = qualified(ticket.partner_party_id);
  const result = await db.execute<{
    partner_party_id: string;
    month: string;
    closed: number;
    priced: number;
    partner_amount: string | number;
  }>(sql`
    select ${partnerId} as partner_party_id, ${monthOf(closedAt, tz)} as month, count(*)::int as closed,
           count(${qualified(ticket.partner_amount_paise)})::int as priced,
           coalesce(sum(${qualified(ticket.partner_amount_paise)}), 0) as partner_amount
      from ${ticket}
     where ${ticketConditions(caller, input)} and ${partnerId} is not null and ${qualified(ticket.state)} = 'CLOSED'
       and ${closedAt} >= ${startOfMonth(input.from_month, tz)} and ${closedAt} < ${endOfMonth(input.to_month, tz)}
     group by 1, 2`);
  const names = await namesOf(
    db,
    party,
    caller,
    result.rows.map((row) => row.partner_party_id),
  );
  return result.rows
    .map((row) => ({
      partner_name: names.get(row.partner_party_id) ?? '',
      sort_month: row.month,
      month: monthLabel(row.month),
      closed: Number(row.closed),
      priced: Number(row.priced),
      partner_amount: Number(row.partner_amount),
    }))
    .sort((a, b) => a.sort_month.localeCompare(b.sort_month) || a.partner_name.localeCompare(b.partner_name))
    .map(({ sort_month: _, ...row }) => row);
}

export const getPartnersClosedTicketReport = defineReport(GetPartnersClosedTicketReport, {
  rows: partnersClosedRows,
  chart: {
    labelOf: (row) => `${row.partner_name} · ${row.month}`,
    series: ['closed'],
  },
});

export const reportHandlers: Handler[] = [
  getTicketAgingReport,
  getMonthlyTicketReport,
  getServiceTypeReport,
  getPartnersClosedTicketReport,
] as Handler[];
