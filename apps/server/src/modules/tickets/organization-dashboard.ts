import { and, eq, inArray, sql } from 'drizzle-orm';
import { OrganizationDashboard, type DashboardData } from '@fieldport/contract/operations/tickets';
import { OPEN_TICKET_STATES, TICKET_STATES, type TicketState } from '@fieldport/contract/ticket-states';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { party } from '../../db/schema/platform.ts';
import { territory } from '../../db/schema/territories.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { defineHandler } from '../../platform/handler.ts';
import { dayOf, startOfDay } from '../../platform/organization-days.ts';
import { todayOf, visibleTickets } from './ticket-scope.ts';

/**
 * OrganizationDashboard (docs/tickets.md#operations), scoped like the lists: counts per state,
 * today's created and closed tickets, open tickets per territory and per partner, and the last 30
 * days. Days are the organization's (its time zone).
 */

const TREND_DAYS = 30;

export const organizationDashboard = defineHandler(OrganizationDashboard, async (_input, { db, caller }) => {
  const visible = visibleTickets(caller);
  const timeZone = caller.organization.time_zone;
  const today = todayOf(caller);
  const localDay = (column: PgColumn) => dayOf(column, timeZone);
  const open = inArray(ticket.state, [...OPEN_TICKET_STATES]);

  const byState = await db
    .select({ state: ticket.state, n: sql<number>`count(*)`.mapWith(Number) })
    .from(ticket)
    .where(visible)
    .groupBy(ticket.state);
  const counts_by_state = Object.fromEntries(TICKET_STATES.map((state) => [state, 0])) as Record<
    TicketState,
    number
  >;
  for (const row of byState) counts_by_state[row.state] = row.n;

  const [todays] = await db
    .select({
      created: sql<number>`count(*) filter (where ${localDay(ticket.created_at)} = ${today}::date)`.mapWith(
        Number,
      ),
      closed:
        sql<number>`count(*) filter (where ${ticket.state} = 'CLOSED' and ${localDay(ticket.closed_at)} = ${today}::date)`.mapWith(
          Number,
        ),
    })
    .from(ticket)
    .where(visible);

  const byTerritory = await db
    .select({
      territory_id: ticket.territory_id,
      territory_name: territory.name,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ticket)
    .leftJoin(territory, eq(territory.id, ticket.territory_id))
    .where(and(visible, open))
    .groupBy(ticket.territory_id, territory.name)
    .orderBy(sql`count(*) desc`, territory.name);

  const byPartner = await db
    .select({
      partner_party_id: ticket.partner_party_id,
      partner_name: party.name,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ticket)
    .innerJoin(party, eq(party.id, ticket.partner_party_id))
    .where(and(visible, open))
    .groupBy(ticket.partner_party_id, party.name)
    .orderBy(sql`count(*) desc`, party.name);

  const first = sql`(${today}::date - ${TREND_DAYS - 1}::int)`;
  const since = startOfDay(first, timeZone);
  const created = await db
    .select({
      day: sql<string>`${localDay(ticket.created_at)}::text`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ticket)
    .where(and(visible, sql`${ticket.created_at} >= ${since}`))
    .groupBy(sql`1`);
  const closed = await db
    .select({
      day: sql<string>`${localDay(ticket.closed_at)}::text`,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ticket)
    .where(and(visible, eq(ticket.state, 'CLOSED'), sql`${ticket.closed_at} >= ${since}`))
    .groupBy(sql`1`);
  const createdOn = new Map(created.map((row) => [row.day, row.n]));
  const closedOn = new Map(closed.map((row) => [row.day, row.n]));
  const trend = Array.from({ length: TREND_DAYS }, (_, index) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - (TREND_DAYS - 1 - index));
    const day = date.toISOString().slice(0, 10);
    return { day, created: createdOn.get(day) ?? 0, closed: closedOn.get(day) ?? 0 };
  });

  const data: DashboardData = {
    counts_by_state,
    created_today: todays.created,
    closed_today: todays.closed,
    by_territory: byTerritory.map((row) => ({
      territory_id: row.territory_id,
      territory_name: row.territory_name ?? 'No territory',
      open_tickets: row.n,
    })),
    // Only service partners: the organization's own tickets are not a partner's.
    by_partner: byPartner.map((row) => ({
      partner_party_id: row.partner_party_id!,
      partner_name: row.partner_name,
      open_tickets: row.n,
    })),
    trend,
  };
  return { data };
});
