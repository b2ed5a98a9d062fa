import { and, eq } from 'drizzle-orm';
import { DecideWorkflowRequest } from '@fieldport/contract/operations/approvals';
import {
  GetTicketParts,
  IssueComponentRequest,
  ListComponentRequests,
  RaiseComponentRequest,
  ReceiveStock,
  type ComponentRequestItem,
} from '@fieldport/contract/operations/inventory';
import { componentRequest } from '../../db/schema/inventory.ts';
import { call } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { storedTicket } from '../tickets/ticket.test-kit.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore, seedTestTicket } from './stock.test-kit.ts';

// Component requests of organization A for the walls of graphql/permission-matrix.test.ts: each is
// on a ticket given to A's service partner, from the partner's store, so that organization B's
// owner and another partner's users are both kept out, and the partner's own user is the rightful
// caller (docs/inventory.md#parts-for-a-ticket).

/** A ticket of A's partner with the partner's technician at work, and the partner's store with 5 parts. */
async function partnerTicket(world: FixtureWorld) {
  const organization_id = world.a.org.id;
  const technician = await addTestMember(world.db, {
    organizationId: organization_id,
    role: 'TECHNICIAN',
    party_id: world.a.partner.id,
  });
  const ticket = await seedTestTicket(world.db, organization_id, {
    state: 'IN_PROGRESS',
    partner_party_id: world.a.partner.id,
    technician_id: technician.membershipId,
  });
  const store = await seedTestStore(world.db, organization_id, 'Fixture partner store', world.a.partner.id);
  const part = await seedTestComponent(world.db, organization_id, 'Fixture part');
  await world.asOwner(ReceiveStock, {
    service_center_id: store.id,
    lines: [{ component_id: part.id, quantity: 5, unit_cost: 12_345 }],
  });
  const state = async () => ({
    ticket: await storedTicket(world.db, ticket.id),
    requests: await world.db
      .select()
      .from(componentRequest)
      .where(
        and(eq(componentRequest.organization_id, organization_id), eq(componentRequest.ticket_id, ticket.id)),
      ),
    stock: await ledgerAndLevel(world.db, store.id, part.id),
  });
  return { ticket, store, part, state };
}

/** A request raised by A's partner on its ticket; approved by A's owner when asked. */
async function partnerRequest(world: FixtureWorld, approved: boolean) {
  const arranged = await partnerTicket(world);
  const cookie = await world.cookieOf(world.a.members.SERVICE_PARTNER.email);
  const raised = await call(world.app, cookie, RaiseComponentRequest, {
    ticket_id: arranged.ticket.id,
    service_center_id: arranged.store.id,
    components: [{ component_id: arranged.part.id, quantity: 2 }],
  });
  const request = raised.envelope?.data.items[0] as ComponentRequestItem | undefined;
  if (!request) throw new Error(`The fixture's request was refused: ${JSON.stringify(raised.errors)}`);
  if (approved) {
    await world.asOwner(DecideWorkflowRequest, {
      request_id: request.workflow_request_id,
      decision: 'APPROVE',
      level: 1,
    });
  }
  return { ...arranged, request };
}

const partnerTarget = (target: Omit<Target, 'owner' | 'rightful'>): Target => ({
  ...target,
  owner: 'partner',
  rightful: 'SERVICE_PARTNER',
});

export const componentRequestFixtures: FixtureRegistry = {
  [ListComponentRequests.name]: {
    async arrange(world) {
      const { request, state } = await partnerRequest(world, false);
      return partnerTarget({
        input: { search: request.request_number },
        traces: [request.component_request_id, request.ticket_number],
        state,
      });
    },
  },
  [GetTicketParts.name]: {
    async arrange(world) {
      const { ticket, request, state } = await partnerRequest(world, false);
      return partnerTarget({
        input: { ticket_id: ticket.id },
        traces: [request.component_request_id, request.request_number],
        state,
      });
    },
  },
  [RaiseComponentRequest.name]: {
    async arrange(world) {
      const { ticket, store, part, state } = await partnerTicket(world);
      return partnerTarget({
        input: {
          ticket_id: ticket.id,
          service_center_id: store.id,
          components: [{ component_id: part.id, quantity: 1 }],
        },
        traces: [ticket.id, ticket.ticket_number, store.name],
        state,
      });
    },
  },
  [IssueComponentRequest.name]: {
    async arrange(world) {
      const { request, state } = await partnerRequest(world, true);
      return partnerTarget({
        input: { component_request_id: request.component_request_id },
        traces: [request.component_request_id, request.request_number],
        state,
      });
    },
  },
};
