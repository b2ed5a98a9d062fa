import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { CreateContract, RaiseRenewalQuotation } from '@fieldport/contract/operations/contracts';
import { AMC_RENEWAL_DAYS_AHEAD, GetAmcRenewalDueReport } from '@fieldport/contract/operations/reports';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { newId } from '../../db/ids.ts';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { customer } from '../../db/schema/customers.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem } from '../../db/schema/product-fleet.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { getAmcRenewalDueReport } from './amc-renewal-report.ts';

// docs/reports.md#amc-renewal-due: the contracts running today that end within the days ahead and
// are not renewed, checked against what this test reads from the stored contracts and items in
// JavaScript (a contract is renewed when a later one shares a product: docs/contracts.md#states),
// per filter, for the owner and walled to a dealer's customers.

let app: TestApp;
let world: TicketWorld;
let gold: { id: string; name: string };
let silver: { id: string; name: string };
const today = () => dayIn(world.org.time_zone);

async function product(customerId: string, locationId: string) {
  const [id] = await seedFleetItems(world.db, [
    {
      organization_id: world.org.id,
      serial_number: unique('SN-R-'),
      service_id: world.service.id,
      customer_id: customerId,
      location_id: locationId,
    },
  ]);
  return id;
}

async function enter(values: {
  start: string;
  items: string[];
  customerId?: string;
  plan?: string;
  amount?: number;
}) {
  const data = await world.ok('OWNER', CreateContract, {
    customer_id: values.customerId ?? world.customer.id,
    amc_type_id: values.plan ?? gold.id,
    start_date: values.start,
    fleet_item_ids: values.items,
    amount: values.amount ?? 250_000,
  });
  return data.items[0];
}

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  gold = { id: newId(), name: unique('Gold AMC ') };
  silver = { id: newId(), name: unique('Silver AMC ') };
  await world.db.insert(amcType).values(
    [gold, silver].map((plan, index) => ({
      id: plan.id,
      organization_id: world.org.id,
      name: plan.name,
      duration_months: 12,
      visits: 2 + index,
      price_paise: 250_000,
      service_ids: [],
    })),
  );
  const own = () => product(world.customer.id, world.customer.locations[0].id);
  const dealers = () => product(world.dealerCustomer.id, world.dealerCustomer.locations[0].id);
  // Ends in about: 4, 14 (two products), 24, 44, 74 days; one expired; one renewed; one renewal
  // itself (starting later); a dealer's customer's, due in about 19 days.
  await enter({ start: shiftDay(today(), -360), items: [await own()], amount: 100_001 });
  await enter({ start: shiftDay(today(), -350), items: [await own(), await own()], plan: silver.id });
  await enter({ start: shiftDay(today(), -340), items: [await own()], amount: 0 });
  await enter({ start: shiftDay(today(), -320), items: [await own()] });
  await enter({ start: shiftDay(today(), -290), items: [await own()], plan: silver.id });
  const ended = await enter({ start: shiftDay(today(), -300), items: [await own()] });
  await world.db
    .update(amcContract)
    .set({ start_date: shiftDay(today(), -380), end_date: shiftDay(today(), -16) })
    .where(eq(amcContract.id, ended.contract_id));
  const renewedItem = await own();
  const renewed = await enter({ start: shiftDay(today(), -345), items: [renewedItem] });
  await enter({ start: shiftDay(renewed.end_date, 1), items: [renewedItem] });
  await enter({
    start: shiftDay(today(), -345),
    items: [await dealers()],
    customerId: world.dealerCustomer.id,
  });
});
afterAll(async () => {
  await app?.close();
});

interface Expected {
  contract_id: string;
  contract_number: string;
  customer_name: string;
  customer_contact: string;
  products: string;
  amc_type_name: string;
  end_date: string;
  days_left: number;
  amount: number;
}

/** The rows the report must answer, read by this test from the stored contracts. */
async function expectedRows(
  days: number,
  only: { plan?: string; dealer?: string } = {},
): Promise<Expected[]> {
  const contracts = await world.db
    .select({
      contract: amcContract,
      customer_name: customer.name,
      phone: customer.phone,
      email: customer.email,
      party_id: customer.party_id,
      type_name: amcType.name,
    })
    .from(amcContract)
    .innerJoin(customer, eq(customer.id, amcContract.customer_id))
    .innerJoin(amcType, eq(amcType.id, amcContract.amc_type_id))
    .where(eq(amcContract.organization_id, world.org.id));
  const items = await world.db
    .select({
      contract_id: amcContractItem.contract_id,
      fleet_item_id: amcContractItem.fleet_item_id,
      serial: fleetItem.serial_number,
      product: service.name,
    })
    .from(amcContractItem)
    .innerJoin(fleetItem, eq(fleetItem.id, amcContractItem.fleet_item_id))
    .innerJoin(service, eq(service.id, fleetItem.service_id))
    .where(eq(amcContractItem.organization_id, world.org.id));
  const itemsOf = (id: string) => items.filter((item) => item.contract_id === id);
  const day = today();
  const last = shiftDay(day, days);
  return contracts
    .filter(({ contract }) => {
      const mine = new Set(itemsOf(contract.id).map((item) => item.fleet_item_id));
      const renewed = contracts.some(
        (later) =>
          later.contract.start_date > contract.start_date &&
          itemsOf(later.contract.id).some((item) => mine.has(item.fleet_item_id)),
      );
      return contract.start_date <= day && contract.end_date >= day && contract.end_date <= last && !renewed;
    })
    .filter((row) => !only.plan || row.contract.amc_type_id === only.plan)
    .filter((row) => !only.dealer || row.party_id === only.dealer)
    .map((row) => ({
      contract_id: row.contract.id,
      contract_number: row.contract.contract_number,
      customer_name: row.customer_name,
      customer_contact: `${formatPhoneInternational(row.phone)} · ${row.email}`,
      products: itemsOf(row.contract.id)
        .sort((a, b) => a.serial.localeCompare(b.serial))
        .map((item) => `${item.product} (${item.serial})`)
        .join(', '),
      amc_type_name: row.type_name,
      end_date: row.contract.end_date,
      days_left: (Date.parse(row.contract.end_date) - Date.parse(day)) / 86_400_000,
      amount: row.contract.amount_paise,
    }))
    .sort(
      (a, b) => a.end_date.localeCompare(b.end_date) || a.contract_number.localeCompare(b.contract_number),
    );
}

