import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import {
  DecideWorkflowRequest,
  GetWorkflowRequest,
  ListWorkFlows,
  WithdrawWorkflowRequest,
} from '@fieldport/contract/operations/approvals';
import { shiftDay } from '@fieldport/contract/fields';
import {
  ActivateOrDeactivateAmcType,
  ActivateOrDeactivateProductFleetItem,
  COVERAGES,
  coverageOn,
  CreateAmcType,
  CreateProductFleetItem,
  FLEET_MESSAGES,
  GetProductFleetItem,
  lastDayOfMonths,
  ListAmcTypes,
  ListProductFleet,
  TagProductFleetItem,
  UpdateAmcType,
  UpdateProductFleetItem,
  type FleetItem,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneNational } from '@fieldport/contract/phone';
import { storedFile } from '../../db/schema/files.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';
import { GetPresignedUrl } from '@fieldport/contract/operations/files';
import { XLSX_CONTENT_TYPE } from '../../graphql/export-route.ts';
import { dayIn } from '@fieldport/contract/fields';
import { signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PASSWORD, type TestMember } from '../../test/organizations.ts';
import { callerOfMember } from '../approvals/approvals.test-kit.ts';
import { fleetInput, fleetWorld, type FleetWorld } from './fleet.test-kit.ts';
import { coverageCondition, listProductFleet } from './list-product-fleet.ts';

// The installed fleet (docs/product-fleet.md): AMC types, serial numbers, warranty and
// coverage, the party wall, approvals of a dealer's items and taggings, search, history.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const serials = (items: FleetItem[]) => items.map((item) => item.serial_number).sort();

async function list(world: FleetWorld, who: TestMember, input: Record<string, unknown> = {}) {
  return world.ok(who, ListProductFleet, input);
}

async function detail(world: FleetWorld, id: string, who: TestMember = world.members.OWNER) {
  return (await world.ok(who, GetProductFleetItem, { fleet_item_id: id })).items[0];
}

/** Decides the pending request of a record at its current level, as a member. */
async function decideLatest(
  world: FleetWorld,
  recordId: string,
  kind: 'PRODUCT_FLEET' | 'FLEET_TAGGING',
  decision: 'APPROVE' | 'REJECT',
  comment: string | null = null,
) {
  const request = (await world.requestsOf(recordId, kind)).at(-1)!;
  return world.as(world.members.OWNER, DecideWorkflowRequest, {
    request_id: request.id,
    level: request.current_level,
    decision,
    comment,
  });
}

const history = (item: FleetItemDetail) =>
  item.history.map((event) => [event.kind, event.by_name, event.details]);

