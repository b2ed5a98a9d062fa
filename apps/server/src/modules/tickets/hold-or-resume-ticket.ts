import { HoldOrResumeTicket } from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../platform/handler.ts';
import { ALREADY_RECEIVED, receiveDeviceAction } from '../../platform/device-actions.ts';
import { actionTimeOf } from '../../platform/taken-at.ts';
import { answerTicket, lockTicket, requireAction, transition } from './ticket-rules.ts';

/** IN_PROGRESS <-> ON_HOLD (waiting for material ...), the hold with a reason. */
export const holdOrResumeTicket = defineHandler(HoldOrResumeTicket, async (input, context) => {
  const receipt = await receiveDeviceAction(
    context.db,
    context.caller,
    HoldOrResumeTicket.name,
    input.action_id,
  );
  if (receipt.repeated) return answerTicket(context, receipt.recordId ?? input.ticket_id, ALREADY_RECEIVED);
  const at = actionTimeOf(input.taken_at);
  const row = await lockTicket(context.db, context.caller, input.ticket_id);
  requireAction(context.caller, row, input.action);
  await receipt.applied(row.id);
  if (input.action === 'HOLD') {
    await transition(context, row, 'ON_HOLD', {}, { kind: 'HELD', text: input.reason ?? null }, at);
    return answerTicket(context, row.id, `Ticket ${row.ticket_number} is on hold`);
  }
  await transition(context, row, 'IN_PROGRESS', {}, { kind: 'RESUMED', text: input.reason ?? null }, at);
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} resumed`);
});
