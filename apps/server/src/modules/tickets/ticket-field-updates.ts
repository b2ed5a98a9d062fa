import {
  MarkTicketAsFOC,
  UpdateTicketServiceCharges,
  UpdateTicketVisit,
  UpdateTicketWarranty,
} from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { answerTicket, editTicket, lockTicket, requireAction } from './ticket-rules.ts';

// The fields co-ordinators (and, for the visit, the assigned technician) change on an open ticket;
// each change joins the timeline with the value before and after.

export const markTicketAsFoc = defineHandler(MarkTicketAsFOC, async (input, context) => {
  const row = await lockTicket(context.db, context.caller, input.ticket_id);
  requireAction(context.caller, row, 'MARK_FOC');
  if (row.is_foc === input.is_foc) {
    throw conflict(
      `Ticket ${row.ticket_number} is already ${input.is_foc ? 'free of charge' : 'charged'}.`,
      'is_foc',
    );
  }
  await editTicket(
    context,
    row,
    { is_foc: input.is_foc },
    { kind: 'FOC_MARKED', text: input.reason, details: { is_foc: input.is_foc } },
  );
  return answerTicket(
    context,
    row.id,
    `Ticket ${row.ticket_number} ${input.is_foc ? 'is free of charge' : 'is charged again'}`,
  );
});

export const updateTicketVisit = defineHandler(UpdateTicketVisit, async (input, context) => {
  const row = await lockTicket(context.db, context.caller, input.ticket_id);
  requireAction(context.caller, row, 'UPDATE_VISIT');
  await editTicket(
    context,
    row,
    { preferred_visit_date: input.preferred_visit_date, preferred_visit_time: input.preferred_visit_time },
    {
      kind: 'VISIT_UPDATED',
      details: {
        preferred_visit_date: input.preferred_visit_date,
        preferred_visit_time: input.preferred_visit_time,
        previous_visit_date: row.preferred_visit_date,
        previous_visit_time: row.preferred_visit_time,
      },
    },
  );
  return answerTicket(context, row.id, `Visit of ticket ${row.ticket_number} saved`);
});

export const updateTicketWarranty = defineHandler(UpdateTicketWarranty, async (input, context) => {
  const row = await lockTicket(context.db, context.caller, input.ticket_id);
  requireAction(context.caller, row, 'UPDATE_WARRANTY');
  await editTicket(
    context,
    row,
    { under_warranty: input.under_warranty },
    {
      kind: 'WARRANTY_UPDATED',
      details: { under_warranty: input.under_warranty, previous: row.under_warranty },
    },
  );
  return answerTicket(context, row.id, `Warranty of ticket ${row.ticket_number} saved`);
});

export const updateTicketServiceCharges = defineHandler(
  UpdateTicketServiceCharges,
  async (input, context) => {
    const row = await lockTicket(context.db, context.caller, input.ticket_id);
    requireAction(context.caller, row, 'UPDATE_CHARGES');
    await editTicket(
      context,
      row,
      { service_charge_paise: input.service_charge_paise },
      {
        kind: 'CHARGES_UPDATED',
        details: { service_charge_paise: input.service_charge_paise, previous: row.service_charge_paise },
      },
    );
    return answerTicket(context, row.id, `Service charge of ticket ${row.ticket_number} saved`);
  },
);
