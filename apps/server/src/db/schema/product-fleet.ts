import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FleetApprovalState, FleetEventKind } from '@fieldport/contract/operations/product-fleet';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { customer, customerLocation } from './customers.ts';
import type { StoredAttachment } from './files.ts';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';
import { service } from './product-catalogue.ts';
import { productFleetStatus } from './settings.ts';

// The installed fleet (docs/product-fleet.md): AMC types, fleet items and each item's history.

/** A kind of annual maintenance contract: its length, visits (null: unlimited), price and products. */
export const amcType = pgTable(
  'amc_type',
  {
    ...masterColumns(),
    name: text().notNull(),
    duration_months: integer().notNull(),
    visits: integer(),
    price_paise: bigint({ mode: 'number' }).notNull(),
    /** The services (products) it covers; empty: every product. */
    service_ids: jsonb().$type<string[]>().notNull().default([]),
  },
  (table) => [
    uniqueNameIndex('amc_type_org_name_uq', table.organization_id, table.name),
    trigramIndex('amc_type_name_trgm', table.name),
  ],
);

/**
 * One physical product: serial number unique per organization and product. `dealer_party_id` is
 * the dealer it was sold through (a dealer's users see these only); customer and location are
 * where it is installed (null: in stock). Days are the organization's, stored as `date`.
 */
export const fleetItem = pgTable(
  'fleet_item',
  {
    ...masterColumns(),
    serial_number: text().notNull(),
    service_id: text()
      .notNull()
      .references(() => service.id),
    customer_id: text().references(() => customer.id, { onDelete: 'set null' }),
    location_id: text().references(() => customerLocation.id, { onDelete: 'set null' }),
    dealer_party_id: text().references(() => party.id, { onDelete: 'set null' }),
    invoice_date: date({ mode: 'string' }),
    installation_date: date({ mode: 'string' }),
    warranty_months: integer(),
    /** Explicit, or counted from installation (or invoice) and months when the item is saved. */
    warranty_end_date: date({ mode: 'string' }),
    /** Whether `warranty_end_date` was given rather than counted (the form shows it so). */
    warranty_end_explicit: boolean().notNull().default(false),
    amc_type_id: text().references(() => amcType.id),
    amc_start_date: date({ mode: 'string' }),
    amc_end_date: date({ mode: 'string' }),
    /** Copied from the AMC type when attached; null: unlimited. */
    amc_visits_included: integer(),
    amc_visits_used: integer().notNull().default(0),
    product_fleet_status_id: text().references(() => productFleetStatus.id, { onDelete: 'set null' }),
    notes: text(),
    /** Invoices, warranty cards, photos (uploads of purpose FLEET_FILE attached to the item). */
    files: jsonb().$type<StoredAttachment[]>().notNull().default([]),
    approval_state: text().$type<FleetApprovalState>().notNull().default('APPROVED'),
    /** A dealer's tagging waiting for approval: where the item would go. */
    pending_customer_id: text().references(() => customer.id, { onDelete: 'set null' }),
    pending_location_id: text().references(() => customerLocation.id, { onDelete: 'set null' }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('fleet_item_org_service_serial_uq').on(
      table.organization_id,
      table.service_id,
      table.serial_number,
    ),
    // A search by the start of a serial number: a btree with text_pattern_ops serves LIKE 'x%'.
    index('fleet_item_org_serial_prefix_idx').on(
      table.organization_id,
      table.serial_number.op('text_pattern_ops'),
    ),
    index('fleet_item_org_customer_idx').on(table.organization_id, table.customer_id),
    index('fleet_item_org_dealer_created_idx').on(
      table.organization_id,
      table.dealer_party_id,
      table.created_at,
      table.id,
    ),
    index('fleet_item_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('fleet_item_org_pending_idx')
      .on(table.organization_id, table.approval_state)
      .where(sql`${table.approval_state} <> 'APPROVED'`),
  ],
);

/** The history of an item: created, changed, approved, tagged, moved; who and when. */
export const fleetItemEvent = pgTable(
  'fleet_item_event',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    fleet_item_id: text()
      .notNull()
      .references(() => fleetItem.id, { onDelete: 'cascade' }),
    kind: text().$type<FleetEventKind>().notNull(),
    details: text(),
    actor_user_id: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('fleet_item_event_item_idx').on(table.fleet_item_id, table.created_at)],
);
