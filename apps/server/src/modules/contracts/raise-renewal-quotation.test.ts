import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  CONTRACTS_MESSAGES,
  CreateContract,
  RaiseRenewalQuotation,
  type ContractItem,
} from '@fieldport/contract/operations/contracts';
import { GetQuotation } from '@fieldport/contract/operations/quotations';
import { newId } from '../../db/ids.ts';
import { amcContractItem } from '../../db/schema/contracts.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { quotation, quotationLine } from '../../db/schema/quotations.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { call, signIn, startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// docs/contracts.md#renewal-quotations: raising the renewal of a contract drafts a quotation for its
// customer with an AMC line of its type per product at the contract's amount; those who may draft
// quotations may, for contracts they may see; a renewed contract, or one with a renewal quotation
// open, is refused, and two clicks make one quotation.

let app: TestApp;
let world: TicketWorld;
let plan: { id: string; name: string };
const today = () => dayIn(world.org.time_zone);

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  plan = { id: newId(), name: unique('Gold AMC ') };
  await world.db.insert(amcType).values({
    id: plan.id,
    organization_id: world.org.id,
    name: plan.name,
    duration_months: 12,
    visits: 3,
    price_paise: 300_000,
    service_ids: [],
  });
});
afterAll(async () => {
  await app?.close();
});

async function products(count: number, owner = world.customer) {
  return seedFleetItems(
    world.db,
    Array.from({ length: count }, () => ({
      organization_id: world.org.id,
      serial_number: unique('SN-Q-'),
      service_id: world.service.id,
      customer_id: owner.id,
      location_id: owner.locations[0].id,
    })),
  );
}

async function dueContract(
  values: { items?: string[]; amount?: number; owner?: typeof world.customer } = {},
) {
  const owner = values.owner ?? world.customer;
  const data = await world.ok('OWNER', CreateContract, {
    customer_id: owner.id,
    amc_type_id: plan.id,
    start_date: shiftDay(today(), -350),
    fleet_item_ids: values.items ?? (await products(1, owner)),
    amount: values.amount ?? 300_000,
  });
  return data.items[0] as ContractItem;
}

/** The quotations with an AMC line for any of these products, as stored. */
async function quotationsFor(items: string[]) {
  const rows = await world.db
    .selectDistinct({ id: quotation.id, state: quotation.state })
    .from(quotationLine)
    .innerJoin(quotation, eq(quotation.id, quotationLine.quotation_id))
    .where(and(inArray(quotationLine.fleet_item_id, items), eq(quotationLine.kind, 'AMC')));
  return rows;
}