describe('AMC types', () => {
  it('keeps AMC types with the products they cover, named, unique per organization', async () => {
    const world = await fleetWorld(app);
    const other = await fleetWorld(app);
    const owner = world.members.OWNER;
    const created = await world.as(owner, CreateAmcType, {
      amc_type_name: 'Gold AMC',
      duration_months: 12,
      visits: null,
      amc_price: 499_900,
      service_ids: [world.products.windowAc.id, world.products.splitAc.id, world.products.windowAc.id],
    });
    expect(created.envelope?.status_message).toBe("AMC type 'Gold AMC' created");
    expect(created.envelope?.data.items[0]).toMatchObject({
      amc_type_name: 'Gold AMC',
      visits: null,
      amc_price: 499_900,
      service_ids: [world.products.windowAc.id, world.products.splitAc.id],
      service_names: ['Window AC 1T', 'Split AC 1.5T'],
      amc_type_status: 'ACTIVE',
    });
    const all = await world.ok(world.members.DEALER_OWNER, ListAmcTypes, { search: 'gold' });
    expect(all.items.map((item) => item.amc_type_name)).toEqual(['Gold AMC']);

    const duplicate = await world.as(owner, CreateAmcType, {
      amc_type_name: 'gold amc',
      duration_months: 24,
      amc_price: 0,
    });
    expect(duplicate.errors?.[0]).toMatchObject({
      message: "An AMC type named 'gold amc' already exists.",
      extensions: { code: 'CONFLICT', field: 'amc_type_name' },
    });
    // Another organization's product is not a product here; an inactive one is not offered.
    for (const id of [other.products.splitAc.id, world.products.retired.id]) {
      const refused = await world.as(owner, UpdateAmcType, {
        amc_type_id: created.envelope!.data.items[0].amc_type_id,
        amc_type_name: 'Gold AMC',
        duration_months: 12,
        amc_price: 499_900,
        service_ids: [id],
      });
      expect(refused.errors?.[0].extensions, id).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'service_ids',
      });
    }
    // The dealer reads AMC types for its items, but keeps none.
    const dealer = await world.as(world.members.DEALER_OWNER, CreateAmcType, {
      amc_type_name: 'Dealer AMC',
      duration_months: 12,
      amc_price: 0,
    });
    expect(dealer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('serial numbers', () => {
  it('are unique per organization and product, and name the product when taken', async () => {
    const world = await fleetWorld(app);
    const other = await fleetWorld(app);
    const owner = world.members.OWNER;
    const first = await world.create(owner, { serial_number: ' sn-4411 ' });
    expect(first).toMatchObject({
      serial_number: 'SN-4411',
      approval_state: 'APPROVED',
      service_name: 'Split AC 1.5T',
    });
    const before = await world.written();
    const taken = await world.as(
      owner,
      CreateProductFleetItem,
      fleetInput(world.products.splitAc.id, { serial_number: 'Sn-4411' }),
    );
    expect(taken.errors?.[0]).toMatchObject({
      message: "A fleet item with serial number 'SN-4411' already exists for Split AC 1.5T.",
      extensions: { code: 'CONFLICT', field: 'serial_number' },
    });
    expect(await world.written()).toEqual(before);
    // The same serial on another product, and in another organization, is another item.
    await world.create(owner, { serial_number: 'SN-4411', service_id: world.products.windowAc.id });
    await other.create(other.members.OWNER, { serial_number: 'SN-4411' });
    // Editing another item onto a taken serial is refused the same way.
    const second = await world.create(owner, { serial_number: 'SN-4412' });
    const moved = await world.as(owner, UpdateProductFleetItem, {
      fleet_item_id: second.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, { serial_number: 'SN-4411' }),
    });
    expect(moved.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.duplicateSerial('SN-4411', 'Split AC 1.5T'),
      extensions: { code: 'CONFLICT', field: 'serial_number' },
    });
  });

  it('lets exactly one of two simultaneous creates of one serial number through', async () => {
    const world = await fleetWorld(app);
    const input = fleetInput(world.products.splitAc.id, { serial_number: 'SN-RACE-1' });
    const answers = await Promise.all([
      world.as(world.members.OWNER, CreateProductFleetItem, input),
      world.as(world.members.ADMIN, CreateProductFleetItem, input),
    ]);
    expect(answers.filter((answer) => answer.envelope)).toHaveLength(1);
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([
      expect.objectContaining({
        message: FLEET_MESSAGES.duplicateSerial('SN-RACE-1', 'Split AC 1.5T'),
        extensions: expect.objectContaining({ code: 'CONFLICT', field: 'serial_number' }),
      }),
    ]);
    expect((await list(world, world.members.OWNER, { search: 'SN-RACE' })).total_count).toBe(1);
  });
});

describe('warranty and coverage', () => {
  it('counts the warranty from installation, else the invoice; an explicit end wins; 29 Feb ends on 28 Feb', async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const cases: [Record<string, unknown>, string | null, boolean][] = [
      [
        { invoice_date: '2026-01-10', installation_date: '2026-01-15', warranty_months: 12 },
        '2027-01-14',
        false,
      ],
      [{ invoice_date: '2026-01-10', installation_date: null, warranty_months: 18 }, '2027-07-09', false],
      [
        { invoice_date: '2024-02-29', installation_date: '2024-02-29', warranty_months: 12 },
        '2025-02-28',
        false,
      ],
      [{ invoice_date: '2024-01-31', installation_date: null, warranty_months: 1 }, '2024-02-29', false],
      [{ warranty_months: 12, warranty_end_date: '2030-06-30' }, '2030-06-30', true],
      [{ invoice_date: null, installation_date: null, warranty_months: 12 }, null, false],
      [{ warranty_months: 0 }, null, false],
    ];
    for (const [values, end, explicit] of cases) {
      const item = await world.create(owner, values);
      expect([item.warranty_end_date, item.warranty_end_explicit], JSON.stringify(values)).toEqual([
        end,
        explicit,
      ]);
    }
  });

  it("gives each item its coverage on the organization's today, and the list's coverage filter agrees", async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const today = dayIn('Asia/Kolkata');
    const yesterday = shiftDay(today, -1);
    const twoVisits = await world.amcType({ duration_months: 12, visits: 2 });
    const oneVisit = await world.amcType({ duration_months: 12, visits: 1 });
    const warranty = await world.create(owner, { serial_number: 'COV-W', warranty_end_date: today });
    const amc = await world.create(owner, {
      serial_number: 'COV-A',
      warranty_end_date: yesterday,
      amc_type_id: twoVisits.amc_type_id,
      amc_start_date: today,
    });
    const out = await world.create(owner, { serial_number: 'COV-O', warranty_end_date: yesterday });
    const usedUp = await world.create(owner, {
      serial_number: 'COV-U',
      warranty_end_date: yesterday,
      amc_type_id: oneVisit.amc_type_id,
      amc_start_date: yesterday,
    });
    // A closed ticket under AMC uses a visit (tickets do so; here, as they would).
    await world.db
      .update(fleetItem)
      .set({ amc_visits_used: 1 })
      .where(eq(fleetItem.id, usedUp.fleet_item_id));

    expect(warranty.coverage).toEqual({ coverage: 'IN_WARRANTY', covered_until: today, visits_left: null });
    expect(amc).toMatchObject({
      amc_end_date: lastDayOfMonths(today, 12),
      amc_visits_included: 2,
      coverage: { coverage: 'UNDER_AMC', visits_left: 2 },
    });
    expect(out.coverage.coverage).toBe('OUT_OF_WARRANTY');
    expect((await detail(world, usedUp.fleet_item_id)).coverage.coverage).toBe('OUT_OF_WARRANTY');

    const filtered = async (coverage: string) =>
      serials((await list(world, owner, { search: 'COV-', coverage })).items);
    expect(await filtered('IN_WARRANTY')).toEqual(['COV-W']);
    expect(await filtered('UNDER_AMC')).toEqual(['COV-A']);
    expect(await filtered('OUT_OF_WARRANTY')).toEqual(['COV-O', 'COV-U']);
    expect(await filtered('ALL')).toEqual(['COV-A', 'COV-O', 'COV-U', 'COV-W']);
  });

  it("counts today in the organization's own time zone", async () => {
    // Pago Pago (UTC-11) and Kiritimati (UTC+14) are never on the same calendar day.
    const west = await fleetWorld(app, { timeZone: 'Pacific/Pago_Pago' });
    const east = await fleetWorld(app, { timeZone: 'Pacific/Kiritimati' });
    const westToday = dayIn('Pacific/Pago_Pago');
    expect(dayIn('Pacific/Kiritimati') > westToday).toBe(true);
    for (const [world, coverage] of [
      [west, 'IN_WARRANTY'],
      [east, 'OUT_OF_WARRANTY'],
    ] as const) {
      const item = await world.create(world.members.OWNER, {
        serial_number: 'TZ-1',
        warranty_end_date: westToday,
      });
      expect(item.coverage.coverage, world.org.time_zone).toBe(coverage);
      const page = await list(world, world.members.OWNER, { coverage });
      expect(serials(page.items), world.org.time_zone).toEqual(['TZ-1']);
    }
  });

  it('says in SQL exactly what coverageOn says, on every boundary day', async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const day = '2026-03-31';
    const unlimited = await world.amcType({ duration_months: 1, visits: null });
    const twoVisits = await world.amcType({ duration_months: 1, visits: 2 });
    const items = [
      await world.create(owner, { warranty_end_date: day }),
      // Warranty to `day`, then an AMC from the next day.
      await world.create(owner, {
        warranty_end_date: day,
        amc_type_id: twoVisits.amc_type_id,
        amc_start_date: shiftDay(day, 1),
      }),
      // An AMC inside the warranty: the warranty covers first.
      await world.create(owner, {
        warranty_end_date: day,
        amc_type_id: unlimited.amc_type_id,
        amc_start_date: shiftDay(day, -10),
      }),
      await world.create(owner, { invoice_date: null, installation_date: null }),
      await world.create(owner, {
        invoice_date: null,
        installation_date: null,
        amc_type_id: unlimited.amc_type_id,
        amc_start_date: day,
      }),
      await world.create(owner, {
        invoice_date: null,
        installation_date: null,
        amc_type_id: twoVisits.amc_type_id,
        amc_start_date: shiftDay(day, -5),
      }),
    ];
    // Visits used: none, some, all.
    const used = [0, 1, 0, 0, 0, 2];
    for (const [index, item] of items.entries()) {
      await world.db
        .update(fleetItem)
        .set({ amc_visits_used: used[index] })
        .where(eq(fleetItem.id, item.fleet_item_id));
    }
    const stored = await world.db.select().from(fleetItem).where(eq(fleetItem.organization_id, world.org.id));
    const days = [-12, -11, -10, -6, -5, -4, -1, 0, 1, 2, 25, 26, 27, 29, 30, 31, 32].map((n) =>
      shiftDay(day, n),
    );
    for (const when of days) {
      for (const coverage of COVERAGES) {
        const inSql = await world.db
          .select({ id: fleetItem.id })
          .from(fleetItem)
          .where(and(eq(fleetItem.organization_id, world.org.id), coverageCondition(coverage, when)));
        const inCode = stored.filter((row) => coverageOn(row, when).coverage === coverage);
        expect(inSql.map((row) => row.id).sort(), `${coverage} on ${when}`).toEqual(
          inCode.map((row) => row.id).sort(),
        );
      }
    }
  });
});

