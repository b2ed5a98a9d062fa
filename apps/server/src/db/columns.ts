import { text, timestamp } from 'drizzle-orm/pg-core';
import type { RecordStatus } from '@fieldport/contract/lists';
import { organization } from './schema/identity.ts';

// The columns shared by the tables of masters, so that every such table has the same tenant
// column, status and timestamps. Index builders are in db/indexes.ts.

const timestamptz = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** id, organization_id (cascade), status, created_at, updated_at: the columns of every master. */
export function masterColumns() {
  return {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    status: text().$type<RecordStatus>().notNull().default('ACTIVE'),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  };
}
