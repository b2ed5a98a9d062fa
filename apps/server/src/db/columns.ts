import { sql } from 'drizzle-orm';
import {
  index,
  text,
  timestamp,
  uniqueIndex,
  type ExtraConfigColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { RecordStatus } from '@fieldport/contract/lists';
import { organization } from './schema/identity.ts';

// Column and index builders shared by the tables of masters and other lists (issue 3), so that
// every such table has the same tenant column, status and timestamps, and searches the same way.

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

/**
 * A GIN trigram index: `ILIKE '%term%'` searches use it instead of scanning the table (pg_trgm,
 * created by migration 0001). Trigram GIN cannot lead with organization_id; the planner combines
 * it with the organization's rows.
 */
export function trigramIndex(name: string, column: ExtraConfigColumn) {
  return index(name).using('gin', column.op('gin_trgm_ops'));
}

/**
 * Names unique per organization, ignoring case. Masters map a violation of this index to a
 * CONFLICT that names the record (platform/masters.ts). `scope` adds columns (a sub-stage's state).
 */
export function uniqueNameIndex(
  name: string,
  organizationId: PgColumn,
  column: PgColumn,
  ...scope: PgColumn[]
) {
  return uniqueIndex(name).on(organizationId, ...scope, sql`lower(${column})`);
}
