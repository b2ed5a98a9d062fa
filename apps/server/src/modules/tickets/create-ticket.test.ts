import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import {
  AttendanceCheckIn,
  AttendanceCheckOut,
  Count_Tickets_By_List,
  CreateAssignedTicketV2,
  Get_Attendance_Status,
  Get_Ticket_Details,
  List_Open_Tickets,
  List_Technician_Tickets,
  List_closed_Tickets,
  OrganizationDashboard,
  SearchTickets,
} from '@fieldport/contract/operations/tickets';
import { mailsTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { auditOf, itemOf, storedTicket, ticketInput, ticketWorld } from './ticket.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('creating a ticket', () => {
  it('numbers it with the category prefix and the organization sequence, keeps it OPEN in MANUAL mode, mails the customer and audits it', async () => {
    const world = await ticketWorld(app);
    const first = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    const second = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    expect(first).toMatchObject({
      ticket_number: 'AC-000001',
      state: 'OPEN',
      is_floating: false,
      priority: 'HIGH',
      customer_name: world.customer.name,
      pincode: '560001',
      territory_name: world.territories.bengaluru.name,
      service_name: world.service.name,
      problem_description_name: world.problem.name,
      technician_id: null,
      dealer_party_id: null,
    });
    expect(second.ticket_number).toBe('AC-000002');
    const mails = await mailsTo(app, world.customerEmail);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your service request is registered (AC-000001)',
      'Your service request is registered (AC-000002)',
    ]);
    const audited = await auditOf(world.db, world.org.id, 'CreateAssignedTicketV2');
    expect(audited.map((entry) => entry.target).sort()).toEqual([first.ticket_id, second.ticket_id].sort());
    const { events } = await storedTicket(world.db, first.ticket_id);
    expect(events.map((event) => event.kind)).toEqual(['CREATED']);
  });

  it('creates the customer inline through the customers rules, and names the new customer fields in its refusals', async () => {
    const world = await ticketWorld(app);
    const phone = newMobile();
    const newCustomer = {
      customer_name: 'Ramesh Iyer',
      customer_phone: phone,
      customer_email: 'ramesh@example.in',
      primary_location: {
        address: '5, Residency Road',
        pincode: '560001',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
    };
    const created = itemOf(
      await world.ok('AGENT', CreateAssignedTicketV2, {
        service_id: world.service.id,
        new_customer: newCustomer,
      }),
    );
    expect(created).toMatchObject({ customer_name: 'Ramesh Iyer', pincode: '560001', state: 'OPEN' });
    // The same phone again: CreateCustomer's duplicate rule, on the new_customer field.
    const again = await world.as('AGENT', CreateAssignedTicketV2, {
      service_id: world.service.id,
      new_customer: newCustomer,
    });
    expect(again.errors?.[0]).toMatchObject({
      extensions: { code: 'CONFLICT', field: 'new_customer.customer_phone' },
    });
    expect(again.errors?.[0].message).toContain('Ramesh Iyer');
  });

  it('refuses a missing customer, a foreign location, an inactive service with a message naming the field, writing nothing', async () => {
    const world = await ticketWorld(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customer_id: null }, 'customer_id', 'Choose a customer or add a new one'],
      [
        { location_id: world.dealerCustomer.locations[0].id },
        'location_id',
        "Location not found. Choose one of the customer's locations.",
      ],
      [{ service_id: world.customer.id }, 'service_id', 'Service not found. Choose a service from the list.'],
      [{ preferred_visit_time: '10:30' }, 'preferred_visit_date', 'Choose the visit date for the visit time'],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await world.as('AGENT', CreateAssignedTicketV2, ticketInput(world, overrides));
      expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field } });
      expect(answer.errors?.[0].message).toContain(message);
    }
    const page = await world.ok('AGENT', List_Open_Tickets, { list: 'ACTIVE' });
    expect(page.total_count).toBe(0);
  });

  it('gives a dealer user’s ticket to the dealer; the dealer sees only its own customers’ tickets', async () => {
    const world = await ticketWorld(app);
    const refused = await world.as('DEALER_OWNER', CreateAssignedTicketV2, ticketInput(world));
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Customer not found. Choose a customer from the list.',
      extensions: { code: 'BAD_USER_INPUT', field: 'customer_id' },
    });
    const created = itemOf(
      await world.ok(
        'DEALER_OWNER',
        CreateAssignedTicketV2,
        ticketInput(world, {
          customer_id: world.dealerCustomer.id,
          location_id: world.dealerCustomer.locations[0].id,
        }),
      ),
    );
    expect(created).toMatchObject({ dealer_party_id: world.dealer.id, dealer_name: world.dealer.name });
    await world.seed({ state: 'OPEN' });
    const dealerPage = await world.ok('DEALER_OWNER', List_Open_Tickets, { list: 'ACTIVE' });
    expect(dealerPage.items.map((item) => item.ticket_id)).toEqual([created.ticket_id]);
    const staffPage = await world.ok('AGENT', List_Open_Tickets, { list: 'ACTIVE' });
    expect(staffPage.total_count).toBe(2);
  });

  it('gives a service partner’s own ticket to the partner, and refuses a technician raising one', async () => {
    const world = await ticketWorld(app, { mode: 'AUTOMATIC' });
    // A partner's users see only their partner's customers: the partner adds its customer inline.
    const created = itemOf(
      await world.ok('SERVICE_PARTNER', CreateAssignedTicketV2, {
        service_id: world.service.id,
        new_customer: {
          customer_name: 'Partner Customer',
          customer_phone: newMobile(),
          primary_location: {
            address: '8, Church Street',
            pincode: '560001',
            city: 'Bengaluru',
            state: 'Karnataka',
          },
        },
      }),
    );
    expect(created).toMatchObject({
      state: 'ASSIGNED',
      partner_party_id: world.partner.id,
      technician_id: null,
    });
    const seenByAgent = await world.ok('PARTNER_AGENT', List_Open_Tickets, { list: 'ACTIVE' });
    expect(seenByAgent.items.map((item) => item.ticket_id)).toEqual([created.ticket_id]);
    const byTechnician = await world.as('TECHNICIAN', CreateAssignedTicketV2, ticketInput(world));
    expect(byTechnician.errors?.[0]).toMatchObject({
      // CreateAssignedTicketV2 is not declared for 'My Work': the permission table refuses it.
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('floats the ticket in FLOATING mode: eligible technicians see it in their pool, others do not', async () => {
    const world = await ticketWorld(app, { mode: 'FLOATING' });
    const created = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    expect(created).toMatchObject({ state: 'OPEN', is_floating: true });
    const pool = await world.ok('TECHNICIAN', List_Technician_Tickets, { view: 'FLOATING' });
    expect(pool.items.map((item) => item.ticket_number)).toEqual([created.ticket_number]);
    const partnerPool = await world.ok('PARTNER_TECHNICIAN', List_Technician_Tickets, { view: 'FLOATING' });
    expect(partnerPool.total_count).toBe(1);
    const farPool = await world.ok('FAR_TECHNICIAN', List_Technician_Tickets, { view: 'FLOATING' });
    expect(farPool.total_count).toBe(0);
    const mine = await world.ok('TECHNICIAN', List_Technician_Tickets, { view: 'MINE' });
    expect(mine.total_count).toBe(0);
  });

  it('assigns automatically in AUTOMATIC mode to the checked-in technician with the fewest open tickets, mailing customer and technician', async () => {
    const world = await ticketWorld(app, { mode: 'AUTOMATIC' });
    // Nobody checked in: it stays OPEN and the co-ordinators are told.
    const unassigned = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    expect(unassigned).toMatchObject({ state: 'OPEN', technician_id: null });
    const toldOwner = await mailsTo(app, world.members.OWNER.email);
    expect(toldOwner.map((mail) => mail.subject)).toEqual([
      `Ticket ${unassigned.ticket_number} needs a technician`,
    ]);
    expect(toldOwner[0].body_text).toContain('no eligible technician is checked in today');

    await world.ok('TECHNICIAN', AttendanceCheckIn, {});
    await world.ok('SECOND_TECHNICIAN', AttendanceCheckIn, {});
    await world.ok('FAR_TECHNICIAN', AttendanceCheckIn, {});
    // The first technician already holds a ticket: the second one has fewer.
    await world.seed({ state: 'ACCEPTED', technician_id: world.members.TECHNICIAN.membershipId });
    const assigned = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    expect(assigned).toMatchObject({
      state: 'ASSIGNED',
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
    });
    const toTechnician = await mailsTo(app, world.members.SECOND_TECHNICIAN.email);
    expect(toTechnician.map((mail) => mail.subject)).toEqual([
      `Ticket ${assigned.ticket_number} is assigned to you`,
    ]);
    const toCustomer = (await mailsTo(app, world.customerEmail)).map((mail) => mail.subject);
    expect(toCustomer).toContain(
      `A technician is assigned to your service request (${assigned.ticket_number})`,
    );

    // Both now hold one; the one given a ticket longest ago (never: the partner's) ... the partner's
    // technician is not checked in, so the longest idle of the two checked in wins: the first one.
    await world.ok('SECOND_TECHNICIAN', AttendanceCheckOut, {});
    const third = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    expect(third.technician_id).toBe(world.members.TECHNICIAN.membershipId);
  });
});

describe('the lists, the search, the counts and the details', () => {
  it('puts each state in its list, counts the tabs, searches by number, serial and customer, and sorts', async () => {
    const world = await ticketWorld(app);
    const tech = world.members.TECHNICIAN.membershipId;
    const open = await world.seed({ state: 'OPEN', serial_number: 'SNX12345' });
    const inProgress = await world.seed({ state: 'IN_PROGRESS', technician_id: tech, priority: 'URGENT' });
    const partly = await world.seed({ state: 'PARTIALLY_CLOSED', technician_id: tech });
    const closed = await world.seed({ state: 'CLOSED', technician_id: tech });
    const discarded = await world.seed({ state: 'DISCARDED' });
    const numbers = async (op: typeof List_Open_Tickets | typeof List_closed_Tickets, input: object) =>
      (await world.ok('AGENT', op, input)).items.map((item) => item.ticket_number);

    expect(
      await numbers(List_Open_Tickets, { list: 'ACTIVE', sort_by: 'ticket_number', sort_order: 'asc' }),
    ).toEqual([open.ticket_number, inProgress.ticket_number]);
    expect(await numbers(List_Open_Tickets, { list: 'PARTIALLY_CLOSED' })).toEqual([partly.ticket_number]);
    expect(await numbers(List_closed_Tickets, { list: 'CLOSED' })).toEqual([closed.ticket_number]);
    expect(await numbers(List_closed_Tickets, { list: 'INACTIVE' })).toEqual([discarded.ticket_number]);
    expect(
      await numbers(List_Open_Tickets, { list: 'ACTIVE', sort_by: 'priority', sort_order: 'desc' }),
    ).toEqual([inProgress.ticket_number, open.ticket_number]);
    const wrongList = await world.as('AGENT', List_Open_Tickets, { list: 'CLOSED' });
    expect(wrongList.errors?.[0].message).toBe(
      'List_Open_Tickets serves the ACTIVE and PARTIALLY_CLOSED lists',
    );

    const counts = await world.ok('AGENT', Count_Tickets_By_List, {});
    expect(counts.counts).toEqual({ ACTIVE: 2, PARTIALLY_CLOSED: 1, CLOSED: 1, INACTIVE: 1 });
    const searched = await world.ok('AGENT', Count_Tickets_By_List, { search: 'snx123' });
    expect(searched.counts).toEqual({ ACTIVE: 1, PARTIALLY_CLOSED: 0, CLOSED: 0, INACTIVE: 0 });

    const bySerial = await world.ok('AGENT', SearchTickets, { search: 'SNX12' });
    expect(bySerial.items.map((item) => item.ticket_id)).toEqual([open.id]);
    const byCustomer = await world.ok('AGENT', SearchTickets, { search: world.customer.name.slice(0, 8) });
    expect(byCustomer.total_count).toBe(5);
    const byPhone = await world.ok('AGENT', SearchTickets, {
      search: world.customer.phone_national.slice(0, 6),
    });
    expect(byPhone.total_count).toBe(5);
    const byNumber = await world.ok('AGENT', SearchTickets, { search: closed.ticket_number });
    expect(byNumber.items.map((item) => item.state)).toEqual(['CLOSED']);
    const tooShort = await world.as('AGENT', SearchTickets, { search: 'a' });
    expect(tooShort.errors?.[0].message).toBe('Type at least 2 characters to search');
  });

  it("filters by the days created in the organization's time zone, and refuses a range that ends before it starts", async () => {
    const world = await ticketWorld(app);
    // 23:30 on 1 March and 00:30 on 2 March in Asia/Kolkata, the organization's time zone.
    const lastOfFirst = await world.seed({ state: 'OPEN', created_at: new Date('2025-03-01T18:00:00Z') });
    const firstOfSecond = await world.seed({ state: 'OPEN', created_at: new Date('2025-03-01T19:00:00Z') });
    const numbers = async (days: object) =>
      (await world.ok('AGENT', List_Open_Tickets, { list: 'ACTIVE', ...days })).items.map(
        (item) => item.ticket_number,
      );
    expect(await numbers({ created_from: '2025-03-01', created_to: '2025-03-01' })).toEqual([
      lastOfFirst.ticket_number,
    ]);
    expect(await numbers({ created_from: '2025-03-02', created_to: '' })).toEqual([
      firstOfSecond.ticket_number,
    ]);

    const reversed = { created_from: '2025-03-02', created_to: '2025-03-01' };
    for (const answer of [
      await world.as('AGENT', List_Open_Tickets, { list: 'ACTIVE', ...reversed }),
      await world.as('AGENT', List_closed_Tickets, { list: 'CLOSED', ...reversed }),
      await world.as('AGENT', Count_Tickets_By_List, reversed),
    ]) {
      expect(answer.envelope).toBeUndefined();
      expect(answer.errors?.[0].message).toBe('created_from must not be after created_to');
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'created_to' });
    }
  });

  it('shows the details with the timeline and the actions the caller may take', async () => {
    const world = await ticketWorld(app);
    const row = await world.seed({ state: 'ASSIGNED', technician_id: world.members.TECHNICIAN.membershipId });
    const asAgent = (await world.ok('AGENT', Get_Ticket_Details, { ticket_id: row.id })).items[0];
    expect(asAgent.timeline.map((event) => [event.kind, event.to_state])).toEqual([
      ['CREATED', 'OPEN'],
      ['ASSIGNED', 'ASSIGNED'],
    ]);
    expect(asAgent.allowed_actions).toEqual([
      'ASSIGN',
      'DISCARD',
      'MARK_FOC',
      'UPDATE_VISIT',
      'UPDATE_WARRANTY',
      'UPDATE_CHARGES',
      'INTERACT',
      'REQUEST_PARTS',
    ]);
    const asTechnician = (await world.ok('TECHNICIAN', Get_Ticket_Details, { ticket_id: row.id })).items[0];
    expect(asTechnician.allowed_actions).toEqual(['ACCEPT', 'REJECT', 'UPDATE_VISIT', 'INTERACT']);
    expect(asTechnician.otp_pending).toBe(false);
    const other = await world.as('SECOND_TECHNICIAN', Get_Ticket_Details, { ticket_id: row.id });
    expect(other.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('counts the dashboard per state, today, territory, partner and over 30 days', async () => {
    const world = await ticketWorld(app);
    await world.seed({ state: 'OPEN' });
    await world.seed({ state: 'ASSIGNED', partner_party_id: world.partner.id });
    await world.seed({ state: 'CLOSED', technician_id: world.members.TECHNICIAN.membershipId });
    await world.seed({ state: 'OPEN', created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000) });
    const data = await world.ok('OWNER', OrganizationDashboard, {});
    expect(data.counts_by_state).toMatchObject({ OPEN: 2, ASSIGNED: 1, CLOSED: 1, DISCARDED: 0 });
    expect(data.created_today).toBe(3);
    expect(data.closed_today).toBe(1);
    expect(data.by_territory).toEqual([
      {
        territory_id: world.territories.bengaluru.id,
        territory_name: world.territories.bengaluru.name,
        open_tickets: 3,
      },
    ]);
    // The organization itself is not a service partner.
    expect(data.by_partner).toEqual([
      { partner_party_id: world.partner.id, partner_name: world.partner.name, open_tickets: 1 },
    ]);
    expect(data.trend).toHaveLength(30);
    expect(data.trend.at(-1)).toMatchObject({ created: 3, closed: 1 });
    expect(data.trend.at(-4)).toMatchObject({ created: 1, closed: 0 });
    // The partner's dashboard counts only the partner's tickets.
    const partner = await world.ok('SERVICE_PARTNER', OrganizationDashboard, {});
    expect(partner.counts_by_state).toMatchObject({ OPEN: 0, ASSIGNED: 1, CLOSED: 0 });
  });
});

describe('attendance', () => {
  it('checks a technician in and out once a day, and refuses the repeats', async () => {
    const world = await ticketWorld(app);
    const before = (await world.ok('TECHNICIAN', Get_Attendance_Status, {})).items[0];
    expect(before).toMatchObject({ checked_in_at: null, available: false });
    const checkedIn = (await world.ok('TECHNICIAN', AttendanceCheckIn, {})).items[0];
    expect(checkedIn.available).toBe(true);
    const again = await world.as('TECHNICIAN', AttendanceCheckIn, {});
    expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0].message).toMatch(/^You checked in today at .* already\.$/);
    const out = (await world.ok('TECHNICIAN', AttendanceCheckOut, {})).items[0];
    expect(out).toMatchObject({ available: false, checked_in_at: checkedIn.checked_in_at });
    const outAgain = await world.as('TECHNICIAN', AttendanceCheckOut, {});
    expect(outAgain.errors?.[0].message).toMatch(/^You checked out today at .* already\.$/);
    const notIn = await world.as('SECOND_TECHNICIAN', AttendanceCheckOut, {});
    expect(notIn.errors?.[0].message).toBe('You have not checked in today. Check in first.');
  });
});
