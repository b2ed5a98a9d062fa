import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClaimTicket,
  Count_Tickets_By_List,
  Get_Ticket_Details,
  List_Open_Tickets,
  List_Technician_Tickets,
  OrganizationDashboard,
  SearchTickets,
  TicketInteraction,
} from '@fieldport/contract/operations/tickets';
import { seedParty } from '../../db/seed/factories.ts';
import { mapTechnician } from '../../db/seed/territories.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { auditOf, storedTicket, ticketWorld } from './ticket.test-kit.ts';

// docs/tickets.md#who-sees-and-does-what: who sees which ticket. The permission matrix
// (graphql/permission-matrix.test.ts, with tenant-fixtures.test-kit.ts) checks every ticket
// operation against organization B and another party; these cases follow one organization's tickets
// through every kind of caller.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('who sees which ticket', () => {
  it('shows each caller only their tickets in the lists, the search, the counts and the dashboard', async () => {
    const world = await ticketWorld(app);
    const other = await ticketWorld(app);
    const tech = world.members.TECHNICIAN.membershipId;
    const own = await world.seed({ state: 'ACCEPTED', technician_id: tech, serial_number: 'ISO1' });
    const partners = await world.seed({
      state: 'ASSIGNED',
      partner_party_id: world.partner.id,
      serial_number: 'ISO2',
    });
    const dealers = await world.seed({
      state: 'OPEN',
      customer_id: world.dealerCustomer.id,
      dealer_party_id: world.dealer.id,
      serial_number: 'ISO3',
    });
    const otherOrg = await other.seed({ state: 'OPEN', serial_number: 'ISO4' });
    // The same numbers exist in both organizations: each sees its own.
    expect(otherOrg.ticket_number).toBe(own.ticket_number);

    const seen = async (who: string) =>
      (await world.ok(who, SearchTickets, { search: 'ISO', page_size: 100 })).items
        .map((item) => item.ticket_id)
        .sort();
    expect(await seen('AGENT')).toEqual([own.id, partners.id, dealers.id].sort());
    expect(await seen('SERVICE_PARTNER')).toEqual([partners.id]);
    expect(await seen('PARTNER_AGENT')).toEqual([partners.id]);
    expect(await seen('DEALER_OWNER')).toEqual([dealers.id]);
    expect(await seen('TECHNICIAN')).toEqual([own.id]);
    expect(await seen('SECOND_TECHNICIAN')).toEqual([]);

    const counts = await world.ok('DEALER_OWNER', Count_Tickets_By_List, {});
    expect(counts.counts).toEqual({ ACTIVE: 1, PARTIALLY_CLOSED: 0, CLOSED: 0, INACTIVE: 0 });
    const active = await world.ok('TECHNICIAN', List_Open_Tickets, { list: 'ACTIVE' });
    expect(active.items.map((item) => item.ticket_id)).toEqual([own.id]);
    const dashboard = await world.ok('DEALER_OWNER', OrganizationDashboard, {});
    expect(Object.values(dashboard.counts_by_state).reduce((sum, n) => sum + n, 0)).toBe(1);

    const mine = await world.ok('TECHNICIAN', List_Technician_Tickets, { view: 'MINE' });
    expect(mine.items.map((item) => item.ticket_id)).toEqual([own.id]);
  });

  it('answers NOT_FOUND for another organization’s ticket and another party’s, and writes nothing', async () => {
    const world = await ticketWorld(app);
    const other = await ticketWorld(app);
    const foreign = await other.seed({ state: 'OPEN' });
    const partners = await world.seed({ state: 'ASSIGNED', partner_party_id: world.partner.id });
    for (const [who, id] of [
      ['AGENT', foreign.id],
      ['DEALER_OWNER', partners.id],
      ['TECHNICIAN', partners.id],
    ] as const) {
      const before = await storedTicket(world.db, id);
      const details = await world.as(who, Get_Ticket_Details, { ticket_id: id });
      expect(details.errors?.[0]).toMatchObject({
        message: 'Ticket not found. It may have been removed, or you may not have access to it.',
        extensions: { code: 'NOT_FOUND' },
      });
      const note = await world.as(who, TicketInteraction, { ticket_id: id, kind: 'NOTE', text: 'Hello' });
      expect(note.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      expect(await storedTicket(world.db, id)).toEqual(before);
    }
  });
});