describe('AMC Renewal Due', () => {
  it('lists the contracts ending within each choice of days and not renewed, with their totals', async () => {
    const counts: number[] = [];
    for (const days of AMC_RENEWAL_DAYS_AHEAD) {
      const expected = await expectedRows(days);
      const data = await world.ok('OWNER', GetAmcRenewalDueReport, { days_ahead: days, page_size: 100 });
      expect(
        data.rows.map((row) => row.contract_number),
        `${days} days`,
      ).toEqual(expected.map((row) => row.contract_number));
      for (const [index, row] of expected.entries()) expect(data.rows[index]).toMatchObject(row);
      expect(data.total_count).toBe(expected.length);
      expect(data.totals).toMatchObject({
        contract_number: 'Total',
        amount: expected.reduce((sum, row) => sum + row.amount, 0),
        // Days left are not summed.
        days_left: null,
      });
      // The chart counts every row once, by the week it ends in.
      expect(data.chart.series[0].values.reduce((sum, value) => sum + value, 0)).toBe(expected.length);
      expect(data.chart.labels).toHaveLength(Math.ceil((days + 1) / 7));
      counts.push(expected.length);
    }
    // The choices see further and further: 15 days fewer than 90, and neither none.
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[3]).toBeGreaterThan(counts[0]);
  });

  it('defaults to the contracts list’s renewal window, 30 days', async () => {
    const data = await world.ok('OWNER', GetAmcRenewalDueReport, {});
    expect(data.rows.map((row) => row.contract_number)).toEqual(
      (await expectedRows(30)).map((row) => row.contract_number),
    );
  });

  it('filters by AMC type and by the dealer whose customer it is', async () => {
    const silverOnly = await world.ok('OWNER', GetAmcRenewalDueReport, {
      days_ahead: 90,
      amc_type_id: silver.id,
    });
    const expectedSilver = await expectedRows(90, { plan: silver.id });
    expect(expectedSilver.length).toBeGreaterThan(0);
    expect(silverOnly.rows.map((row) => row.contract_number)).toEqual(
      expectedSilver.map((row) => row.contract_number),
    );
    const dealers = await world.ok('OWNER', GetAmcRenewalDueReport, {
      days_ahead: 90,
      dealer_party_id: world.dealer.id,
    });
    const expectedDealers = await expectedRows(90, { dealer: world.dealer.id });
    expect(expectedDealers).toHaveLength(1);
    expect(dealers.rows.map((row) => row.contract_number)).toEqual(
      expectedDealers.map((row) => row.contract_number),
    );
  });

  it("walls a dealer's users to their own customers' contracts, and refuses them the screen their menu lacks", async () => {
    for (const who of ['DEALER_OWNER', 'SERVICE_PARTNER', 'TECHNICIAN']) {
      const refused = await world.as(who, GetAmcRenewalDueReport, {});
      expect(refused.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
    }
    // Should a designation ever grant it, the rows are the dealer's customers' only (as the contracts list).
    const caller = await callerOfMembership(world.db, world.members.DEALER_OWNER.membershipId, 'test');
    const rows = await getAmcRenewalDueReport.report.rows(
      world.db,
      caller,
      GetAmcRenewalDueReport.input.parse({ days_ahead: 90 }),
    );
    const theirs = await expectedRows(90, { dealer: world.dealer.id });
    expect(rows.map((row) => row.contract_number)).toEqual(theirs.map((row) => row.contract_number));
    expect((await expectedRows(90)).length).toBeGreaterThan(theirs.length);
  });

  it('names the open renewal quotation of a contract once one is raised', async () => {
    const [first] = await expectedRows(15);
    const raised = await world.ok('OWNER', RaiseRenewalQuotation, { contract_id: first.contract_id });
    const data = await world.ok('OWNER', GetAmcRenewalDueReport, { days_ahead: 15 });
    const row = data.rows.find((candidate) => candidate.contract_id === first.contract_id);
    expect(row?.renewal_quotation).toBe(raised.items[0].quotation_number);
    expect(data.rows.filter((candidate) => candidate.renewal_quotation).length).toBe(1);
  });

  it('refuses days ahead that are not a choice, naming the field', async () => {
    const answer = await world.as('OWNER', GetAmcRenewalDueReport, { days_ahead: 45 });
    expect(answer.errors?.[0]).toMatchObject({
      message: 'days_ahead must be one of 15, 30, 60, 90',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('exports every row with the amounts’ total as .xlsx', async () => {
    const expected = await expectedRows(90);
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/GetAmcRenewalDueReport.xlsx?days_ahead=90',
      headers: { cookie: await world.cookieOf('OWNER') },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      'Contract',
      'Customer',
      'Contact',
      'Products',
      'AMC type',
      'Ends on',
      'Days left',
      'Amount (₹)',
      'Renewal quotation',
    ]);
    expect(sheet.rowCount).toBe(expected.length + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(8).value).toBe(expected.reduce((sum, row) => sum + row.amount, 0) / 100);
    expect(sheet.getRow(2).getCell(1).value).toBe(expected[0].contract_number);
  });
});
