import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  Count_Tickets_By_List,
  List_Open_Tickets,
  List_Technician_Tickets,
  List_closed_Tickets,
  SearchTickets,
  TICKET_LISTS,
  type TicketList,
} from '@fieldport/contract/operations/tickets';
import type { TicketState } from '@fieldport/contract/ticket-states';
import { ticket } from '../../db/schema/tickets.ts';
import { defineHandler } from '../../platform/handler.ts';
import { cappedCount, defineList } from '../../platform/lists.ts';
import { floatingPoolOf, visibleTickets } from './ticket-scope.ts';
import { ticketFilters, ticketSearch, ticketSelect, ticketSort, toTicketItem } from './ticket-item.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * The ticket lists of docs/product.md#ticket-states (Active, Partially Closed, Closed, Inactive),
 * the search over every state, the technician's own lists and the tabs' counts: one select,
 * paginated in SQL, each scoped by who sees which ticket (ticket-scope.ts).
 */

const source = {
  table: ticket,
  select: ticketSelect,
  search: ticketSearch,
  // Every condition reads the ticket's own columns: counting needs no other table.
  count: 'table' as const,
  sort: ticketSort,
  toItem: toTicketItem,
};

export const listOpenTickets = defineList(List_Open_Tickets, {
  ...source,
  filters: (input, caller) => ticketFilters(input, caller),
});

export const listClosedTickets = defineList(List_closed_Tickets, {
  ...source,
  filters: (input, caller) => ticketFilters(input, caller),
});

export const searchTickets = defineList(SearchTickets, {
  ...source,
  filters: (_input, caller) => [visibleTickets(caller)],
});

const TECHNICIAN_VIEWS: Record<'MINE' | 'DONE', TicketState[]> = {
  MINE: ['ASSIGNED', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD', 'PARTIALLY_CLOSED'],
  DONE: ['CLOSED'],
};

/** My tickets, the ones I closed, or the floating pool I may claim from. */
export const listTechnicianTickets = defineList(List_Technician_Tickets, {
  ...source,
  sort: {
    // The earliest visit first (an overdue one before today's), tickets without a date after
    // those with one, then the newest: one row value, so that one ORDER BY term (and the id
    // tie-breaker) does it in SQL. A row compares its NULL fields as larger, so they sort last.
    nearest_visit: sql`row(${ticket.preferred_visit_date}, -extract(epoch from ${ticket.created_at}))`,
    preferred_visit_date: ticket.preferred_visit_date,
    created_on: ticket.created_at,
    priority: ticketSort.priority,
  },
  filters: (input, caller) => [
    inOrganization(ticket, caller),
    input.view === 'FLOATING'
      ? floatingPoolOf(caller)
      : and(
          eq(ticket.technician_id, caller.membership.id),
          inArray(ticket.state, TECHNICIAN_VIEWS[input.view]),
        ),
  ],
});

/**
 * How many tickets each of the four tabs holds under the same filters and search, each counted up
 * to COUNT_CAP (`cappedCount`), so that no tab's count reads the organization's closed tickets.
 */
export const countTicketsByList = defineHandler(Count_Tickets_By_List, async (input, { db, caller }) => {
  const where: SQL | undefined = and(...ticketFilters(input, caller), ticketSearch(input.search, caller));
  const lists = Object.keys(TICKET_LISTS) as TicketList[];
  const counted = await Promise.all(
    lists.map((list) =>
      cappedCount(
        db,
        db
          .select({ one: sql`1` })
          .from(ticket)
          .where(and(where, inArray(ticket.state, [...TICKET_LISTS[list]]))),
      ),
    ),
  );
  const of = <Value>(value: (index: number) => Value) =>
    Object.fromEntries(lists.map((list, index) => [list, value(index)])) as Record<TicketList, Value>;
  return {
    data: {
      counts: of((index) => counted[index].total_count),
      capped: of((index) => counted[index].total_capped),
    },
  };
});
