import { describe, expect, it } from 'vitest';
import { createCustomerSchema } from '@fieldport/contract/operations/customers';
import type { FleetItem } from '@fieldport/contract/operations/product-fleet';
import type { ServiceRequestItem } from '@fieldport/contract/operations/requests';
import { createTicketSchema } from '@fieldport/contract/operations/tickets';
import { newCustomerOf, sourceWords, ticketOf } from './request-format.tsx';

const request: ServiceRequestItem = {
  request_id: 'r1',
  request_number: 'RFS/2026-27/000001',
  state: 'NEW',
  source: 'PUBLIC',
  customer_name: 'Kavya Raman',
  customer_phone: '+919845012345',
  customer_phone_display: '+91 98450 12345',
  customer_email: 'kavya@example.com',
  address: '12, 4th Cross, Indiranagar',
  pincode: '560038',
  city: 'Bengaluru',
  state_name: 'Karnataka',
  country: 'IN',
  serial_number: 'AC1234',
  product_name: 'Split AC',
  problem: 'Cooling is weak and the unit rattles.',
  preferred_visit_date: '2026-12-05',
  dealer_name: null,
  raised_by_name: null,
  created_on: '2026-11-28T10:00:00.000Z',
  matched_customer_id: null,
  matched_customer_name: null,
  matched_location_id: null,
  matched_fleet_item_id: null,
  matched_product_name: null,
  matched_fleet_customer_name: null,
  decided_by_name: null,
  decided_on: null,
  reject_reason: null,
  ticket_id: null,
  ticket_number: null,
  ticket_state: null,
};

const fleetItem = {
  fleet_item_id: 'f1',
  serial_number: 'AC1234',
  service_id: 's1',
  customer_id: 'c2',
  location_id: 'l2',
  coverage: { coverage: 'IN_WARRANTY', covered_until: '2027-03-22', visits_left: null },
} as FleetItem;

describe('a request converted to a ticket', () => {
  it('starts from a new customer made of its words when nothing matched', () => {
    const ticket = ticketOf(request, { customerId: null, fleetItem: null });
    expect(ticket).toMatchObject({
      customer_id: null,
      location_id: null,
      fleet_item_id: null,
      serial_number: 'AC1234',
      problem_note: request.problem,
      preferred_visit_date: '2026-12-05',
      under_warranty: false,
    });
    // Its customer is one the customer form accepts as it is; the service is the person's to choose.
    expect(createCustomerSchema.safeParse(ticket.new_customer).success).toBe(true);
    expect(createTicketSchema.safeParse({ ...ticket, service_id: 's1' }).success).toBe(true);
  });

  it('writes the new customer’s phone as its own country writes it', () => {
    const customer = newCustomerOf({ ...request, customer_phone: '+60123456789', country: 'MY' });
    expect(customer.phone_country).toBe('MY');
    expect(customer.customer_phone).toBe('012-345 6789');
  });

  it('starts from the customer with its phone and the location the server matched', () => {
    const ticket = ticketOf(
      { ...request, matched_customer_id: 'c1', matched_location_id: 'l1' },
      { customerId: 'c1', fleetItem: null },
    );
    expect(ticket).toMatchObject({ customer_id: 'c1', location_id: 'l1', new_customer: null });
  });

  it('starts from the fleet item with its serial number: its customer, place, product and warranty', () => {
    const ticket = ticketOf(request, { customerId: 'c1', fleetItem });
    expect(ticket).toMatchObject({
      fleet_item_id: 'f1',
      customer_id: 'c2',
      location_id: 'l2',
      service_id: 's1',
      new_customer: null,
      under_warranty: true,
    });
    expect(createTicketSchema.safeParse(ticket).success).toBe(true);
  });
});

describe('where a request came from', () => {
  it('names the dealer and its person, or the staff member, or nobody for the public form', () => {
    expect(
      sourceWords({ source: 'DEALER', dealer_name: 'Sharma Appliances', raised_by_name: 'Deepak' }),
    ).toEqual(['Dealer', 'Sharma Appliances · Deepak']);
    expect(sourceWords({ source: 'STAFF', dealer_name: null, raised_by_name: 'Olivia' })).toEqual([
      'Staff',
      'Olivia',
    ]);
    expect(sourceWords({ source: 'PUBLIC', dealer_name: null, raised_by_name: null })).toEqual([
      'Public form',
      null,
    ]);
  });
});
