import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import {
  coverageOn,
  FLEET_ITEM_TICKETS_SHOWN,
  FLEET_MESSAGES,
  type Coverage,
  type FleetItemTicket,
} from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../../db/client.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput } from '../../platform/errors.ts';
import { containsPattern } from '../../platform/lists.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';
import { addFleetEvent, fleetItemsVisibleTo, theItem } from './fleet-rules.ts';

// Tickets and the fleet (docs/product-fleet.md#tickets): a ticket
// raised for an item records the coverage it was raised under, a closed ticket under AMC uses one
// of the AMC's visits, tickets raised earlier with the item's serial number are linked to it, and
// the item's page lists its tickets.

/** The ticket's columns a fleet item decides. */
export interface TicketFleetColumns {
  fleet_item_id: string;
  serial_number: string;
  coverage: Coverage;
  coverage_until: string | null;
  coverage_visits_left: number | null;
  /** A ticket under warranty or AMC is free for the customer until a co-ordinator says otherwise. */
  is_foc: boolean;
  under_warranty: boolean;
}

/** Where a ticket for an item goes, and what it records about the item. */
export interface TicketOfFleetItem {
  customer_id: string;
  location_id: string;
  columns: TicketFleetColumns;
}

/**
 * The item a new ticket is raised for, checked as the caller may see it: another organization's
 * or another dealer's item is "not found" (nothing said of whether it exists); an item waiting for
 * approval, rejected or withdrawn, an inactive one, or one not installed at a customer is refused.
 * The ticket's customer, location and service, when sent, must be the item's; absent, they are the
 * item's. The coverage is the item's on the organization's today.
 */
export async function fleetItemForTicket(
  db: Db,
  caller: Caller,
  input: {
    fleet_item_id: string;
    customer_id: string | null;
    location_id: string | null;
    service_id: string;
    under_warranty: boolean;
  },
): Promise<TicketOfFleetItem> {
  const [item] = await db
    .select()
    .from(fleetItem)
    .where(and(fleetItemsVisibleTo(caller), eq(fleetItem.id, input.fleet_item_id)));
  if (!item) throw badInput(FLEET_MESSAGES.notFound, 'fleet_item_id');
  if (item.approval_state !== 'APPROVED') throw badInput(FLEET_MESSAGES.ticketItemPending, 'fleet_item_id');
  if (item.status !== 'ACTIVE') throw badInput(FLEET_MESSAGES.ticketItemInactive, 'fleet_item_id');
  if (!item.customer_id || !item.location_id) {
    throw badInput(FLEET_MESSAGES.ticketItemNotInstalled, 'fleet_item_id');
  }
  if (input.customer_id && input.customer_id !== item.customer_id) {
    throw badInput(FLEET_MESSAGES.ticketItemElsewhere('customer'), 'customer_id');
  }
  if (input.location_id && input.location_id !== item.location_id) {
    throw badInput(FLEET_MESSAGES.ticketItemElsewhere('location'), 'location_id');
  }
  if (input.service_id !== item.service_id) {
    throw badInput(FLEET_MESSAGES.ticketItemElsewhere('service'), 'service_id');
  }
  const coverage = coverageOn(item, dayIn(caller.organization.time_zone));
  return {
    customer_id: item.customer_id,
    location_id: item.location_id,
    columns: {
      fleet_item_id: item.id,
      serial_number: item.serial_number,
      coverage: coverage.coverage,
      coverage_until: coverage.covered_until,
      coverage_visits_left: coverage.visits_left,
      is_foc: coverage.coverage !== 'OUT_OF_WARRANTY',
      // The raiser's own "under warranty" is kept (a goodwill repair); the fleet only adds to it.
      under_warranty: input.under_warranty || coverage.coverage === 'IN_WARRANTY',
    },
  };
}

/**
 * A closed ticket that was raised under its item's AMC uses one of the AMC's visits, once: the
 * ticket keeps that it was counted (`amc_visit_counted`), so a ticket reopened and closed again
 * uses no second visit. Called in the closing transaction. An item whose AMC was removed since
 * has no visits to use.
 */
