import { AcceptOrRejectTicket } from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../platform/handler.ts';
import { answerTicket, lockTicket, requireAction, transition } from './ticket-rules.ts';

/**
 * The assignee accepts an assigned ticket, or rejects it with a reason: it goes back to OPEN
 * (floating again when the organization floats its tickets). A partner's technician's rejection
 * leaves it with the partner, whose agent assigns it on; a partner's own rejection gives it back
 * to the organization.
 */
export const acceptOrRejectTicket = defineHandler(AcceptOrRejectTicket, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, input.action);
  if (input.action === 'ACCEPT') {
    await transition(context, row, 'ACCEPTED', {}, { kind: 'ACCEPTED' });
    return answerTicket(context, row.id, `Ticket ${row.ticket_number} accepted`);
  }
  const byTechnician = Boolean(row.technician_id);
  await transition(
    context,
    row,
    'OPEN',
    {
      technician_id: null,
      partner_party_id: byTechnician ? row.partner_party_id : null,
      is_floating: caller.organization.ticket_assignment_mode === 'FLOATING',
    },
    { kind: 'REJECTED', text: input.reason ?? null },
  );
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} rejected`);
});
