import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ConvertServiceRequest,
  ListServiceRequests,
  MergeServiceRequest,
  PUBLIC_REQUESTS_PER_HOUR,
  RaiseServiceRequest,
  REQUEST_MESSAGES,
  RejectServiceRequest,
  type ServiceRequestItem,
} from '@fieldport/contract/operations/requests';
import { customer } from '../../db/schema/customers.ts';
import { mailOutbox } from '../../db/schema/platform.ts';
import { serviceRequest } from '../../db/schema/requests.ts';
import { ticket, ticketEvent } from '../../db/schema/tickets.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// Requests for service (docs/requests.md): the public form, its status link, and triage.

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

let addressCounter = 0;
/** A network address of its own per test, so that the limits of one test never touch another's. */
const nextAddress = () =>
  `10.${Math.floor(Math.random() * 200)}.${++addressCounter % 250}.${Math.floor(Math.random() * 250)}`;

function requestValues(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: unique('Ravi Kumar '),
    customer_phone: newMobile(),
    customer_email: `${unique('ravi.')}@example.com`,
    address: '4th Cross, Indiranagar',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    problem: 'The split AC leaks water onto the floor.',
    ...overrides,
  };
}

const post = (url: string, payload: unknown, remoteAddress = nextAddress()) =>
  app.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { origin: app.config.publicUrl },
    remoteAddress,
  });

const submitPublic = (values: Record<string, unknown>, remoteAddress?: string) =>
  post('/api/service-request', { org: world.org.slug, ...values }, remoteAddress);

const statusOf = async (statusUrl: string) => {
  const token = new URL(statusUrl).searchParams.get('token')!;
  const response = await post('/api/service-request/status', { token });
  return { code: response.statusCode, body: response.json() };
};

const requestsNamed = (name: string) =>
  app.database.db.select().from(serviceRequest).where(eq(serviceRequest.customer_name, name));

async function listAs(who: string, input: Record<string, unknown>) {
  return world.ok(who, ListServiceRequests, input);
}

async function raisedPublic(overrides: Record<string, unknown> = {}) {
  const values = requestValues(overrides);
  const response = await submitPublic(values);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { request_number: string; status_url: string };
  const [row] = await requestsNamed(values.customer_name);
  return { values, row, ...body };
}