describe('the party wall', () => {
  it("keeps a dealer's items with the dealer: staff see every item, a dealer only its own", async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const dealer = world.members.DEALER_OWNER;
    const own = await world.create(owner, { serial_number: 'ORG-1' });
    const soldByDealer = await world.create(owner, {
      serial_number: 'DLR-1',
      dealer_party_id: world.dealer.id,
    });
    const dealers = await world.create(dealer, { serial_number: 'DLR-2' });
    const others = await world.create(world.otherDealerMember, { serial_number: 'OTH-1' });
    expect(dealers).toMatchObject({
      dealer_party_id: world.dealer.id,
      approval_state: 'PENDING',
      may_edit: true,
    });
    expect(soldByDealer).toMatchObject({ dealer_name: world.dealer.name, approval_state: 'APPROVED' });

    expect(serials((await list(world, owner)).items)).toEqual(['DLR-1', 'DLR-2', 'ORG-1', 'OTH-1']);
    expect(serials((await list(world, owner, { owned_by: 'ORGANIZATION' })).items)).toEqual(['ORG-1']);
    expect(serials((await list(world, owner, { owned_by: 'DEALERS' })).items)).toEqual([
      'DLR-1',
      'DLR-2',
      'OTH-1',
    ]);
    expect(serials((await list(world, owner, { dealer_party_id: world.otherDealer.id })).items)).toEqual([
      'OTH-1',
    ]);
    expect(serials((await list(world, owner, { approval_state: 'PENDING' })).items)).toEqual([
      'DLR-2',
      'OTH-1',
    ]);

    const seen = await list(world, dealer);
    expect(serials(seen.items)).toEqual(['DLR-1', 'DLR-2']);
    expect(seen.total_count).toBe(2);
    expect((await list(world, dealer, { dealer_party_id: world.otherDealer.id })).items).toEqual([]);
    expect((await list(world, dealer, { search: 'OTH' })).items).toEqual([]);

    const notFound = { message: FLEET_MESSAGES.notFound, extensions: { code: 'NOT_FOUND' } };
    for (const target of [own, others]) {
      const before = await detail(world, target.fleet_item_id);
      const attempts = [
        await world.as(dealer, GetProductFleetItem, { fleet_item_id: target.fleet_item_id }),
        await world.as(dealer, UpdateProductFleetItem, {
          fleet_item_id: target.fleet_item_id,
          ...fleetInput(world.products.splitAc.id),
        }),
        await world.as(dealer, ActivateOrDeactivateProductFleetItem, {
          fleet_item_id: target.fleet_item_id,
          fleet_item_status: 'INACTIVE',
        }),
        await world.as(dealer, TagProductFleetItem, {
          fleet_item_id: target.fleet_item_id,
          customer_id: world.customers.dealers.id,
        }),
      ];
      for (const answer of attempts) expect(answer.errors?.[0]).toMatchObject(notFound);
      expect(await detail(world, target.fleet_item_id)).toEqual(before);
    }
    // The dealer's own items are its, whoever added them; it cannot give one to another dealer.
    const refused = await world.as(
      dealer,
      CreateProductFleetItem,
      fleetInput(world.products.splitAc.id, {
        dealer_party_id: world.otherDealer.id,
      }),
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.dealerIsYours,
      extensions: { code: 'BAD_USER_INPUT', field: 'dealer_party_id' },
    });

    // Another organization sees nothing of it, whatever it asks.
    const intruder = await fleetWorld(app);
    expect((await list(intruder, intruder.members.OWNER, { search: 'DLR' })).items).toEqual([]);
    const foreign = await intruder.as(intruder.members.OWNER, GetProductFleetItem, {
      fleet_item_id: own.fleet_item_id,
    });
    expect(foreign.errors?.[0]).toMatchObject(notFound);
  });

  it("keeps a service partner's users out: a scope of nothing, and technicians no access", async () => {
    const world = await fleetWorld(app);
    await world.create(world.members.OWNER, { serial_number: 'PRT-1' });
    // They raise tickets (Tickets), so they may read the fleet to find an item, but none is theirs.
    const listed = await world.ok(world.members.SERVICE_PARTNER, ListProductFleet, {});
    expect(listed).toMatchObject({ items: [], total_count: 0 });
    const partner = await callerOfMember(world.db, world.members.SERVICE_PARTNER.membershipId);
    const page = await listProductFleet.list.page(world.db, partner, ListProductFleet.input.parse({}));
    expect(page).toMatchObject({ items: [], total_count: 0 });
    const technician = await world.as(world.members.TECHNICIAN, GetProductFleetItem, { fleet_item_id: 'x' });
    expect(technician.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe("a dealer's new item", () => {
  it('waits for approval, and the approver makes it APPROVED with its history', async () => {
    const world = await fleetWorld(app);
    const dealer = world.members.DEALER_OWNER;
    const answer = await world.as(
      dealer,
      CreateProductFleetItem,
      fleetInput(world.products.splitAc.id, {
        serial_number: 'SN-1234',
        customer_id: world.customers.dealers.id,
        notes: 'Wall mounted',
      }),
    );
    expect(answer.envelope?.status_message).toBe("Fleet item 'SN-1234' sent for approval");
    const item = answer.envelope!.data.items[0];
    expect(item).toMatchObject({ approval_state: 'PENDING', customer_name: 'Dealer Customer' });

    // The request names the item; its approver reads the item as the area describes it.
    const mine = await world.ok(dealer, ListWorkFlows, { view: 'MINE' });
    expect(mine.items.map((request) => [request.kind, request.summary])).toEqual([
      ['PRODUCT_FLEET', 'SN-1234 · Split AC 1.5T · Dealer Customer'],
    ]);
    const described = await world.ok(world.members.OWNER, GetWorkflowRequest, {
      request_id: mine.items[0].request_id,
    });
    const phone = formatPhoneNational(world.customers.dealers.phone);
    expect(described.items[0].record).toEqual({
      title: 'SN-1234 · Split AC 1.5T',
      fields: [
        { label: 'Serial number', value: 'SN-1234' },
        { label: 'Product', value: 'Split AC 1.5T' },
        { label: 'Customer', value: `Dealer Customer (${phone})` },
        { label: 'Location', value: '12, 4th Cross, Indiranagar, Bengaluru' },
        { label: 'Dealer', value: world.dealer.name },
        { label: 'Invoice date', value: '10 Jan 2026' },
        { label: 'Installation date', value: '15 Jan 2026' },
        { label: 'Warranty end', value: '14 Jan 2027' },
        { label: 'AMC', value: '—' },
        { label: 'Notes', value: 'Wall mounted' },
      ],
    });

    // While it waits, the dealer neither changes nor tags it.
    const edit = await world.as(dealer, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, { serial_number: 'SN-1234' }),
    });
    expect(edit.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.pendingNotChangeable,
      extensions: { code: 'CONFLICT' },
    });
    const tag = await world.as(dealer, TagProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      customer_id: world.customers.dealersSecond.id,
    });
    expect(tag.errors?.[0].message).toBe('This fleet item is pending approval; it cannot be tagged.');

    const decided = await decideLatest(
      world,
      item.fleet_item_id,
      'PRODUCT_FLEET',
      'APPROVE',
      'Serial checked',
    );
    expect(decided.errors).toBeUndefined();
    const approved = await detail(world, item.fleet_item_id, dealer);
    expect(approved.approval_state).toBe('APPROVED');
    const ownerName = await world.nameOf(world.members.OWNER);
    expect(history(approved)).toEqual([
      ['APPROVED', ownerName, 'Serial checked'],
      ['CREATED', await world.nameOf(dealer), `At Dealer Customer (${phone}), Bengaluru`],
    ]);
    expect(await world.audited('CreateProductFleetItem', item.fleet_item_id)).toHaveLength(1);
  });

  it('is REJECTED with the comment, and goes back to the approvers once the dealer corrects it', async () => {
    const world = await fleetWorld(app);
    const dealer = world.members.DEALER_OWNER;
    const item = await world.create(dealer, { serial_number: 'SN-9O1' });
    const rejected = await decideLatest(
      world,
      item.fleet_item_id,
      'PRODUCT_FLEET',
      'REJECT',
      'Serial has a letter O',
    );
    expect(rejected.errors).toBeUndefined();
    const after = await detail(world, item.fleet_item_id, dealer);
    expect(after.approval_state).toBe('REJECTED');
    expect(history(after)[0]).toEqual([
      'REJECTED',
      await world.nameOf(world.members.OWNER),
      'Serial has a letter O',
    ]);
    expect(serials((await list(world, dealer, { approval_state: 'REJECTED' })).items)).toEqual(['SN-9O1']);

    const corrected = await world.as(dealer, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, { serial_number: 'SN-901' }),
    });
    expect(corrected.envelope?.status_message).toBe("Fleet item 'SN-901' sent for approval");
    expect(corrected.envelope?.data.items[0]).toMatchObject({ approval_state: 'PENDING' });
    expect(corrected.envelope?.data.items[0].history[0]).toMatchObject({
      kind: 'UPDATED',
      details: 'Serial number: SN-9O1 → SN-901; Sent for approval again',
    });
    expect(
      (await world.requestsOf(item.fleet_item_id, 'PRODUCT_FLEET')).map((request) => request.state),
    ).toEqual(['REJECTED', 'PENDING']);
  });

  it('is WITHDRAWN when the dealer withdraws its request', async () => {
    const world = await fleetWorld(app);
    const dealer = world.members.DEALER_OWNER;
    const item = await world.create(dealer);
    const [request] = await world.requestsOf(item.fleet_item_id, 'PRODUCT_FLEET');
    // The item names its waiting request; only the dealer who raised it is told it may withdraw it.
    expect((await detail(world, item.fleet_item_id, dealer)).pending_request).toEqual({
      request_id: request.id,
      kind: 'PRODUCT_FLEET',
      raised_by_you: true,
    });
    expect((await detail(world, item.fleet_item_id)).pending_request).toMatchObject({ raised_by_you: false });
    await world.ok(dealer, WithdrawWorkflowRequest, { request_id: request.id, reason: 'Wrong product' });
    const after = await detail(world, item.fleet_item_id);
    expect(after.pending_request).toBeNull();
    expect(after.approval_state).toBe('WITHDRAWN');
    expect(history(after)[0]).toEqual(['WITHDRAWN', await world.nameOf(dealer), 'Withdrawn: Wrong product']);
  });
});

