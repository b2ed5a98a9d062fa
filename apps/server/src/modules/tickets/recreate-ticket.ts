import { ReCreateTicket } from '@fieldport/contract/operations/tickets';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { serviceOffer } from '../product-catalogue/service-offer.ts';
import { insertTicket } from './create-ticket.ts';
import { pincodeOf } from './list-ticket-assignees.ts';
import { answerTicket, lockTicket, recordEvent, requireAction } from './ticket-rules.ts';

/**
 * The problem came back: a new ticket for the same customer, location, service and product,
 * linked to the closed one, given out like a new ticket. The closed ticket stays CLOSED and its
 * timeline names the new one.
 */
export const reCreateTicket = defineHandler(ReCreateTicket, async (input, context) => {
  const { db, caller } = context;
  const row = await lockTicket(db, caller, input.ticket_id);
  requireAction(caller, row, 'RECREATE');
  // A new ticket like any other: its service must still be offered to the caller.
  const offered = await serviceOffer(db, caller, row.service_id);
  if (!offered?.offered) {
    throw conflict(
      `Ticket ${row.ticket_number} cannot be re-created: its service is no longer offered to you for new tickets. Raise a new ticket for another service.`,
    );
  }
  const created = await insertTicket(context, {
    customer_id: row.customer_id,
    location_id: row.location_id,
    pincode: await pincodeOf(db, row),
    service_id: offered.service_id,
    category_id: offered.category_id,
    service_type_id: row.service_type_id,
    ticket_prefix: offered.ticket_prefix,
    serial_number: row.serial_number,
    problem_description_id: row.problem_description_id,
    problem_note: input.reason,
    priority: row.priority,
    preferred_visit_date: null,
    preferred_visit_time: null,
    under_warranty: row.under_warranty,
    dealer_party_id: row.dealer_party_id,
    recreated_from_ticket_id: row.id,
    // The same product: linked to the same fleet item, with no coverage recorded of its own.
    fleet: row.fleet_item_id ? { fleet_item_id: row.fleet_item_id } : null,
  });
  await recordEvent(db, caller, row, {
    kind: 'RECREATED',
    from_state: row.state,
    to_state: row.state,
    text: input.reason,
    details: { new_ticket_id: created.id, new_ticket_number: created.ticket_number },
  });
  return answerTicket(
    context,
    created.id,
    `Ticket ${created.ticket_number} created again from ${row.ticket_number}`,
  );
});
