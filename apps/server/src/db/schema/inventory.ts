import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ComponentRequestState,
  ComponentUnit,
  MrfState,
  StockMovementType,
} from '@fieldport/contract/operations/inventory';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import type { StoredAttachment } from './files.ts';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';
import { additionalPart } from './settings.ts';
import { ticket } from './tickets.ts';

// Spare parts (docs/inventory.md): components, stores, each store's stock and the stock ledger.

/** A spare part: its part number is unique per organization; prices in paise, GST in basis points. */
export const component = pgTable(
  'component',
  {
    ...masterColumns(),
    name: text().notNull(),
    part_number: text().notNull(),
    unit: text().$type<ComponentUnit>().notNull().default('NOS'),
    price_paise: bigint({ mode: 'number' }).notNull(),
    /** GST rate in basis points: 1800 is 18%. */
    tax_rate_bp: integer().notNull(),
    hsn_code: text(),
    /** The products (services of the catalogue) the part fits; List_Services counts them. */
    service_ids: jsonb().$type<string[]>().notNull().default([]),
    reorder_level: integer().notNull().default(0),
    /** Photos (uploads of purpose COMPONENT_PHOTO). */
    files: jsonb().$type<StoredAttachment[]>().notNull().default([]),
  },
  (table) => [
    uniqueNameIndex('component_org_part_number_uq', table.organization_id, table.part_number),
    index('component_org_name_idx').on(table.organization_id, sql`lower(${table.name})`),
    index('component_org_created_idx').on(table.organization_id, table.created_at),
    trigramIndex('component_name_trgm', table.name),
    trigramIndex('component_part_number_trgm', table.part_number),
    // "Which parts fit this product": List_Services' component_ids, a component filter by product.
    index('component_service_ids_gin').using('gin', table.service_ids),
  ],
);

/**
 * A store (service centre): the organization's own (party_id null) or a service partner's, whose
 * users see and manage only their own. Managers are users who approve its component requests.
 */
export const store = pgTable(
  'store',
  {
    ...masterColumns(),
    name: text().notNull(),
    party_id: text().references(() => party.id, { onDelete: 'restrict' }),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    pincode: text().notNull(),
    phone: text(),
    manager_user_ids: jsonb().$type<string[]>().notNull().default([]),
  },
  (table) => [
    uniqueNameIndex('store_org_name_uq', table.organization_id, table.name),
    trigramIndex('store_name_trgm', table.name),
    trigramIndex('store_city_trgm', table.city),
    index('store_org_party_idx').on(table.organization_id, table.party_id),
    index('store_org_created_idx').on(table.organization_id, table.created_at),
  ],
);

/**
 * A store's stock of a component: kept in the same transaction as every ledger row, so that it
 * always equals the sum of the ledger (docs/inventory.md#the-ledger). The CHECK is the last guard
 * against negative stock; the movement refuses it first with a message.
 */
export const stockLevel = pgTable(
  'stock_level',
  {
    /**
     * The row's one-column key, for lists (platform/lists.ts pages, sorts and exports by an id):
     * derived from the primary key, so nothing has to make it up.
     */
    id: text()
      .notNull()
      .generatedAlwaysAs(sql`store_id || ':' || component_id`),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    store_id: text()
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    component_id: text()
      .notNull()
      .references(() => component.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(0),
    /** What the units are worth at the moving-average cost, paise: average = value / quantity. */
    value_paise: bigint({ mode: 'number' }).notNull().default(0),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.store_id, table.component_id] }),
    uniqueIndex('stock_level_id_uq').on(table.id),
    check('stock_level_quantity_not_negative', sql`${table.quantity} >= 0`),
    check('stock_level_value_not_negative', sql`${table.value_paise} >= 0`),
    index('stock_level_org_component_idx').on(table.organization_id, table.component_id),
    index('stock_level_org_store_idx').on(table.organization_id, table.store_id),
  ],
);

