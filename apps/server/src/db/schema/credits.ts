import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CreditEntryKind } from '@fieldport/contract/operations/credits';
import { trigramIndex } from '../indexes.ts';
import { organization, user } from './identity.ts';
import { ticket } from './tickets.ts';

// Credits (docs/credits.md).

const organizationId = () =>
  text()
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' });

/**
 * An organization's credit balance: the sum of its ledger, kept here so that a spend is one
 * conditional UPDATE (`balance >= n`) that concurrent ticket creations take in turn; the CHECK is
 * the last guard against a negative balance.
 */
export const creditAccount = pgTable(
  'credit_account',
  {
    organization_id: organizationId().primaryKey(),
    balance: integer().notNull().default(0),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('credit_account_balance_ck', sql`${table.balance} >= 0`)],
);

/** One movement of the ledger, written in the same transaction as the balance it moved. */
export const creditEntry = pgTable(
  'credit_entry',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    kind: text().$type<CreditEntryKind>().notNull(),
    /** Added (positive) or spent (negative). */
    credits: integer().notNull(),
    balance_after: integer().notNull(),
    /** What a recharge cost. */
    amount_paise: integer(),
    ticket_id: text().references(() => ticket.id, { onDelete: 'set null' }),
    /** The payment provider and its reference for a recharge. */
    provider: text(),
    reference: text(),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_entry_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('credit_entry_org_kind_created_idx').on(table.organization_id, table.kind, table.created_at),
    trigramIndex('credit_entry_reference_trgm', table.reference),
    check('credit_entry_balance_ck', sql`${table.balance_after} >= 0`),
  ],
);
