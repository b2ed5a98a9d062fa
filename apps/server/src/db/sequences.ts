import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { organizationSequence } from './schema/sequences.ts';

/**
 * The next number of an organization's counter ('service', later the ticket numbers), from 1.
 * One statement: concurrent writers queue on the row and never get the same number; run inside
 * the writing transaction, a failed write gives its number back.
 */
export async function nextNumber(db: Db, organizationId: string, name: string): Promise<number> {
  const [row] = await db
    .insert(organizationSequence)
    .values({ organization_id: organizationId, name, value: 1 })
    .onConflictDoUpdate({
      target: [organizationSequence.organization_id, organizationSequence.name],
      set: { value: sql`${organizationSequence.value} + 1` },
    })
    .returning({ value: organizationSequence.value });
  return row.value;
}

/** 'SRV' and 42 -> 'SRV-000042': six digits at least, more when the count outgrows them. */
export function formatNumber(prefix: string, value: number): string {
  return `${prefix}-${String(value).padStart(6, '0')}`;
}
