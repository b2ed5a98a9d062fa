import { and, asc, eq, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import {
  ListCustomers,
  type CustomerDetail,
  type CustomerItem,
  type CustomerLocation,
} from '@fieldport/contract/operations/customers';
import {
  countryName,
  dialCode,
  formatPhoneInternational,
  formatPhoneNational,
  phoneSearchTerm,
} from '@fieldport/contract/phone';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { party } from '../../db/schema/platform.ts';
import { customerCategory } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineList, searchCondition } from '../../platform/lists.ts';
import { statusAndCreatedColumns } from '../../platform/masters.ts';
import { customersVisibleTo, mayEditCustomer } from './customer-rules.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * ListCustomers (the old API's "ListCustomers variants" in one): one list for staff, partners and
 * dealers, scoped by party (a dealer's users see only the dealer's customers), searched by name,
 * email (trigram indexes) or phone (a prefix of the stored digits, btree index), and exported.
 */

type LocationRow = typeof customerLocation.$inferSelect;

function toLocation(
  row: Pick<
    LocationRow,
    | 'id'
    | 'is_primary'
    | 'label'
    | 'address'
    | 'pincode'
    | 'city'
    | 'state'
    | 'country'
    | 'latitude'
    | 'longitude'
  >,
): CustomerLocation {
  return {
    location_id: row.id,
    is_primary: row.is_primary,
    location_label: row.label,
    address: row.address,
    pincode: row.pincode,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * Customers whose phone starts with a phone-like term ('98450', '+91 98450'), through the phone
 * prefix indexes; undefined when the term is not a phone number.
 */
export function customerPhoneStartsWith(term: string): SQL | undefined {
  const phone = phoneSearchTerm(term);
  if (!phone) return undefined;
  return 'e164Prefix' in phone
    ? like(customer.phone, `${phone.e164Prefix}%`)
    : like(customer.phone_national, `${phone.nationalPrefix}%`);
}

/**
 * A phone-like term matches the start of the number; any other term the name or email anywhere.
 * A number is never searched inside names or emails: '98450' means a phone.
 */
export function customerSearch(term: string) {
  return customerPhoneStartsWith(term) ?? searchCondition([customer.name, customer.email], term);
}

export const listCustomers = defineList(ListCustomers, {
  table: customer,
  scope: customersVisibleTo,
  // Counting 100,000 customers through the joins below costs far more than the page itself.
  count: 'table',
  select: {
    id: customer.id,
    name: customer.name,
    phone: customer.phone,
    phone_country: customer.phone_country,
    email: customer.email,
    status: customer.status,
    created_at: customer.created_at,
    party_id: customer.party_id,
    party_name: party.name,
    customer_category_id: customer.customer_category_id,
    category_name: customerCategory.name,
    location_id: customerLocation.id,
    location_label: customerLocation.label,
    address: customerLocation.address,
    pincode: customerLocation.pincode,
    city: customerLocation.city,
    state: customerLocation.state,
    country: customerLocation.country,
    latitude: customerLocation.latitude,
    longitude: customerLocation.longitude,
    secondary_count:
      sql<number>`(select count(*) from customer_location s where s.customer_id = ${customer.id} and not s.is_primary)`.mapWith(
        Number,
      ),
  },
  join: (query) =>
    query
      .leftJoin(
        customerCategory,
        and(
          eq(customerCategory.id, customer.customer_category_id),
          eq(customerCategory.organization_id, customer.organization_id),
        ),
      )
      .leftJoin(
        party,
        and(eq(party.id, customer.party_id), eq(party.organization_id, customer.organization_id)),
      )
      .leftJoin(
        customerLocation,
        and(eq(customerLocation.customer_id, customer.id), eq(customerLocation.is_primary, true)),
      ),
  search: customerSearch,
  sort: {
    customer_name: sql`lower(${customer.name})`,
    customer_created_on: customer.created_at,
  },
  status: customer.status,
  filters: (input) => [
    input.customer_category_id ? eq(customer.customer_category_id, input.customer_category_id) : undefined,
    input.party_id ? eq(customer.party_id, input.party_id) : undefined,
    input.owned_by === 'ORGANIZATION' ? isNull(customer.party_id) : undefined,
    input.owned_by === 'DEALERS'
      ? sql`exists (select 1 from party d where d.id = ${customer.party_id} and d.organization_id = ${customer.organization_id} and d.kind = 'DEALER')`
      : undefined,
  ],
  toItem: (row, caller): CustomerItem => ({
    customer_id: row.id,
    customer_name: row.name,
    customer_phone: row.phone,
    phone_country: row.phone_country,
    customer_phone_national: formatPhoneNational(row.phone),
    dial_code: dialCode(row.phone_country),
    customer_email: row.email,
    customer_category_id: row.customer_category_id,
    customer_category_name: row.category_name,
    customer_status: row.status,
    customer_created_on: row.created_at.toISOString(),
    party_id: row.party_id,
    party_name: row.party_name,
    may_edit: mayEditCustomer(caller, row),
    // Every customer is created with its primary location in the same transaction.
    primary_location: toLocation({
      id: row.location_id ?? '',
      is_primary: true,
      label: row.location_label,
      address: row.address ?? '',
      pincode: row.pincode ?? '',
      city: row.city ?? '',
      state: row.state ?? '',
      country: (row.country ?? row.phone_country) as CountryCode,
      latitude: row.latitude,
      longitude: row.longitude,
    }),
    secondary_location_count: row.secondary_count,
  }),
  export: {
    title: 'Customers',
    columns: [
      { header: 'Name', width: 32, value: (item) => item.customer_name },
      { header: 'Phone', width: 20, value: (item) => formatPhoneInternational(item.customer_phone) },
      { header: 'Email', width: 30, value: (item) => item.customer_email },
      { header: 'Category', width: 16, value: (item) => item.customer_category_name },
      { header: 'Address', width: 40, value: (item) => item.primary_location.address },
      { header: 'Pincode', width: 10, value: (item) => item.primary_location.pincode },
      { header: 'City', width: 16, value: (item) => item.primary_location.city },
      { header: 'State', width: 16, value: (item) => item.primary_location.state },
      { header: 'Country', width: 12, value: (item) => countryName(item.primary_location.country) },
      { header: 'Latitude', width: 11, value: (item) => item.primary_location.latitude },
      { header: 'Longitude', width: 11, value: (item) => item.primary_location.longitude },
      { header: 'Secondary locations', width: 10, value: (item) => item.secondary_location_count },
      { header: 'Belongs to', width: 24, value: (item) => item.party_name ?? 'Organization' },
      ...statusAndCreatedColumns<CustomerItem>('customer_status', 'customer_created_on'),
    ],
  },
});

/** A customer with every location, scoped like the list (party included); undefined when not visible. */
export async function readCustomerDetail(
  db: Db,
  caller: Caller,
  id: string,
): Promise<CustomerDetail | undefined> {
  const item = await listCustomers.list.findById(db, caller, id);
  if (!item) return undefined;
  const secondary = await db
    .select()
    .from(customerLocation)
    .where(
      and(
        eq(customerLocation.customer_id, id),
        inOrganization(customerLocation, caller),
        eq(customerLocation.is_primary, false),
      ),
    )
    .orderBy(asc(customerLocation.created_at), asc(customerLocation.id));
  return { ...item, secondary_locations: secondary.map(toLocation) };
}