describe('tagging an item to a customer', () => {
  it('by staff applies at once, to the primary location or the one named', async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const item = await world.create(owner);
    const { asha } = world.customers;
    const tagged = await world.as(owner, TagProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      customer_id: asha.id,
    });
    expect(tagged.envelope?.status_message).toBe(`Fleet item '${item.serial_number}' tagged to Asha Rao`);
    expect(tagged.envelope?.data.items[0]).toMatchObject({
      customer_id: asha.id,
      customer_phone: formatPhoneNational(asha.phone),
      location_id: asha.locations[0].id,
      location_summary: '12, 4th Cross, Indiranagar, Bengaluru',
    });
    expect(tagged.envelope?.data.items[0].history[0]).toMatchObject({
      kind: 'TAGGED',
      details: `Tagged to Asha Rao (${formatPhoneNational(asha.phone)}), Bengaluru`,
    });
    const same = await world.as(owner, TagProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      customer_id: asha.id,
    });
    expect(same.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.sameCustomer('Asha Rao'),
      extensions: { code: 'BAD_USER_INPUT', field: 'customer_id' },
    });
    const moved = await world.ok(owner, TagProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      customer_id: asha.id,
      location_id: asha.locations[1].id,
    });
    expect(moved.items[0].location_summary).toBe('7, Temple Road, Mysuru');
    const elsewhere = await world.as(owner, TagProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      customer_id: world.customers.vikram.id,
      location_id: asha.locations[0].id,
    });
    expect(elsewhere.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.locationNotFound,
      extensions: { field: 'location_id' },
    });
    const inactive = await world.as(owner, TagProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      customer_id: world.customers.retired.id,
    });
    expect(inactive.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.customerNotFound,
      extensions: { field: 'customer_id' },
    });
  });

  it('by a dealer waits for approval, and applies when approved', async () => {
    const world = await fleetWorld(app);
    const dealer = world.members.DEALER_OWNER;
    const stock = await world.create(world.members.OWNER, {
      serial_number: 'STK-1',
      dealer_party_id: world.dealer.id,
    });
    const target = world.customers.dealers;
    const phone = formatPhoneNational(target.phone);

    // A dealer tags only to customers it sees.
    const foreign = await world.as(dealer, TagProductFleetItem, {
      fleet_item_id: stock.fleet_item_id,
      customer_id: world.customers.otherDealers.id,
    });
    expect(foreign.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'customer_id' });

    const asked = await world.as(dealer, TagProductFleetItem, {
      fleet_item_id: stock.fleet_item_id,
      customer_id: target.id,
    });
    expect(asked.envelope?.status_message).toBe("Tagging of 'STK-1' to Dealer Customer sent for approval");
    expect(asked.envelope?.data.items[0]).toMatchObject({
      customer_id: null,
      pending_customer_name: 'Dealer Customer',
      approval_state: 'APPROVED',
    });
    const again = await world.as(dealer, TagProductFleetItem, {
      fleet_item_id: stock.fleet_item_id,
      customer_id: world.customers.dealersSecond.id,
    });
    expect(again.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.tagWaiting,
      extensions: { code: 'CONFLICT' },
    });

    const [request] = await world.requestsOf(stock.fleet_item_id, 'FLEET_TAGGING');
    expect(request.summary).toBe('STK-1 · Split AC 1.5T · to Dealer Customer');
    const described = await world.ok(world.members.OWNER, GetWorkflowRequest, { request_id: request.id });
    expect(described.items[0].record?.fields.slice(2, 6)).toEqual([
      { label: 'From customer', value: 'In stock' },
      { label: 'From location', value: '—' },
      { label: 'To customer', value: `Dealer Customer (${phone})` },
      { label: 'To location', value: '12, 4th Cross, Indiranagar, Bengaluru' },
    ]);

    expect(
      (await decideLatest(world, stock.fleet_item_id, 'FLEET_TAGGING', 'APPROVE')).errors,
    ).toBeUndefined();
    const after = await detail(world, stock.fleet_item_id, dealer);
    expect(after).toMatchObject({ customer_id: target.id, pending_customer_name: null });
    const dealerName = await world.nameOf(dealer);
    expect(history(after)).toEqual([
      ['TAGGED', await world.nameOf(world.members.OWNER), `Tagged to Dealer Customer (${phone}), Bengaluru`],
      ['TAG_REQUESTED', dealerName, `To Dealer Customer (${phone}), Bengaluru`],
      ['CREATED', await world.nameOf(world.members.OWNER), 'In stock'],
    ]);

    // A rejected tagging lets the customer go; the item stays where it was.
    await world.ok(dealer, TagProductFleetItem, {
      fleet_item_id: stock.fleet_item_id,
      customer_id: world.customers.dealersSecond.id,
    });
    await decideLatest(world, stock.fleet_item_id, 'FLEET_TAGGING', 'REJECT', 'Customer did not buy it');
    const kept = await detail(world, stock.fleet_item_id, dealer);
    expect(kept).toMatchObject({ customer_id: target.id, pending_customer_name: null });
    expect(history(kept)[0]).toEqual([
      'TAG_REJECTED',
      await world.nameOf(world.members.OWNER),
      'Customer did not buy it',
    ]);
  });
});

