import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { List_Services, type ServiceItem } from '@fieldport/contract/operations/product-catalogue';
import { CreateAssignedTicketV2, ReCreateTicket } from '@fieldport/contract/operations/tickets';
import { service } from '../../db/schema/product-catalogue.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedService } from '../../db/seed/product-catalogue.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { storedTicket, ticketInput, ticketWorld, type TicketWorld } from './ticket.test-kit.ts';

// docs/tickets.md#services-offered-for-new-tickets, `service_enable_type` and `is_visible`: who may
// raise tickets for a service (ALL: staff, partners and dealers; ORGANIZATION: staff only; DEALERS:
// staff and dealers), and whether it is offered for new tickets at all (a hidden service stays in
// the catalogue).

let app: TestApp;
let world: TicketWorld;
let partnerCustomer: Awaited<ReturnType<typeof seedCustomer>>;
let services: Record<'everyone' | 'dealers' | 'staffOnly' | 'hidden' | 'inactive', string>;

beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
  const orgId = world.org.id;
  // The parties' other people: a dealer's agent and representative, a partner's representative,
  // and a representative of the organization itself.
  const more = {
    DEALER_AGENT: await addTestMember(world.db, {
      organizationId: orgId,
      role: 'DEALER_AGENT',
      party_id: world.dealer.id,
    }),
    DEALER_REPRESENTATIVE: await addTestMember(world.db, {
      organizationId: orgId,
      role: 'REPRESENTATIVE',
      party_id: world.dealer.id,
    }),
    PARTNER_REPRESENTATIVE: await addTestMember(world.db, {
      organizationId: orgId,
      role: 'REPRESENTATIVE',
      party_id: world.partner.id,
    }),
    REPRESENTATIVE: await addTestMember(world.db, { organizationId: orgId, role: 'REPRESENTATIVE' }),
  };
  Object.assign(world.members, more);
  partnerCustomer = await seedCustomer(world.db, {
    organization_id: orgId,
    name: `Partner Customer ${world.tag}`,
    phone: newMobile(),
    email: `partner.customer.${world.tag}@test.local`,
    party_id: world.partner.id,
    primary_location: {
      address: '8, Church Street',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
    },
  });
  const make = async (name: string, values: Partial<Parameters<typeof seedService>[1]>) =>
    (
      await seedService(world.db, {
        organization_id: orgId,
        category_id: world.category.id,
        name: `${name} ${world.tag}`,
        price_paise: 99_900,
        ...values,
      })
    ).id;
  services = {
    everyone: world.service.id,
    dealers: await make('Gas Refill', { enable_type: 'DEALERS' }),
    staffOnly: await make('Compressor Swap', { enable_type: 'ORGANIZATION' }),
    hidden: await make('Old Model Repair', { is_visible: false }),
    inactive: await make('Winter Check', { status: 'INACTIVE' }),
  };
});
afterAll(async () => {
  await app?.close();
});

type Kind = keyof typeof services;
const ALL_KINDS: Kind[] = ['everyone', 'dealers', 'staffOnly', 'hidden', 'inactive'];

/** Which of the test's services a list holds, by kind. */
function kindsIn(items: ServiceItem[]): Kind[] {
  return ALL_KINDS.filter((kind) => items.some((item) => item.service_id === services[kind]));
}

/** The customer each caller raises tickets for: their own party's. */
function inputFor(who: string, kind: Kind) {
  const place = who.startsWith('DEALER')
    ? world.dealerCustomer
    : who.startsWith('PARTNER') || who === 'SERVICE_PARTNER'
      ? partnerCustomer
      : world.customer;
  return ticketInput(world, {
    customer_id: place.id,
    location_id: place.locations[0].id,
    service_id: services[kind],
  });
}

async function ticketCount() {
  const [row] = await world.db
    .select({ n: count() })
    .from(ticket)
    .where(eq(ticket.organization_id, world.org.id));
  return row.n;
}

const PARTY_REFUSAL = 'This service is not offered to you for new tickets. Choose a service from the list.';

/** Who may raise tickets for which service (the rest is refused). */
const RULES: { who: string; offered: Kind[] }[] = [
  { who: 'OWNER', offered: ['everyone', 'dealers', 'staffOnly'] },
  { who: 'AGENT', offered: ['everyone', 'dealers', 'staffOnly'] },
  { who: 'REPRESENTATIVE', offered: ['everyone', 'dealers', 'staffOnly'] },
  { who: 'DEALER_OWNER', offered: ['everyone', 'dealers'] },
  { who: 'DEALER_AGENT', offered: ['everyone', 'dealers'] },
  { who: 'DEALER_REPRESENTATIVE', offered: ['everyone', 'dealers'] },
  { who: 'SERVICE_PARTNER', offered: ['everyone'] },
  { who: 'PARTNER_AGENT', offered: ['everyone'] },
  { who: 'PARTNER_REPRESENTATIVE', offered: ['everyone'] },
];
const STAFF = ['OWNER', 'AGENT', 'REPRESENTATIVE'];

