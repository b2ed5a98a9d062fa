import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  CONTRACTS_MESSAGES,
  CreateContract,
  GetContract,
  ListContracts,
} from '@fieldport/contract/operations/contracts';
import { amcPeriod } from '@fieldport/contract/operations/product-fleet';
import { newId } from '../../db/ids.ts';
import { amcContract } from '../../db/schema/contracts.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { startDueContracts } from './contracts.ts';

// docs/contracts.md: a contract puts its products under its AMC on its first day; the daily job
// starts those entered ahead; the list says which are due for renewal.

let app: TestApp;
let world: TicketWorld;
let plan: { id: string; name: string };
let narrowPlan: { id: string; name: string };

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  plan = { id: newId(), name: unique('Gold AMC ') };
  narrowPlan = { id: newId(), name: unique('Washer AMC ') };
  await world.db.insert(amcType).values([
    {
      id: plan.id,
      organization_id: world.org.id,
      name: plan.name,
      duration_months: 12,
      visits: 3,
      price_paise: 300_000,
      service_ids: [],
    },
    {
      id: narrowPlan.id,
      organization_id: world.org.id,
      name: narrowPlan.name,
      duration_months: 12,
      visits: 2,
      price_paise: 100_000,
      // Covers a product the world's customer does not have.
      service_ids: [newId()],
    },
  ]);
});
afterAll(async () => {
  await app?.close();
});

const today = () => dayIn(world.org.time_zone);

async function product(values: { amc_end?: string } = {}) {
  const [id] = await seedFleetItems(world.db, [
    {
      organization_id: world.org.id,
      serial_number: unique('SN-C-'),
      service_id: world.service.id,
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
    },
  ]);
  if (values.amc_end) {
    await world.db
      .update(fleetItem)
      .set({
        amc_type_id: plan.id,
        amc_start_date: shiftDay(values.amc_end, -364),
        amc_end_date: values.amc_end,
        amc_visits_included: 3,
        amc_visits_used: 2,
      })
      .where(eq(fleetItem.id, id));
  }
  return id;
}

const enter = (input: Record<string, unknown>) =>
  world.as('OWNER', CreateContract, {
    customer_id: world.customer.id,
    amc_type_id: plan.id,
    amount: 300_000,
    ...input,
  });

describe('entering a contract', () => {
  it('starting today, puts its products under the AMC with its visits, and numbers it', async () => {
    const first = await product();
    const second = await product();
    const answer = await enter({
      start_date: today(),
      fleet_item_ids: [first, second],
      note: 'Sold at the door',
    });
    if (!answer.envelope) throw new Error(JSON.stringify(answer.errors));
    const contract = answer.envelope.data.items[0];
    expect(answer.envelope!.status_message).toBe(CONTRACTS_MESSAGES.created(contract.contract_number, 2));
    expect(contract).toMatchObject({
      state: 'ACTIVE',
      start_date: today(),
      // Twelve months, both days included (docs/product-fleet.md).
      end_date: amcPeriod({ duration_months: 12, visits: 3 }, today()).amc_end_date,
      visits_per_item: 3,
      amount: 300_000,
      source: 'ENTERED',
      amc_type_name: plan.name,
    });
    expect(contract.contract_number).toMatch(/^AMC\/\d{4}-\d{2}\/\d{6}$/);
    const [item] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, first));
    expect(item).toMatchObject({
      amc_type_id: plan.id,
      amc_start_date: today(),
      amc_end_date: contract.end_date,
      amc_visits_included: 3,
      amc_visits_used: 0,
    });
    // The visits the items use are read from the items.
    await world.db.update(fleetItem).set({ amc_visits_used: 1 }).where(eq(fleetItem.id, first));
    const read = (await world.ok('OWNER', GetContract, { contract_id: contract.contract_id })).items[0];
    expect(read.items.find((entry) => entry.fleet_item_id === first)).toMatchObject({
      visits_included: 3,
      visits_used: 1,
    });
  });

  it('starting after the running AMC ends, leaves that AMC in place until the job starts it', async () => {
    const end = shiftDay(today(), 10);
    const renewed = await product({ amc_end: end });
    const contract = (await enter({ start_date: shiftDay(end, 1), fleet_item_ids: [renewed] })).envelope!.data
      .items[0];
    expect(contract.state).toBe('UPCOMING');
    const [before] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, renewed));
    expect(before).toMatchObject({ amc_end_date: end, amc_visits_used: 2 });

    // Its first day comes (moved here, as the calendar would): the job starts it, once.
    await world.db
      .update(amcContract)
      .set({ start_date: today() })
      .where(eq(amcContract.id, contract.contract_id));
    await startDueContracts(world.db);
    await startDueContracts(world.db);
    const [after] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, renewed));
    expect(after).toMatchObject({ amc_start_date: today(), amc_visits_used: 0, amc_visits_included: 3 });
    const events = await world.db
      .select()
      .from(fleetItemEvent)
      .where(and(eq(fleetItemEvent.fleet_item_id, renewed), eq(fleetItemEvent.kind, 'UPDATED')));
    expect(events.filter((event) => event.details?.includes(contract.contract_number))).toHaveLength(1);
  });

  it('refuses what is not the customer’s, a plan that does not cover the product, and a start a year away', async () => {
    const mine = await product();
    const other = await seedCustomer(world.db, {
      organization_id: world.org.id,
      name: unique('Someone else '),
      phone: `95${String(Date.now()).slice(-8)}`,
      primary_location: { address: '2, MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
    });
    const notTheirs = await world.as('OWNER', CreateContract, {
      customer_id: other.id,
      amc_type_id: plan.id,
      amount: 1,
      start_date: today(),
      fleet_item_ids: [mine],
    });
    expect(notTheirs.errors?.[0]).toMatchObject({
      message: CONTRACTS_MESSAGES.productNotFound,
      extensions: { field: 'fleet_item_ids' },
    });
    const narrow = await enter({ amc_type_id: narrowPlan.id, start_date: today(), fleet_item_ids: [mine] });
    expect(narrow.errors?.[0]?.extensions?.field).toBe('fleet_item_ids');
    expect(narrow.errors?.[0]?.message).toContain(`AMC type ${narrowPlan.name} does not cover`);
    const far = await enter({ start_date: shiftDay(today(), 400), fleet_item_ids: [mine] });
    expect(far.errors?.[0]?.extensions?.field).toBe('start_date');
    const twice = await enter({ start_date: today(), fleet_item_ids: [mine, mine] });
    expect(twice.errors?.[0]?.message).toContain('choose each product once');
    const [untouched] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, mine));
    expect(untouched.amc_type_id).toBeNull();
  });
});