describe('refusals', () => {
  it('refuses bad input with a message naming the field, and writes nothing', async () => {
    const world = await fleetWorld(app);
    const other = await fleetWorld(app);
    const owner = world.members.OWNER;
    const forOtherProduct = await world.amcType({ service_ids: [world.products.windowAc.id] });
    const retiredAmc = await world.amcType();
    await world.ok(owner, ActivateOrDeactivateAmcType, {
      amc_type_id: retiredAmc.amc_type_id,
      amc_type_status: 'INACTIVE',
    });
    const cases: { change: Record<string, unknown>; field: string; message: string }[] = [
      {
        change: { serial_number: 'SN 12' },
        field: 'serial_number',
        message: 'Serial number may hold letters, digits and / . _ - only',
      },
      { change: { serial_number: '' }, field: 'serial_number', message: 'Serial number is required' },
      {
        change: { service_id: other.products.splitAc.id },
        field: 'service_id',
        message: FLEET_MESSAGES.productNotFound,
      },
      {
        change: { service_id: world.products.retired.id },
        field: 'service_id',
        message: FLEET_MESSAGES.productNotFound,
      },
      {
        change: { customer_id: other.customers.asha.id },
        field: 'customer_id',
        message: FLEET_MESSAGES.customerNotFound,
      },
      {
        change: { customer_id: world.customers.retired.id },
        field: 'customer_id',
        message: FLEET_MESSAGES.customerNotFound,
      },
      {
        change: { customer_id: world.customers.vikram.id, location_id: world.customers.asha.locations[0].id },
        field: 'location_id',
        message: FLEET_MESSAGES.locationNotFound,
      },
      {
        change: { location_id: world.customers.asha.locations[0].id },
        field: 'location_id',
        message: FLEET_MESSAGES.locationNotFound,
      },
      {
        change: { dealer_party_id: world.partner.id },
        field: 'dealer_party_id',
        message: FLEET_MESSAGES.dealerNotFound,
      },
      {
        change: { dealer_party_id: other.dealer.id },
        field: 'dealer_party_id',
        message: FLEET_MESSAGES.dealerNotFound,
      },
      {
        change: { amc_type_id: retiredAmc.amc_type_id, amc_start_date: '2026-02-01' },
        field: 'amc_type_id',
        message: FLEET_MESSAGES.amcTypeNotFound,
      },
      {
        change: { amc_type_id: forOtherProduct.amc_type_id, amc_start_date: '2026-02-01' },
        field: 'amc_type_id',
        message: FLEET_MESSAGES.amcTypeNotForProduct(forOtherProduct.amc_type_name, 'Split AC 1.5T'),
      },
      {
        change: { amc_type_id: forOtherProduct.amc_type_id },
        field: 'amc_start_date',
        message: 'AMC start date is required with an AMC',
      },
      {
        change: { product_fleet_status_id: world.statuses.scrapped.id },
        field: 'product_fleet_status_id',
        message: FLEET_MESSAGES.statusNotFound,
      },
      {
        change: { installation_date: '2026-01-01' },
        field: 'installation_date',
        message: 'Installation date must not be before the invoice date',
      },
      {
        change: { warranty_end_date: '2026-02-30' },
        field: 'warranty_end_date',
        message: 'Warranty end date is not a real date',
      },
      {
        change: { organization_id: other.org.id },
        field: '',
        message: 'Unrecognized key: "organization_id"',
      },
    ];
    const before = await world.written();
    for (const { change, field, message } of cases) {
      const answer = await world.as(
        owner,
        CreateProductFleetItem,
        fleetInput(world.products.splitAc.id, change),
      );
      const label = JSON.stringify(change);
      expect(answer.envelope, label).toBeUndefined();
      expect(answer.errors?.[0].extensions?.code, label).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0].extensions?.field ?? '', label).toBe(field);
      expect(answer.errors?.[0].message, label).toContain(message);
    }
    expect(await world.written()).toEqual(before);
    // A status the item already has may stay after it is deactivated.
    const installed = await world.create(owner, { product_fleet_status_id: world.statuses.installed.id });
    expect(installed.product_fleet_status_name).toBe('Installed');
  });
});

