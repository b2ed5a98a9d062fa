import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  AttendanceCheckIn,
  CreateAssignedTicketV2,
  List_Technician_Tickets,
  Preview_New_Ticket_Assignment,
} from '@fieldport/contract/operations/tickets';
import { customer } from '../../db/schema/customers.ts';
import { user } from '../../db/schema/identity.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { mailsTo, startTestApp, type TestApp } from '../../test/harness.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { itemOf, storedTicket, ticketInput, ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// A co-ordinator chooses how one new ticket is given out instead of the organization's mode
// (docs/tickets.md#assignment), and the New ticket dialog's preview of it.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Tickets and customers of the world's organization: a refusal leaves both as they were. */
async function written(world: TicketWorld) {
  const [tickets] = await world.db
    .select({ n: count() })
    .from(ticket)
    .where(eq(ticket.organization_id, world.org.id));
  const [customers] = await world.db
    .select({ n: count() })
    .from(customer)
    .where(eq(customer.organization_id, world.org.id));
  return { tickets: tickets.n, customers: customers.n };
}

async function nameOf(world: TicketWorld, who: string): Promise<string> {
  const [row] = await world.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, world.members[who].userId));
  return row.name;
}

const newCustomerAt = (pincode: string) => ({
  customer_name: 'Meera Pillai',
  customer_phone: newMobile(),
  customer_email: 'meera@example.in',
  primary_location: { address: '3, Lavelle Road', pincode, city: 'Bengaluru', state: 'Karnataka' },
});

describe('choosing how a new ticket is given out', () => {
  it('floats one ticket although the organization assigns manually, and keeps the choice on the timeline', async () => {
    const world = await ticketWorld(app, { mode: 'MANUAL' });
    const created = itemOf(
      await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world, { assignment: 'FLOATING' })),
    );
    expect(created).toMatchObject({ state: 'OPEN', is_floating: true, technician_id: null });
    const pool = await world.ok('TECHNICIAN', List_Technician_Tickets, { view: 'FLOATING' });
    expect(pool.items.map((item) => item.ticket_id)).toEqual([created.ticket_id]);
    const { events } = await storedTicket(world.db, created.ticket_id);
    expect(events[0]).toMatchObject({ kind: 'CREATED', details: { assignment: 'FLOATING' } });
    // Without a choice the organization's mode still decides.
    const manual = itemOf(await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world)));
    expect(manual).toMatchObject({ state: 'OPEN', is_floating: false });
  });

  it('assigns now to an eligible technician (mailing them) or an eligible service partner', async () => {
    const world = await ticketWorld(app, { mode: 'FLOATING' });
    const technician = world.members.SECOND_TECHNICIAN;
    const toTechnician = itemOf(
      await world.ok(
        'AGENT',
        CreateAssignedTicketV2,
        ticketInput(world, { assignment: 'ASSIGN', technician_id: technician.membershipId }),
      ),
    );
    expect(toTechnician).toMatchObject({
      state: 'ASSIGNED',
      is_floating: false,
      technician_id: technician.membershipId,
      technician_name: await nameOf(world, 'SECOND_TECHNICIAN'),
    });
    const mails = await mailsTo(app, technician.email);
    expect(mails.map((mail) => mail.subject)).toContain(
      `Ticket ${toTechnician.ticket_number} is assigned to you`,
    );
    const { events } = await storedTicket(world.db, toTechnician.ticket_id);
    expect(events.map((event) => [event.kind, event.to_state])).toEqual([
      ['CREATED', 'OPEN'],
      ['ASSIGNED', 'ASSIGNED'],
    ]);

    const toPartner = itemOf(
      await world.ok(
        'AGENT',
        CreateAssignedTicketV2,
        ticketInput(world, { assignment: 'ASSIGN', partner_party_id: world.partner.id }),
      ),
    );
    expect(toPartner).toMatchObject({
      state: 'ASSIGNED',
      partner_party_id: world.partner.id,
      technician_id: null,
    });
  });

  it('assigns automatically when chosen, although the organization floats its tickets', async () => {
    const world = await ticketWorld(app, { mode: 'FLOATING' });
    await world.ok('SECOND_TECHNICIAN', AttendanceCheckIn, {});
    const created = itemOf(
      await world.ok('AGENT', CreateAssignedTicketV2, ticketInput(world, { assignment: 'AUTOMATIC' })),
    );
    expect(created).toMatchObject({
      state: 'ASSIGNED',
      is_floating: false,
      technician_id: world.members.SECOND_TECHNICIAN.membershipId,
    });
  });

  it('refuses a technician or partner who is not eligible, naming the field, and writes nothing (not even the new customer)', async () => {
    const world = await ticketWorld(app);
    const before = await written(world);
    const far = {
      membershipId: world.members.FAR_TECHNICIAN.membershipId,
      name: await nameOf(world, 'FAR_TECHNICIAN'),
    };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { assignment: 'ASSIGN', technician_id: far.membershipId },
        'BAD_USER_INPUT',
        'technician_id',
        `${far.name} is not eligible for this ticket: not mapped to ${world.territories.bengaluru.name} with the service's category in their expertise. Choose an eligible technician, or float the ticket.`,
      ],
      [
        { assignment: 'ASSIGN', technician_id: world.members.AGENT.membershipId },
        'BAD_USER_INPUT',
        'technician_id',
        'Technician not found. Choose an eligible technician from the list.',
      ],
      [
        { assignment: 'ASSIGN', partner_party_id: world.dealer.id },
        'BAD_USER_INPUT',
        'partner_party_id',
        `This service partner is not eligible for this ticket: it is not an active service partner mapped to ${world.territories.bengaluru.name}. Choose an eligible one from the list.`,
      ],
      [
        { assignment: 'ASSIGN' },
        'BAD_USER_INPUT',
        'technician_id',
        'Choose the technician or service partner to assign the ticket to',
      ],
      [
        { assignment: 'FLOATING', technician_id: world.members.TECHNICIAN.membershipId },
        'BAD_USER_INPUT',
        'assignment',
        'Choose Assign it now to give the ticket to a technician or service partner',
      ],
      [{ assignment: 'SOMEBODY' }, 'BAD_USER_INPUT', 'assignment', 'Assignment must be one of'],
    ];
    for (const [overrides, code, field, message] of cases) {
      const input = { ...ticketInput(world), customer_id: null, location_id: null, ...overrides };
      const answer = await world.as('AGENT', CreateAssignedTicketV2, {
        ...input,
        new_customer: newCustomerAt('560001'),
      });
      expect(answer.errors?.[0], JSON.stringify(overrides)).toMatchObject({ extensions: { code, field } });
      expect(answer.errors?.[0].message).toContain(message);
    }
    // A pincode in no territory: nobody is eligible.
    const nowhere = await world.as('AGENT', CreateAssignedTicketV2, {
      service_id: world.service.id,
      new_customer: newCustomerAt('110001'),
      assignment: 'ASSIGN',
      technician_id: world.members.TECHNICIAN.membershipId,
    });
    expect(nowhere.errors?.[0]).toMatchObject({
      message:
        'Pincode 110001 is not in any active territory, so nobody is eligible for this ticket. Add the pincode to a territory under Territories first, or leave the ticket open.',
      extensions: { code: 'BAD_USER_INPUT', field: 'technician_id' },
    });
    expect(await written(world)).toEqual(before);
  });

  it('lets only the organization’s co-ordinators choose: a dealer’s or a partner’s user is refused on assignment', async () => {
    const world = await ticketWorld(app);
    const before = await written(world);
    const dealer = await world.as('DEALER_OWNER', CreateAssignedTicketV2, {
      ...ticketInput(world, {
        customer_id: world.dealerCustomer.id,
        location_id: world.dealerCustomer.locations[0].id,
      }),
      assignment: 'FLOATING',
    });
    const partner = await world.as('SERVICE_PARTNER', CreateAssignedTicketV2, {
      service_id: world.service.id,
      new_customer: newCustomerAt('560001'),
      assignment: 'ASSIGN',
      technician_id: world.members.PARTNER_TECHNICIAN.membershipId,
    });
    for (const answer of [dealer, partner]) {
      expect(answer.errors?.[0]).toMatchObject({
        message:
          "Only the organization's co-ordinators choose how a new ticket is given out. Leave the assignment to the organization's mode.",
        extensions: { code: 'FORBIDDEN', field: 'assignment' },
      });
    }
    expect(await written(world)).toEqual(before);
  });
});

