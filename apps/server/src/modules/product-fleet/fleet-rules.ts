import { and, eq, type SQL } from 'drizzle-orm';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import {
  amcPeriod,
  FLEET_MESSAGES,
  warrantyEnd,
  type FleetEventKind,
  type UpdateProductFleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneNational } from '@fieldport/contract/phone';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { party } from '../../db/schema/platform.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { productFleetStatus } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { uniqueViolation } from '../../platform/masters.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { attachFiles, detachFiles, resolveAttachments } from '../../platform/uploads.ts';
import type { StoredAttachment } from '../../db/schema/files.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { customersVisibleTo } from '../customers/customer-rules.ts';
import { readFleetDetail } from './list-product-fleet.ts';

// The rules every fleet operation shares (docs/product-fleet.md): who sees and changes which
// item (the party wall), the checks of an item's product, dealer, AMC and status, its customer
// and location, one serial number per product in the organization, and the item's history.

export type FleetItemRow = typeof fleetItem.$inferSelect;
/** An item's own fields as the create and edit forms send them. */
export type FleetItemValues = Omit<ParsedInputOf<typeof UpdateProductFleetItem>, 'fleet_item_id'>;

const SERIAL_UNIQUE_INDEX = 'fleet_item_org_service_serial_uq';

/**
 * The items a caller may see: staff every item of the organization; a dealer's users only their
 * dealer's (`dealer_party_id` is the party that owns an item); a service partner's users none,
 * since no item belongs to a partner.
 */
export function fleetItemsVisibleTo(caller: Caller): SQL {
  return inPartyOf(
    { organization_id: fleetItem.organization_id, party_id: fleetItem.dealer_party_id },
    caller,
  );
}

/** Whether the caller may change an item it can read: staff any, a dealer's users their dealer's. */
export function mayEditFleetItem(caller: Caller, row: { dealer_party_id: string | null }): boolean {
  return !caller.party || row.dealer_party_id === caller.party.id;
}

/** A dealer's user: their items and taggings wait for approval. */
export function isDealerUser(caller: Caller): boolean {
  return caller.party?.kind === 'DEALER';
}

/**
 * The item if the caller may change it, locked for the operation. Another organization's item and
 * another dealer's are NOT_FOUND with the same message as an item that does not exist.
 */