describe('finding items', () => {
  let world: FleetWorld;
  beforeAll(async () => {
    world = await fleetWorld(app);
    const owner = world.members.OWNER;
    await world.create(owner, { serial_number: 'SN-100', customer_id: world.customers.asha.id });
    await world.create(owner, { serial_number: 'SN-101', customer_id: world.customers.vikram.id });
    await world.create(owner, { serial_number: 'XSN-10', service_id: world.products.windowAc.id });
    await world.create(owner, { serial_number: 'AB_1', service_id: world.products.windowAc.id });
    await world.create(owner, { serial_number: 'ABX1', service_id: world.products.windowAc.id });
    const other = await fleetWorld(app);
    await other.create(other.members.OWNER, { serial_number: 'SN-100' });
  });

  it('by the start of a serial number, as typed', async () => {
    expect(serials((await list(world, world.members.OWNER, { search: 'sn-10' })).items)).toEqual([
      'SN-100',
      'SN-101',
    ]);
    expect(serials((await list(world, world.members.OWNER, { search: 'AB_' })).items)).toEqual(['AB_1']);
    expect((await list(world, world.members.OWNER, { search: 'N-10' })).items).toEqual([]);
  });

  it("by the start of the customer's phone", async () => {
    const phone = world.customers.vikram.phone_national;
    // The test's numbers are thousands apart (newMobile): nine digits tell them apart.
    const found = await list(world, world.members.OWNER, {
      search: `0${phone.slice(0, 5)} ${phone.slice(5, 9)}`,
    });
    expect(serials(found.items)).toEqual(['SN-101']);
    const both = await list(world, world.members.OWNER, {
      search: `0${phone.slice(0, 2)}`,
      service_id: world.products.splitAc.id,
    });
    expect(serials(both.items)).toEqual(['SN-100', 'SN-101']);
    expect(serials((await list(world, world.members.OWNER, { search: `+91 ${phone}` })).items)).toEqual([
      'SN-101',
    ]);
  });

  it('by product and customer through the filters; a product name is not a serial number', async () => {
    // Search reads serial numbers and phones only; a product is chosen with its filter.
    expect((await list(world, world.members.OWNER, { search: 'window ac' })).items).toEqual([]);
    const byProduct = await list(world, world.members.OWNER, {
      service_id: world.products.splitAc.id,
      sort_by: 'serial_number',
      sort_order: 'desc',
    });
    expect(byProduct.items.map((item) => item.serial_number)).toEqual(['SN-101', 'SN-100']);
    const byCustomer = await list(world, world.members.OWNER, { customer_id: world.customers.asha.id });
    expect(serials(byCustomer.items)).toEqual(['SN-100']);
  });

  it('exports the filtered list to .xlsx', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/exports/ListProductFleet.xlsx?search=SN-10',
      headers: { cookie: await signIn(app, world.members.OWNER.email, TEST_PASSWORD) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1, 10)));
    expect(rows[0]).toEqual([
      'Serial number',
      'Product',
      'Customer',
      'Phone',
      'Location',
      'Dealer',
      'Invoice date',
      'Installation date',
      'Warranty end',
    ]);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['SN-100', 'SN-101']);
    expect(rows.find((row) => row[0] === 'SN-100')).toEqual([
      'SN-100',
      'Split AC 1.5T',
      'Asha Rao',
      formatPhoneNational(world.customers.asha.phone),
      '12, 4th Cross, Indiranagar, Bengaluru',
      undefined,
      '2026-01-10',
      '2026-01-15',
      '2027-01-14',
    ]);
  });
});

