import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLEET_MESSAGES,
  GetProductFleetItem,
  MAX_TRANSFER_ITEMS,
  TagProductFleetItem,
  TransferProductFleet,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneNational } from '@fieldport/contract/phone';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { fleetWorld, type FleetWorld } from './fleet.test-kit.ts';

// Transfers (docs/product-fleet.md#transfers): one or many approved items move to another
// customer's location or to a dealer's (or the organization's) stock, all or none, each with a
// TRANSFERRED entry in its history; the refusals name the serial numbers and write nothing.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function detail(world: FleetWorld, id: string): Promise<FleetItemDetail> {
  return (await world.ok(world.members.OWNER, GetProductFleetItem, { fleet_item_id: id })).items[0];
}

const transfers = (item: FleetItemDetail) =>
  item.history.filter((event) => event.kind === 'TRANSFERRED').map((event) => [event.by_name, event.details]);

describe('TransferProductFleet', () => {
  it("moves many items to another customer's location, keeping where each was in its history", async () => {
    const world = await fleetWorld(app);
    const { asha, vikram } = world.customers;
    const owner = world.members.OWNER;
    const first = await world.create(owner, { serial_number: 'TR-1', customer_id: asha.id });
    const second = await world.create(owner, {
      serial_number: 'TR-2',
      customer_id: vikram.id,
      dealer_party_id: world.dealer.id,
    });
    const mysuru = asha.locations.find((location) => location.city === 'Mysuru')!;

    const moved = await world.as(owner, TransferProductFleet, {
      fleet_item_ids: [first.fleet_item_id, second.fleet_item_id, first.fleet_item_id],
      to: 'CUSTOMER',
      customer_id: asha.id,
      location_id: mysuru.id,
      reason: 'Shifted to the new branch',
    });
    expect(moved.envelope?.status_message).toBe('2 fleet items transferred to Asha Rao');
    expect(moved.envelope?.data.items.map((item) => [item.serial_number, item.location_summary])).toEqual(
      expect.arrayContaining([
        ['TR-1', '7, Temple Road, Mysuru'],
        ['TR-2', '7, Temple Road, Mysuru'],
      ]),
    );

    const ownerName = await world.nameOf(owner);
    const ashaWords = `Asha Rao (${formatPhoneNational(asha.phone)})`;
    const vikramWords = `Vikram Shetty (${formatPhoneNational(vikram.phone)})`;
    const after = await detail(world, second.fleet_item_id);
    // Moving to a customer keeps the dealer the item was sold through.
    expect(after).toMatchObject({
      customer_id: asha.id,
      location_id: mysuru.id,
      dealer_party_id: world.dealer.id,
    });
    expect(transfers(after)).toEqual([
      [ownerName, `From ${vikramWords}, Chennai to ${ashaWords}, Mysuru. Reason: Shifted to the new branch`],
    ]);
    expect(transfers(await detail(world, first.fleet_item_id))).toEqual([
      [ownerName, `From ${ashaWords}, Bengaluru to ${ashaWords}, Mysuru. Reason: Shifted to the new branch`],
    ]);
  });

  it("moves an item to a dealer's stock and back to the organization's, each owner in its history", async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const item = await world.create(owner, { serial_number: 'TR-9', customer_id: world.customers.asha.id });

    const toDealer = await world.as(owner, TransferProductFleet, {
      fleet_item_ids: [item.fleet_item_id],
      to: 'DEALER',
      dealer_party_id: world.otherDealer.id,
      reason: 'Returned for refurbishing',
    });
    expect(toDealer.envelope?.status_message).toBe(
      `Fleet item 'TR-9' transferred to ${world.otherDealer.name}'s stock`,
    );
    expect(toDealer.envelope?.data.items[0]).toMatchObject({
      customer_id: null,
      location_id: null,
      dealer_party_id: world.otherDealer.id,
      dealer_name: world.otherDealer.name,
    });
    // The receiving dealer's people now see it; the dealer it came from does not.
    const theirs = await world.as(world.otherDealerMember, GetProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
    });
    expect(theirs.envelope?.data.items[0].serial_number).toBe('TR-9');

    const back = await world.as(owner, TransferProductFleet, {
      fleet_item_ids: [item.fleet_item_id],
      to: 'DEALER',
      dealer_party_id: null,
      reason: 'Bought back',
    });
    expect(back.envelope?.status_message).toBe("Fleet item 'TR-9' transferred to the organization's stock");
    const gone = await world.as(world.otherDealerMember, GetProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
    });
    expect(gone.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    // The history is newest first.
    const ownerName = await world.nameOf(owner);
    const ashaWords = `Asha Rao (${formatPhoneNational(world.customers.asha.phone)}), Bengaluru`;
    expect(transfers(await detail(world, item.fleet_item_id))).toEqual([
      [ownerName, `From ${world.otherDealer.name}'s stock to the organization's stock. Reason: Bought back`],
      [
        ownerName,
        `From ${ashaWords} to ${world.otherDealer.name}'s stock. Reason: Returned for refurbishing`,
      ],
    ]);
  });

  it('refuses the whole transfer, naming the serial numbers, when any item may not move', async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const { asha, vikram } = world.customers;
    const free = await world.create(owner, { serial_number: 'OK-1', customer_id: asha.id });
    const atVikram = await world.create(owner, { serial_number: 'AT-V', customer_id: vikram.id });
    const dealers = await world.create(world.members.DEALER_OWNER, { serial_number: 'PEND-1' });
    const tagged = await world.create(owner, { serial_number: 'TAG-1' });
    // A tagging by the dealer waits for approval on an item of its own (approved by the owner).
    const dealersApproved = await world.create(owner, {
      serial_number: 'TAG-2',
      dealer_party_id: world.dealer.id,
    });
    await world.ok(world.members.DEALER_OWNER, TagProductFleetItem, {
      fleet_item_id: dealersApproved.fleet_item_id,
      customer_id: world.customers.dealers.id,
    });
    const before = await world.written();
    const cases: [Record<string, unknown>, { message: string; code: string; field: string }][] = [
      [
        { fleet_item_ids: [free.fleet_item_id, dealers.fleet_item_id] },
        {
          message: FLEET_MESSAGES.transferNotApproved("'PEND-1'"),
          code: 'CONFLICT',
          field: 'fleet_item_ids',
        },
      ],
      [
        { fleet_item_ids: [free.fleet_item_id, dealersApproved.fleet_item_id] },
        { message: FLEET_MESSAGES.transferTagWaiting("'TAG-2'"), code: 'CONFLICT', field: 'fleet_item_ids' },
      ],
      [
        { fleet_item_ids: [free.fleet_item_id, atVikram.fleet_item_id, tagged.fleet_item_id] },
        {
          message: FLEET_MESSAGES.transferAlreadyThere("'AT-V'", 'Vikram Shetty'),
          code: 'BAD_USER_INPUT',
          field: 'customer_id',
        },
      ],
      [
        { fleet_item_ids: [free.fleet_item_id, 'no-such-item'] },
        { message: FLEET_MESSAGES.transferNotFound, code: 'BAD_USER_INPUT', field: 'fleet_item_ids' },
      ],
      [
        { customer_id: world.customers.retired.id },
        { message: FLEET_MESSAGES.customerNotFound, code: 'BAD_USER_INPUT', field: 'customer_id' },
      ],
      [
        { fleet_item_ids: [], reason: 'x' },
        {
          message: 'fleet_item_ids: Choose at least one fleet item to transfer',
          code: 'BAD_USER_INPUT',
          field: 'fleet_item_ids',
        },
      ],
      [
        { reason: '  ' },
        { message: 'reason: Reason must be at least 3 characters', code: 'BAD_USER_INPUT', field: 'reason' },
      ],
      [
        { fleet_item_ids: Array.from({ length: MAX_TRANSFER_ITEMS + 1 }, (_, index) => `id-${index}`) },
        {
          message: `fleet_item_ids: At most ${MAX_TRANSFER_ITEMS} fleet items can be transferred at once`,
          code: 'BAD_USER_INPUT',
          field: 'fleet_item_ids',
        },
      ],
      [
        { customer_id: null },
        {
          message: 'customer_id: Choose the customer the items go to',
          code: 'BAD_USER_INPUT',
          field: 'customer_id',
        },
      ],
      [
        {
          to: 'DEALER',
          customer_id: null,
          dealer_party_id: world.dealer.id,
          fleet_item_ids: [dealersApproved.fleet_item_id],
        },
        { message: FLEET_MESSAGES.transferTagWaiting("'TAG-2'"), code: 'CONFLICT', field: 'fleet_item_ids' },
      ],
      [
        { to: 'DEALER', customer_id: null, dealer_party_id: asha.id },
        { message: FLEET_MESSAGES.dealerNotFound, code: 'BAD_USER_INPUT', field: 'dealer_party_id' },
      ],
    ];
    for (const [values, expected] of cases) {
      const answer = await world.as(owner, TransferProductFleet, {
        fleet_item_ids: [free.fleet_item_id],
        to: 'CUSTOMER',
        customer_id: vikram.id,
        reason: 'Moved house',
        ...values,
      });
      expect(answer.errors?.[0], JSON.stringify(values)).toMatchObject({
        message: expected.message,
        extensions: { code: expected.code, field: expected.field },
      });
    }
    expect(await world.written()).toEqual(before);
    expect(transfers(await detail(world, free.fleet_item_id))).toEqual([]);
    expect((await detail(world, free.fleet_item_id)).customer_id).toBe(asha.id);
  });

  it("is the organization's staff's: dealers are refused, and another organization's items are not found", async () => {
    const world = await fleetWorld(app);
    const other = await fleetWorld(app);
    const item = await world.create(world.members.OWNER, { customer_id: world.customers.asha.id });
    const theirs = await other.create(other.members.OWNER, { customer_id: other.customers.asha.id });
    const input = { to: 'CUSTOMER', customer_id: world.customers.vikram.id, reason: 'Moved house' };

    const dealer = await world.as(world.members.DEALER_OWNER, TransferProductFleet, {
      ...input,
      fleet_item_ids: [item.fleet_item_id],
    });
    expect(dealer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const technician = await world.as(world.members.TECHNICIAN, TransferProductFleet, {
      ...input,
      fleet_item_ids: [item.fleet_item_id],
    });
    expect(technician.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const across = await world.as(world.members.OWNER, TransferProductFleet, {
      ...input,
      fleet_item_ids: [theirs.fleet_item_id],
    });
    expect(across.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.transferNotFound,
      extensions: { code: 'BAD_USER_INPUT', field: 'fleet_item_ids' },
    });
    expect(
      (await other.ok(other.members.OWNER, GetProductFleetItem, { fleet_item_id: theirs.fleet_item_id }))
        .items[0].customer_id,
    ).toBe(other.customers.asha.id);
  });
});
