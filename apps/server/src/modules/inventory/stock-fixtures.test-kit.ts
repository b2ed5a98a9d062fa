import {
  AdjustStock,
  ListInventory,
  ListStockMovements,
  ReceiveStock,
  TransferStock,
} from '@fieldport/contract/operations/inventory';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { ledgerAndLevel, seedTestComponent, seedTestStore } from './stock.test-kit.ts';

// Stock of organization A for the walls of graphql/permission-matrix.test.ts: every record is in
// a store of A's service partner, so that organization B's owner and another partner's users must
// both be kept out, and the partner's own user is the rightful caller.

/** A store of A's partner holding 5 units of a new component (received by A's owner). */
async function partnerStock(world: FixtureWorld, units = 5) {
  const organization_id = world.a.org.id;
  const store = await seedTestStore(world.db, organization_id, 'Fixture partner store', world.a.partner.id);
  const part = await seedTestComponent(world.db, organization_id, 'Fixture part');
  if (units > 0) {
    await world.asOwner(ReceiveStock, {
      service_center_id: store.id,
      lines: [{ component_id: part.id, quantity: units, unit_cost: 12_345 }],
    });
  }
  const state = () => ledgerAndLevel(world.db, store.id, part.id);
  return { store, part, state };
}

const partnerTarget = (target: Omit<Target, 'owner' | 'rightful'>): Target => ({
  ...target,
  owner: 'partner',
  rightful: 'SERVICE_PARTNER',
});

export const stockFixtures: FixtureRegistry = {
  [ListInventory.name]: {
    async arrange(world) {
      const { store, part, state } = await partnerStock(world);
      return partnerTarget({ input: { search: part.part_number }, traces: [store.id, store.name], state });
    },
  },
  [ListStockMovements.name]: {
    async arrange(world) {
      const { store, part, state } = await partnerStock(world);
      return partnerTarget({ input: { search: part.part_number }, traces: [store.id, store.name], state });
    },
  },
  [ReceiveStock.name]: {
    async arrange(world) {
      const { store, part, state } = await partnerStock(world, 0);
      return partnerTarget({
        input: {
          service_center_id: store.id,
          lines: [{ component_id: part.id, quantity: 2, unit_cost: 5_000 }],
        },
        traces: [store.id],
        state,
      });
    },
  },
  [AdjustStock.name]: {
    async arrange(world) {
      const { store, part, state } = await partnerStock(world);
      return partnerTarget({
        input: {
          service_center_id: store.id,
          component_id: part.id,
          quantity_change: -1,
          reason: 'Broken in transit',
        },
        traces: [store.id],
        state,
      });
    },
  },
  [TransferStock.name]: {
    async arrange(world) {
      const { store, part, state } = await partnerStock(world);
      const branch = await seedTestStore(
        world.db,
        world.a.org.id,
        'Fixture partner branch',
        world.a.partner.id,
      );
      return partnerTarget({
        input: {
          from_service_center_id: store.id,
          to_service_center_id: branch.id,
          lines: [{ component_id: part.id, quantity: 2 }],
        },
        traces: [store.id, branch.id],
        state: async () => ({
          from: await state(),
          to: await ledgerAndLevel(world.db, branch.id, part.id),
        }),
      });
    },
  },
};
