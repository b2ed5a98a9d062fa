import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import {
  GetDailyUserReport,
  GetMonthlyUserReport,
  GetProductivityReport,
  monthLabel,
  monthsFrom,
  type ReportRow,
} from '@fieldport/contract/operations/reports';
import type { Db } from '../../db/client.ts';
import { member, user } from '../../db/schema/identity.ts';
import { stockMovement } from '../../db/schema/inventory.ts';
import { ticket, ticketClosureOtp, ticketEvent } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import type { Handler } from '../../platform/handler.ts';
import { qualified } from '../../platform/lists.ts';
import { dayWords, startOfDay, withinDays } from '../../platform/organization-days.ts';
import { defineReport } from '../../platform/reports.ts';
import {
  daysToClose,
  endOfMonth,
  monthOf,
  round1,
  startOfMonth,
  ticketConditions,
} from './ticket-reports.ts';
import { chartDay, summedChart } from './summed-chart.ts';

// The reports about people (docs/reports.md): technicians' productivity and each user's tickets by
// month and by day. Counted, like the ticket reports, over visibleTickets(caller) only (ticketConditions).

/** A share of a count in percent with one decimal; null when there is nothing to share. */
const share = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) / 10 : null);

/** The names of memberships of the caller's organization: their person's name. */
async function memberNames(db: Db, caller: Caller, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: member.id, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, caller.organization.id), inArray(member.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names of people by their user id. */
async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---------------------------------------------------------------------------------------------

export async function productivityRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetProductivityReport>,
): Promise<ReportRow[]> {
  const tz = caller.organization.time_zone;
  const ticketId = qualified(ticket.id);
  const organizationId = caller.organization.id;
  // Per closed ticket, looked up by its indexes (ticket_event by ticket, the OTPs by ticket,
  // stock_movement_ticket_idx): ever reopened, closed with a code the customer read out, and the
  // units consumed on it (CONSUME rows carry them, docs/inventory.md#the-ledger).
  const reopened = sql`exists (select 1 from ${ticketEvent} where ${qualified(ticketEvent.organization_id)} = ${organizationId}
      and ${qualified(ticketEvent.ticket_id)} = ${ticketId} and ${qualified(ticketEvent.kind)} = 'REOPENED')`;
  const closedWithOtp = sql`exists (select 1 from ${ticketClosureOtp} where ${qualified(ticketClosureOtp.organization_id)} = ${organizationId}
      and ${qualified(ticketClosureOtp.ticket_id)} = ${ticketId} and ${qualified(ticketClosureOtp.used_at)} is not null)`;
  const partsConsumed = sql`(select coalesce(sum(${qualified(stockMovement.consumed_quantity)}), 0) from ${stockMovement}
      where ${qualified(stockMovement.organization_id)} = ${organizationId} and ${qualified(stockMovement.ticket_id)} = ${ticketId}
        and ${qualified(stockMovement.movement_type)} = 'CONSUME')`;
  const result = await db.execute<{
    technician_id: string | null;
    closed: number;
    avg_days: string | number | null;
    reopened: number;
    otp_closed: number;
    parts_consumed: string | number;
  }>(sql`
    select ${qualified(ticket.technician_id)} as technician_id, count(*)::int as closed,
           avg(${daysToClose}) as avg_days,
           count(*) filter (where ${reopened})::int as reopened,
           count(*) filter (where ${closedWithOtp})::int as otp_closed,
           coalesce(sum(${partsConsumed}), 0) as parts_consumed
      from ${ticket}
     where ${ticketConditions(caller, input)} and ${qualified(ticket.state)} = 'CLOSED'
       and ${and(...withinDays(ticket.closed_at, input.from_date, input.to_date, tz))}
     group by 1`);
  const names = await memberNames(
    db,
    caller,
    result.rows.map((row) => row.technician_id),
  );
  return result.rows
    .map((row) => {
      const closed = Number(row.closed);
      return {
        technician_name: row.technician_id ? (names.get(row.technician_id) ?? '') : 'No technician',
        closed,
        avg_days_to_close: round1(row.avg_days),
        reopen_rate: share(Number(row.reopened), closed),
        otp_closure_rate: share(Number(row.otp_closed), closed),
        parts_consumed: Number(row.parts_consumed),
      };
    })
    .sort((a, b) => b.closed - a.closed || a.technician_name.localeCompare(b.technician_name));
}

export const getProductivityReport = defineReport(GetProductivityReport, {
  rows: productivityRows,
  chart: {
    labelOf: (row) => String(row.technician_name),
    series: ['closed'],
  },
});

// ---------------------------------------------------------------------------------------------

/**
 * The periods the user reports count by: a month ('YYYY-MM', the Monthly User Report) or a day
 * ('YYYY-MM-DD', the Daily User Report), both of the organization's calendar.
 */
interface UserPeriods {
  /** The first instant counted and the first instant after the period. */
  from: SQL;
  to: SQL;
  /** The period ('YYYY-MM' or 'YYYY-MM-DD') of an instant, in SQL. */
  of: (column: SQL) => SQL<string>;
  /** Every period of the report, in order, and how each reads. */
  order: string[];
  label: (period: string) => string;
}

/**
 * The user reports' figures, one row per user per period in which they have one (docs/reports.md):
 * the monthly and the daily report share these definitions and differ only in the periods.
 */
