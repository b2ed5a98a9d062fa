import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  ActivateOrDeactivateProductFleetItem,
  CreateAmcType,
  CreateProductFleetItem,
  FLEET_MESSAGES,
  TransferProductFleet,
  GetProductFleetItem,
  lastDayOfMonths,
  ListProductFleet,
  UpdateProductFleetItem,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import {
  AcceptOrRejectTicket,
  CloseTicket,
  CreateAssignedTicketV2,
  DiscardTicket,
  Get_Ticket_Details,
  PartiallyCloseTicket,
  ReassignOrOpenTheAssignedTicket,
  SendTicketClosureOtp,
  UpdateTicketWorkStatus,
  type TicketItem,
} from '@fieldport/contract/operations/tickets';
import { user } from '../../db/schema/identity.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { seedService } from '../../db/seed/product-catalogue.ts';
import { mailsTo, startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { itemOf, storedTicket, ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { fleetInput } from './fleet.test-kit.ts';

// Tickets and the fleet (docs/product-fleet.md#tickets): a ticket raised for an item records its
// coverage, is free of charge under warranty or AMC, and uses an AMC visit when closed (once); the
// item's page lists its tickets as the reader may see them; earlier tickets are linked by serial.

let app: TestApp;
let world: TicketWorld;
let today: string;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  today = dayIn(world.org.time_zone);
});
afterAll(async () => {
  await app?.close();
});

const longAgo = () => ({ invoice_date: shiftDay(today, -800), installation_date: shiftDay(today, -800) });

/** A fleet item of the organization, added by its owner: at the world's customer unless told otherwise. */
async function item(values: Record<string, unknown> = {}): Promise<FleetItemDetail> {
  return itemOfFleet(
    await world.ok(
      'OWNER',
      CreateProductFleetItem,
      fleetInput(world.service.id, {
        customer_id: world.customer.id,
        invoice_date: shiftDay(today, -30),
        installation_date: shiftDay(today, -30),
        warranty_months: 12,
        ...values,
      }),
    ),
  );
}
const itemOfFleet = (data: { items: FleetItemDetail[] }) => data.items[0];

/** An item out of its 12-month warranty, under an AMC of `visits` visits started 10 days ago. */
async function amcItem(visits: number | null = 4, values: Record<string, unknown> = {}) {
  const type = (
    await world.ok('OWNER', CreateAmcType, {
      amc_type_name: `AMC ${unique('a')}`,
      duration_months: 12,
      visits,
      amc_price: 350_000,
      service_ids: [],
    })
  ).items[0];
  return item({
    ...longAgo(),
    amc_type_id: type.amc_type_id,
    amc_start_date: shiftDay(today, -10),
    ...values,
  });
}

function raise(who: string, fleetItemId: string, values: Record<string, unknown> = {}) {
  return world.as(who, CreateAssignedTicketV2, {
    service_id: world.service.id,
    fleet_item_id: fleetItemId,
    problem_note: 'Not cooling since Monday',
    ...values,
  });
}

async function raised(who: string, fleetItemId: string, values: Record<string, unknown> = {}) {
  const answer = await raise(who, fleetItemId, values);
  if (!answer.envelope) throw new Error(`Raising failed: ${JSON.stringify(answer.errors)}`);
  return itemOf(answer.envelope.data);
}

const detail = async (id: string, who = 'OWNER') =>
  itemOfFleet(await world.ok(who, GetProductFleetItem, { fleet_item_id: id }));

async function ticketsOfOrganization() {
  const [row] = await world.db
    .select({ n: count() })
    .from(ticket)
    .where(eq(ticket.organization_id, world.org.id));
  return row.n;
}

/** Assigned to the technician, accepted and under way. */
async function toWork(ticketId: string, reopen = false) {
  await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
    ticket_id: ticketId,
    action: reopen ? 'REOPEN' : 'ASSIGN',
    technician_id: world.members.TECHNICIAN.membershipId,
    reason: reopen ? 'The customer called back' : null,
  });
  await world.ok('TECHNICIAN', AcceptOrRejectTicket, { ticket_id: ticketId, action: 'ACCEPT' });
  await world.ok('TECHNICIAN', UpdateTicketWorkStatus, {
    ticket_id: ticketId,
    wip_sub_stage_id: world.subStage.id,
  });
}

