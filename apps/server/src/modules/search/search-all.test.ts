import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { RaisePurchaseOrder } from '@fieldport/contract/operations/purchasing';
import { SaveQuotation } from '@fieldport/contract/operations/quotations';
import {
  SEARCH_PREVIEW_COUNT_CAP,
  SearchAllModules,
  type SearchAllData,
} from '@fieldport/contract/operations/search';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { seedVendor } from '../../db/seed/purchasing.ts';
import { grant, seedDesignation } from '../../db/seed/factories.ts';
import { addTestMember } from '../../test/organizations.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { seedTestComponent, seedTestStore } from '../inventory/stock.test-kit.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// All Search (docs/search.md): each kind searched by its own list, so the walls and rights are the
// lists'. The tests read what a co-ordinator would: which groups come back, with which records.

let app: TestApp;
let world: TicketWorld;
let other: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  other = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const titlesByKind = (data: SearchAllData) =>
  Object.fromEntries(data.groups.map((group) => [group.kind, group.hits.map((hit) => hit.title)]));

describe('one box across kinds', () => {
  it('finds a ticket by its number, and a customer with their tickets by name and by phone digits', async () => {
    const ticket = await world.seed({ serial_number: unique('SN') });
    const byNumber = await world.ok('OWNER', SearchAllModules, { search: ticket.ticket_number });
    expect(titlesByKind(byNumber).TICKETS).toEqual([ticket.ticket_number]);
    const hit = byNumber.groups[0].hits[0];
    expect(hit).toMatchObject({ kind: 'TICKETS', id: ticket.id, owner_id: world.customer.id });
    expect(hit.detail).toContain(world.customer.name);
    expect(hit.detail).toContain('Open');

    const byName = await world.ok('OWNER', SearchAllModules, { search: world.customer.name.toUpperCase() });
    expect(titlesByKind(byName).CUSTOMERS).toEqual([world.customer.name]);
    expect(titlesByKind(byName).TICKETS).toContain(ticket.ticket_number);
    // Groups come in the one order, tickets first.
    expect(byName.groups.map((group) => group.kind).slice(0, 2)).toEqual(['TICKETS', 'CUSTOMERS']);

    // As a co-ordinator types it: the start of the number, without +91.
    const digits = world.customer.phone.slice(3, 9);
    const byPhone = await world.ok('OWNER', SearchAllModules, { search: digits });
    expect(titlesByKind(byPhone).CUSTOMERS).toContain(world.customer.name);
    expect(titlesByKind(byPhone).TICKETS).toContain(ticket.ticket_number);
  });

  it('counts the first view to 100 ("100+"), and a kind\'s own pages to the lists\' cap', async () => {
    const prefix = unique('MANY').toUpperCase();
    const serialAt = (index: number) => `${prefix}${String(index).padStart(3, '0')}`;
    await seedFleetItems(
      world.db,
      Array.from({ length: SEARCH_PREVIEW_COUNT_CAP + 1 }, (_, index) => ({
        organization_id: world.org.id,
        serial_number: serialAt(index),
        service_id: world.service.id,
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
      })),
      { history: false },
    );
    const first = await world.ok('OWNER', SearchAllModules, { search: prefix });
    const fleet = first.groups.find((group) => group.kind === 'FLEET_ITEMS')!;
    expect(fleet).toMatchObject({ total_count: SEARCH_PREVIEW_COUNT_CAP, total_capped: true });
    expect(fleet.hits.map((hit) => hit.title)).toEqual([0, 1, 2, 3, 4].map(serialAt));
    const showAll = await world.ok('OWNER', SearchAllModules, {
      search: prefix,
      kind: 'FLEET_ITEMS',
      page_size: 10,
    });
    expect(showAll.groups[0]).toMatchObject({
      total_count: SEARCH_PREVIEW_COUNT_CAP + 1,
      total_capped: false,
    });
    expect(showAll.groups[0].hits).toHaveLength(10);
  });

  it('finds a fleet item and its tickets by serial number, and people by name or email', async () => {
    // Serial numbers are kept in capitals, as the product's forms keep them.
    const serial = unique('FLT').toUpperCase();
    await seedFleetItems(world.db, [
      {
        organization_id: world.org.id,
        serial_number: serial,
        service_id: world.service.id,
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
      },
    ]);
    const found = await world.ok('OWNER', SearchAllModules, { search: serial });
    expect(titlesByKind(found).FLEET_ITEMS).toEqual([serial]);
    expect(found.groups.find((group) => group.kind === 'FLEET_ITEMS')!.hits[0].detail).toContain(
      world.customer.name,
    );

    const technician = world.members.TECHNICIAN.email.split('@')[0];
    const people = await world.ok('OWNER', SearchAllModules, { search: technician });
    expect(people.groups.map((group) => group.kind)).toEqual(['TECHNICIANS']);
    expect(people.groups[0].label).toBe('Technicians');
    const partnerOwner = world.members.SERVICE_PARTNER.email.split('@')[0];
    const partners = await world.ok('OWNER', SearchAllModules, { search: partnerOwner });
    expect(partners.groups.map((group) => group.kind)).toEqual(['SERVICE_PARTNER_OWNERS']);
    expect(partners.groups[0].hits[0].detail).toContain(world.partner.name);
  });

  it('shows the first five of a kind with the total, and pages through that kind on "show all"', async () => {
    const marker = unique('Bulk');
    for (let index = 0; index < 12; index += 1)
      await world.seed({ problem_note: null, serial_number: `${marker}-${index}` });
    const preview = await world.ok('OWNER', SearchAllModules, { search: marker });
    const tickets = preview.groups.find((group) => group.kind === 'TICKETS')!;
    expect(tickets.hits).toHaveLength(5);
    expect(tickets.total_count).toBe(12);

    const second = await world.ok('OWNER', SearchAllModules, {
      search: marker,
      kind: 'TICKETS',
      page: 2,
      page_size: 10,
    });
    expect(second.groups).toHaveLength(1);
    expect(second.groups[0]).toMatchObject({ kind: 'TICKETS', page: 2, page_size: 10, total_count: 12 });
    expect(second.groups[0].hits).toHaveLength(2);
    const first = await world.ok('OWNER', SearchAllModules, {
      search: marker,
      kind: 'TICKETS',
      page_size: 10,
    });
    const all = [...first.groups[0].hits, ...second.groups[0].hits].map((hit) => hit.id);
    expect(new Set(all).size).toBe(12);
  });

  it("finds a quotation by its number or its customer's name, and a purchase order by its number or its vendor's name", async () => {
    const drafted = await world.ok('OWNER', SaveQuotation, {
      customer_id: world.customer.id,
      valid_until: shiftDay(dayIn(world.org.time_zone), 30),
      lines: [{ kind: 'SERVICE', item_id: world.service.id, quantity: 1, unit_price: 50_000, tax_rate: 0 }],
    });
    const quotationNumber = drafted.items[0].quotation_number;
    const byNumber = await world.ok('OWNER', SearchAllModules, {
      search: quotationNumber,
      kind: 'QUOTATIONS',
    });
    expect(titlesByKind(byNumber).QUOTATIONS).toEqual([quotationNumber]);
    const byCustomer = await world.ok('OWNER', SearchAllModules, { search: world.customer.name });
    expect(titlesByKind(byCustomer).QUOTATIONS).toEqual([quotationNumber]);
    expect(byCustomer.groups.find((group) => group.kind === 'QUOTATIONS')!.hits[0].detail).toBe(
      `${world.customer.name} · Draft · ₹500.00`,
    );

    // A vendor of the same name in another organization: only ours is found.
    const vendorName = unique('Peenya Traders ');
    const raise = async (of: TicketWorld) => {
      const vendor = await seedVendor(of.db, {
        organization_id: of.org.id,
        name: vendorName,
        address: '14, Peenya Industrial Area',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560058',
      });
      const store = await seedTestStore(of.db, of.org.id, unique('Search store '));
      const part = await seedTestComponent(of.db, of.org.id, unique('Search part '));
      const raised = await of.ok('OWNER', RaisePurchaseOrder, {
        vendor_id: vendor.id,
        service_center_id: store.id,
        lines: [{ component_id: part.id, quantity: 2, unit_price: 25_000, tax_rate: 0 }],
      });
      return raised.items[0].po_number;
    };
    const ours = await raise(world);
    await raise(other);
    const byVendor = await world.ok('OWNER', SearchAllModules, { search: vendorName.toLowerCase() });
    expect(titlesByKind(byVendor).PURCHASE_ORDERS).toEqual([ours]);
    const byPoNumber = await world.ok('OWNER', SearchAllModules, { search: ours, kind: 'PURCHASE_ORDERS' });
    expect(titlesByKind(byPoNumber).PURCHASE_ORDERS).toEqual([ours]);
  });

  it('answers no groups, and says what it searched, when nothing matches', async () => {
    const none = await world.ok('OWNER', SearchAllModules, { search: unique('nothing-') });
    expect(none.groups).toEqual([]);
    expect(none.searched).toEqual(expect.arrayContaining(['TICKETS', 'CUSTOMERS', 'FLEET_ITEMS', 'STAFF']));
  });
});

