import { and, eq } from 'drizzle-orm';
import { UpdateTicketWorkStatus } from '@fieldport/contract/operations/tickets';
import { wipState, wipSubStage } from '../../db/schema/settings.ts';
import { defineHandler } from '../../platform/handler.ts';
import { badInput } from '../../platform/errors.ts';
import { ALREADY_RECEIVED, receiveDeviceAction } from '../../platform/device-actions.ts';
import { actionTimeOf } from '../../platform/taken-at.ts';
import { answerTicket, lockTicket, requireAction, transition } from './ticket-rules.ts';
import { inOrganization } from '../../platform/tenant.ts';

/** Start or update the work: IN_PROGRESS at one of the organization's active WIP sub-stages. */
export const updateTicketWorkStatus = defineHandler(UpdateTicketWorkStatus, async (input, context) => {
  const { db, caller } = context;
  const receipt = await receiveDeviceAction(db, caller, UpdateTicketWorkStatus.name, input.action_id);
  if (receipt.repeated) return answerTicket(context, receipt.recordId ?? input.ticket_id, ALREADY_RECEIVED);
  const at = actionTimeOf(input.taken_at);
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'UPDATE_WORK');
  await receipt.applied(row.id);
  const [stage] = await db
    .select({ id: wipSubStage.id, name: wipSubStage.name, state_name: wipState.name })
    .from(wipSubStage)
    .innerJoin(wipState, eq(wipState.id, wipSubStage.wip_state_id))
    .where(
      and(
        inOrganization(wipSubStage, caller),
        eq(wipSubStage.id, input.wip_sub_stage_id),
        eq(wipSubStage.status, 'ACTIVE'),
        eq(wipState.status, 'ACTIVE'),
      ),
    );
  if (!stage) {
    throw badInput('WIP sub-stage not found. Choose an active sub-stage from the list.', 'wip_sub_stage_id');
  }
  await transition(
    context,
    row,
    'IN_PROGRESS',
    { wip_sub_stage_id: stage.id },
    {
      kind: 'WORK_UPDATED',
      text: input.note,
      details: {
        wip_sub_stage_id: stage.id,
        wip_sub_stage_name: stage.name,
        wip_state_name: stage.state_name,
      },
    },
    at,
  );
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} is in progress: ${stage.name}`);
});