export async function useAmcVisit(
  db: Db,
  caller: Caller,
  row: { id: string; organization_id: string; ticket_number: string },
): Promise<void> {
  const [counted] = await db
    .update(ticket)
    .set({ amc_visit_counted: true })
    .where(
      and(
        eq(ticket.organization_id, row.organization_id),
        eq(ticket.id, row.id),
        eq(ticket.coverage, 'UNDER_AMC'),
        eq(ticket.amc_visit_counted, false),
        isNotNull(ticket.fleet_item_id),
      ),
    )
    .returning({ fleet_item_id: ticket.fleet_item_id });
  if (!counted?.fleet_item_id) return;
  const [item] = await db
    .update(fleetItem)
    .set({ amc_visits_used: sql`${fleetItem.amc_visits_used} + 1`, updated_at: new Date() })
    .where(and(theItem(caller, counted.fleet_item_id), isNotNull(fleetItem.amc_type_id)))
    .returning({ used: fleetItem.amc_visits_used, included: fleetItem.amc_visits_included });
  if (!item) return;
  const visit =
    item.included === null
      ? `visit ${item.used} used (unlimited visits)`
      : `visit ${item.used} of ${item.included} used`;
  await addFleetEvent(
    db,
    caller,
    counted.fleet_item_id,
    'AMC_VISIT_USED',
    `Ticket ${row.ticket_number} closed: ${visit}`,
  );
}

/**
 * Links the organization's tickets of the item's product with its serial number (compared
 * upper-cased and trimmed) and no fleet item yet to the item: tickets raised with a free-text
 * serial before the item was added, or before its serial was corrected. Their coverage stays
 * unknown (null): they were not raised under it. Returns how many were linked.
 */
export async function linkEarlierTickets(
  db: Db,
  caller: Caller,
  item: { id: string; service_id: string; serial_number: string },
): Promise<number> {
  const linked = await db
    .update(ticket)
    .set({ fleet_item_id: item.id })
    .where(
      and(
        inOrganization(ticket, caller),
        eq(ticket.service_id, item.service_id),
        isNull(ticket.fleet_item_id),
        // The serial's trigram index finds the candidates; the comparison after it is exact.
        sql`${ticket.serial_number} ilike ${containsPattern(item.serial_number)}`,
        sql`upper(trim(${ticket.serial_number})) = ${item.serial_number}`,
      ),
    )
    .returning({ id: ticket.id });
  return linked.length;
}

/**
 * The item's tickets the caller may see (the tickets' own scope: a dealer's users those their
 * dealer raised), newest first, at most FLEET_ITEM_TICKETS_SHOWN, and how many there are.
 */
export async function fleetItemTickets(
  db: Db,
  caller: Caller,
  fleetItemId: string,
): Promise<{ tickets: FleetItemTicket[]; ticket_count: number }> {
  const where = and(visibleTickets(caller), eq(ticket.fleet_item_id, fleetItemId));
  const rows = await db
    .select({
      id: ticket.id,
      ticket_number: ticket.ticket_number,
      state: ticket.state,
      coverage: ticket.coverage,
      created_at: ticket.created_at,
      closed_at: ticket.closed_at,
    })
    .from(ticket)
    .where(where)
    .orderBy(desc(ticket.created_at), desc(ticket.id))
    .limit(FLEET_ITEM_TICKETS_SHOWN);
  const ticket_count =
    rows.length < FLEET_ITEM_TICKETS_SHOWN
      ? rows.length
      : (await db.select({ n: count() }).from(ticket).where(where))[0].n;
  return {
    tickets: rows.map((row) => ({
      ticket_id: row.id,
      ticket_number: row.ticket_number,
      state: row.state,
      coverage: row.coverage,
      created_on: row.created_at.toISOString(),
      closed_on: row.closed_at?.toISOString() ?? null,
    })),
    ticket_count,
  };
}
