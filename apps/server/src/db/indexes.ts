import { sql } from 'drizzle-orm';
import { index, uniqueIndex, type ExtraConfigColumn, type PgColumn } from 'drizzle-orm/pg-core';

// Index builders shared by the tables (db/schema/), so that every list searches the same way and
// names stay unique per organization the same way. Apart from db/columns.ts, whose master columns
// reference the organization table: the identity tables use these builders too.

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