describe('history and audit', () => {
  it('records what an edit changed in words, and activation, in the history and the audit log', async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const item = await world.create(owner, { serial_number: 'HIS-1' });
    const amc = await world.amcType({ amc_type_name: 'Silver AMC', duration_months: 12 });
    const saved = await world.as(owner, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.windowAc.id, {
        serial_number: 'HIS-1',
        warranty_end_date: '2027-06-30',
        amc_type_id: amc.amc_type_id,
        amc_start_date: '2027-07-01',
      }),
    });
    expect(saved.envelope?.status_message).toBe("Fleet item 'HIS-1' saved");
    expect(saved.envelope?.data.items[0].history[0]).toMatchObject({
      kind: 'UPDATED',
      by_name: await world.nameOf(owner),
      details:
        'Product: Split AC 1.5T → Window AC 1T; Warranty end date: 14 Jan 2027 → 30 Jun 2027; AMC type: none → Silver AMC; AMC start date: none → 1 Jul 2027; AMC end date: none → 30 Jun 2028',
    });
    const [entry] = await world.audited('UpdateProductFleetItem', item.fleet_item_id);
    expect(entry.changes).toMatchObject({
      service_name: { from: 'Split AC 1.5T', to: 'Window AC 1T' },
      warranty_end_date: { from: '2027-01-14', to: '2027-06-30' },
    });
    const off = await world.as(owner, ActivateOrDeactivateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      fleet_item_status: 'INACTIVE',
    });
    expect(off.envelope?.status_message).toBe("Fleet item 'HIS-1' deactivated");
    await world.ok(owner, ActivateOrDeactivateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      fleet_item_status: 'ACTIVE',
    });
    const after = await detail(world, item.fleet_item_id);
    expect(after.history.map((event) => event.kind)).toEqual([
      'ACTIVATED',
      'DEACTIVATED',
      'UPDATED',
      'CREATED',
    ]);
    expect(await world.audited('ActivateOrDeactivateProductFleetItem', item.fleet_item_id)).toHaveLength(2);
    expect(serials((await list(world, owner, { status: 'ACTIVE', search: 'HIS' })).items)).toEqual(['HIS-1']);
  });
});

