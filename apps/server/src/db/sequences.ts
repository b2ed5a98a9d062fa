import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { financialYearOf } from '@fieldport/contract/tax';
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

/**
 * A document's number (quotation, PO, invoice): the prefix, the financial year the day falls in
 * and the year's next number, 'PO/2026-27/000042'. Each kind counts from 1 every April.
 */
export async function nextDocumentNumber(
  db: Db,
  organizationId: string,
  prefix: string,
  /** The day the document is made, in the organization's calendar. */
  day: string,
): Promise<string> {
  const year = financialYearOf(day);
  const value = await nextNumber(db, organizationId, `${prefix.toLowerCase()}/${year}`);
  return `${prefix}/${year}/${String(value).padStart(6, '0')}`;
}
