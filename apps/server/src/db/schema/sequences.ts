import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organization } from './identity.ts';

/**
 * Per-organization counters for what people read (docs/architecture.md#data: SRV-000001, and the
 * ticket numbers AC-000123). One row per organization and counter, incremented in the writing
 * transaction (db/sequences.ts).
 */
export const organizationSequence = pgTable(
  'organization_sequence',
  {
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    value: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organization_id, table.name] })],
);
