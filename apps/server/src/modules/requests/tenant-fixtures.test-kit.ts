import { eq } from 'drizzle-orm';
import {
  ConvertServiceRequest,
  ListServiceRequests,
  MergeServiceRequest,
  RaiseServiceRequest,
  RejectServiceRequest,
} from '@fieldport/contract/operations/requests';
import { customerLocation } from '../../db/schema/customers.ts';
import { serviceRequest } from '../../db/schema/requests.ts';
import { newId } from '../../db/ids.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';

// Requests for service of organization A for the walls of graphql/permission-matrix.test.ts: a
// request of A (its dealer's, for the list) that B's owner, and another dealer, must not reach.

async function requestOfA(world: FixtureWorld, dealer = false) {
  const name = unique('Requester ');
  const id = newId();
  await world.db.insert(serviceRequest).values({
    id,
    organization_id: world.a.org.id,
    request_number: unique('RFS/'),
    source: dealer ? 'DEALER' : 'PUBLIC',
    dealer_party_id: dealer ? world.a.dealer.id : null,
    customer_name: name,
    phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    phone_country: 'IN',
    address: '12 MG Road',
    pincode: '560001',
    city: 'Bengaluru',
    state_name: 'Karnataka',
    country: 'IN',
    problem: 'The air conditioner does not cool at all.',
  });
  const state = () => world.db.select().from(serviceRequest).where(eq(serviceRequest.id, id));
  return { id, name, state };
}

const own = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'organization' });

export const requestFixtures: FixtureRegistry = {
  [ListServiceRequests.name]: {
    async arrange(world) {
      const { id, name, state } = await requestOfA(world, true);
      return {
        input: { search: name },
        traces: [id, name],
        state,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [RaiseServiceRequest.name]: { none: "Raises a request in the caller's own organization" },
  [ConvertServiceRequest.name]: {
    async arrange(world) {
      const { id, name, state } = await requestOfA(world);
      const { setup } = await ticketOfA(world, 'organization');
      const [place] = await world.db
        .select({ id: customerLocation.id })
        .from(customerLocation)
        .where(eq(customerLocation.customer_id, setup.customer_id));
      return own({
        input: {
          request_id: id,
          ticket: { customer_id: setup.customer_id, location_id: place.id, service_id: setup.service_id },
        },
        traces: [id, name],
        state,
      });
    },
  },
  [RejectServiceRequest.name]: {
    async arrange(world) {
      const { id, name, state } = await requestOfA(world);
      return own({
        input: { request_id: id, reason: 'Outside our service area' },
        traces: [id, name],
        state,
      });
    },
  },
  [MergeServiceRequest.name]: {
    async arrange(world) {
      const { id, name, state } = await requestOfA(world);
      const { row } = await ticketOfA(world, 'organization');
      return own({ input: { request_id: id, ticket_id: row.id }, traces: [id, name], state });
    },
  },
};
