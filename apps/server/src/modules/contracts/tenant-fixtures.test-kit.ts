import { eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  CreateContract,
  GetContract,
  ListContracts,
  RaiseRenewalQuotation,
  type ContractItem,
} from '@fieldport/contract/operations/contracts';
import { newId } from '../../db/ids.ts';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { quotation, quotationLine } from '../../db/schema/quotations.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';

// AMC contracts of organization A for the walls of graphql/permission-matrix.test.ts: A's owner
// enters a contract for A's customer's product, so that B's owner is kept out (partners' and
// dealers' menus have no Contracts).

async function arrangeContract(world: FixtureWorld) {
  const organization_id = world.a.org.id;
  // A's customer and product of the tickets' fixtures: a product of its own for each contract.
  const { setup } = await ticketOfA(world, 'organization');
  const customer = { id: setup.customer_id, name: 'the tickets fixtures customer' };
  const [itemId] = await seedFleetItems(world.db, [
    {
      organization_id,
      serial_number: unique('FX-SN-'),
      service_id: setup.service_id,
      customer_id: setup.customer_id,
    },
  ]);
  const type = { id: newId(), name: unique('Fixture AMC ') };
  await world.db.insert(amcType).values({
    id: type.id,
    organization_id,
    name: type.name,
    duration_months: 12,
    visits: 2,
    price_paise: 200_000,
    service_ids: [],
  });
  const input = {
    customer_id: customer.id,
    amc_type_id: type.id,
    start_date: dayIn(world.a.org.time_zone),
    fleet_item_ids: [itemId],
    amount: 200_000,
  };
  const state = async () => ({
    contracts: await world.db
      .select({ contract: amcContract })
      .from(amcContractItem)
      .innerJoin(amcContract, eq(amcContract.id, amcContractItem.contract_id))
      .where(eq(amcContractItem.fleet_item_id, itemId)),
    item: await world.db.select().from(fleetItem).where(eq(fleetItem.id, itemId)),
  });
  return { input, customer, state };
}

const ownTarget = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'organization' });

async function entered(world: FixtureWorld) {
  const arranged = await arrangeContract(world);
  const data = (await world.asOwner(CreateContract, arranged.input)) as { items: ContractItem[] };
  return { ...arranged, contract: data.items[0] };
}

/**
 * A contract of A's sold 350 days ago, so due for renewal (docs/contracts.md#states), on a product
 * and AMC type of its own: a report filtered by that type reads it alone in the shared world.
 */
export async function dueContractOfA(world: FixtureWorld) {
  const arranged = await arrangeContract(world);
  const start_date = shiftDay(dayIn(world.a.org.time_zone), -350);
  const data = (await world.asOwner(CreateContract, { ...arranged.input, start_date })) as {
    items: ContractItem[];
  };
  return { ...arranged, contract: data.items[0] };
}

export const contractFixtures: FixtureRegistry = {
  [RaiseRenewalQuotation.name]: {
    async arrange(world) {
      const { contract, input, state } = await dueContractOfA(world);
      return ownTarget({
        input: { contract_id: contract.contract_id },
        traces: [contract.contract_id, contract.contract_number],
        // What raising would write: a quotation with an AMC line for the contract's product.
        state: async () => ({
          ...(await state()),
          quotations: await world.db
            .select({ id: quotation.id, state: quotation.state })
            .from(quotationLine)
            .innerJoin(quotation, eq(quotation.id, quotationLine.quotation_id))
            .where(eq(quotationLine.fleet_item_id, input.fleet_item_ids[0])),
        }),
      });
    },
  },
  [ListContracts.name]: {
    async arrange(world) {
      const { contract, state } = await entered(world);
      return ownTarget({
        input: { search: contract.contract_number },
        traces: [contract.contract_id, contract.contract_number],
        state,
      });
    },
  },
  [GetContract.name]: {
    async arrange(world) {
      const { contract, state } = await entered(world);
      return ownTarget({
        input: { contract_id: contract.contract_id },
        traces: [contract.contract_id, contract.contract_number],
        state,
      });
    },
  },
  [CreateContract.name]: {
    async arrange(world) {
      const { input, customer, state } = await arrangeContract(world);
      return ownTarget({ input, traces: [customer.id], state });
    },
  },
};
