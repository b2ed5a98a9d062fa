import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { party } from './platform.ts';
import { category, service } from './product-catalogue.ts';
import { serviceType, territoryCategory } from './settings.ts';

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
