import { and, eq } from 'drizzle-orm';
import { SendTicketClosureOtp } from '@fieldport/contract/operations/tickets';
import { customer } from '../../db/schema/customers.ts';
import { defineHandler } from '../../platform/handler.ts';
import { conflict, DomainError, keepingWrites } from '../../platform/errors.ts';
import { codeIssueRefusal, issueClosureCode, MAX_CODES_PER_DAY } from './closure-codes.ts';
import { mailClosureCode } from './ticket-mails.ts';
import { lockTicket, recordEvent, requireAction } from './ticket-rules.ts';
import { dayAndTimeIn, timeIn } from './ticket-scope.ts';

/**
 * The assigned technician asks to close: the customer is mailed a new 6-digit code. A ticket has
 * one new code a minute and at most 5 in any 24 hours
 * (docs/tickets.md#closing-with-the-customers-closure-code); a refusal is kept on the timeline and
 * in the audit log (keepingWrites).
 */
export const sendTicketClosureOtp = defineHandler(SendTicketClosureOtp, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'SEND_OTP');
  context.auditTarget = row.id;
  const [owner] = await db
    .select({ email: customer.email })
    .from(customer)
    .where(and(eq(customer.organization_id, row.organization_id), eq(customer.id, row.customer_id)));
  if (!owner?.email) {
    throw conflict(
      `The customer of ticket ${row.ticket_number} has no email address, so no closure code can be sent. Add the email to the customer, or ask a co-ordinator to close the ticket with a reason.`,
    );
  }
  const now = new Date();
  const refusal = await codeIssueRefusal(db, row, now);
  if (refusal) {
    const timeZone = caller.organization.time_zone;
    const message =
      refusal.limit === 'DAY'
        ? `Ticket ${row.ticket_number} has had ${MAX_CODES_PER_DAY} closure codes in the last 24 hours. The next can be sent at ${dayAndTimeIn(timeZone, refusal.next)}; until then a co-ordinator can close the ticket with a reason.`
        : `A new closure code can be sent at ${timeIn(timeZone, refusal.next)}. Codes can be sent once a minute.`;
    await recordEvent(db, caller, row, {
      kind: 'OTP_SEND_REFUSED',
      text: message,
      details: { next_code_at: refusal.next.toISOString() },
    });
    throw keepingWrites(new DomainError('TOO_MANY_REQUESTS', message));
  }
  const code = await issueClosureCode(db, row, { sent_to: owner.email, created_by: caller.user.id }, now);
  await mailClosureCode(context, row, code);
  await recordEvent(db, caller, row, { kind: 'OTP_SENT', details: { sent_to: owner.email } });
  return {
    // docs/product.md#closure: SMS would go through a provider; none can be configured yet.
    data: { items: [] as [], sent_to: owner.email, by_sms: false },
    message: `Closure code sent to ${owner.email} by email (no SMS provider is configured)`,
  };
});
