import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContractSource } from '@fieldport/contract/operations/contracts';
import { trigramIndex } from '../indexes.ts';
import { customer } from './customers.ts';
import { organization, user } from './identity.ts';
import { amcType, fleetItem } from './product-fleet.ts';
import { quotation } from './quotations.ts';

// AMC contracts (docs/contracts.md): sold through a quotation or entered, with the items they cover.

/**
 * An AMC contract (docs/contracts.md): one customer's fleet items under one AMC type for a period.
 * `applied_at` says when its items were put under it (its first day, by the operation or the
 * daily job); null: it starts later.
 */
export const amcContract = pgTable(
  'amc_contract',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** From the organization's sequence per financial year: AMC/2026-27/000003. */
    contract_number: text().notNull(),
    customer_id: text()
      .notNull()
      .references(() => customer.id, { onDelete: 'restrict' }),
    amc_type_id: text()
      .notNull()
      .references(() => amcType.id, { onDelete: 'restrict' }),
    start_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    visits_per_item: integer(),
    amount_paise: bigint({ mode: 'number' }).notNull(),
    source: text().$type<ContractSource>().notNull(),
    quotation_id: text().references(() => quotation.id, { onDelete: 'set null' }),
    note: text(),
    applied_at: timestamp({ withTimezone: true }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('amc_contract_org_number_uq').on(table.organization_id, table.contract_number),
    index('amc_contract_org_end_idx').on(table.organization_id, table.end_date, table.id),
    index('amc_contract_org_customer_idx').on(table.organization_id, table.customer_id, table.end_date),
    // The daily job finds the contracts whose first day has come.
    index('amc_contract_unapplied_idx')
      .on(table.start_date)
      .where(sql`${table.applied_at} IS NULL`),
    trigramIndex('amc_contract_number_trgm', table.contract_number),
  ],
);

export const amcContractItem = pgTable(
  'amc_contract_item',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contract_id: text()
      .notNull()
      .references(() => amcContract.id, { onDelete: 'cascade' }),
    fleet_item_id: text()
      .notNull()
      .references(() => fleetItem.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('amc_contract_item_uq').on(table.contract_id, table.fleet_item_id),
    index('amc_contract_item_fleet_idx').on(table.organization_id, table.fleet_item_id),
  ],
);