/** Closes a ticket under way with the code mailed to the customer, as the technician. */
async function closeWithCode(row: TicketItem) {
  await world.ok('TECHNICIAN', SendTicketClosureOtp, { ticket_id: row.ticket_id });
  const code = (await mailsTo(app, world.customerEmail))
    .filter((mail) => mail.subject === `Closure code for your service request ${row.ticket_number}`)
    .map((mail) => mail.body_text?.match(/Your closure code is (\d+)\./)?.[1])
    .at(-1);
  return world.ok('TECHNICIAN', CloseTicket, { ticket_id: row.ticket_id, otp: code });
}

const amcVisits = (fleet: FleetItemDetail) =>
  fleet.history.filter((event) => event.kind === 'AMC_VISIT_USED').map((event) => event.details);

describe('raising a ticket for a fleet item', () => {
  it('in warranty: takes the item’s customer, location and serial, records IN_WARRANTY to its last day, under warranty and free of charge', async () => {
    const fleet = await item();
    const row = await raised('AGENT', fleet.fleet_item_id, { serial_number: 'TYPED-WRONG' });
    expect(row).toMatchObject({
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
      serial_number: fleet.serial_number,
      fleet_item_id: fleet.fleet_item_id,
      coverage: { coverage: 'IN_WARRANTY', covered_until: fleet.warranty_end_date, visits_left: null },
      under_warranty: true,
      is_foc: true,
    });
    expect(fleet.warranty_end_date).toBe(lastDayOfMonths(shiftDay(today, -30), 12));
    const { row: stored } = await storedTicket(world.db, row.ticket_id);
    expect(stored).toMatchObject({
      fleet_item_id: fleet.fleet_item_id,
      coverage: 'IN_WARRANTY',
      coverage_until: fleet.warranty_end_date,
      coverage_visits_left: null,
      amc_visit_counted: false,
    });
    // The details read it the same way; the customer and location may also be sent when they are the item's.
    const read = itemOf(await world.ok('AGENT', Get_Ticket_Details, { ticket_id: row.ticket_id }));
    expect(read.coverage).toEqual(row.coverage);
    const sent = await raised('AGENT', fleet.fleet_item_id, {
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
    });
    expect(sent.coverage?.coverage).toBe('IN_WARRANTY');
  });

  it('under AMC: records UNDER_AMC with its last day and visits left, free of charge; out of warranty: charged', async () => {
    const amc = await amcItem(4);
    const underAmc = await raised('AGENT', amc.fleet_item_id);
    expect(underAmc).toMatchObject({
      coverage: { coverage: 'UNDER_AMC', covered_until: amc.amc_end_date, visits_left: 4 },
      under_warranty: false,
      is_foc: true,
    });

    const out = await item(longAgo());
    const charged = await raised('AGENT', out.fleet_item_id, { under_warranty: false });
    expect(charged).toMatchObject({
      coverage: { coverage: 'OUT_OF_WARRANTY', covered_until: null, visits_left: null },
      under_warranty: false,
      is_foc: false,
    });
  });

  it('refuses an item waiting for approval, an inactive one and one not installed, writing nothing', async () => {
    const dealerItem = itemOfFleet(
      await world.ok(
        'DEALER_OWNER',
        CreateProductFleetItem,
        fleetInput(world.service.id, { customer_id: world.dealerCustomer.id }),
      ),
    );
    expect(dealerItem.approval_state).toBe('PENDING');
    const inactive = await item();
    await world.ok('OWNER', ActivateOrDeactivateProductFleetItem, {
      fleet_item_id: inactive.fleet_item_id,
      fleet_item_status: 'INACTIVE',
    });
    const inStock = await item({ customer_id: null });
    const before = await ticketsOfOrganization();
    const cases: [string, string, string][] = [
      ['DEALER_OWNER', dealerItem.fleet_item_id, FLEET_MESSAGES.ticketItemPending],
      ['AGENT', dealerItem.fleet_item_id, FLEET_MESSAGES.ticketItemPending],
      ['AGENT', inactive.fleet_item_id, FLEET_MESSAGES.ticketItemInactive],
      ['AGENT', inStock.fleet_item_id, FLEET_MESSAGES.ticketItemNotInstalled],
    ];
    for (const [who, id, message] of cases) {
      const answer = await raise(who, id);
      expect(answer.errors?.[0], message).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'fleet_item_id' },
      });
    }
    expect(await ticketsOfOrganization()).toBe(before);
  });

  it("is 'not found' to a dealer's user for another dealer's item and for the organization's own", async () => {
    const otherDealer = await seedParty(world.db, {
      organization_id: world.org.id,
      kind: 'DEALER',
      name: `Other dealer ${world.tag}`,
    });
    const theirs = await item({ dealer_party_id: otherDealer.id, customer_id: world.dealerCustomer.id });
    const organizations = await item();
    const before = await ticketsOfOrganization();
    for (const id of [theirs.fleet_item_id, organizations.fleet_item_id, 'no-such-item']) {
      const answer = await raise('DEALER_OWNER', id);
      expect(answer.errors?.[0], id).toMatchObject({
        message: FLEET_MESSAGES.notFound,
        extensions: { code: 'BAD_USER_INPUT', field: 'fleet_item_id' },
      });
    }
    expect(await ticketsOfOrganization()).toBe(before);
    // Their own dealer's item is theirs to raise tickets for.
    const own = await item({ dealer_party_id: world.dealer.id, customer_id: world.dealerCustomer.id });
    const row = await raised('DEALER_OWNER', own.fleet_item_id);
    expect(row).toMatchObject({ customer_id: world.dealerCustomer.id, dealer_party_id: world.dealer.id });
  });

  it("refuses a customer, location or service other than the item's, naming the field", async () => {
    const fleet = await item();
    const otherService = await seedService(world.db, {
      organization_id: world.org.id,
      category_id: world.category.id,
      name: `Fridge repair ${unique('s')}`,
      price_paise: 39_900,
    });
    const before = await ticketsOfOrganization();
    const cases: [Record<string, unknown>, 'customer' | 'location' | 'service', string][] = [
      [
        { customer_id: world.dealerCustomer.id, location_id: world.dealerCustomer.locations[0].id },
        'customer',
        'customer_id',
      ],
      [{ location_id: world.dealerCustomer.locations[0].id }, 'location', 'location_id'],
      [{ service_id: otherService.id }, 'service', 'service_id'],
    ];
    for (const [values, what, field] of cases) {
      const answer = await raise('AGENT', fleet.fleet_item_id, values);
      expect(answer.errors?.[0], what).toMatchObject({
        message: FLEET_MESSAGES.ticketItemElsewhere(what),
        extensions: { code: 'BAD_USER_INPUT', field },
      });
    }
    // The item has its customer: a new one cannot come with it.
    const withNew = await raise('AGENT', fleet.fleet_item_id, {
      new_customer: {
        customer_name: 'Ramesh Iyer',
        customer_phone: newMobile(),
        primary_location: {
          address: '5, Residency Road',
          pincode: '560001',
          city: 'Bengaluru',
          state: 'Karnataka',
        },
      },
    });
    expect(withNew.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'new_customer' });
    expect(await ticketsOfOrganization()).toBe(before);
  });
});

