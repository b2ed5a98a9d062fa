import { FLEET_IMPORT } from '@fieldport/contract/fleet-import';
import { XLSX_MIME } from '@fieldport/contract/imports';
import {
  ActivateOrDeactivateProductFleetItem,
  amcTypes,
  ConfirmProductFleetImport,
  GetProductFleetImport,
  CreateProductFleetItem,
  GetProductFleetItem,
  ListProductFleet,
  TagProductFleetItem,
  TransferProductFleet,
  UpdateProductFleetItem,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import { seedCustomer } from '../../db/seed/customers.ts';
import { unique } from '../../test/harness.ts';
import {
  masterFixtures,
  type FixtureRegistry,
  type FixtureWorld,
  type Target,
} from '../../test/tenant-fixture.ts';
import { newMobile, upload, workbook } from '../customers/customer.test-kit.ts';
import { productOfA } from '../product-catalogue/tenant-fixtures.test-kit.ts';
import { fleetInput } from './fleet.test-kit.ts';

// The installed fleet of organization A for the walls of graphql/permission-matrix.test.ts. Most
// are an item of A's dealer: organization B's owner and another dealer of A must both be kept out.

/** An approved item of A's dealer (added by A's owner for the dealer), and how to read it back. */
async function dealerItem(world: FixtureWorld) {
  const product = await productOfA(world);
  const serial = unique('FX').toUpperCase();
  const data = (await world.asOwner(
    CreateProductFleetItem,
    fleetInput(product.id, { serial_number: serial, dealer_party_id: world.a.dealer.id }),
  )) as { items: FleetItemDetail[] };
  const item = data.items[0];
  const read = async () =>
    (
      (await world.asOwner(GetProductFleetItem, { fleet_item_id: item.fleet_item_id })) as {
        items: FleetItemDetail[];
      }
    ).items[0];
  return { item, serial, product, read };
}

/** A fleet workbook of two new serials of A's product, uploaded by A's owner (not confirmed). */
async function ownerFleetImport(world: FixtureWorld) {
  const product = await productOfA(world);
  const fileName = `Fixture ${unique('fi')}.xlsx`;
  const answer = await upload(
    world.app,
    await world.cookieOf(world.a.members.OWNER.email),
    await workbook(
      [1, 2].map(() => ({ serial_number: unique('FXI').toUpperCase(), product: product.name })),
      { spec: FLEET_IMPORT },
    ),
    fileName,
    XLSX_MIME,
    FLEET_IMPORT,
  );
  const last = answer.lines[answer.lines.length - 1];
  if (last?.type !== 'done') throw new Error(`The fixture's upload failed: ${JSON.stringify(answer)}`);
  return { id: last.import.import_id, fileName };
}

function onDealerItem(
  input: (item: FleetItemDetail, world: FixtureWorld) => Promise<Record<string, unknown>>,
): { arrange: (world: FixtureWorld) => Promise<Target> } {
  return {
    async arrange(world) {
      const { item, read } = await dealerItem(world);
      return {
        input: await input(item, world),
        traces: [item.fleet_item_id],
        state: read,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  };
}

export const productFleetFixtures: FixtureRegistry = {
  ...masterFixtures(amcTypes, async (world) => {
    const product = await productOfA(world);
    return (name) => ({
      amc_type_name: name,
      duration_months: 12,
      visits: 4,
      amc_price: 350_000,
      service_ids: [product.id],
    });
  }),
  [ListProductFleet.name]: {
    async arrange(world) {
      const { item, serial, read } = await dealerItem(world);
      return {
        input: { search: serial },
        traces: [item.fleet_item_id, serial],
        state: read,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [GetProductFleetItem.name]: {
    async arrange(world) {
      const { item, serial, read } = await dealerItem(world);
      return {
        input: { fleet_item_id: item.fleet_item_id },
        traces: [item.fleet_item_id, serial],
        state: read,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [CreateProductFleetItem.name]: {
    async arrange(world) {
      const product = await productOfA(world);
      // The answer of an intruder's create would be their own item: only A's id may not show.
      return {
        input: fleetInput(product.id),
        traces: [world.a.org.id],
        state: async () =>
          ((await world.asOwner(ListProductFleet, { status: 'ALL' })) as { total_count: number }).total_count,
      };
    },
  },
  [UpdateProductFleetItem.name]: onDealerItem(async (item) => ({
    fleet_item_id: item.fleet_item_id,
    ...fleetInput(item.service_id, { notes: 'Moved to the first floor' }),
  })),
  [ActivateOrDeactivateProductFleetItem.name]: onDealerItem(async (item) => ({
    fleet_item_id: item.fleet_item_id,
    fleet_item_status: 'INACTIVE',
  })),
  // A customer of A's dealer: the tagging waits for approval, the customer kept on the item.
  [TagProductFleetItem.name]: onDealerItem(async (item, world) => {
    const customer = await seedCustomer(world.db, {
      organization_id: world.a.org.id,
      party_id: world.a.dealer.id,
      name: `Fixture ${unique('cu')}`,
      phone: newMobile(),
      primary_location: {
        address: '1, Fixture Road',
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
    });
    return { fleet_item_id: item.fleet_item_id, customer_id: customer.id };
  }),
  // Staff move items: A's dealer's item, moved to the organization's own stock by A's owner.
  [TransferProductFleet.name]: {
    async arrange(world) {
      const { item, serial, read } = await dealerItem(world);
      return {
        input: {
          fleet_item_ids: [item.fleet_item_id],
          to: 'DEALER',
          dealer_party_id: null,
          reason: 'Returned',
        },
        traces: [item.fleet_item_id, serial],
        state: read,
        owner: 'dealer',
      };
    },
  },
  [GetProductFleetImport.name]: {
    async arrange(world) {
      const { id, fileName } = await ownerFleetImport(world);
      return {
        input: { import_id: id },
        traces: [id, fileName],
        state: async () =>
          ((await world.asOwner(GetProductFleetImport, { import_id: id })) as { items: unknown[] }).items,
      };
    },
  },
  [ConfirmProductFleetImport.name]: {
    async arrange(world) {
      const { id } = await ownerFleetImport(world);
      return {
        input: { import_id: id },
        traces: [id],
        state: async () =>
          ((await world.asOwner(ListProductFleet, { status: 'ALL' })) as { total_count: number }).total_count,
      };
    },
  },
};
