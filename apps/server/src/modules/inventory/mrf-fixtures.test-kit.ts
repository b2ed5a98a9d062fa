import { and, eq } from 'drizzle-orm';
import {
  CancelMrf,
  FulfilMrf,
  HoldMrf,
  ListMrfs,
  RaiseMrf,
  type MrfItem,
} from '@fieldport/contract/operations/inventory';
import { mrf } from '../../db/schema/inventory.ts';
import { addTestMember } from '../../test/organizations.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { storedTicket } from '../tickets/ticket.test-kit.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore, seedTestTicket } from './stock.test-kit.ts';

// MRFs of organization A for the walls of graphql/permission-matrix.test.ts: on a ticket of the
// organization in progress with its technician, for a part its own store lacks, so that
// organization B's owner is kept out and A's owner (who keeps the MRF screen) is the rightful
// caller (docs/inventory.md#mrf).

async function ticketNeedingParts(world: FixtureWorld) {
  const organization_id = world.a.org.id;
  const technician = await addTestMember(world.db, { organizationId: organization_id, role: 'TECHNICIAN' });
  const ticket = await seedTestTicket(world.db, organization_id, {
    state: 'IN_PROGRESS',
    technician_id: technician.membershipId,
  });
  const store = await seedTestStore(world.db, organization_id, 'Fixture MRF store');
  const part = await seedTestComponent(world.db, organization_id, 'Fixture MRF part');
  const state = async () => ({
    ticket: await storedTicket(world.db, ticket.id),
    mrfs: await world.db
      .select()
      .from(mrf)
      .where(and(eq(mrf.organization_id, organization_id), eq(mrf.ticket_id, ticket.id))),
    stock: await ledgerAndLevel(world.db, store.id, part.id),
  });
  return { ticket, store, part, state };
}

/** An open MRF raised by A's owner on the ticket. */
async function openMrf(world: FixtureWorld) {
  const arranged = await ticketNeedingParts(world);
  const data = (await world.asOwner(RaiseMrf, {
    ticket_id: arranged.ticket.id,
    service_center_id: arranged.store.id,
    components: [{ component_id: arranged.part.id, quantity: 2 }],
  })) as { items: MrfItem[] };
  return { ...arranged, raised: data.items[0] };
}

const ownTarget = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'organization' });

export const mrfFixtures: FixtureRegistry = {
  [ListMrfs.name]: {
    async arrange(world) {
      const { raised, state } = await openMrf(world);
      return ownTarget({
        input: { search: raised.mrf_number },
        traces: [raised.mrf_id, raised.ticket_number],
        state,
      });
    },
  },
  [RaiseMrf.name]: {
    async arrange(world) {
      const { ticket, store, part, state } = await ticketNeedingParts(world);
      return ownTarget({
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
  [HoldMrf.name]: {
    async arrange(world) {
      const { raised, state } = await openMrf(world);
      return ownTarget({
        input: { mrf_id: raised.mrf_id, action: 'HOLD', reason: 'Supplier closed this week' },
        traces: [raised.mrf_id, raised.mrf_number],
        state,
      });
    },
  },
  [FulfilMrf.name]: {
    async arrange(world) {
      const { raised, part, state } = await openMrf(world);
      return ownTarget({
        input: {
          mrf_id: raised.mrf_id,
          lines: [{ component_id: part.id, unit_cost: 45_000 }],
          reference: 'INV-FIXTURE-1',
        },
        traces: [raised.mrf_id, raised.mrf_number],
        state,
      });
    },
  },
  [CancelMrf.name]: {
    async arrange(world) {
      const { raised, state } = await openMrf(world);
      return ownTarget({
        input: { mrf_id: raised.mrf_id, reason: 'The customer bought the part' },
        traces: [raised.mrf_id, raised.mrf_number],
        state,
      });
    },
  },
};
