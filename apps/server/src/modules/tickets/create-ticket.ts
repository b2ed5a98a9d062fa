import { and, eq } from 'drizzle-orm';
import { CreateAssignedTicketV2 } from '@fieldport/contract/operations/tickets';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { problemDescription } from '../../db/schema/settings.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { badInput, DomainError } from '../../platform/errors.ts';
import { newId } from '../../db/ids.ts';
import { formatNumber, nextNumber } from '../../db/sequences.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { insertCustomer } from '../customers/create-customer.ts';
import { fleetItemForTicket, type TicketFleetColumns } from '../product-fleet/fleet-tickets.ts';
import { spendTicketCredits } from '../credits/credits.ts';
import { requireOfferedService, requireTypeOfService } from '../product-catalogue/service-offer.ts';
import { territoryOfPincode } from '../territories/assignment-rules.ts';
import { giveOut, mayChooseAssignment, type AssignmentChoice } from './give-out.ts';
import { assignableTechnicians, eligibleAssignees } from './list-ticket-assignees.ts';
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
        inOrganization(customerLocation, caller),
        eq(customerLocation.customer_id, customerId),
        eq(customerLocation.id, locationId),
      ),
    );
  if (!location) throw badInput("Location not found. Choose one of the customer's locations.", 'location_id');
  return { customer_id: found.id, location_id: location.id, pincode: location.pincode };
}

/** A customer made with the ticket, as CreateCustomer makes one; its errors name new_customer's fields. */
async function newCustomer(db: Db, caller: Caller, input: Parameters<typeof insertCustomer>[2]) {
  try {
    const created = await insertCustomer(db, caller, input);
    return {
      customer_id: created.customer_id,
      location_id: created.primary_location_id,
      pincode: input.primary_location.pincode,
    };
  } catch (error) {
    if (error instanceof DomainError && error.field) {
      throw new DomainError(error.code, error.message, `new_customer.${error.field}`);
    }
    throw error;
  }
}

interface NewTicketValues {
  customer_id: string;
  location_id: string;
  pincode: string;
  service_id: string;
  category_id: string;
  service_type_id: string | null;
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
  /** The fleet item it is about: with the coverage it is raised under (a re-created ticket: the link only). */
  fleet?: TicketFleetColumns | Pick<TicketFleetColumns, 'fleet_item_id'> | null;
}

/**
 * Numbers, writes and gives out a ticket, with its CREATED entry and the customer's mail. A
 * dealer's user's ticket is the dealer's; a service partner's user's ticket is the partner's.
 */
export async function insertTicket(
  context: OperationContext,
  values: NewTicketValues,
  choice?: AssignmentChoice | null,
): Promise<TicketRow> {
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
      service_type_id: values.service_type_id,
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
      // The item's serial number, coverage, warranty and FOC win over what was sent.
      ...values.fleet,
      created_by: caller.user.id,
    })
    .returning();
  // An organization that uses credits spends the service's (docs/credits.md): refused, nothing is written.
  await spendTicketCredits(db, caller, row);
  const details = {
    ...(values.recreated_from_ticket_id ? { recreated_from_ticket_id: values.recreated_from_ticket_id } : {}),
    // A co-ordinator's choice instead of the organization's mode is kept with the ticket.
    ...(choice ? { assignment: choice.assignment } : {}),
  };
  await recordEvent(db, caller, row, {
    kind: 'CREATED',
    to_state: 'OPEN',
    details: Object.keys(details).length ? details : null,
  });
  await mailTicketCreated(context, row);
  return giveOut(context, row, values.pincode, choice);
}

type CreateInput = Parameters<typeof createTicket.handle>[0];

/**
 * A co-ordinator's choice for this ticket (docs/tickets.md#assignment), checked before anything
 * is written: who may choose, and for ASSIGN that the technician or partner is eligible for the
 * ticket's category at its pincode (the same rules as the assignees list).
 */