describe('closing a ticket raised under AMC', () => {
  it('uses one visit of the AMC, once per ticket even when reopened and closed again; an out-of-warranty ticket uses none', async () => {
    const amc = await amcItem(4);
    const first = await raised('AGENT', amc.fleet_item_id);
    await toWork(first.ticket_id);
    expect(itemOf(await closeWithCode(first)).state).toBe('CLOSED');
    const [technician] = await world.db
      .select({ name: user.name })
      .from(user)
      .where(eq(user.id, world.members.TECHNICIAN.userId));
    let read = await detail(amc.fleet_item_id);
    expect(read).toMatchObject({ amc_visits_used: 1, coverage: { coverage: 'UNDER_AMC', visits_left: 3 } });
    expect(read.history[0]).toMatchObject({
      kind: 'AMC_VISIT_USED',
      by_name: technician.name,
      details: `Ticket ${first.ticket_number} closed: visit 1 of 4 used`,
    });

    // Reopened, worked on and closed again (with a reason this time): still one visit.
    await toWork(first.ticket_id, true);
    await world.ok('AGENT', CloseTicket, { ticket_id: first.ticket_id, reason: 'Fixed on the second visit' });
    read = await detail(amc.fleet_item_id);
    expect(read.amc_visits_used).toBe(1);
    expect(amcVisits(read)).toHaveLength(1);
    // What the ticket was raised under stays as it was.
    expect((await storedTicket(world.db, first.ticket_id)).row).toMatchObject({
      coverage: 'UNDER_AMC',
      coverage_visits_left: 4,
      amc_visit_counted: true,
    });

    // Partially closed, then closed: the second ticket's visit.
    const second = await raised('AGENT', amc.fleet_item_id);
    expect(second.coverage).toMatchObject({ coverage: 'UNDER_AMC', visits_left: 3 });
    await toWork(second.ticket_id);
    await world.ok('TECHNICIAN', PartiallyCloseTicket, {
      ticket_id: second.ticket_id,
      closure_remark_id: world.remark.id,
    });
    await world.ok('AGENT', CloseTicket, { ticket_id: second.ticket_id, reason: 'Parts fitted' });
    read = await detail(amc.fleet_item_id);
    expect(read.amc_visits_used).toBe(2);
    expect(amcVisits(read)).toEqual([
      `Ticket ${second.ticket_number} closed: visit 2 of 4 used`,
      `Ticket ${first.ticket_number} closed: visit 1 of 4 used`,
    ]);

    // Out of warranty, with an AMC not started yet: nothing is used.
    const out = await amcItem(4, { amc_start_date: shiftDay(today, 5) });
    const charged = await raised('AGENT', out.fleet_item_id);
    expect(charged.coverage?.coverage).toBe('OUT_OF_WARRANTY');
    await toWork(charged.ticket_id);
    await world.ok('AGENT', CloseTicket, { ticket_id: charged.ticket_id, reason: 'Repaired, paid' });
    read = await detail(out.fleet_item_id);
    expect(read.amc_visits_used).toBe(0);
    expect(amcVisits(read)).toEqual([]);
  });
});