describe("an item's files", () => {
  it('are attached from uploads, kept by name on edit, read by whoever sees the item, and let go when removed', async () => {
    const world = await fleetWorld(app);
    const owner = world.members.OWNER;
    const cookie = await signIn(app, owner.email, TEST_PASSWORD);
    const invoice = await uploadFile(app, cookie, {
      name: 'invoice.pdf',
      type: 'application/pdf',
      body: SAMPLE_FILES.pdf,
      purpose: 'FLEET_FILE',
    });
    const item = await world.create(owner, {
      dealer_party_id: world.dealer.id,
      fleet_item_files: [{ file_name: 'Invoice March.pdf', s3_key: invoice.s3_key }],
    });
    expect(item.fleet_item_files).toEqual([
      expect.objectContaining({ file_name: 'Invoice March.pdf', file_type: 'application/pdf' }),
    ]);
    // The file's address is presigned; the item's dealer reads it, another dealer cannot.
    expect(item.fleet_item_files[0].file_url).not.toBe(invoice.s3_key);
    const dealerRead = await world.as(world.members.DEALER_OWNER, GetPresignedUrl, {
      s3_key: invoice.s3_key,
    });
    expect(dealerRead.envelope?.data.items[0].file_name).toBe('invoice.pdf');
    const otherRead = await world.as(world.otherDealerMember, GetPresignedUrl, { s3_key: invoice.s3_key });
    expect(otherRead.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    // Kept by name on an edit, with a photo added; an unknown name is refused on its field.
    const photo = await uploadFile(app, cookie, {
      name: 'unit.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
      purpose: 'FLEET_FILE',
    });
    const edited = await world.ok(owner, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, {
        serial_number: item.serial_number,
        dealer_party_id: world.dealer.id,
        fleet_item_files: [
          { file_name: 'Invoice March.pdf' },
          { file_name: 'Unit.png', s3_key: photo.s3_key },
        ],
      }),
    });
    expect(edited.items[0].fleet_item_files.map((file) => file.file_name)).toEqual([
      'Invoice March.pdf',
      'Unit.png',
    ]);
    expect(edited.items[0].history[0].details).toBe('Files: Invoice March.pdf → Invoice March.pdf, Unit.png');
    const unknown = await world.as(owner, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, {
        serial_number: item.serial_number,
        fleet_item_files: [{ file_name: 'warranty.pdf' }],
      }),
    });
    expect(unknown.errors?.[0]).toMatchObject({
      message: "No file named 'warranty.pdf' is attached to this fleet item. Upload it again.",
      extensions: { code: 'BAD_USER_INPUT', field: 'fleet_item_files.0.file_name' },
    });
    // A ticket photo is not a fleet file.
    const ticketPhoto = await uploadFile(app, cookie, {
      name: 'photo.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
      purpose: 'TICKET_PHOTO',
    });
    const wrongPurpose = await world.as(owner, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, {
        serial_number: item.serial_number,
        fleet_item_files: [{ file_name: 'photo.png', s3_key: ticketPhoto.s3_key }],
      }),
    });
    expect(wrongPurpose.errors?.[0].extensions).toMatchObject({ field: 'fleet_item_files.0.s3_key' });

    // Removed: the item no longer lists it, and its record no longer holds the upload.
    await world.ok(owner, UpdateProductFleetItem, {
      fleet_item_id: item.fleet_item_id,
      ...fleetInput(world.products.splitAc.id, {
        serial_number: item.serial_number,
        dealer_party_id: world.dealer.id,
        fleet_item_files: [{ file_name: 'Unit.png' }],
      }),
    });
    const [stored] = await world.db
      .select({ record_id: storedFile.record_id })
      .from(storedFile)
      .where(eq(storedFile.key, invoice.s3_key));
    expect(stored.record_id).toBeNull();
    expect((await detail(world, item.fleet_item_id)).fleet_item_files.map((file) => file.file_name)).toEqual([
      'Unit.png',
    ]);
  });
});