describe('security finding 5: service rules not enforced', () => {
  it.each(RULES)('lists to $who only the services they may raise tickets for', async ({ who, offered }) => {
    const everything = await world.ok(who, List_Services, { status: 'ALL', page_size: 100 });
    const forNewTickets = await world.ok(who, List_Services, {
      status: 'ALL',
      page_size: 100,
      offered_for_new_tickets: true,
    });
    // The organization's own people keep the whole catalogue; the ticket dialog asks for the offered ones.
    expect(kindsIn(everything.items)).toEqual(STAFF.includes(who) ? ALL_KINDS : offered);
    expect(kindsIn(forNewTickets.items)).toEqual(offered);
    expect(forNewTickets.total_count).toBe(offered.length);
  });

  it("lists the partner's technicians only what the partner may raise tickets for", async () => {
    const page = await world.ok('PARTNER_TECHNICIAN', List_Services, { status: 'ALL', page_size: 100 });
    expect(kindsIn(page.items)).toEqual(['everyone']);
    const own = await world.ok('TECHNICIAN', List_Services, { status: 'ALL', page_size: 100 });
    expect(kindsIn(own.items)).toEqual(ALL_KINDS);
  });

  it.each(RULES)('lets $who raise tickets only for those services', async ({ who, offered }) => {
    for (const kind of ALL_KINDS) {
      const before = await ticketCount();
      const answer = await world.as(who, CreateAssignedTicketV2, inputFor(who, kind));
      if (offered.includes(kind)) {
        expect(answer.errors, `${who} ${kind}`).toBeUndefined();
        expect(answer.envelope?.data.items[0].service_id).toBe(services[kind]);
        continue;
      }
      const name = (await world.db.select().from(service).where(eq(service.id, services[kind])))[0].name;
      const message = !STAFF.includes(who)
        ? PARTY_REFUSAL
        : kind === 'hidden'
          ? `Service '${name}' is hidden from new tickets. Make it visible in the Product Catalogue, or choose another service.`
          : `Service '${name}' is inactive. Activate it first or choose another.`;
      expect(answer.errors?.[0], `${who} ${kind}`).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'service_id' },
      });
      expect(await ticketCount(), `${who} ${kind} wrote a ticket`).toBe(before);
    }
  });

  it('refuses a party user a service id they could not have picked, whether or not it exists', async () => {
    const other = await ticketWorld(app);
    for (const service_id of [other.service.id, 'no-such-service']) {
      const answer = await world.as('DEALER_OWNER', CreateAssignedTicketV2, {
        ...inputFor('DEALER_OWNER', 'everyone'),
        service_id,
      });
      expect(answer.errors?.[0]).toMatchObject({
        message: PARTY_REFUSAL,
        extensions: { code: 'BAD_USER_INPUT', field: 'service_id' },
      });
    }
  });

  it('does not re-create a ticket for a service its raiser may no longer use', async () => {
    const closed = await world.seed({
      state: 'CLOSED',
      customer_id: world.dealerCustomer.id,
      service_id: services.dealers,
      dealer_party_id: world.dealer.id,
      created_by: world.members.DEALER_OWNER.userId,
    });
    await world.db
      .update(service)
      .set({ enable_type: 'ORGANIZATION' })
      .where(eq(service.id, services.dealers));
    try {
      const refused = await world.as('DEALER_OWNER', ReCreateTicket, {
        ticket_id: closed.id,
        reason: 'Leaking again',
      });
      expect(refused.errors?.[0]).toMatchObject({
        message: `Ticket ${closed.ticket_number} cannot be re-created: its service is no longer offered to you for new tickets. Raise a new ticket for another service.`,
        extensions: { code: 'CONFLICT' },
      });
      expect((await storedTicket(world.db, closed.id)).events.map((event) => event.kind)).not.toContain(
        'RECREATED',
      );
      // The organization's staff may still use it.
      await world.ok('AGENT', ReCreateTicket, { ticket_id: closed.id, reason: 'Leaking again' });
    } finally {
      await world.db.update(service).set({ enable_type: 'DEALERS' }).where(eq(service.id, services.dealers));
    }
  });
});