describe('the public form', () => {
  it('shows the organization by its slug, and says plainly when the form does not exist', async () => {
    const found = await app.app.inject({ url: `/api/service-request/form?org=${world.org.slug}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ organization_name: world.org.name });
    const missing = await app.app.inject({ url: '/api/service-request/form?org=no-such-org' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REQUEST_MESSAGES.formNotFound);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customer_phone: '12345' }, 'customer_phone', 'Phone number is too short for India (+91)'],
      [{ pincode: '5600' }, 'pincode', 'Pincode must be 6 digits, e.g. 560001'],
      [{ problem: 'Broken' }, 'problem', 'Describe the problem in at least 10 characters'],
      [{ customer_email: 'ravi@' }, 'customer_email', 'Email must be valid'],
      [{ customer_name: '' }, 'customer_name', 'Name is required'],
      [
        { preferred_visit_date: '2026-02-30' },
        'preferred_visit_date',
        'Preferred visit date is not a real date',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const values = requestValues(overrides);
      const response = await submitPublic(values);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = response.json();
      expect(body.field).toBe(field);
      expect(body.message).toContain(message);
      expect(await requestsNamed(values.customer_name)).toHaveLength(0);
    }
  });

  it('answers a bot that fills the hidden field as it answers a person, and keeps nothing of it', async () => {
    const values = requestValues({ website: 'http://cheap-pills.example' });
    const response = await submitPublic(values);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(REQUEST_MESSAGES.raisedPublic(world.org.name));
    expect(response.json().status_url).toBeUndefined();
    expect(await requestsNamed(values.customer_name)).toHaveLength(0);
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, values.customer_email));
    expect(mails).toHaveLength(0);
  });

  it('keeps a request, mails the customer its status link, and the link shows its state', async () => {
    const { values, row, request_number, status_url } = await raisedPublic();
    expect(row).toMatchObject({ state: 'NEW', source: 'PUBLIC', request_number, created_by: null });
    expect(request_number).toMatch(/^RFS\/\d{4}-\d{2}\/\d{6}$/);
    const [mail] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, values.customer_email));
    expect(mail.subject).toBe(`Your request ${request_number} to ${world.org.name}`);
    expect(mail.body_text).toContain(status_url);
    const status = await statusOf(status_url);
    expect(status.code).toBe(200);
    expect(status.body).toMatchObject({
      request_number,
      state: 'NEW',
      state_label: 'New',
      ticket_number: null,
    });
  });

  it('refuses a status link that was not made here', async () => {
    const { status_url } = await raisedPublic();
    const token = new URL(status_url).searchParams.get('token')!;
    for (const forged of [`${token}x`, `${token.split('.')[0]}.AAAA`, 'nothing', '']) {
      const response = await post('/api/service-request/status', { token: forged });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(REQUEST_MESSAGES.linkNotValid);
    }
  });

  it(`takes ${PUBLIC_REQUESTS_PER_HOUR} requests an hour from one address, then asks it to wait`, async () => {
    const address = nextAddress();
    for (let index = 0; index < PUBLIC_REQUESTS_PER_HOUR; index++) {
      expect((await submitPublic(requestValues(), address)).statusCode).toBe(200);
    }
    const values = requestValues();
    const refused = await submitPublic(values, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await requestsNamed(values.customer_name)).toHaveLength(0);
    // Another address is not held back.
    expect((await submitPublic(requestValues())).statusCode).toBe(200);
  });
});

describe('triage', () => {
  it('shows what conversion will use: the customer with the phone, the product with the serial', async () => {
    const serial = unique('SN-RFS-').toUpperCase();
    const [itemId] = await seedFleetItems(world.db, [
      {
        organization_id: world.org.id,
        serial_number: serial,
        service_id: world.service.id,
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
      },
    ]);
    const { row } = await raisedPublic({ customer_phone: world.customer.phone, serial_number: serial });
    const page = await listAs('AGENT', { search: row.request_number });
    expect(page.public_form_path).toBe(`/RequestService?org=${world.org.slug}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      request_id: row.id,
      matched_customer_id: world.customer.id,
      matched_location_id: world.customer.locations[0].id,
      matched_fleet_item_id: itemId,
      matched_product_name: world.service.name,
    });
  });

  it('converts a request to a ticket for the matched customer, once; the status link shows the ticket', async () => {
    const { row, status_url } = await raisedPublic({ customer_phone: world.customer.phone });
    const data = await world.ok('AGENT', ConvertServiceRequest, {
      request_id: row.id,
      ticket: {
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
        service_id: world.service.id,
        problem_note: row.problem,
      },
    });
    const item: ServiceRequestItem = data.items[0];
    expect(item.state).toBe('CONVERTED');
    expect(item.ticket_number).toBeTruthy();
    const [made] = await world.db.select().from(ticket).where(eq(ticket.id, item.ticket_id!));
    expect(made.customer_id).toBe(world.customer.id);
    const events = await world.db
      .select()
      .from(ticketEvent)
      .where(and(eq(ticketEvent.ticket_id, made.id), eq(ticketEvent.kind, 'REQUEST_CONVERTED')));
    expect(events[0].text).toContain(row.request_number);
    const status = await statusOf(status_url);
    expect(status.body).toMatchObject({
      state: 'CONVERTED',
      state_label: 'Converted to a ticket',
      ticket_number: made.ticket_number,
    });
    expect(status.body.ticket_state_label).toBeTruthy();

    const ticketsBefore = await world.db
      .select()
      .from(ticket)
      .where(eq(ticket.customer_id, world.customer.id));
    const again = await world.as('AGENT', ConvertServiceRequest, {
      request_id: row.id,
      ticket: {
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
        service_id: world.service.id,
      },
    });
    expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0].message).toBe(
      REQUEST_MESSAGES.notNew(row.request_number, 'Converted to a ticket'),
    );
    const ticketsAfter = await world.db
      .select()
      .from(ticket)
      .where(eq(ticket.customer_id, world.customer.id));
    expect(ticketsAfter).toHaveLength(ticketsBefore.length);
  });

  it("makes a new customer from the request's details when its phone is new", async () => {
    const { row, values } = await raisedPublic();
    const data = await world.ok('AGENT', ConvertServiceRequest, {
      request_id: row.id,
      ticket: {
        service_id: world.service.id,
        new_customer: {
          customer_name: values.customer_name,
          customer_phone: values.customer_phone,
          customer_email: values.customer_email,
          primary_location: {
            address: values.address,
            pincode: values.pincode,
            city: values.city,
            state: values.state,
          },
        },
      },
    });
    const [raisedTicket] = await world.db
      .select()
      .from(ticket)
      .where(eq(ticket.id, data.items[0].ticket_id!));
    const [made] = await world.db.select().from(customer).where(eq(customer.id, raisedTicket.customer_id));
    expect(made.name).toBe(values.customer_name);
    expect(made.phone).toBe(row.phone);
    const [stored] = await requestsNamed(values.customer_name);
    expect(stored.customer_id).toBe(made.id);
  });

  it("names the ticket's field that is wrong, and leaves the request new with nothing written", async () => {
    const { row } = await raisedPublic();
    const before = await world.db.select().from(ticket);
    const answer = await world.as('AGENT', ConvertServiceRequest, {
      request_id: row.id,
      ticket: {
        customer_id: world.customer.id,
        location_id: world.customer.locations[0].id,
        service_id: 'svc_missing',
      },
    });
    expect(answer.errors?.[0].extensions?.field).toBe('ticket.service_id');
    const [stored] = await world.db.select().from(serviceRequest).where(eq(serviceRequest.id, row.id));
    expect(stored.state).toBe('NEW');
    expect(await world.db.select().from(ticket)).toHaveLength(before.length);
  });

  it('rejects with a reason the customer reads, and mails it', async () => {
    const { row, values, status_url } = await raisedPublic();
    const short = await world.as('AGENT', RejectServiceRequest, { request_id: row.id, reason: 'No' });
    expect(short.errors?.[0].extensions?.field).toBe('reason');
    expect(short.errors?.[0].message).toContain('Reason must be at least 5 characters');
    const data = await world.ok('AGENT', RejectServiceRequest, {
      request_id: row.id,
      reason: 'We do not service this brand',
    });
    expect(data.items[0]).toMatchObject({ state: 'REJECTED', reject_reason: 'We do not service this brand' });
    const status = await statusOf(status_url);
    expect(status.body).toMatchObject({ state: 'REJECTED', reject_reason: 'We do not service this brand' });
    const mails = await world.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, values.customer_email));
    expect(mails.map((mail) => mail.body_text).join('\n')).toContain('Reason: We do not service this brand');
  });

  it('merges into an open ticket only, writing the request on its timeline', async () => {
    const { row } = await raisedPublic();
    const closed = await world.seed({ state: 'CLOSED' });
    const refused = await world.as('AGENT', MergeServiceRequest, {
      request_id: row.id,
      ticket_id: closed.id,
    });
    expect(refused.errors?.[0].extensions?.field).toBe('ticket_id');
    expect(refused.errors?.[0].message).toBe(REQUEST_MESSAGES.ticketNotOpen(closed.ticket_number, 'Closed'));
    const open = await world.seed();
    const data = await world.ok('AGENT', MergeServiceRequest, { request_id: row.id, ticket_id: open.id });
    expect(data.items[0]).toMatchObject({
      state: 'MERGED',
      ticket_id: open.id,
      ticket_number: open.ticket_number,
    });
    const [event] = await world.db
      .select()
      .from(ticketEvent)
      .where(and(eq(ticketEvent.ticket_id, open.id), eq(ticketEvent.kind, 'REQUEST_MERGED')));
    expect(event.text).toContain(row.request_number);
  });
});