async function userFigureRows(
  db: Db,
  caller: Caller,
  input: { territory_id?: string; partner_party_id?: string },
  periods: UserPeriods,
  periodKey: 'month' | 'day',
): Promise<ReportRow[]> {
  const { from, to } = periods;
  const where = ticketConditions(caller, input);
  const createdAt = qualified(ticket.created_at);
  const assignedAt = qualified(ticket.assigned_at);
  const closedAt = qualified(ticket.closed_at);
  // Raised by the user who created it, in the period raised; assigned to a technician's membership,
  // in the period of the current assignment (assigned_at; an earlier assignment it was taken from
  // counts no more); closed by the user who closed it, in the period closed.
  const [raised, assigned, closed] = await Promise.all([
    db.execute<{ user_id: string; period: string; n: number }>(sql`
      select ${qualified(ticket.created_by)} as user_id, ${periods.of(createdAt)} as period, count(*)::int as n
        from ${ticket}
       where ${where} and ${qualified(ticket.created_by)} is not null and ${createdAt} >= ${from} and ${createdAt} < ${to}
       group by 1, 2`),
    db.execute<{ user_id: string; period: string; n: number }>(sql`
      select ${qualified(member.userId)} as user_id, ${periods.of(assignedAt)} as period, count(*)::int as n
        from ${ticket} join ${member} on ${qualified(member.id)} = ${qualified(ticket.technician_id)}
       where ${where} and ${assignedAt} >= ${from} and ${assignedAt} < ${to}
       group by 1, 2`),
    db.execute<{ user_id: string; period: string; n: number; avg_days: string | number | null }>(sql`
      select ${qualified(ticket.closed_by)} as user_id, ${periods.of(closedAt)} as period, count(*)::int as n,
             avg(${daysToClose}) as avg_days
        from ${ticket}
       where ${where} and ${qualified(ticket.closed_by)} is not null and ${qualified(ticket.state)} = 'CLOSED'
         and ${closedAt} >= ${from} and ${closedAt} < ${to}
       group by 1, 2`),
  ]);
  const figures = new Map<
    string,
    { user_id: string; period: string; created: number; assigned: number; closed: number; avg: unknown }
  >();
  const entry = (userId: string, period: string) => {
    const key = `${userId} ${period}`;
    if (!figures.has(key))
      figures.set(key, { user_id: userId, period, created: 0, assigned: 0, closed: 0, avg: null });
    return figures.get(key)!;
  };
  for (const row of raised.rows) entry(row.user_id, row.period).created = Number(row.n);
  for (const row of assigned.rows) entry(row.user_id, row.period).assigned = Number(row.n);
  for (const row of closed.rows) {
    const figure = entry(row.user_id, row.period);
    figure.closed = Number(row.n);
    figure.avg = row.avg_days;
  }
  const names = await userNames(db, [...new Set([...figures.values()].map((figure) => figure.user_id))]);
  const order = new Map(periods.order.map((period, index) => [period, index]));
  return [...figures.values()]
    .map((figure) => ({ ...figure, user_name: names.get(figure.user_id) ?? '' }))
    .sort(
      (a, b) =>
        (order.get(a.period) ?? 0) - (order.get(b.period) ?? 0) || a.user_name.localeCompare(b.user_name),
    )
    .map((figure) => ({
      user_name: figure.user_name,
      [periodKey]: periods.label(figure.period),
      created: figure.created,
      assigned: figure.assigned,
      closed: figure.closed,
      avg_days_to_close: round1(figure.avg),
    }));
}

export async function monthlyUserRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetMonthlyUserReport>,
): Promise<ReportRow[]> {
  const tz = caller.organization.time_zone;
  return userFigureRows(
    db,
    caller,
    input,
    {
      from: startOfMonth(input.from_month, tz),
      to: endOfMonth(input.to_month, tz),
      of: (column) => monthOf(column, tz),
      order: monthsFrom(input.from_month, input.to_month),
      label: monthLabel,
    },
    'month',
  );
}

export async function dailyUserRows(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof GetDailyUserReport>,
): Promise<ReportRow[]> {
  const tz = caller.organization.time_zone;
  const order: string[] = [];
  for (let day = input.from_date; day <= input.to_date; day = shiftDay(day, 1)) order.push(day);
  return userFigureRows(
    db,
    caller,
    input,
    {
      from: startOfDay(input.from_date, tz),
      to: startOfDay(sql`${input.to_date}::date + 1`, tz),
      of: (column) => sql<string>`to_char(${column} at time zone ${tz}, 'YYYY-MM-DD')`,
      order,
      label: dayWords,
    },
    'day',
  );
}

export const getMonthlyUserReport = defineReport(GetMonthlyUserReport, {
  rows: monthlyUserRows,
  chart: {
    labelOf: (row) => `${row.user_name} · ${row.month}`,
    series: ['created', 'assigned', 'closed'],
  },
});

export const getDailyUserReport = defineReport(GetDailyUserReport, {
  rows: dailyUserRows,
  // Tickets per day over the users shown.
  chart: {
    of: (rows) => summedChart(GetDailyUserReport.name, rows, chartDay, ['created', 'assigned', 'closed']),
  },
});

export const peopleReportHandlers: Handler[] = [
  getProductivityReport,
  getMonthlyUserReport,
  getDailyUserReport,
] as Handler[];