async function assignmentChoice(
  context: OperationContext,
  input: Pick<CreateInput, 'assignment' | 'technician_id' | 'partner_party_id'>,
  place: { pincode: string; categoryId: string },
): Promise<AssignmentChoice | null> {
  const { db, caller } = context;
  if (!input.assignment) return null;
  if (!mayChooseAssignment(caller)) {
    throw new DomainError(
      'FORBIDDEN',
      "Only the organization's co-ordinators choose how a new ticket is given out. Leave the assignment to the organization's mode.",
      'assignment',
    );
  }
  if (input.assignment !== 'ASSIGN') return { assignment: input.assignment };
  const field = input.technician_id ? 'technician_id' : 'partner_party_id';
  const territoryOfPlace = await territoryOfPincode(db, caller.organization.id, place.pincode);
  if (!territoryOfPlace || territoryOfPlace.territory_status !== 'ACTIVE') {
    throw badInput(
      `Pincode ${place.pincode} is not in any active territory, so nobody is eligible for this ticket. Add the pincode to a territory under Territories first, or leave the ticket open.`,
      field,
    );
  }
  const wanted = input.technician_id ?? input.partner_party_id;
  const chosen = (await eligibleAssignees(db, caller, place)).find(
    (item) =>
      item.assignee_id === wanted && item.kind === (input.technician_id ? 'TECHNICIAN' : 'SERVICE_PARTNER'),
  );
  if (!chosen) {
    if (input.technician_id) {
      const known = (await assignableTechnicians(db, caller)).find(
        (technician) => technician.technician_id === input.technician_id,
      );
      throw badInput(
        known
          ? `${known.name} is not eligible for this ticket: not mapped to ${territoryOfPlace.territory_name} with the service's category in their expertise. Choose an eligible technician, or float the ticket.`
          : 'Technician not found. Choose an eligible technician from the list.',
        'technician_id',
      );
    }
    throw badInput(
      `This service partner is not eligible for this ticket: it is not an active service partner mapped to ${territoryOfPlace.territory_name}. Choose an eligible one from the list.`,
      'partner_party_id',
    );
  }
  const technician = chosen.kind === 'TECHNICIAN';
  const partnerOfTechnician = technician
    ? ((await assignableTechnicians(db, caller)).find((entry) => entry.technician_id === chosen.assignee_id)
        ?.party_id ?? null)
    : chosen.assignee_id;
  return {
    assignment: 'ASSIGN',
    assignee: {
      technician_id: technician ? chosen.assignee_id : null,
      partner_party_id: partnerOfTechnician,
      details: technician
        ? {
            technician_id: chosen.assignee_id,
            technician_name: chosen.name,
            partner_party_id: partnerOfTechnician,
            partner_name: chosen.party_name,
          }
        : { partner_party_id: chosen.assignee_id, partner_name: chosen.name },
    },
  };
}

export const createTicket = defineHandler(CreateAssignedTicketV2, async (input, context) => {
  const { db, caller } = context;
  // The service must be offered to the caller for new tickets (product-catalogue/service-offer.ts).
  const offered = await requireOfferedService(db, caller, input.service_id, 'service_id');
  if (input.service_type_id)
    await requireTypeOfService(db, caller, offered.service_id, input.service_type_id);
  if (input.problem_description_id) {
    await requireActiveReference(db, caller, problemDescription, {
      id: input.problem_description_id,
      field: 'problem_description_id',
      noun: 'problem description',
    });
  }
  // A fleet item brings its customer, location, serial number and coverage (docs/product-fleet.md#tickets).
  const fleet = input.fleet_item_id
    ? await fleetItemForTicket(db, caller, { ...input, fleet_item_id: input.fleet_item_id })
    : null;
  // Everything is checked before the first write (the customer made inline included).
  const existing = input.new_customer
    ? null
    : await customerAndLocation(
        db,
        caller,
        fleet?.customer_id ?? input.customer_id!,
        fleet?.location_id ?? input.location_id!,
      );
  const choice = await assignmentChoice(context, input, {
    pincode: existing?.pincode ?? input.new_customer!.primary_location.pincode,
    categoryId: offered.category_id,
  });
  const place = existing ?? (await newCustomer(db, caller, input.new_customer!));
  const row = await insertTicket(
    context,
    {
      ...place,
      service_id: offered.service_id,
      category_id: offered.category_id,
      service_type_id: input.service_type_id,
      ticket_prefix: offered.ticket_prefix,
      serial_number: input.serial_number,
      problem_description_id: input.problem_description_id,
      problem_note: input.problem_note,
      priority: input.priority,
      preferred_visit_date: input.preferred_visit_date,
      preferred_visit_time: input.preferred_visit_time,
      under_warranty: input.under_warranty,
      dealer_party_id: callerKind(caller) === 'DEALER' ? caller.party!.id : null,
      fleet: fleet?.columns,
    },
    choice,
  );
  // The audit entry names the ticket, not the customer CreateCustomer's handler named.
  return answerTicket(context, row.id, `Ticket ${row.ticket_number} created`);
});