describe('the preview of a new ticket’s assignment', () => {
  it('tells the organization’s mode, the pincode’s territory and, to a co-ordinator, who is eligible', async () => {
    const world = await ticketWorld(app, { mode: 'FLOATING' });
    await world.ok('TECHNICIAN', AttendanceCheckIn, {});
    const preview = await world.ok('AGENT', Preview_New_Ticket_Assignment, {
      pincode: '560001',
      service_id: world.service.id,
    });
    expect(preview).toMatchObject({
      assignment_mode: 'FLOATING',
      territory_id: world.territories.bengaluru.id,
      territory_name: world.territories.bengaluru.name,
      territory_inactive: false,
      may_choose_assignment: true,
    });
    // Eligible only (not the technician mapped to Mumbai), the checked-in one first.
    expect(preview.items[0]).toMatchObject({
      kind: 'TECHNICIAN',
      assignee_id: world.members.TECHNICIAN.membershipId,
      checked_in: true,
      eligible: true,
    });
    expect(preview.items.map((item) => item.assignee_id).sort()).toEqual(
      [
        world.members.TECHNICIAN.membershipId,
        world.members.SECOND_TECHNICIAN.membershipId,
        world.members.PARTNER_TECHNICIAN.membershipId,
        world.partner.id,
      ].sort(),
    );

    const nowhere = await world.ok('AGENT', Preview_New_Ticket_Assignment, {
      pincode: '110001',
      service_id: world.service.id,
    });
    expect(nowhere).toMatchObject({ territory_id: null, territory_name: null, items: [] });

    // A dealer's user learns the territory, not the organization's people.
    const dealer = await world.ok('DEALER_OWNER', Preview_New_Ticket_Assignment, {
      pincode: '560002',
      service_id: world.service.id,
    });
    expect(dealer).toMatchObject({
      territory_name: world.territories.bengaluru.name,
      may_choose_assignment: false,
      items: [],
    });
  });
});
