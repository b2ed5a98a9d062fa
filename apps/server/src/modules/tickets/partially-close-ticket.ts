import { PartiallyCloseTicket } from '@fieldport/contract/operations/tickets';
import { closureRemark } from '../../db/schema/settings.ts';
import { defineHandler } from '../../platform/handler.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { answerTicket, lockTicket, requireAction, transition } from './ticket-rules.ts';

/** Work done, closure not complete (no closure code, parts pending ...): with one of the closure remarks. */
export const partiallyCloseTicket = defineHandler(PartiallyCloseTicket, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'PARTIALLY_CLOSE');
  const remark = await requireActiveReference(db, caller, closureRemark, {
    id: input.closure_remark_id,
    field: 'closure_remark_id',
    noun: 'closure remark',
  });
  await transition(
    context,
    row,
    'PARTIALLY_CLOSED',
    { closure_remark_id: remark.id },
    {
      kind: 'PARTIALLY_CLOSED',
      text: input.note,
      details: { closure_remark_id: remark.id, closure_remark_name: remark.name },
    },
  );
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} partially closed`);
});