describe('walls and rights', () => {
  it("never finds another organization's tickets, customers or people", async () => {
    const theirs = await other.seed({ serial_number: unique('SN') });
    // Ticket numbers repeat across organizations (each has its own sequence): their serial, customer,
    // tag and people are theirs alone.
    for (const search of [
      theirs.serial_number!,
      other.customer.name,
      other.tag,
      other.members.TECHNICIAN.email,
    ]) {
      const answer = await world.ok('OWNER', SearchAllModules, { search });
      expect(answer.groups, search).toEqual([]);
    }
    // The same terms find them in their own organization.
    expect(
      titlesByKind(await other.ok('OWNER', SearchAllModules, { search: other.customer.name })).CUSTOMERS,
    ).toEqual([other.customer.name]);
  });

  it('searches only the kinds the caller may open: an agent has no purchase orders, a desk granted tickets alone finds no customers', async () => {
    const agent = await world.ok('AGENT', SearchAllModules, { search: world.tag });
    expect(agent.searched).toContain('TICKETS');
    expect(agent.searched).not.toContain('PURCHASE_ORDERS');
    const refused = await world.as('AGENT', SearchAllModules, { search: world.tag, kind: 'PURCHASE_ORDERS' });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'You cannot search purchase orders.',
      extensions: { code: 'FORBIDDEN' },
    });

    // A designation that grants All Search and the ticket lists, nothing else.
    const designation = await seedDesignation(world.db, {
      organization_id: world.org.id,
      name: unique('Search desk '),
      accessing_module: [grant('All Search'), grant('Tickets', ['Active Tickets', 'Closed Tickets'])],
    });
    world.members.DESK = await addTestMember(world.db, {
      organizationId: world.org.id,
      role: 'MANAGEMENT',
      designation_id: designation.id,
    });
    const desk = await world.ok('DESK', SearchAllModules, { search: world.customer.name });
    // Whoever raises tickets reads the fleet (a ticket names the product): the fleet list's own rule.
    expect(desk.searched).toEqual(['TICKETS', 'FLEET_ITEMS']);
    // Its tickets are found by the customer's name; the customer itself, on a list it may not open, is not.
    expect(desk.groups.map((group) => group.kind)).toEqual(['TICKETS']);
  });

  it("is not a partner's, dealer's or technician's: their menus have no All Search", async () => {
    for (const who of ['SERVICE_PARTNER', 'PARTNER_AGENT', 'DEALER_OWNER', 'TECHNICIAN']) {
      const answer = await world.as(who, SearchAllModules, { search: world.customer.name });
      expect(answer.errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      expect(answer.envelope, who).toBeUndefined();
    }
  });

  it('refuses a term too short or too long, and a page without a kind, naming the field', async () => {
    const short = await world.as('OWNER', SearchAllModules, { search: ' a ' });
    expect(short.errors?.[0]).toMatchObject({
      message: 'Type at least 2 characters to search',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const long = await world.as('OWNER', SearchAllModules, { search: 'x'.repeat(101) });
    expect(long.errors?.[0]?.message).toBe('search: Search must be at most 100 characters');
    const paged = await world.as('OWNER', SearchAllModules, { search: 'Kavya', page: 2 });
    expect(paged.errors?.[0]?.message).toMatch(/^page needs a kind/);
    const kind = await world.as('OWNER', SearchAllModules, { search: 'Kavya', kind: 'INVOICES' });
    expect(kind.errors?.[0]?.message).toMatch(/^kind must be one of TICKETS, CUSTOMERS/);
  });
});
