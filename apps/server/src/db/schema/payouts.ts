import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PayoutState } from '@fieldport/contract/operations/payouts';
import type { PaymentMode } from '@fieldport/contract/operations/purchasing';
import type { TaxSupply } from '@fieldport/contract/tax';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';
import { category, service } from './product-catalogue.ts';
import { serviceType, territoryCategory } from './settings.ts';
import { ticket } from './tickets.ts';

// What service partners earn (docs/payouts.md).

/**
 * A rate card: what a service partner (`party_id`) earns for a closed ticket, narrowed by service
 * or category, service type and territory category (null: any), in force from `valid_from` to
 * `valid_until` (null: open-ended). Which card applies is decided in the contract's pickRateCard;
 * two active cards of the same key whose days overlap are refused when saved (under a lock on the
 * partner's party row), which a unique index could not say.
 */
export const costConfiguration = pgTable(
  'cost_configuration',
  {
    ...masterColumns(),
    name: text().notNull(),
    party_id: text()
      .notNull()
      .references(() => party.id),
    service_id: text().references(() => service.id),
    category_id: text().references(() => category.id),
    service_type_id: text().references(() => serviceType.id),
    territory_category_id: text().references(() => territoryCategory.id),
    amount_paise: integer().notNull(),
    valid_from: date({ mode: 'string' }).notNull(),
    valid_until: date({ mode: 'string' }),
  },
  (table) => [
    uniqueNameIndex('cost_configuration_org_name_uq', table.organization_id, table.name),
    trigramIndex('cost_configuration_name_trgm', table.name),
    // The cards of one partner: the price of a closing ticket and the clash check read these.
    index('cost_configuration_org_party_idx').on(table.organization_id, table.party_id, table.status),
    index('cost_configuration_org_created_idx').on(table.organization_id, table.created_at),
    check('cost_configuration_amount_ck', sql`${table.amount_paise} >= 0`),
    check(
      'cost_configuration_days_ck',
      sql`${table.valid_until} is null or ${table.valid_until} >= ${table.valid_from}`,
    ),
  ],
);

/**
 * A payout (docs/payouts.md#payouts): what the organization owes a service partner for its tickets
 * closed in a period, at their frozen amounts, plus extras; its invoice number comes from the
 * organization's sequence (INV). Its amounts are the sums of its lines, kept when it is generated;
 * what is paid is the sum of its payments. The GSTINs are those of the day it was generated.
 */
export const payout = pgTable(
  'payout',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    invoice_number: text().notNull(),
    party_id: text()
      .notNull()
      .references(() => party.id, { onDelete: 'restrict' }),
    period_from: date({ mode: 'string' }).notNull(),
    period_to: date({ mode: 'string' }).notNull(),
    state: text().$type<PayoutState>().notNull(),
    /** null: the partner is not registered for GST and the invoice carries none. */
    supply: text().$type<TaxSupply>(),
    partner_gstin: text(),
    organization_gstin: text(),
    ticket_count: integer().notNull(),
    extra_count: integer().notNull(),
    taxable_paise: bigint({ mode: 'number' }).notNull(),
    cgst_paise: bigint({ mode: 'number' }).notNull(),
    sgst_paise: bigint({ mode: 'number' }).notNull(),
    igst_paise: bigint({ mode: 'number' }).notNull(),
    total_paise: bigint({ mode: 'number' }).notNull(),
    /** Kept with every payment in the same transaction: the sum of payout_payment. */
    paid_paise: bigint({ mode: 'number' }).notNull().default(0),
    workflow_request_id: text(),
    decision_comment: text(),
    note: text(),
    raised_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payout_org_number_uq').on(table.organization_id, table.invoice_number),
    index('payout_org_created_idx').on(table.organization_id, table.created_at, table.id),
    // A partner's own list, and the staff's filter by partner.
    index('payout_org_party_created_idx').on(
      table.organization_id,
      table.party_id,
      table.created_at,
      table.id,
    ),
    index('payout_org_state_created_idx').on(table.organization_id, table.state, table.created_at, table.id),
    trigramIndex('payout_invoice_number_trgm', table.invoice_number),
    check('payout_period_ck', sql`${table.period_to} >= ${table.period_from}`),
    check('payout_paid_within_total', sql`${table.paid_paise} BETWEEN 0 AND ${table.total_paise}`),
  ],
);

/**
 * A line of a payout: a closed ticket at its frozen amount, or an extra (no ticket). A ticket is
 * on at most one live payout (`live`: the payout is waiting or approved); a rejected or withdrawn
 * payout's lines are no longer live, so its tickets can be paid by the next one.
 */
export const payoutLine = pgTable(
  'payout_line',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    payout_id: text()
      .notNull()
      .references(() => payout.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    ticket_id: text().references(() => ticket.id, { onDelete: 'restrict' }),
    /** The ticket's closing day, in the organization's calendar (copied: the list sorts by it). */
    closed_on: date({ mode: 'string' }),
    description: text().notNull(),
    tax_rate_bp: integer().notNull(),
    taxable_paise: bigint({ mode: 'number' }).notNull(),
    cgst_paise: bigint({ mode: 'number' }).notNull(),
    sgst_paise: bigint({ mode: 'number' }).notNull(),
    igst_paise: bigint({ mode: 'number' }).notNull(),
    total_paise: bigint({ mode: 'number' }).notNull(),
    live: boolean().notNull().default(true),
  },
  (table) => [
    uniqueIndex('payout_line_live_ticket_uq')
      .on(table.organization_id, table.ticket_id)
      .where(sql`${table.ticket_id} IS NOT NULL AND ${table.live}`),
    index('payout_line_payout_idx').on(table.organization_id, table.payout_id, table.closed_on, table.id),
  ],
);

/** A payment to the partner against an approved payout ("payout payment update"). */
export const payoutPayment = pgTable(
  'payout_payment',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    payout_id: text()
      .notNull()
      .references(() => payout.id, { onDelete: 'cascade' }),
    amount_paise: bigint({ mode: 'number' }).notNull(),
    paid_on: date({ mode: 'string' }).notNull(),
    mode: text().$type<PaymentMode>().notNull(),
    reference: text().notNull(),
    note: text(),
    recorded_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payout_payment_payout_idx').on(table.organization_id, table.payout_id),
    check('payout_payment_amount_ck', sql`${table.amount_paise} > 0`),
  ],
);
