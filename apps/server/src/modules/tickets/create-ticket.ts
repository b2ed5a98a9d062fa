import { and, eq } from 'drizzle-orm';
import { CreateAssignedTicketV2 } from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { problemDescription } from '../../db/schema/settings.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../graphql/caller.ts';
import { defineHandler, type OperationContext } from '../../graphql/handler.ts';
import { badInput, DomainError, forbidden } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatNumber, nextNumber } from '../../platform/sequences.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { inPartyOf } from '../../platform/tenant.ts';
import { createCustomer } from '../customers/create-customer.ts';
import { requireOfferedService } from '../product-catalogue/service-offer.ts';
import { territoryOfPincode } from '../territories/assignment-rules.ts';
import { giveOut } from './give-out.ts';
import { mailTicketCreated } from './ticket-mails.ts';
import { answerTicket, recordEvent, type TicketRow } from './ticket-rules.ts';
import { callerKind } from './ticket-scope.ts';

/** An existing customer the caller may see (a dealer only its own), active, and one of its locations. */
async function customerAndLocation(db: Db, caller: Caller, customerId: string, locationId: string) {
  const [found] = await db
    .select({ id: customer.id, status: customer.status })
    .from(customer)
    .where(and(inPartyOf(customer, caller), eq(customer.id, customerId)));
  if (!found) throw badInput('Customer not found. Choose a customer from the list.', 'customer_id');
  if (found.status !== 'ACTIVE') {
    throw badInput('This customer is inactive. Activate the customer first.', 'customer_id');
  }
  const [location] = await db
    .select({ id: customerLocation.id, pincode: customerLocation.pincode })
    .from(customerLocation)
    .where(
      and(
        eq(customerLocation.organization_id, caller.organization.id),
        eq(customerLocation.customer_id, customerId),
        eq(customerLocation.id, locationId),
      ),
    );
  if (!location) throw badInput("Location not found. Choose one of the customer's locations.", 'location_id');
  return { customer_id: found.id, location_id: location.id, pincode: location.pincode };
}

/** A customer made with the ticket, by CreateCustomer's own handler; its errors name new_customer's fields. */
async function newCustomer(
  context: OperationContext,
  input: NonNullable<Parameters<typeof createCustomer.handle>[0]>,
) {
  try {
    const created = await createCustomer.handle(input, context);
    const detail = created.data.items[0];
    return {
      customer_id: detail.customer_id,
      location_id: detail.primary_location.location_id,
      pincode: detail.primary_location.pincode,
    };
  } catch (error) {
    if (error instanceof DomainError && error.field) {
      throw new DomainError(error.code, error.message, `new_customer.${error.field}`);
    }
    throw error;
  }
}

export interface NewTicketValues {
  customer_id: string;
  location_id: string;
  pincode: string;
  service_id: string;
  category_id: string;
  ticket_prefix: string;
  serial_number: string | null;
  problem_description_id: string | null;
  problem_note: string | null;
  priority: TicketRow['priority'];
  preferred_visit_date: string | null;
  preferred_visit_time: string | null;
  under_warranty: boolean;
  dealer_party_id: string | null;
  recreated_from_ticket_id?: string | null;
}

/**
 * Numbers, writes and gives out a ticket, with its CREATED entry and the customer's mail. A
 * dealer's user's ticket is the dealer's; a service partner's user's ticket is the partner's.
 */
export async function insertTicket(context: OperationContext, values: NewTicketValues): Promise<TicketRow> {
  const { db, caller } = context;
  const organizationId = caller.organization.id;
  const number = formatNumber(values.ticket_prefix, await nextNumber(db, organizationId, 'ticket'));
  const place = await territoryOfPincode(db, organizationId, values.pincode);
  const [row] = await db
    .insert(ticket)
    .values({
      id: newId(),
      organization_id: organizationId,
      ticket_number: number,
      state: 'OPEN',
      priority: values.priority,
      customer_id: values.customer_id,
      location_id: values.location_id,
      service_id: values.service_id,
      category_id: values.category_id,
      territory_id: place?.territory_id ?? null,
      serial_number: values.serial_number,
      problem_description_id: values.problem_description_id,
      problem_note: values.problem_note,
      preferred_visit_date: values.preferred_visit_date,
      preferred_visit_time: values.preferred_visit_time,
      under_warranty: values.under_warranty,
      dealer_party_id: values.dealer_party_id,
      partner_party_id: callerKind(caller) === 'PARTNER' ? caller.party!.id : null,
      recreated_from_ticket_id: values.recreated_from_ticket_id ?? null,
      created_by: caller.user.id,
    })
    .returning();
  await recordEvent(db, caller, row, {
    kind: 'CREATED',
    to_state: 'OPEN',
    details: values.recreated_from_ticket_id
      ? { recreated_from_ticket_id: values.recreated_from_ticket_id }
      : null,
  });
  await mailTicketCreated(context, row);
  return giveOut(context, row, values.pincode);
}

export const createTicket = defineHandler(CreateAssignedTicketV2, async (input, context) => {
  const { db, caller } = context;
  if (callerKind(caller) === 'TECHNICIAN') {
    throw forbidden('Technicians cannot raise tickets. Ask a service co-ordinator to raise it.');
  }
  // The service must be offered to the caller for new tickets (product-catalogue/service-offer.ts).
  const offered = await requireOfferedService(db, caller, input.service_id, 'service_id');
  if (input.problem_description_id) {
    await requireActiveReference(db, caller, problemDescription, {
      id: input.problem_description_id,
      field: 'problem_description_id',
      noun: 'problem description',
    });
  }
  const place = input.new_customer
    ? await newCustomer(context, input.new_customer)
    : await customerAndLocation(db, caller, input.customer_id!, input.location_id!);
  const row = await insertTicket(context, {
    ...place,
    service_id: offered.service_id,
    category_id: offered.category_id,
    ticket_prefix: offered.ticket_prefix,
    serial_number: input.serial_number,
    problem_description_id: input.problem_description_id,
    problem_note: input.problem_note,
    priority: input.priority,
    preferred_visit_date: input.preferred_visit_date,
    preferred_visit_time: input.preferred_visit_time,
    under_warranty: input.under_warranty,
    dealer_party_id: callerKind(caller) === 'DEALER' ? caller.party!.id : null,
  });
  // The audit entry names the ticket, not the customer CreateCustomer's handler named.
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} created`);
});
