import { and, eq } from 'drizzle-orm';
import { CloseTicket } from '@fieldport/contract/operations/tickets';
import { ticketClosureOtp } from '../../db/schema/tickets.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { badInput, conflict, keepingWrites } from '../../platform/errors.ts';
import type { PartsUsedInput } from '@fieldport/contract/operations/inventory';
import { settleTicketParts } from '../inventory/ticket-parts.ts';
import { freezePartnerAmount } from '../payouts/partner-amounts.ts';
import { useAmcVisit } from '../product-fleet/fleet-tickets.ts';
import {
  codeMatches,
  countWrongEntry,
  latestClosureCode,
  MAX_WRONG_ENTRIES,
  voidClosureCodes,
} from './closure-codes.ts';
import { mailTicketClosed } from './ticket-mails.ts';
import {
  answerTicket,
  lockTicket,
  recordEvent,
  requireAction,
  transition,
  type TicketRow,
} from './ticket-rules.ts';

const NEW_CODE = 'Send the customer a new closure code.';

/**
 * Every close ends here (with the code or with a reason, from IN_PROGRESS or PARTIALLY_CLOSED): the
 * transition, the AMC visit of a ticket raised under its fleet item's AMC (once per ticket,
 * docs/product-fleet.md#tickets), its service partner's amount (docs/payouts.md#frozen-at-closing),
 * the customer's mail.
 */
async function close(
  context: OperationContext,
  row: TicketRow,
  partsUsed: PartsUsedInput,
  changes: Parameters<typeof transition>[3] & { closed_at: Date },
  event: Parameters<typeof transition>[4],
) {
  // The parts the technician holds are used or go back first (docs/inventory.md#parts-for-a-ticket):
  // a close that does not say how many were used is refused before anything is written.
  await settleTicketParts(context, row, partsUsed);
  await transition(context, row, 'CLOSED', changes, event);
  await useAmcVisit(context.db, context.caller, row);
  await freezePartnerAmount(context.db, context.caller, row, changes.closed_at);
  await mailTicketClosed(context, row);
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} closed`);
}

/**
 * Closes a ticket with the code the customer reads out (the assigned technician), or without it
 * with a reason (a co-ordinator; marked closed_with 'REASON'). A wrong code is counted although
 * the close fails: the refusal keeps its writes (keepingWrites).
 */
export const closeTicket = defineHandler(CloseTicket, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  // A refused code keeps its audit entry: it names the ticket.
  context.auditTarget = row.id;
  const now = new Date();

  if (!input.otp) {
    requireAction(caller, row, 'CLOSE_WITH_REASON');
    await voidClosureCodes(db, row);
    return close(
      context,
      row,
      input.parts_used,
      {
        closed_with: 'REASON',
        closed_at: now,
        closed_by: caller.user.id,
        closure_reason: input.reason,
        is_floating: false,
      },
      { kind: 'CLOSED', text: input.reason ?? null, details: { closed_with: 'REASON' } },
    );
  }

  requireAction(caller, row, 'CLOSE_WITH_OTP');
  const code = await latestClosureCode(db, row);
  if (!code || code.used_at) {
    throw conflict(`No closure code is waiting for ticket ${row.ticket_number}. ${NEW_CODE}`, 'otp');
  }
  if (code.voided_at) {
    throw conflict(
      code.attempts >= MAX_WRONG_ENTRIES
        ? `The closure code was entered wrong ${MAX_WRONG_ENTRIES} times and no longer works. ${NEW_CODE}`
        : `The closure code no longer works. ${NEW_CODE}`,
      'otp',
    );
  }
  if (code.expires_at <= now) {
    throw conflict(`The closure code has expired (a code lives 24 hours). ${NEW_CODE}`, 'otp');
  }
  if (!codeMatches(code, input.otp)) {
    // Counted under the ticket's row lock (lockTicket: SELECT ... FOR UPDATE) and committed with
    // the refusal: parallel guesses are checked one after another, and the fourth guess of a code
    // finds it void whatever the timing.
    const attempts = await countWrongEntry(db, code.id);
    await recordEvent(db, caller, row, {
      kind: 'OTP_REFUSED',
      details: { attempts, voided: attempts >= MAX_WRONG_ENTRIES },
    });
    const left = MAX_WRONG_ENTRIES - attempts;
    throw keepingWrites(
      badInput(
        left > 0
          ? `The closure code is wrong. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
          : `The closure code is wrong ${MAX_WRONG_ENTRIES} times, so it no longer works. ${NEW_CODE}`,
        'otp',
      ),
    );
  }
  await db
    .update(ticketClosureOtp)
    .set({ used_at: now, used_by: caller.user.id })
    .where(and(eq(ticketClosureOtp.organization_id, row.organization_id), eq(ticketClosureOtp.id, code.id)));
  return close(
    context,
    row,
    input.parts_used,
    {
      closed_with: 'OTP',
      closed_at: now,
      closed_by: caller.user.id,
      closure_reason: null,
      is_floating: false,
    },
    {
      kind: 'CLOSED',
      details: { closed_with: 'OTP', otp_entered_by: caller.user.name, otp_entered_at: now.toISOString() },
    },
  );
});
