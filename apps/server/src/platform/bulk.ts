import { and, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Caller } from './caller.ts';
import type { TenantTable } from './lists.ts';
import { inOrganization } from './tenant.ts';

/**
 * Writes to many rows at once, always inside the caller's organization. An empty filter is refused
 * (the rule "bulk writes refuse an empty filter", docs/masters.md#bulk-writes): it would change or
 * delete every row of the organization, which no screen means to do.
 */
function filterOf(table: TenantTable, caller: Caller, where: (SQL | undefined)[], what: string): SQL {
  const given = where.filter((condition): condition is SQL => condition !== undefined);
  if (given.length === 0) throw new Error(`${what} refused: an empty filter would touch every row`);
  return and(inOrganization(table, caller), ...given)!;
}

/** Updates the organization's rows that match every condition; returns how many changed. */
export async function bulkUpdate<Table extends TenantTable>(
  db: Db,
  table: Table,
  caller: Caller,
  set: PgUpdateSetSource<Table>,
  where: (SQL | undefined)[],
): Promise<number> {
  const rows = await db
    .update(table)
    .set(set)
    .where(filterOf(table, caller, where, 'Bulk update'))
    .returning({ id: table.id });
  return rows.length;
}

/** Deletes the organization's rows that match every condition; returns how many went. */
export async function bulkDelete(
  db: Db,
  table: TenantTable,
  caller: Caller,
  where: (SQL | undefined)[],
): Promise<number> {
  const rows = await db
    .delete(table)
    .where(filterOf(table, caller, where, 'Bulk delete'))
    .returning({ id: table.id });
  return rows.length;
}
