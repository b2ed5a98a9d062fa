import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PurchaseOrderState } from '@fieldport/contract/operations/purchasing';
import type { TaxSupply } from '@fieldport/contract/tax';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { organization, user } from './identity.ts';
import { component, stockMovement, store } from './inventory.ts';

// Purchasing (docs/purchasing.md): vendors and purchase orders.

/** A vendor of spare parts. A GSTIN, when given, is unique per organization. */
export const vendor = pgTable(
  'vendor',
  {
    ...masterColumns(),
    name: text().notNull(),
    gstin: text(),
    contact_person: text(),
    phone: text(),
    email: text(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    pincode: text().notNull(),
  },
  (table) => [
    uniqueNameIndex('vendor_org_name_uq', table.organization_id, table.name),
    uniqueIndex('vendor_org_gstin_uq')
      .on(table.organization_id, table.gstin)
      .where(sql`${table.gstin} IS NOT NULL`),
    trigramIndex('vendor_name_trgm', table.name),
    trigramIndex('vendor_city_trgm', table.city),
    trigramIndex('vendor_gstin_trgm', table.gstin),
    index('vendor_org_city_idx').on(table.organization_id, sql`lower(${table.city})`),
    index('vendor_org_created_idx').on(table.organization_id, table.created_at),
  ],
);

/**
 * A purchase order (docs/purchasing.md#purchase-orders) to a vendor for delivery into a store. Its
 * amounts are the sums of its lines, kept when it is raised (never recomputed from rates); what is
 * received and paid is the sum of its receipts and payments.
 */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** From the organization's sequence per financial year: PO/2026-27/000012. */
    po_number: text().notNull(),
    state: text().$type<PurchaseOrderState>().notNull(),
    vendor_id: text()
      .notNull()
      .references(() => vendor.id, { onDelete: 'restrict' }),
    store_id: text()
      .notNull()
      .references(() => store.id, { onDelete: 'restrict' }),
    supply: text().$type<TaxSupply>().notNull(),
    expected_on: date({ mode: 'string' }),
    note: text(),
    taxable_paise: bigint({ mode: 'number' }).notNull(),
    cgst_paise: bigint({ mode: 'number' }).notNull(),
    sgst_paise: bigint({ mode: 'number' }).notNull(),
    igst_paise: bigint({ mode: 'number' }).notNull(),
    total_paise: bigint({ mode: 'number' }).notNull(),
    /** Kept with every payment in the same transaction: the sum of purchase_order_payment. */
    paid_paise: bigint({ mode: 'number' }).notNull().default(0),
    workflow_request_id: text(),
    decision_comment: text(),
    shared_at: timestamp({ withTimezone: true }),
    shared_to: text(),
    raised_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('purchase_order_org_number_uq').on(table.organization_id, table.po_number),
    index('purchase_order_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('purchase_order_org_state_created_idx').on(
      table.organization_id,
      table.state,
      table.created_at,
      table.id,
    ),
    index('purchase_order_org_vendor_created_idx').on(
      table.organization_id,
      table.vendor_id,
      table.created_at,
      table.id,
    ),
    index('purchase_order_org_store_created_idx').on(
      table.organization_id,
      table.store_id,
      table.created_at,
      table.id,
    ),
    trigramIndex('purchase_order_number_trgm', table.po_number),
    check('purchase_order_paid_within_total', sql`${table.paid_paise} BETWEEN 0 AND ${table.total_paise}`),
  ],
);

/** A component on a purchase order, its price and its tax then, each component once. */
export const purchaseOrderLine = pgTable(
  'purchase_order_line',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    purchase_order_id: text()
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    component_id: text()
      .notNull()
      .references(() => component.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    unit_price_paise: bigint({ mode: 'number' }).notNull(),
    discount_paise: bigint({ mode: 'number' }).notNull(),
    tax_rate_bp: integer().notNull(),
    taxable_paise: bigint({ mode: 'number' }).notNull(),
    cgst_paise: bigint({ mode: 'number' }).notNull(),
    sgst_paise: bigint({ mode: 'number' }).notNull(),
    igst_paise: bigint({ mode: 'number' }).notNull(),
    total_paise: bigint({ mode: 'number' }).notNull(),
    /** Kept with every receipt in the same transaction: the sum of its receipt lines. */
    received_quantity: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex('purchase_order_line_component_uq').on(table.purchase_order_id, table.component_id),
    index('purchase_order_line_order_idx').on(table.purchase_order_id, table.position),
    check('purchase_order_line_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'purchase_order_line_received_within_ordered',
      sql`${table.received_quantity} BETWEEN 0 AND ${table.quantity}`,
    ),
  ],
);

/** Goods received against a purchase order: one ledger movement (its rows share movement_group_id). */
export const purchaseOrderReceipt = pgTable(
  'purchase_order_receipt',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    purchase_order_id: text()
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    /** The vendor's invoice or delivery challan. */
    reference: text().notNull(),
    note: text(),
    movement_group_id: text().notNull(),
    received_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('purchase_order_receipt_order_idx').on(table.purchase_order_id, table.created_at)],
);

/** A line of a receipt: the ledger's RECEIVE row it wrote. */
export const purchaseOrderReceiptLine = pgTable(
  'purchase_order_receipt_line',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    receipt_id: text()
      .notNull()
      .references(() => purchaseOrderReceipt.id, { onDelete: 'cascade' }),
    line_id: text()
      .notNull()
      .references(() => purchaseOrderLine.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    stock_movement_id: text()
      .notNull()
      .references(() => stockMovement.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('purchase_order_receipt_line_receipt_idx').on(table.receipt_id),
    check('purchase_order_receipt_line_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** A payment to the vendor against a purchase order. */
export const purchaseOrderPayment = pgTable(
  'purchase_order_payment',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    purchase_order_id: text()
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    amount_paise: bigint({ mode: 'number' }).notNull(),
    paid_on: date({ mode: 'string' }).notNull(),
    reference: text().notNull(),
    note: text(),
    recorded_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('purchase_order_payment_order_idx').on(table.purchase_order_id, table.paid_on),
    check('purchase_order_payment_amount_positive', sql`${table.amount_paise} > 0`),
  ],
);
