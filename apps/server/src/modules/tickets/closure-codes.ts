import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketClosureOtp } from '../../db/schema/tickets.ts';
import { newId } from '../../db/ids.ts';
import type { TicketRow } from './ticket-rules.ts';

/**
 * The customer's closure codes (docs/tickets.md#closing-with-the-customers-closure-code): 6
 * digits, stored hashed, 24 hours, voided by a new code or by the third wrong entry; one new code a
 * minute and at most 5 in any 24 hours per ticket. Every rule is checked under the ticket's row
 * lock (lockTicket), so parallel calls are counted one after another.
 */

const CODE_DIGITS = 6;
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const MAX_WRONG_ENTRIES = 3;
/** One new code a minute ... */
const CODE_INTERVAL_MS = 60 * 1000;
/** ... and at most this many in any 24 hours (a rolling window, counted from the codes' rows). */
export const MAX_CODES_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Salted with the code's own id, so that equal codes of two tickets hash differently. */
function hashCode(id: string, code: string): string {
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
  const code = String(crypto.randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  await db.insert(ticketClosureOtp).values({
    id,
    organization_id: row.organization_id,
    ticket_id: row.id,
    code_hash: hashCode(id, code),
    sent_to: values.sent_to,
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
    created_by: values.created_by,
    // The limits compare this with the same clock (the server's), not the database's.
    created_at: now,
  });
  return code;
}

interface CodeIssueRefusal {
  /** Which limit was reached: one a minute, or five in 24 hours. */
  limit: 'MINUTE' | 'DAY';
  /** The first whole minute at which a new code may be sent. */
  next: Date;
}

const nextWholeMinute = (at: number) => new Date(Math.ceil(at / 60_000) * 60_000);

/**
 * Whether the ticket may have a new code now, from the codes it had in the last 24 hours; null
 * when it may. Call it under the ticket's lock.
 */
export async function codeIssueRefusal(
  db: Db,
  row: Pick<TicketRow, 'id' | 'organization_id'>,
  now = new Date(),
): Promise<CodeIssueRefusal | null> {
  const recent = await db
    .select({ created_at: ticketClosureOtp.created_at })
    .from(ticketClosureOtp)
    .where(
      and(
        eq(ticketClosureOtp.organization_id, row.organization_id),
        eq(ticketClosureOtp.ticket_id, row.id),
        gt(ticketClosureOtp.created_at, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(desc(ticketClosureOtp.created_at))
    .limit(MAX_CODES_PER_DAY);
  if (recent.length >= MAX_CODES_PER_DAY) {
    // The day's allowance frees up when the fifth newest code leaves the 24 hours.
    const leaving = recent[MAX_CODES_PER_DAY - 1].created_at.getTime();
    return { limit: 'DAY', next: nextWholeMinute(leaving + DAY_MS) };
  }
  const newest = recent[0]?.created_at.getTime();
  if (newest !== undefined && newest + CODE_INTERVAL_MS > now.getTime()) {
    return { limit: 'MINUTE', next: nextWholeMinute(newest + CODE_INTERVAL_MS) };
  }
  return null;
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