describe('the list', () => {
  it('says which contracts are due for renewal and which have expired', async () => {
    const due = (await enter({ start_date: shiftDay(today(), -350), fleet_item_ids: [await product()] }))
      .envelope!.data.items[0];
    expect(due.state).toBe('RENEWAL_DUE');
    const ended = (await enter({ start_date: shiftDay(today(), -360), fleet_item_ids: [await product()] }))
      .envelope!.data.items[0];
    await world.db
      .update(amcContract)
      .set({ start_date: shiftDay(today(), -400), end_date: shiftDay(today(), -36) })
      .where(eq(amcContract.id, ended.contract_id));
    const renewals = await world.ok('OWNER', ListContracts, { state: 'RENEWAL_DUE' });
    expect(renewals.items.map((item) => item.contract_id)).toContain(due.contract_id);
    expect(renewals.items.map((item) => item.contract_id)).not.toContain(ended.contract_id);
    const expired = await world.ok('OWNER', ListContracts, { state: 'EXPIRED' });
    expect(expired.items.map((item) => [item.contract_id, item.state])).toContainEqual([
      ended.contract_id,
      'EXPIRED',
    ]);
    const active = await world.ok('OWNER', ListContracts, { state: 'ACTIVE' });
    expect(active.items.every((item) => item.state === 'ACTIVE')).toBe(true);
  });

  it('no longer lists a contract as due once a later one renews its products', async () => {
    const item = await product();
    const due = (await enter({ start_date: shiftDay(today(), -350), fleet_item_ids: [item] })).envelope!.data
      .items[0];
    const renewal = (await enter({ start_date: shiftDay(due.end_date, 1), fleet_item_ids: [item] })).envelope!
      .data.items[0];
    const read = (await world.ok('OWNER', GetContract, { contract_id: due.contract_id })).items[0];
    expect(read).toMatchObject({
      state: 'ACTIVE',
      renewed_by: { contract_id: renewal.contract_id, contract_number: renewal.contract_number },
    });
    const renewals = await world.ok('OWNER', ListContracts, { state: 'RENEWAL_DUE', page_size: 100 });
    expect(renewals.items.map((entry) => entry.contract_id)).not.toContain(due.contract_id);
    const active = await world.ok('OWNER', ListContracts, { state: 'ACTIVE', page_size: 100 });
    expect(active.items.map((entry) => entry.contract_id)).toContain(due.contract_id);
    // The renewal itself waits for its first day.
    expect(renewal).toMatchObject({ state: 'UPCOMING', renewed_by: null });
  });

  it("is kept from partners' and dealers' people, whose menus have no contracts", async () => {
    for (const who of ['SERVICE_PARTNER', 'DEALER_OWNER', 'TECHNICIAN']) {
      const answer = await world.as(who, ListContracts, {});
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