describe('raising a renewal quotation', () => {
  it('drafts a quotation for the customer with an AMC line per product at the contract’s amount', async () => {
    const items = await products(2);
    const contract = await dueContract({ items, amount: 300_001 });
    const answer = await world.as('OWNER', RaiseRenewalQuotation, { contract_id: contract.contract_id });
    if (!answer.envelope) throw new Error(JSON.stringify(answer.errors));
    const made = answer.envelope.data.items[0];
    expect(answer.envelope.status_message).toBe(
      CONTRACTS_MESSAGES.renewalRaised(made.quotation_number, contract.contract_number),
    );
    const read = (await world.ok('OWNER', GetQuotation, { quotation_id: made.quotation_id })).items[0];
    expect(read).toMatchObject({
      state: 'DRAFT',
      customer_id: world.customer.id,
      taxable_amount: 300_001,
      // Valid to the contract's last day (more than a fortnight away).
      valid_until: contract.end_date,
    });
    expect(read.header_text).toContain(contract.contract_number);
    expect(read.lines.map((line) => [line.kind, line.item_id, line.quantity])).toEqual([
      ['AMC', plan.id, 1],
      ['AMC', plan.id, 1],
    ]);
    expect(read.lines.map((line) => line.fleet_item_id).sort()).toEqual([...items].sort());
    // The amount shared, the odd paisa on the first line.
    expect(read.lines.map((line) => line.unit_price)).toEqual([150_001, 150_000]);
  });

  it('offers only the products still in service at the customer, and refuses when none is', async () => {
    // A product replaced under an FGR stays on the contract, inactive, beside its replacement.
    const [kept, replaced] = await products(2);
    const contract = await dueContract({ items: [kept, replaced], amount: 300_000 });
    const [replacement] = await products(1);
    await world.db.update(fleetItem).set({ status: 'INACTIVE' }).where(eq(fleetItem.id, replaced));
    await world.db.insert(amcContractItem).values({
      id: newId(),
      organization_id: world.org.id,
      contract_id: contract.contract_id,
      fleet_item_id: replacement,
    });
    const made = (await world.ok('OWNER', RaiseRenewalQuotation, { contract_id: contract.contract_id }))
      .items[0];
    const read = (await world.ok('OWNER', GetQuotation, { quotation_id: made.quotation_id })).items[0];
    expect(read.lines.map((line) => line.fleet_item_id).sort()).toEqual([kept, replacement].sort());
    expect(read.taxable_amount).toBe(300_000);

    // Every product gone from service: refused by name, nothing drafted.
    const [only] = await products(1);
    const gone = await dueContract({ items: [only] });
    await world.db.update(fleetItem).set({ status: 'INACTIVE' }).where(eq(fleetItem.id, only));
    const answer = await world.as('OWNER', RaiseRenewalQuotation, { contract_id: gone.contract_id });
    expect(answer.errors?.[0]).toMatchObject({
      message: CONTRACTS_MESSAGES.nothingToRenew(gone.contract_number),
      extensions: { code: 'CONFLICT' },
    });
    expect(await quotationsFor([only])).toHaveLength(0);
  });

  it('makes one quotation of two clicks at once, and refuses while it is open', async () => {
    const contract = await dueContract();
    const ids = contract.items.map((item) => item.fleet_item_id);
    const answers = await Promise.all([
      world.as('OWNER', RaiseRenewalQuotation, { contract_id: contract.contract_id }),
      world.as('OWNER', RaiseRenewalQuotation, { contract_id: contract.contract_id }),
    ]);
    const made = answers.filter((answer) => answer.envelope);
    const refused = answers.filter((answer) => answer.errors);
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const number = made[0].envelope!.data.items[0].quotation_number;
    expect(refused[0].errors?.[0]).toMatchObject({
      message: CONTRACTS_MESSAGES.renewalOpen(contract.contract_number, number),
      extensions: { code: 'CONFLICT' },
    });
    expect(await quotationsFor(ids)).toHaveLength(1);

    // Still open once sent for approval; a rejected one no longer is: the renewal may be offered again.
    const [open] = await quotationsFor(ids);
    await world.db.update(quotation).set({ state: 'PENDING_APPROVAL' }).where(eq(quotation.id, open.id));
    const again = await world.as('OWNER', RaiseRenewalQuotation, { contract_id: contract.contract_id });
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    await world.db.update(quotation).set({ state: 'REJECTED' }).where(eq(quotation.id, open.id));
    const afterRejection = await world.as('OWNER', RaiseRenewalQuotation, {
      contract_id: contract.contract_id,
    });
    expect(afterRejection.errors).toBeUndefined();
    expect(await quotationsFor(ids)).toHaveLength(2);
  });

  it('refuses a contract already renewed, naming the renewal', async () => {
    const contract = await dueContract();
    const ids = contract.items.map((item) => item.fleet_item_id);
    const renewal = await world.ok('OWNER', CreateContract, {
      customer_id: world.customer.id,
      amc_type_id: plan.id,
      start_date: shiftDay(contract.end_date, 1),
      fleet_item_ids: ids,
      amount: 300_000,
    });
    const answer = await world.as('OWNER', RaiseRenewalQuotation, { contract_id: contract.contract_id });
    expect(answer.errors?.[0]).toMatchObject({
      message: CONTRACTS_MESSAGES.alreadyRenewed(contract.contract_number, renewal.items[0].contract_number),
      extensions: { code: 'CONFLICT' },
    });
    expect(await quotationsFor(ids)).toHaveLength(0);
  });

  it("is for those who may draft quotations: an agent may; partners', dealers' and technicians' people may not", async () => {
    const contract = await dueContract();
    const ids = contract.items.map((item) => item.fleet_item_id);
    for (const who of ['SERVICE_PARTNER', 'DEALER_OWNER', 'TECHNICIAN']) {
      const answer = await world.as(who, RaiseRenewalQuotation, { contract_id: contract.contract_id });
      expect(answer.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
    }
    expect(await quotationsFor(ids)).toHaveLength(0);
    const byAgent = await world.as('AGENT', RaiseRenewalQuotation, { contract_id: contract.contract_id });
    expect(byAgent.errors).toBeUndefined();
    expect(await quotationsFor(ids)).toHaveLength(1);
  });

  it("cannot reach another organization's contract, nor an unknown one", async () => {
    const other = await seedTestOrganization(world.db, { roles: ['OWNER'] });
    expect(other.org.id).not.toBe(world.org.id);
    const contract = await dueContract();
    const ids = contract.items.map((item) => item.fleet_item_id);
    // The other organization's owner, by the contract's id: not found, nothing written.
    const cookie = await signIn(app, other.members.OWNER.email, TEST_PASSWORD);
    const intruder = await call(app, cookie, RaiseRenewalQuotation, { contract_id: contract.contract_id });
    expect(intruder.errors?.[0]).toMatchObject({
      message: CONTRACTS_MESSAGES.notFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await quotationsFor(ids)).toHaveLength(0);
    const unknown = await world.as('OWNER', RaiseRenewalQuotation, { contract_id: newId() });
    expect(unknown.errors?.[0]?.message).toBe(CONTRACTS_MESSAGES.notFound);
  });
});
