import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, type LocationValues } from '@fieldport/contract/operations/customers';
import { checkPhone, formatPhoneInternational } from '@fieldport/contract/phone';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../db/client.ts';
import { customer } from '../../db/schema/customers.ts';
import { customerCategory } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import type { OperationContext } from '../../platform/handler.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/masters.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';
import { readCustomerDetail } from './list-customers.ts';

// The rules every customer operation shares: who may touch which customer, categories of the
// organization, one phone number per customer in the organization.

const PHONE_UNIQUE_INDEX = 'customer_org_phone_uq';

/**
 * The customers a caller may read: the organization's for its staff; for partner and dealer users
 * their own party's and the customers of the tickets they see (docs/customers.md).
 */
export function customersVisibleTo(caller: Caller): SQL {
  if (!caller.party) return inOrganization(customer, caller);
  return and(
    inOrganization(customer, caller),
    or(
      eq(customer.party_id, caller.party.id),
      sql`exists (select 1 from ${ticket} where ${ticket.customer_id} = ${customer.id} and ${visibleTickets(caller)})`,
    ),
  )!;
}

/** Whether the caller may change a customer it can read: staff any, party users their own party's. */
export function mayEditCustomer(caller: Caller, row: { party_id: string | null }): boolean {
  return !caller.party || row.party_id === caller.party.id;
}

/** The customer row if the caller may change it (organization, and party for partner and dealer users). */
export async function findCustomer(db: Db, caller: Caller, id: string) {
  const [row] = await db
    .select()
    .from(customer)
    .where(and(inPartyOf(customer, caller), eq(customer.id, id)));
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return row;
}

/**
 * The category must be one of the organization's, and active, unless the customer already has it
 * (deactivating a category does not force every customer that has it to change).
 */
export async function checkCategory(
  db: Db,
  caller: Caller,
  categoryId: string | null,
  current?: string | null,
) {
  if (!categoryId) return;
  const [row] = await db
    .select({ status: customerCategory.status })
    .from(customerCategory)
    .where(and(inOrganization(customerCategory, caller), eq(customerCategory.id, categoryId)));
  if (!row || (row.status !== 'ACTIVE' && categoryId !== current)) {
    throw badInput(CUSTOMER_MESSAGES.categoryNotFound, 'customer_category_id');
  }
}

/** The phone columns of a validated input (the contract already refused an invalid number). */
export function phoneColumns(phone: string, country: CountryCode) {
  const checked = checkPhone(phone, country);
  if (!checked.ok) throw badInput(checked.message, 'customer_phone');
  return { phone: checked.e164, phone_country: checked.country, phone_national: checked.nationalDigits };
}

/**
 * Refuses a phone number another customer of the organization has, naming that customer only
 * when the caller may see it (a dealer does not learn the names of another dealer's customers).
 */
export async function refuseTakenPhone(db: Db, caller: Caller, e164: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: customer.id, name: customer.name, party_id: customer.party_id })
    .from(customer)
    .where(
      and(
        inOrganization(customer, caller),
        eq(customer.phone, e164),
        exceptId ? ne(customer.id, exceptId) : undefined,
      ),
    );
  if (!taken) return;
  const visible = !caller.party || taken.party_id === caller.party.id;
  throw conflict(
    CUSTOMER_MESSAGES.duplicatePhone(formatPhoneInternational(e164), visible ? taken.name : undefined),
    'customer_phone',
  );
}

/** Runs a write; a race on the phone's unique index ends as the same CONFLICT as the check before it. */
export async function writeCustomer<T>(e164: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error)?.constraint === PHONE_UNIQUE_INDEX) {
      throw conflict(CUSTOMER_MESSAGES.duplicatePhone(formatPhoneInternational(e164)), 'customer_phone');
    }
    throw error;
  }
}

/** A location's columns from a validated location input. */
export function locationColumns(location: LocationValues) {
  return {
    label: location.location_label,
    address: location.address,
    pincode: location.pincode,
    city: location.city,
    state: location.state,
    country: location.country,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

/** The answer of every change: the customer with its locations, read back in the transaction. */
export async function answerWith(context: OperationContext, id: string, message: string) {
  const detail = await readCustomerDetail(context.db, context.caller, id);
  // The row was written (or read) in this transaction; not finding it would be our mistake.
  if (!detail) throw new Error(`Customer ${id} vanished in its own transaction`);
  context.auditTarget = id;
  return { data: { items: [detail] }, message };
}
