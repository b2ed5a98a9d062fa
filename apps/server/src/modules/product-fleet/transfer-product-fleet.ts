import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  FLEET_MESSAGES,
  TransferProductFleet,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { OPEN_TICKET_STATES } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { party } from '../../db/schema/platform.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, forbidden } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { addFleetEvent, customerPlace, customerWords, placeWords, type FleetItemRow } from './fleet-rules.ts';
import { listProductFleet, withFileUrls } from './list-product-fleet.ts';

/**
 * TransferProductFleet (docs/product-fleet.md#transfers): approved items move to another customer's
 * location (their dealer stays), or to a dealer's or the organization's stock (they leave their
 * customer). All the chosen items move or none: every refusal names the serial numbers it is
 * about, and each moved item's history gets a TRANSFERRED entry with where it was, where it went
 * and why.
 */

/** At most this many serial numbers are named in one message; the rest are counted. */
const SERIALS_NAMED = 5;

/** "FB0001, FB0002 and 3 more". */
function serialWords(items: Pick<FleetItemRow, 'serial_number'>[]): string {
  const named = items.slice(0, SERIALS_NAMED).map((item) => `'${item.serial_number}'`);
  const more = items.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** The chosen items, locked in id order (two transfers of the same items wait for each other). */
async function lockItems(db: Db, caller: Caller, ids: string[]): Promise<FleetItemRow[]> {
  const rows = await db
    .select()
    .from(fleetItem)
    .where(and(inOrganization(fleetItem, caller), inArray(fleetItem.id, ids)))
    .orderBy(asc(fleetItem.id))
    .for('update');
  if (rows.length !== ids.length) throw badInput(FLEET_MESSAGES.transferNotFound, 'fleet_item_ids');
  return rows;
}

/** Where each item is now, in words for its history: "Asha Rao (098765 43210), Bengaluru". */
async function whereNow(db: Db, caller: Caller, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({
      id: fleetItem.id,
      customer_name: customer.name,
      phone: customer.phone,
      city: customerLocation.city,
      dealer_name: party.name,
    })
    .from(fleetItem)
    .leftJoin(customer, and(eq(customer.id, fleetItem.customer_id), inOrganization(customer, caller)))
    .leftJoin(
      customerLocation,
      and(eq(customerLocation.id, fleetItem.location_id), inOrganization(customerLocation, caller)),
    )
    .leftJoin(party, and(eq(party.id, fleetItem.dealer_party_id), inOrganization(party, caller)))
    .where(and(inOrganization(fleetItem, caller), inArray(fleetItem.id, ids)));
  return new Map(
    rows.map((row) => [
      row.id,
      row.customer_name !== null && row.phone !== null
        ? `${customerWords({ customer_name: row.customer_name, phone: row.phone })}, ${row.city}`
        : `${row.dealer_name ?? 'the organization'}'s stock`,
    ]),
  );
}

/** The dealer whose stock receives the items: an active dealer of the organization. */
async function receivingDealer(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select({ id: party.id, name: party.name })
    .from(party)
    .where(
      and(
        inOrganization(party, caller),
        eq(party.id, id),
        eq(party.kind, 'DEALER'),
        eq(party.status, 'ACTIVE'),
      ),
    );
  if (!row) throw badInput(FLEET_MESSAGES.dealerNotFound, 'dealer_party_id');
  return row;
}

interface TransferTarget {
  /** Where the items go, in their history. */
  words: string;
  /** Where they go, in the answer's message. */
  name: string;
  /** The input field a refusal about the target names. */
  field: string;
  columns: Partial<Pick<FleetItemRow, 'customer_id' | 'location_id' | 'dealer_party_id'>>;
  isThere: (item: FleetItemRow) => boolean;
}

/** To a customer's location: the items keep their dealer. */
async function toCustomer(
  db: Db,
  caller: Caller,
  input: { customer_id: string | null; location_id: string | null },
): Promise<TransferTarget> {
  const place = await customerPlace(db, caller, input.customer_id!, input.location_id);
  return {
    words: placeWords(place),
    name: place.customer_name,
    field: 'customer_id',
    columns: { customer_id: place.customer_id, location_id: place.location_id },
    isThere: (item) => item.customer_id === place.customer_id && item.location_id === place.location_id,
  };
}

/** To a dealer's stock, or the organization's: the items leave their customer. */
async function toStock(
  db: Db,
  caller: Caller,
  input: { dealer_party_id: string | null },
): Promise<TransferTarget> {
  const dealer = input.dealer_party_id ? await receivingDealer(db, caller, input.dealer_party_id) : null;
  const name = dealer ? `${dealer.name}'s stock` : FLEET_MESSAGES.organizationStock;
  return {
    words: name,
    name,
    field: 'dealer_party_id',
    columns: { dealer_party_id: dealer?.id ?? null, customer_id: null, location_id: null },
    isThere: (item) => item.customer_id === null && item.dealer_party_id === (dealer?.id ?? null),
  };
}

export const transferProductFleet = defineHandler(TransferProductFleet, async (input, context) => {
  const { db, caller } = context;
  // A dealer's users keep their own fleet; moving items between owners is the organization's.
  if (caller.party) throw forbidden(FLEET_MESSAGES.transferByStaff);
  const items = await lockItems(db, caller, input.fleet_item_ids);

  const notApproved = items.filter((item) => item.approval_state !== 'APPROVED');
  if (notApproved.length)
    throw conflict(FLEET_MESSAGES.transferNotApproved(serialWords(notApproved)), 'fleet_item_ids');
  const tagWaiting = items.filter((item) => item.pending_customer_id !== null);
  if (tagWaiting.length)
    throw conflict(FLEET_MESSAGES.transferTagWaiting(serialWords(tagWaiting)), 'fleet_item_ids');
  const withOpenTickets = await db
    .selectDistinct({ id: ticket.fleet_item_id })
    .from(ticket)
    .where(
      and(
        inOrganization(ticket, caller),
        inArray(ticket.fleet_item_id, input.fleet_item_ids),
        inArray(ticket.state, [...OPEN_TICKET_STATES]),
      ),
    );
  if (withOpenTickets.length) {
    const open = new Set(withOpenTickets.map((row) => row.id));
    const serials = serialWords(items.filter((item) => open.has(item.id)));
    throw conflict(FLEET_MESSAGES.transferOpenTickets(serials), 'fleet_item_ids');
  }

  const target =
    input.to === 'CUSTOMER' ? await toCustomer(db, caller, input) : await toStock(db, caller, input);
  const already = items.filter(target.isThere);
  if (already.length)
    throw badInput(FLEET_MESSAGES.transferAlreadyThere(serialWords(already), target.name), target.field);

  const from = await whereNow(db, caller, input.fleet_item_ids);
  await db
    .update(fleetItem)
    .set({ ...target.columns, updated_at: new Date() })
    .where(and(inOrganization(fleetItem, caller), inArray(fleetItem.id, input.fleet_item_ids)));
  for (const item of items) {
    await addFleetEvent(
      db,
      caller,
      item.id,
      'TRANSFERRED',
      `From ${from.get(item.id)} to ${target.words}. Reason: ${input.reason}`,
    );
  }

  const moved: FleetItem[] = [];
  for (const item of items) {
    const row = await listProductFleet.list.findById(db, caller, item.id);
    if (row) moved.push(await withFileUrls(row, context.files));
  }
  context.auditTarget = items.map((item) => item.id).join(',');
  return {
    data: { items: moved },
    message: FLEET_MESSAGES.transferred(items.length, items[0].serial_number, target.name),
  };
});
