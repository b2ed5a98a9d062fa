import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PaymentMode } from '@fieldport/contract/operations/purchasing';
import type {
  QuotationLineKind,
  QuotationLineInput,
  QuotationOutcome,
  QuotationState,
} from '@fieldport/contract/operations/quotations';
import type { TaxSupply } from '@fieldport/contract/tax';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { customer, customerLocation } from './customers.ts';
import { member, organization, user } from './identity.ts';
import { party } from './platform.ts';
import { fleetItem } from './product-fleet.ts';
import { ticket } from './tickets.ts';

// Quotations (docs/quotations.md): templates, quotations with their lines, and customers' payments.

/** What a quotation starts from: its texts, its validity and its first lines. */
export const quotationTemplate = pgTable(
  'quotation_template',
  {
    ...masterColumns(),
    name: text().notNull(),
    header_text: text(),
    footer_text: text(),
    terms: text(),
    validity_days: integer().notNull(),
    default_lines: jsonb().$type<QuotationLineInput[]>().notNull().default([]),
  },
  (table) => [
    uniqueNameIndex('quotation_template_org_name_uq', table.organization_id, table.name),
    trigramIndex('quotation_template_name_trgm', table.name),
    index('quotation_template_org_created_idx').on(table.organization_id, table.created_at),
  ],
);

/**
 * One revision of a quotation. Its amounts are the sums of its lines, kept when it is saved; the
 * revisions of one number share it, and only the newest may be live (the others are REVISED).
 */
export const quotation = pgTable(
  'quotation',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** From the organization's sequence per financial year: QT/2026-27/000042. */
    quotation_number: text().notNull(),
    /** The partner or dealer whose people drafted it (they alone of theirs see it); null: the organization's. */
    party_id: text().references(() => party.id, { onDelete: 'set null' }),
    revision: integer().notNull(),
    /** As stored; APPROVED or SENT past valid_until reads EXPIRED (docs/quotations.md#its-life). */
    state: text().$type<QuotationState>().notNull(),
    customer_id: text()
      .notNull()
      .references(() => customer.id, { onDelete: 'restrict' }),
    location_id: text()
      .notNull()
      .references(() => customerLocation.id, { onDelete: 'restrict' }),
    ticket_id: text().references(() => ticket.id, { onDelete: 'set null' }),
    template_id: text().references(() => quotationTemplate.id, { onDelete: 'set null' }),
    supply: text().$type<TaxSupply>().notNull(),
    valid_until: date({ mode: 'string' }).notNull(),
    header_text: text(),
    footer_text: text(),
    terms: text(),
    taxable_paise: bigint({ mode: 'number' }).notNull(),
    cgst_paise: bigint({ mode: 'number' }).notNull(),
    sgst_paise: bigint({ mode: 'number' }).notNull(),
    igst_paise: bigint({ mode: 'number' }).notNull(),
    total_paise: bigint({ mode: 'number' }).notNull(),
    /** Kept with every payment in the same transaction: the sum of quotation_payment. */
    paid_paise: bigint({ mode: 'number' }).notNull().default(0),
    workflow_request_id: text(),
    decision_comment: text(),
    customer_comment: text(),
    responded_at: timestamp({ withTimezone: true }),
    outcome: jsonb().$type<QuotationOutcome>(),
    shared_at: timestamp({ withTimezone: true }),
    shared_to: text(),
    /** Whose name the customer's acceptance acts in (the tickets it raises): who drafted it. */
    created_by_member_id: text().references(() => member.id, { onDelete: 'set null' }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('quotation_org_number_revision_uq').on(
      table.organization_id,
      table.quotation_number,
      table.revision,
    ),
    index('quotation_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('quotation_org_state_created_idx').on(
      table.organization_id,
      table.state,
      table.created_at,
      table.id,
    ),
    index('quotation_org_customer_created_idx').on(
      table.organization_id,
      table.customer_id,
      table.created_at,
      table.id,
    ),
    index('quotation_org_ticket_idx')
      .on(table.organization_id, table.ticket_id)
      .where(sql`${table.ticket_id} IS NOT NULL`),
    trigramIndex('quotation_number_trgm', table.quotation_number),
    check('quotation_paid_within_total', sql`${table.paid_paise} BETWEEN 0 AND ${table.total_paise}`),
  ],
);

export const quotationLine = pgTable(
  'quotation_line',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    quotation_id: text()
      .notNull()
      .references(() => quotation.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text().$type<QuotationLineKind>().notNull(),
    /** The service, component, additional part or AMC type (which table: `kind`). */
    item_id: text().notNull(),
    description: text().notNull(),
    hsn_code: text(),
    fleet_item_id: text().references(() => fleetItem.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    unit_price_paise: bigint({ mode: 'number' }).notNull(),
    discount_paise: bigint({ mode: 'number' }).notNull(),
    tax_rate_bp: integer().notNull(),
    taxable_paise: bigint({ mode: 'number' }).notNull(),
    cgst_paise: bigint({ mode: 'number' }).notNull(),
    sgst_paise: bigint({ mode: 'number' }).notNull(),
    igst_paise: bigint({ mode: 'number' }).notNull(),
    total_paise: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [index('quotation_line_quotation_idx').on(table.quotation_id, table.position)],
);

export const quotationPayment = pgTable(
  'quotation_payment',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    quotation_id: text()
      .notNull()
      .references(() => quotation.id, { onDelete: 'cascade' }),
    amount_paise: bigint({ mode: 'number' }).notNull(),
    paid_on: date({ mode: 'string' }).notNull(),
    mode: text().$type<PaymentMode>().notNull(),
    reference: text().notNull(),
    note: text(),
    recorded_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quotation_payment_quotation_idx').on(table.quotation_id, table.paid_on),
    index('quotation_payment_org_paid_idx').on(table.organization_id, table.paid_on, table.id),
    check('quotation_payment_amount_positive', sql`${table.amount_paise} > 0`),
  ],
);