describe("an item's tickets", () => {
  it('lists them newest first with their state and coverage; a dealer sees only the tickets they may see', async () => {
    const fleet = await item({ dealer_party_id: world.dealer.id, customer_id: world.dealerCustomer.id });
    const byStaff = await raised('AGENT', fleet.fleet_item_id);
    await world.ok('AGENT', ReassignOrOpenTheAssignedTicket, {
      ticket_id: byStaff.ticket_id,
      action: 'ASSIGN',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    const byDealer = await raised('DEALER_OWNER', fleet.fleet_item_id);

    const staffView = await detail(fleet.fleet_item_id);
    expect(staffView.ticket_count).toBe(2);
    expect(staffView.tickets).toEqual([
      {
        ticket_id: byDealer.ticket_id,
        ticket_number: byDealer.ticket_number,
        state: 'OPEN',
        coverage: 'IN_WARRANTY',
        created_on: byDealer.created_on,
        closed_on: null,
      },
      expect.objectContaining({ ticket_id: byStaff.ticket_id, state: 'ASSIGNED', coverage: 'IN_WARRANTY' }),
    ]);
    const dealerView = await detail(fleet.fleet_item_id, 'DEALER_OWNER');
    expect(dealerView.ticket_count).toBe(1);
    expect(dealerView.tickets.map((entry) => entry.ticket_id)).toEqual([byDealer.ticket_id]);
    // The list counts the same way, row by row (Customer Products shows it).
    const rowOf = async (who: string) =>
      (await world.ok(who, ListProductFleet, { search: fleet.serial_number })).items.find(
        (row) => row.fleet_item_id === fleet.fleet_item_id,
      );
    expect((await rowOf('AGENT'))?.ticket_count).toBe(2);
    expect((await rowOf('DEALER_OWNER'))?.ticket_count).toBe(1);
  });

  it('links earlier tickets of the same product and serial when the item is added, or its serial changes', async () => {
    const serial = unique('SNL').toUpperCase();
    const otherService = await seedService(world.db, {
      organization_id: world.org.id,
      category_id: world.category.id,
      name: `Washer repair ${unique('s')}`,
      price_paise: 29_900,
    });
    const typed = itemOf(
      await world.ok('AGENT', CreateAssignedTicketV2, {
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
        service_id: world.service.id,
        serial_number: serial.toLowerCase(),
      }),
    );
    // Stored before the serial was upper-cased on the way in.
    const older = await world.seed({ serial_number: ` ${serial.toLowerCase()} ` });
    const otherProduct = await world.seed({ service_id: otherService.id, serial_number: serial });
    const otherSerial = await world.seed({ serial_number: `${serial}9` });

    const fleet = await item({ serial_number: serial });
    const linkedIds = async () =>
      (
        await world.db
          .select({ id: ticket.id })
          .from(ticket)
          .where(eq(ticket.fleet_item_id, fleet.fleet_item_id))
      )
        .map((row) => row.id)
        .sort();
    expect(await linkedIds()).toEqual([typed.ticket_id, older.id].sort());
    expect((await storedTicket(world.db, typed.ticket_id)).row).toMatchObject({
      coverage: null,
      coverage_until: null,
      coverage_visits_left: null,
    });
    const read = await detail(fleet.fleet_item_id);
    expect(read.ticket_count).toBe(2);
    expect(read.tickets.map((entry) => entry.coverage)).toEqual([null, null]);
    expect(itemOf(await world.ok('AGENT', Get_Ticket_Details, { ticket_id: typed.ticket_id }))).toMatchObject(
      { fleet_item_id: fleet.fleet_item_id, coverage: null },
    );

    // The serial corrected to another ticket's: that one joins; the ones linked stay.
    await world.ok('OWNER', UpdateProductFleetItem, {
      fleet_item_id: fleet.fleet_item_id,
      ...fleetInput(world.service.id, { serial_number: `${serial}9` }),
    });
    expect(await linkedIds()).toEqual([typed.ticket_id, older.id, otherSerial.id].sort());
    expect((await storedTicket(world.db, otherProduct.id)).row.fleet_item_id).toBeNull();
  });
});

describe('transferring an item with tickets', () => {
  it('is refused while a ticket of the item is open, naming its serial; allowed once it is discarded', async () => {
    const fleet = await item();
    const open = await raised('AGENT', fleet.fleet_item_id);
    const transfer = () =>
      world.as('OWNER', TransferProductFleet, {
        fleet_item_ids: [fleet.fleet_item_id],
        to: 'CUSTOMER',
        customer_id: world.dealerCustomer.id,
        reason: 'Sold to the neighbour',
      });

    const refused = await transfer();
    expect(refused.errors?.[0]).toMatchObject({
      message: FLEET_MESSAGES.transferOpenTickets(`'${fleet.serial_number}'`),
      extensions: { code: 'CONFLICT', field: 'fleet_item_ids' },
    });
    expect((await detail(fleet.fleet_item_id)).customer_id).toBe(world.customer.id);

    await world.ok('AGENT', DiscardTicket, { ticket_id: open.ticket_id, reason: 'Raised twice' });
    const moved = await transfer();
    expect(moved.envelope?.data.items[0].customer_id).toBe(world.dealerCustomer.id);
    // Its earlier tickets stay its own.
    expect((await detail(fleet.fleet_item_id)).ticket_count).toBe(1);
  });
});
