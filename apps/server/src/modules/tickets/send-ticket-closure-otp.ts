import { SendTicketClosureOtp } from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../graphql/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { issueClosureCode } from './closure-codes.ts';
import { mailClosureCode } from './ticket-mails.ts';
import { lockTicket, recordEvent, requireAction } from './ticket-rules.ts';
import { customer } from '../../db/schema/customers.ts';
import { and, eq } from 'drizzle-orm';

/** The assigned technician asks to close: the customer is mailed a new 4-digit code. */
export const sendTicketClosureOtp = defineHandler(SendTicketClosureOtp, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'SEND_OTP');
  const [owner] = await db
    .select({ email: customer.email })
    .from(customer)
    .where(and(eq(customer.organization_id, row.organization_id), eq(customer.id, row.customer_id)));
  if (!owner?.email) {
    throw conflict(
      `The customer of ticket ${row.ticket_number} has no email address, so no closure code can be sent. Add the email to the customer, or ask a co-ordinator to close the ticket with a reason.`,
    );
  }
  const code = await issueClosureCode(db, row, { sent_to: owner.email, created_by: caller.user.id });
  await mailClosureCode(context, row, code);
  await recordEvent(db, caller, row, { kind: 'OTP_SENT', details: { sent_to: owner.email } });
  context.auditTarget = row.id;
  return {
    // DOMAIN.md: SMS "through a provider when one is configured"; none can be configured yet.
    data: { items: [] as [], sent_to: owner.email, by_sms: false },
    message: `Closure code sent to ${owner.email} by email (no SMS provider is configured)`,
  };
});
