import { and, eq } from 'drizzle-orm';
import { ReCreateTicket } from '@fieldport/contract/operations/tickets';
import { category } from '../../db/schema/product-catalogue.ts';
import { defineHandler } from '../../graphql/handler.ts';
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
  const [ofCategory] = await db
    .select({ ticket_prefix: category.ticket_prefix })
    .from(category)
    .where(and(eq(category.organization_id, row.organization_id), eq(category.id, row.category_id)));
  const created = await insertTicket(context, {
    customer_id: row.customer_id,
    location_id: row.location_id,
    pincode: await pincodeOf(db, row),
    service_id: row.service_id,
    category_id: row.category_id,
    ticket_prefix: ofCategory.ticket_prefix,
    serial_number: row.serial_number,
    problem_description_id: row.problem_description_id,
    problem_note: input.reason,
    priority: row.priority,
    preferred_visit_date: null,
    preferred_visit_time: null,
    under_warranty: row.under_warranty,
    dealer_party_id: row.dealer_party_id,
    recreated_from_ticket_id: row.id,
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
