import { DiscardTicket } from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../platform/handler.ts';
import { returnTicketParts } from '../inventory/ticket-parts.ts';
import { voidClosureCodes } from './closure-codes.ts';
import { answerTicket, lockTicket, requireAction, transition } from './ticket-rules.ts';

/** Cancels an active ticket (duplicate, invalid) with a reason; it moves to the Inactive list. */
export const discardTicket = defineHandler(DiscardTicket, async (input, context) => {
  const row = await lockTicket(context.db, context.caller, input.ticket_id);
  requireAction(context.caller, row, 'DISCARD');
  await voidClosureCodes(context.db, row);
  // Nothing was used on a discarded ticket: parts its technician holds go back to their stores.
  await returnTicketParts(context, row);
  await transition(
    context,
    row,
    'DISCARDED',
    { is_floating: false },
    { kind: 'DISCARDED', text: input.reason },
  );
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} discarded`);
});
