import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketClosureOtp } from '../../db/schema/tickets.ts';
import { newId } from '../../platform/ids.ts';
import type { TicketRow } from './ticket-rules.ts';

/**
 * The customer's closure codes (DOMAIN.md "Closing with the customer's OTP"): 4 digits, stored
 * hashed, 24 hours, voided by a new code or by the third wrong entry.
 */

export const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const MAX_WRONG_ENTRIES = 3;

/** Salted with the code's own id, so that equal codes of two tickets hash differently. */
export function hashCode(id: string, code: string): string {
  return crypto.createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export function codeMatches(row: { id: string; code_hash: string }, code: string): boolean {
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  const stored = Buffer.from(row.code_hash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** Voids every code of the ticket not yet used (a new code, a discard, a close with a reason). */
export async function voidClosureCodes(db: Db, row: Pick<TicketRow, 'id' | 'organization_id'>) {
  await db
    .update(ticketClosureOtp)
    .set({ voided_at: new Date() })
    .where(
      and(
        eq(ticketClosureOtp.organization_id, row.organization_id),
        eq(ticketClosureOtp.ticket_id, row.id),
        isNull(ticketClosureOtp.used_at),
        isNull(ticketClosureOtp.voided_at),
      ),
    );
}

/** A new code for the ticket (the old ones voided); returns the code to mail. */
export async function issueClosureCode(
  db: Db,
  row: Pick<TicketRow, 'id' | 'organization_id'>,
  values: { sent_to: string; created_by: string },
  now = new Date(),
): Promise<string> {
  await voidClosureCodes(db, row);
  const id = newId();
  const code = String(crypto.randomInt(0, 10_000)).padStart(4, '0');
  await db.insert(ticketClosureOtp).values({
    id,
    organization_id: row.organization_id,
    ticket_id: row.id,
    code_hash: hashCode(id, code),
    sent_to: values.sent_to,
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
    created_by: values.created_by,
  });
  return code;
}

/** The ticket's newest code, whatever became of it. */
export async function latestClosureCode(db: Db, row: Pick<TicketRow, 'id' | 'organization_id'>) {
  const [code] = await db
    .select()
    .from(ticketClosureOtp)
    .where(
      and(eq(ticketClosureOtp.organization_id, row.organization_id), eq(ticketClosureOtp.ticket_id, row.id)),
    )
    .orderBy(desc(ticketClosureOtp.created_at), desc(ticketClosureOtp.id))
    .limit(1);
  return code;
}

/** Counts a wrong entry; the third voids the code. Returns the attempts now counted. */
export async function countWrongEntry(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(ticketClosureOtp)
    .set({
      attempts: sql`${ticketClosureOtp.attempts} + 1`,
      voided_at: sql`case when ${ticketClosureOtp.attempts} + 1 >= ${MAX_WRONG_ENTRIES} then now() else ${ticketClosureOtp.voided_at} end`,
    })
    .where(
      and(eq(ticketClosureOtp.id, id), isNull(ticketClosureOtp.used_at), isNull(ticketClosureOtp.voided_at)),
    )
    .returning({ attempts: ticketClosureOtp.attempts });
  return row?.attempts ?? MAX_WRONG_ENTRIES;
}