describe('who sees and decides', () => {
  it("lets a dealer's people raise and follow their own requests only, and never triage", async () => {
    const values = requestValues();
    const raised = await world.ok('DEALER_OWNER', RaiseServiceRequest, values);
    expect(raised.items[0]).toMatchObject({ source: 'DEALER', dealer_name: world.dealer.name, state: 'NEW' });
    const publicOne = await raisedPublic({ customer_phone: world.customer.phone });
    const dealerPage = await listAs('DEALER_OWNER', {});
    const numbers = dealerPage.items.map((item) => item.request_number);
    expect(numbers).toContain(raised.items[0].request_number);
    expect(numbers).not.toContain(publicOne.request_number);
    expect(dealerPage.public_form_path).toBeNull();
    const searched = await listAs('DEALER_OWNER', { search: publicOne.values.customer_name });
    expect(searched.items).toHaveLength(0);
    const convert = await world.as('DEALER_OWNER', RejectServiceRequest, {
      request_id: raised.items[0].request_id,
      reason: 'Not needed any more',
    });
    expect(convert.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const staffPage = await listAs('AGENT', { search: values.customer_name });
    expect(staffPage.items.map((item) => item.request_number)).toEqual([raised.items[0].request_number]);
  });

  it('keeps a technician out of requests altogether', async () => {
    const answer = await world.as('TECHNICIAN', ListServiceRequests, {});
    expect(answer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