/** One movement of stock: who, when, why, how many and at what cost. Never changed or deleted. */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    store_id: text()
      .notNull()
      .references(() => store.id, { onDelete: 'cascade' }),
    component_id: text()
      .notNull()
      .references(() => component.id, { onDelete: 'cascade' }),
    movement_type: text().$type<StockMovementType>().notNull(),
    /** Signed change of the store's stock. */
    quantity: integer().notNull(),
    balance_after: integer().notNull(),
    unit_cost_paise: bigint({ mode: 'number' }).notNull(),
    /** Signed change of the store's stock value. */
    value_paise: bigint({ mode: 'number' }).notNull(),
    reference: text(),
    reason: text(),
    ticket_id: text().references(() => ticket.id, { onDelete: 'set null' }),
    technician_user_id: text().references(() => user.id, { onDelete: 'set null' }),
    /**
     * CONSUME only: the units consumed on the ticket and what they cost, paise. The row's quantity
     * and value are 0, since the store gave the units away at ISSUE (docs/inventory.md#the-ledger).
     */
    consumed_quantity: integer(),
    consumed_value_paise: bigint({ mode: 'number' }),
    /** The other store of a transfer. */
    other_store_id: text().references(() => store.id, { onDelete: 'set null' }),
    /** Rows written by one movement (a transfer's out and in, a receipt's lines) share it. */
    movement_group_id: text().notNull(),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movement_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('stock_movement_org_component_created_idx').on(
      table.organization_id,
      table.component_id,
      table.created_at,
      table.id,
    ),
    index('stock_movement_org_store_created_idx').on(
      table.organization_id,
      table.store_id,
      table.created_at,
      table.id,
    ),
    index('stock_movement_ticket_idx')
      .on(table.organization_id, table.ticket_id)
      .where(sql`${table.ticket_id} IS NOT NULL`),
  ],
);

/**
 * A component request (docs/inventory.md#parts-for-a-ticket): parts asked for on a ticket, approved
 * through the workflow (kind COMPONENT_REQUEST, its record this row), then issued by the store to
 * the ticket's technician. The ledger's ISSUE rows carry the request's number as their reference.
 */
export const componentRequest = pgTable(
  'component_request',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** From the organization's sequence: CR-000012. */
    request_number: text().notNull(),
    ticket_id: text()
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    /** The store that issues the components; null when the request has additional parts only. */
    store_id: text().references(() => store.id, { onDelete: 'restrict' }),
    state: text().$type<ComponentRequestState>().notNull(),
    note: text(),
    requested_by: text().references(() => user.id, { onDelete: 'set null' }),
    workflow_request_id: text(),
    decision_comment: text(),
    decided_at: timestamp({ withTimezone: true }),
    issued_to: text().references(() => user.id, { onDelete: 'set null' }),
    issued_by: text().references(() => user.id, { onDelete: 'set null' }),
    issued_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('component_request_org_number_uq').on(table.organization_id, table.request_number),
    index('component_request_org_ticket_idx').on(table.organization_id, table.ticket_id),
    index('component_request_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('component_request_org_state_created_idx').on(
      table.organization_id,
      table.state,
      table.created_at,
      table.id,
    ),
    index('component_request_org_store_created_idx').on(
      table.organization_id,
      table.store_id,
      table.created_at,
      table.id,
    ),
  ],
);

/** A line of a component request: a component or an additional part, with its price then. */
export const componentRequestLine = pgTable(
  'component_request_line',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    request_id: text()
      .notNull()
      .references(() => componentRequest.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    component_id: text().references(() => component.id, { onDelete: 'restrict' }),
    additional_part_id: text().references(() => additionalPart.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    unit_price_paise: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    index('component_request_line_request_idx').on(table.request_id, table.position),
    check(
      'component_request_line_one_part',
      sql`(${table.component_id} IS NULL) <> (${table.additional_part_id} IS NULL)`,
    ),
    check('component_request_line_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * An MRF (docs/inventory.md#mrf): components a ticket needs that its store does not have. The
 * ticket waits ON_HOLD while the MRF is open or held; fulfilled from a receipt, the parts are
 * received into the store and issued to the technician (the ledger's rows name the MRF's number).
 */
export const mrf = pgTable(
  'mrf',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** From the organization's sequence: MRF-000007. */
    mrf_number: text().notNull(),
    ticket_id: text()
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    store_id: text()
      .notNull()
      .references(() => store.id, { onDelete: 'restrict' }),
    state: text().$type<MrfState>().notNull(),
    note: text(),
    /** Why it is held, or was cancelled. */
    reason: text(),
    receipt_reference: text(),
    raised_by: text().references(() => user.id, { onDelete: 'set null' }),
    fulfilled_by: text().references(() => user.id, { onDelete: 'set null' }),
    fulfilled_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mrf_org_number_uq').on(table.organization_id, table.mrf_number),
    index('mrf_org_ticket_idx').on(table.organization_id, table.ticket_id),
    index('mrf_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('mrf_org_state_created_idx').on(table.organization_id, table.state, table.created_at, table.id),
    index('mrf_org_store_created_idx').on(table.organization_id, table.store_id, table.created_at, table.id),
  ],
);

/** A component of an MRF and how many. */
export const mrfLine = pgTable(
  'mrf_line',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    mrf_id: text()
      .notNull()
      .references(() => mrf.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    component_id: text()
      .notNull()
      .references(() => component.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
  },
  (table) => [
    index('mrf_line_mrf_idx').on(table.mrf_id, table.position),
    check('mrf_line_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
