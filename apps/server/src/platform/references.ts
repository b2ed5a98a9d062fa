import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RecordStatus } from '@fieldport/contract/lists';
import type { Db } from '../db/client.ts';
import type { Caller } from './caller.ts';
import { badInput } from './errors.ts';
import { inOrganization } from './tenant.ts';

/**
 * A record a form refers to by id (a category's master category, a service's category): it must
 * be the caller's organization's, and active unless the record already referred to it (an
 * inactive one is not offered for new work, but what already uses it stays editable).
 */
export async function requireActiveReference(
  db: Db,
  caller: Caller,
  table: { id: PgColumn; organization_id: PgColumn; name: PgColumn; status: PgColumn },
  options: {
    id: string;
    previousId?: string;
    field: string;
    noun: string;
    /** The area's own words for a record that is missing or inactive alike (default: by the noun). */
    message?: string;
  },
): Promise<{ id: string; name: string }> {
  const [row] = (await db
    .select({ id: table.id, name: table.name, status: table.status })
    .from(table as never)
    .where(and(inOrganization(table, caller), eq(table.id, options.id)))) as {
    id: string;
    name: string;
    status: RecordStatus;
  }[];
  const Noun = options.noun[0].toUpperCase() + options.noun.slice(1);
  if (!row) {
    throw badInput(
      options.message ?? `${Noun} not found. Choose a ${options.noun} from the list.`,
      options.field,
    );
  }
  if (row.status !== 'ACTIVE' && row.id !== options.previousId) {
    throw badInput(
      options.message ?? `${Noun} '${row.name}' is inactive. Activate it first or choose another.`,
      options.field,
    );
  }
  return { id: row.id, name: row.name };
}

/** Like requireActiveReference for a list of ids; `previousIds` may stay even when inactive. */
export async function requireActiveReferences(
  db: Db,
  caller: Caller,
  table: { id: PgColumn; organization_id: PgColumn; name: PgColumn; status: PgColumn },
  options: {
    ids: string[];
    previousIds?: string[];
    field: string;
    noun: string;
    /** The area's own words for a record that is missing or inactive alike (default: by the noun). */
    message?: string;
  },
): Promise<void> {
  if (options.ids.length === 0) return;
  const rows = (await db
    .select({ id: table.id, name: table.name, status: table.status })
    .from(table as never)
    .where(and(inOrganization(table, caller), inArray(table.id, options.ids)))) as {
    id: string;
    name: string;
    status: RecordStatus;
  }[];
  if (rows.length !== options.ids.length) {
    throw badInput(
      options.message ?? `A ${options.noun} was not found. Choose from the list.`,
      options.field,
    );
  }
  const previous = new Set(options.previousIds ?? []);
  const inactive = rows.find((row) => row.status !== 'ACTIVE' && !previous.has(row.id));
  if (inactive) {
    const Noun = options.noun[0].toUpperCase() + options.noun.slice(1);
    throw badInput(
      options.message ?? `${Noun} '${inactive.name}' is inactive. Activate it first or leave it out.`,
      options.field,
    );
  }
}