export async function findFleetItem(db: Db, caller: Caller, id: string): Promise<FleetItemRow> {
  const [row] = await db
    .select()
    .from(fleetItem)
    .where(and(fleetItemsVisibleTo(caller), eq(fleetItem.id, id)))
    .for('update');
  if (!row || !mayEditFleetItem(caller, row)) throw notFound(FLEET_MESSAGES.notFound);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Customer and location

export interface FleetPlace {
  customer_id: string;
  customer_name: string;
  phone: string;
  location_id: string;
  address: string;
  city: string;
}

/** A customer with one of its locations (the primary one when none is named), by a condition on the customer. */
async function findPlace(db: Db, where: SQL, locationId: string | null) {
  const [row] = await db
    .select({
      customer_id: customer.id,
      customer_name: customer.name,
      phone: customer.phone,
      status: customer.status,
      location_id: customerLocation.id,
      address: customerLocation.address,
      city: customerLocation.city,
    })
    .from(customer)
    .leftJoin(
      customerLocation,
      and(
        eq(customerLocation.customer_id, customer.id),
        locationId ? eq(customerLocation.id, locationId) : eq(customerLocation.is_primary, true),
      ),
    )
    .where(where);
  return row;
}

/** A customer found with its location; undefined when the location is not the customer's. */
function withLocation(row: NonNullable<Awaited<ReturnType<typeof findPlace>>>): FleetPlace | undefined {
  const { location_id, address, city } = row;
  if (location_id === null || address === null || city === null) return undefined;
  return { ...row, location_id, address, city };
}

/**
 * Where an item goes: an active customer the caller may see, and one of its locations (its primary
 * location by default).
 */
export async function customerPlace(
  db: Db,
  caller: Caller,
  customerId: string,
  locationId: string | null,
): Promise<FleetPlace> {
  const row = await findPlace(db, and(customersVisibleTo(caller), eq(customer.id, customerId))!, locationId);
  if (!row || row.status !== 'ACTIVE') throw badInput(FLEET_MESSAGES.customerNotFound, 'customer_id');
  const place = withLocation(row);
  if (!place) throw badInput(FLEET_MESSAGES.locationNotFound, 'location_id');
  return place;
}

/** A place already stored on an item (a tagging being approved), as it is now; undefined when gone. */
export async function storedPlace(
  db: Db,
  caller: Caller,
  customerId: string,
  locationId: string | null,
): Promise<FleetPlace | undefined> {
  const row = await findPlace(
    db,
    and(inOrganization(customer, caller), eq(customer.id, customerId))!,
    locationId,
  );
  return row && withLocation(row);
}

/** "Asha Rao (098765 43210)". */
export function customerWords(place: Pick<FleetPlace, 'customer_name' | 'phone'>): string {
  return `${place.customer_name} (${formatPhoneNational(place.phone)})`;
}

/** "Asha Rao (098765 43210), Bengaluru": a place in an item's history. */
export function placeWords(place: FleetPlace): string {
  return `${customerWords(place)}, ${place.city}`;
}

// ---------------------------------------------------------------------------------------------
// The item's own fields

/**
 * The dealer an item belongs to: staff name an active dealer of the organization (or none: the
 * organization's own); a dealer's user's item is always their dealer's, and naming another is refused.
 */
async function dealerOf(db: Db, caller: Caller, requested: string | null, current?: string | null) {
  if (caller.party) {
    // A service partner's users have no fleet in their menus; nothing of theirs becomes a dealer's.
    if (!isDealerUser(caller)) throw forbidden('Fleet items are kept by the organization and its dealers.');
    if (requested && requested !== caller.party.id) {
      throw badInput(FLEET_MESSAGES.dealerIsYours, 'dealer_party_id');
    }
    return caller.party.id;
  }
  if (!requested) return null;
  const [row] = await db
    .select({ id: party.id, status: party.status })
    .from(party)
    .where(and(inOrganization(party, caller), eq(party.id, requested), eq(party.kind, 'DEALER')));
  if (!row || (row.status !== 'ACTIVE' && row.id !== current)) {
    throw badInput(FLEET_MESSAGES.dealerNotFound, 'dealer_party_id');
  }
  return row.id;
}

/**
 * The AMC columns: an active AMC type of the organization that covers the product (no products:
 * every product), its end counted from the start, its visits copied. An AMC kept as it was (same
 * type, same start) keeps its end and its visits, used ones included; another one starts afresh.
 */
async function amcColumns(
  db: Db,
  caller: Caller,
  values: FleetItemValues,
  product: { id: string; name: string },
  existing?: FleetItemRow,
) {
  if (!values.amc_type_id || !values.amc_start_date) {
    return {
      amc_type_id: null,
      amc_start_date: null,
      amc_end_date: null,
      amc_visits_included: null,
      amc_visits_used: 0,
    };
  }
  const [type] = await db
    .select()
    .from(amcType)
    .where(and(inOrganization(amcType, caller), eq(amcType.id, values.amc_type_id)));
  if (!type || (type.status !== 'ACTIVE' && type.id !== existing?.amc_type_id)) {
    throw badInput(FLEET_MESSAGES.amcTypeNotFound, 'amc_type_id');
  }
  if (type.service_ids.length > 0 && !type.service_ids.includes(product.id)) {
    throw badInput(FLEET_MESSAGES.amcTypeNotForProduct(type.name, product.name), 'amc_type_id');
  }
  const kept = existing?.amc_type_id === type.id && existing.amc_start_date === values.amc_start_date;
  return {
    amc_type_id: type.id,
    amc_start_date: values.amc_start_date,
    ...(kept
      ? {
          amc_end_date: existing.amc_end_date,
          amc_visits_included: existing.amc_visits_included,
          amc_visits_used: existing.amc_visits_used,
        }
      : { ...amcPeriod(type, values.amc_start_date), amc_visits_used: 0 }),
  };
}

/**
 * The columns of an item's own fields after their checks (product, dealer, AMC, status), with the
 * warranty's last day counted as the contract counts it. `existing` is the item on update: what it
 * already refers to may stay although inactive.
 */
export async function fleetColumns(db: Db, caller: Caller, values: FleetItemValues, existing?: FleetItemRow) {
  const product = await requireActiveReference(db, caller, service, {
    id: values.service_id,
    previousId: existing?.service_id,
    field: 'service_id',
    noun: 'product',
    message: FLEET_MESSAGES.productNotFound,
  });
  const dealer_party_id = await dealerOf(db, caller, values.dealer_party_id, existing?.dealer_party_id);
  const amc = await amcColumns(db, caller, values, product, existing);
  if (values.product_fleet_status_id) {
    await requireActiveReference(db, caller, productFleetStatus, {
      id: values.product_fleet_status_id,
      previousId: existing?.product_fleet_status_id ?? undefined,
      field: 'product_fleet_status_id',
      noun: 'product fleet status',
      message: FLEET_MESSAGES.statusNotFound,
    });
  }
  return {
    product,
    columns: {
      serial_number: values.serial_number,
      service_id: product.id,
      dealer_party_id,
      invoice_date: values.invoice_date,
      installation_date: values.installation_date,
      warranty_months: values.warranty_months,
      warranty_end_date: warrantyEnd(values),
      warranty_end_explicit: values.warranty_end_date !== null,
      ...amc,
      product_fleet_status_id: values.product_fleet_status_id,
      notes: values.notes,
    },
  };
}

/**
 * The item's files after a create or update: new uploads of purpose FLEET_FILE, or files the item
 * already has, by name (platform/uploads.ts resolveAttachments).
 */
export function fleetFiles(
  context: OperationContext,
  values: Pick<FleetItemValues, 'fleet_item_files'>,
  existing?: FleetItemRow,
) {
  return resolveAttachments(context, {
    purpose: 'FLEET_FILE',
    field: 'fleet_item_files',
    noun: 'fleet item',
    files: values.fleet_item_files,
    existing: existing?.files ?? [],
    record: existing ? { kind: 'FLEET_ITEM', id: existing.id } : undefined,
  });
}

/** The uploads the item lists now belong to it; those it no longer lists are let go, for the clean-up. */
export async function attachFleetFiles(context: OperationContext, id: string, files: StoredAttachment[]) {
  const record = { kind: 'FLEET_ITEM', id } as const;
  const keys = files.map((file) => file.key);
  await attachFiles(context.db, context.caller, keys, record);
  await detachFiles(context.db, context.caller, record, keys);
}

/**
 * Runs a write of an item; the serial number's unique index (per organization and product) ends
 * as the CONFLICT that names the product, also when two people save the same serial at once.
 */
export async function writeFleetItem<T>(serial: string, product: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error)?.constraint === SERIAL_UNIQUE_INDEX) {
      throw conflict(FLEET_MESSAGES.duplicateSerial(serial, product), 'serial_number');
    }
    throw error;
  }
}

