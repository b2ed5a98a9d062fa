import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CountryCode } from 'libphonenumber-js';
import { masterColumns } from '../columns.ts';
import { trigramIndex } from '../indexes.ts';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';
import { customerCategory } from './settings.ts';

// Customers and their locations (docs/customers.md; docs/product.md#ticket-states: a ticket belongs
// to one customer and one of the customer's locations).

/**
 * A customer of the organization, or of one of its parties: `party_id` is the dealer (or service
 * partner) whose user created it; null for the organization's own. Phones are unique per
 * organization, stored as E.164 with the national digits beside them for prefix search.
 */
export const customer = pgTable(
  'customer',
  {
    ...masterColumns(),
    party_id: text().references(() => party.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** E.164: '+919876543210'. */
    phone: text().notNull(),
    phone_country: text().$type<CountryCode>().notNull(),
    /** The national significant number ('9876543210'): a search for '98765' matches its start. */
    phone_national: text().notNull(),
    email: text(),
    customer_category_id: text().references(() => customerCategory.id, { onDelete: 'set null' }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('customer_org_phone_uq').on(table.organization_id, table.phone),
    // Pages sorted by name or by creation, for the organization and for one party.
    index('customer_org_name_idx').on(table.organization_id, sql`lower(${table.name})`, table.id),
    index('customer_org_party_name_idx').on(
      table.organization_id,
      table.party_id,
      sql`lower(${table.name})`,
      table.id,
    ),
    index('customer_org_created_idx').on(table.organization_id, table.created_at, table.id),
    // A phone search is a prefix of the national number: a btree with text_pattern_ops serves LIKE 'x%'.
    index('customer_org_phone_national_idx').on(
      table.organization_id,
      table.phone_national.op('text_pattern_ops'),
    ),
    index('customer_org_phone_prefix_idx').on(table.organization_id, table.phone.op('text_pattern_ops')),
    trigramIndex('customer_name_trgm', table.name),
    trigramIndex('customer_email_trgm', table.email),
  ],
);

/** One place of a customer: exactly one primary location, and any number of secondary ones. */
export const customerLocation = pgTable(
  'customer_location',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    customer_id: text()
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    is_primary: boolean().notNull(),
    label: text(),
    address: text().notNull(),
    pincode: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    country: text().$type<CountryCode>().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_location_primary_uq')
      .on(table.customer_id)
      .where(sql`${table.is_primary}`),
    index('customer_location_customer_idx').on(table.customer_id, table.created_at),
    // Tickets and territories look customers up by pincode (docs/product.md#assignment-and-claim).
    index('customer_location_org_pincode_idx').on(table.organization_id, table.pincode),
  ],
);
