import type { OperationDef } from '@fieldport/contract/operation';
import {
  ActivateOrDeactivateCustomer,
  AddCustomerSecondaryLocation,
  ConfirmCustomerImport,
  CreateCustomer,
  GetCustomer,
  GetCustomerImport,
  ListCustomers,
  RemoveCustomerSecondaryLocation,
  UpdateCustomer,
  UpdateCustomerSecondaryLocation,
  type CustomerDetail,
} from '@fieldport/contract/operations/customers';
import { call, unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { customerInput, goodRow, newMobile, upload, workbook } from './customer.test-kit.ts';

// Customers of organization A for the walls of graphql/permission-matrix.test.ts. Most are a
// dealer's customer: organization B's owner and another dealer of A must both be kept out.

async function asDealer<Op extends OperationDef>(world: FixtureWorld, op: Op, input: unknown) {
  const answer = await call(world.app, await world.cookieOf(world.a.members.DEALER_OWNER.email), op, input);
  if (!answer.envelope) throw new Error(`${op.name} as A's dealer failed: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data;
}

/** A customer of A's dealer, with one secondary location, and how to read it back. */
async function dealerCustomer(world: FixtureWorld) {
  const name = `Fixture ${unique('cu')}`;
  const data = (await asDealer(
    world,
    CreateCustomer,
    customerInput(newMobile(), {
      customer_name: name,
      secondary_locations: [
        { address: '2, Temple Street', pincode: '560002', city: 'Bengaluru', state: 'Karnataka' },
      ],
    }),
  )) as { items: CustomerDetail[] };
  const created = data.items[0];
  const read = async () =>
    (
      (await asDealer(world, GetCustomer, { customer_id: created.customer_id })) as {
        items: CustomerDetail[];
      }
    ).items[0];
  return { created, name, read };
}

const location = {
  location_label: 'Moved',
  address: '9, Lake Road',
  pincode: '700029',
  city: 'Kolkata',
  state: 'West Bengal',
};

function onDealerCustomer(input: (customer: CustomerDetail) => Record<string, unknown>): {
  arrange: (world: FixtureWorld) => Promise<Target>;
} {
  return {
    async arrange(world) {
      const { created, read } = await dealerCustomer(world);
      return {
        input: input(created),
        traces: [created.customer_id],
        state: read,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  };
}

/** An upload of A's owner, read back by its owner. */
async function ownerImport(world: FixtureWorld) {
  const fileName = `Fixture ${unique('im')}.xlsx`;
  const answer = await upload(
    world.app,
    await world.cookieOf(world.a.members.OWNER.email),
    // No category: the world's organizations have none.
    await workbook([
      goodRow(newMobile(), { customer_category: null }),
      goodRow(newMobile(), { customer_category: null }),
    ]),
    fileName,
  );
  const last = answer.lines[answer.lines.length - 1];
  if (last?.type !== 'done') throw new Error(`The fixture's upload failed: ${JSON.stringify(answer)}`);
  return { id: last.import.import_id, fileName };
}

const customerCount = async (world: FixtureWorld) =>
  ((await world.asOwner(ListCustomers, { status: 'ALL' })) as { total_count: number }).total_count;

export const customerFixtures: FixtureRegistry = {
  [ListCustomers.name]: {
    async arrange(world) {
      const { created, name, read } = await dealerCustomer(world);
      return {
        input: { search: name },
        traces: [created.customer_id, name],
        state: read,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [GetCustomer.name]: {
    async arrange(world) {
      const { created, name, read } = await dealerCustomer(world);
      return {
        input: { customer_id: created.customer_id },
        traces: [created.customer_id, name],
        state: read,
        owner: 'dealer',
        rightful: 'DEALER_OWNER',
      };
    },
  },
  [CreateCustomer.name]: {
    async arrange(world) {
      // The answer of an intruder's create is their own new customer: only A's id may not show.
      return {
        input: customerInput(newMobile(), { customer_name: `Fixture ${unique('cu')}` }),
        traces: [world.a.org.id],
        state: () => customerCount(world),
      };
    },
  },
  [UpdateCustomer.name]: onDealerCustomer((customer) => ({
    customer_id: customer.customer_id,
    ...customerInput(newMobile(), { customer_name: `Renamed ${unique('cu')}` }),
  })),
  [ActivateOrDeactivateCustomer.name]: onDealerCustomer((customer) => ({
    customer_id: customer.customer_id,
    customer_status: 'INACTIVE',
  })),
  [AddCustomerSecondaryLocation.name]: onDealerCustomer((customer) => ({
    customer_id: customer.customer_id,
    ...location,
  })),
  [UpdateCustomerSecondaryLocation.name]: onDealerCustomer((customer) => ({
    customer_id: customer.customer_id,
    location_id: customer.secondary_locations[0].location_id,
    ...location,
  })),
  [RemoveCustomerSecondaryLocation.name]: onDealerCustomer((customer) => ({
    customer_id: customer.customer_id,
    location_id: customer.secondary_locations[0].location_id,
  })),
  [GetCustomerImport.name]: {
    async arrange(world) {
      const { id, fileName } = await ownerImport(world);
      return {
        input: { import_id: id },
        traces: [id, fileName],
        state: async () =>
          ((await world.asOwner(GetCustomerImport, { import_id: id })) as { items: unknown[] }).items,
      };
    },
  },
  [ConfirmCustomerImport.name]: {
    async arrange(world) {
      const { id } = await ownerImport(world);
      return { input: { import_id: id }, traces: [id], state: () => customerCount(world) };
    },
  },
};