/** The condition on one item of the caller's organization (the item is already found or locked). */
export function theItem(caller: Caller, id: string): SQL {
  return and(inOrganization(fleetItem, caller), eq(fleetItem.id, id))!;
}

// ---------------------------------------------------------------------------------------------
// History and answers

/** One entry of an item's history, by the caller (a hook's caller is the request's decider). */
export async function addFleetEvent(
  db: Db,
  caller: Caller,
  fleetItemId: string,
  kind: FleetEventKind,
  details: string | null = null,
) {
  await db.insert(fleetItemEvent).values({
    id: newId(),
    organization_id: caller.organization.id,
    fleet_item_id: fleetItemId,
    kind,
    details,
    actor_user_id: caller.user.id,
    // The clock, not the transaction's start: entries of one transaction keep their order.
    created_at: new Date(),
  });
}

const DAY_WORDS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day 'YYYY-MM-DD' as people read it: '14 Jan 2027'. */
export function dayWords(day: string): string {
  return DAY_WORDS.format(new Date(`${day}T00:00:00Z`));
}

/** "SN-1234 · Split AC 1.5T · Asha Rao": an item as approval requests name it. */
export function fleetSummary(...parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(' · ');
}

/** The answer of every change: the item with its history, read back in the transaction. */
export async function answerWith(context: OperationContext, id: string, message: string) {
  const detail = await readFleetDetail(context.db, context.caller, context.files, id);
  // The row was written (or read) in this transaction; not finding it would be our mistake.
  if (!detail) throw new Error(`Fleet item ${id} vanished in its own transaction`);
  context.auditTarget = id;
  return { data: { items: [detail] }, message };
}