describe('security finding 10: ClaimTicket reveals number and state of tickets the caller cannot see', () => {
  it('answers a claim of a ticket the technician cannot see as Get_Ticket_Details does, revealing nothing', async () => {
    const world = await ticketWorld(app);
    const other = await ticketWorld(app);
    const second = world.members.SECOND_TECHNICIAN.membershipId;
    const otherPartner = await seedParty(world.db, {
      organization_id: world.org.id,
      kind: 'SERVICE_PARTNER',
      name: `Other Partner ${world.tag}`,
    });
    const otherPartnerTech = await addTestMember(world.db, {
      organizationId: world.org.id,
      role: 'TECHNICIAN',
      party_id: otherPartner.id,
    });
    await mapTechnician(world.db, {
      organization_id: world.org.id,
      member_id: otherPartnerTech.membershipId,
      territory_ids: [world.territories.bengaluru.id],
      category_ids: [world.category.id],
    });

    // A ticket floated for the partner and claimed by the partner's technician: the organization's
    // technicians never had it in their pool.
    const partnersClaimed = await world.seed({
      state: 'OPEN',
      is_floating: true,
      partner_party_id: world.partner.id,
    });
    await world.ok('PARTNER_TECHNICIAN', ClaimTicket, { ticket_id: partnersClaimed.id });

    const cases = [
      [
        "another organization's floating ticket",
        'TECHNICIAN',
        await other.seed({ state: 'OPEN', is_floating: true }),
      ],
      [
        "another partner's ticket",
        'TECHNICIAN',
        await world.seed({ state: 'ASSIGNED', partner_party_id: world.partner.id }),
      ],
      [
        'a ticket floating for another partner',
        'PARTNER_TECHNICIAN',
        await world.seed({ state: 'OPEN', is_floating: true, partner_party_id: otherPartner.id }),
      ],
      [
        "another partner's ticket given to its technician",
        'PARTNER_TECHNICIAN',
        await world.seed({
          state: 'ACCEPTED',
          partner_party_id: otherPartner.id,
          technician_id: otherPartnerTech.membershipId,
        }),
      ],
      [
        'a ticket assigned to another technician',
        'TECHNICIAN',
        await world.seed({ state: 'ACCEPTED', technician_id: second }),
      ],
      [
        'a ticket that is not floating',
        'TECHNICIAN',
        await world.seed({ state: 'OPEN', is_floating: false }),
      ],
      [
        'a ticket another technician closed',
        'TECHNICIAN',
        await world.seed({ state: 'CLOSED', technician_id: second }),
      ],
      ['a ticket claimed from a pool the technician was not in', 'TECHNICIAN', partnersClaimed],
      [
        'a floating ticket outside the technician’s territory',
        'FAR_TECHNICIAN',
        await world.seed({ state: 'OPEN', is_floating: true }),
      ],
    ] as const;

    for (const [label, who, row] of cases) {
      const before = await storedTicket(world.db, row.id);
      const details = await world.as(who, Get_Ticket_Details, { ticket_id: row.id });
      const claim = await world.as(who, ClaimTicket, { ticket_id: row.id });
      expect(details.errors?.[0], label).toMatchObject({
        message: 'Ticket not found. It may have been removed, or you may not have access to it.',
        extensions: { code: 'NOT_FOUND' },
      });
      const seen = (answer: typeof claim) =>
        answer.errors?.map(({ message, extensions }) => ({ message, extensions }));
      expect(seen(claim), label).toEqual(seen(details));
      expect(JSON.stringify(claim), label).not.toContain(row.ticket_number);
      expect(await storedTicket(world.db, row.id), label).toEqual(before);
    }
    const claims = await auditOf(world.db, world.org.id, 'ClaimTicket');
    expect(claims.map((entry) => entry.target)).toEqual([partnersClaimed.id]);
  });

  it('still tells a technician who had the ticket in their pool that another technician claimed it', async () => {
    const world = await ticketWorld(app);
    // Floated for everyone, claimed by a partner's technician: it is the partner's now.
    const row = await world.seed({ state: 'OPEN', is_floating: true });
    await world.ok('PARTNER_TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    for (const who of ['TECHNICIAN', 'SECOND_TECHNICIAN']) {
      const late = await world.as(who, ClaimTicket, { ticket_id: row.id });
      expect(late.errors?.[0]).toMatchObject({
        message: `Ticket ${row.ticket_number} was claimed by another technician.`,
        extensions: { code: 'CONFLICT' },
      });
    }
    const mine = await world.as('PARTNER_TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    expect(mine.errors?.[0].message).toBe(`Ticket ${row.ticket_number} is already yours.`);
    const far = await world.as('FAR_TECHNICIAN', ClaimTicket, { ticket_id: row.id });
    expect(far.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
