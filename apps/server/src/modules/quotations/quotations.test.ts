import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DecideWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  CreateQuotationTemplate,
  GetQuotation,
  ListQuotations,
  ListWorkFlowPayments,
  QUOTATIONS_MESSAGES,
  quotationPdfPath,
  RecordQuotationPayment,
  ReviseQuotation,
  SaveQuotation,
  ShareQuotation,
  SubmitQuotation,
  type PublicQuotation,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { newId } from '../../db/ids.ts';
import { organization } from '../../db/schema/identity.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { quotation } from '../../db/schema/quotations.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { seedCustomer } from '../../db/seed/customers.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { seedTestComponent } from '../inventory/stock.test-kit.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';

// docs/quotations.md: drafted with exact GST per line, approved through the workflow, mailed with
// a signed link the customer answers without signing in, paid in parts, revised under its number.

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let world: TicketWorld;
let part: Awaited<ReturnType<typeof seedTestComponent>>;
let farCustomer: Awaited<ReturnType<typeof seedCustomer>>;
let amc: { id: string; name: string };
let productId: string;

// Karnataka's: the world's Bengaluru customer is within the state, the Pune one across.
const ORGANIZATION_GSTIN = '29AAECD4321K1ZM';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  app = await startTestApp({ SMTP_URL: smtp.url });
  world = await ticketWorld(app);
  await world.db
    .update(organization)
    .set({ gstin: ORGANIZATION_GSTIN })
    .where(eq(organization.id, world.org.id));
  part = await seedTestComponent(world.db, world.org.id, 'Gas charging kit');
  farCustomer = await seedCustomer(world.db, {
    organization_id: world.org.id,
    name: unique('Pune Traders '),
    phone: `97${String(Date.now()).slice(-8)}`,
    email: 'accounts@pune-traders.example',
    primary_location: { address: '5, FC Road', pincode: '411004', city: 'Pune', state: 'Maharashtra' },
  });
  amc = { id: newId(), name: unique('Comprehensive AMC ') };
  await world.db.insert(amcType).values({
    id: amc.id,
    organization_id: world.org.id,
    name: amc.name,
    duration_months: 12,
    visits: 4,
    price_paise: 350_000,
    service_ids: [],
  });
  [productId] = await seedFleetItems(world.db, [
    {
      organization_id: world.org.id,
      serial_number: unique('SN-Q-'),
      service_id: world.service.id,
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
      installation_date: '2024-04-01',
      warranty_months: 12,
    },
  ]);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const today = () => dayIn(world.org.time_zone);

/** Lines whose tax is known to the paisa. */
function exactLines() {
  return [
    // 3 × ₹333.33 less ₹0.04 = ₹999.95; 18% = ₹179.991 -> ₹179.99: CGST ₹90.00, SGST ₹89.99.
    { kind: 'COMPONENT', item_id: part.id, quantity: 3, unit_price: 33_333, discount: 4, tax_rate: 18 },
    // The repair visit for the customer's product: ₹499.00 at 18% = ₹89.82.
    {
      kind: 'SERVICE',
      item_id: world.service.id,
      fleet_item_id: productId,
      quantity: 1,
      unit_price: 49_900,
      tax_rate: 18,
    },
    // A year's AMC on the product: ₹3,500.00 at 18% = ₹630.00.
    {
      kind: 'AMC',
      item_id: amc.id,
      fleet_item_id: productId,
      quantity: 1,
      unit_price: 350_000,
      tax_rate: 18,
    },
  ];
}

async function draft(overrides: Record<string, unknown> = {}): Promise<QuotationItem> {
  const data = await world.ok('AGENT', SaveQuotation, {
    customer_id: world.customer.id,
    valid_until: shiftDay(today(), 15),
    terms: 'Prices include installation.',
    lines: exactLines(),
    ...overrides,
  });
  return data.items[0];
}

async function approved(item: QuotationItem): Promise<QuotationItem> {
  const submitted = (await world.ok('AGENT', SubmitQuotation, { quotation_id: item.quotation_id })).items[0];
  await world.ok('OWNER', DecideWorkflowRequest, {
    request_id: submitted.workflow_request_id,
    level: 1,
    decision: 'APPROVE',
  });
  return details(item.quotation_id);
}

const details = async (id: string, who = 'AGENT') =>
  (await world.ok(who, GetQuotation, { quotation_id: id })).items[0];

/** The link of the newest quotation mail to an address, as the customer would click it. */
async function mailedToken(to: string): Promise<string> {
  await app.mailer.deliverDue({ to: to });
  const mail = smtp.received.findLast((received) => received.to.includes(to));
  // The text part is quoted-printable (it has a rupee sign): soft line breaks and '=' encoded.
  const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /Quotation\?token=([\w.-]+)/.exec(text);
  if (!match) throw new Error(`No quotation link was mailed to ${to}`);
  return match[1];
}

async function link(action: 'read' | 'accept' | 'reject', body: Record<string, unknown>) {
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/quotation-link/${action}`,
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('drafting a quotation', () => {
  it('numbers it, keeps exact GST per line within the state, and sums the lines', async () => {
    const item = await draft();
    expect(item.quotation_number).toMatch(/^QT\/\d{4}-\d{2}\/\d{6}$/);
    expect(item).toMatchObject({
      state: 'DRAFT',
      revision: 1,
      supply: 'INTRA_STATE',
      customer_state: 'Karnataka',
    });
    expect(item.lines.map((line) => [line.taxable, line.cgst, line.sgst, line.igst, line.total])).toEqual([
      [99_995, 9_000, 8_999, 0, 117_994],
      [49_900, 4_491, 4_491, 0, 58_882],
      [350_000, 31_500, 31_500, 0, 413_000],
    ]);
    expect(item.lines[0].description).toBe(`Gas charging kit (${part.part_number})`);
    expect(item).toMatchObject({
      taxable_amount: 499_895,
      cgst_amount: 44_991,
      sgst_amount: 44_990,
      igst_amount: 0,
      total_amount: 589_876,
      balance_amount: 589_876,
    });
  });

  it('charges IGST to a customer in another state', async () => {
    const item = await draft({
      customer_id: farCustomer.id,
      lines: [{ kind: 'COMPONENT', item_id: part.id, quantity: 1, unit_price: 10_000, tax_rate: 18 }],
    });
    expect(item).toMatchObject({
      supply: 'INTER_STATE',
      igst_amount: 1_800,
      cgst_amount: 0,
      total_amount: 11_800,
    });
  });

  it('refuses bad input by the field, and writes nothing', async () => {
    const before = await world.db
      .select({ id: quotation.id })
      .from(quotation)
      .where(eq(quotation.organization_id, world.org.id));
    const past = await world.as('AGENT', SaveQuotation, {
      customer_id: world.customer.id,
      valid_until: shiftDay(today(), -1),
      lines: exactLines(),
    });
    expect(past.errors?.[0]).toMatchObject({ extensions: { field: 'valid_until' } });
    const unknownItem = await world.as('AGENT', SaveQuotation, {
      customer_id: world.customer.id,
      valid_until: shiftDay(today(), 5),
      lines: [{ kind: 'ADDITIONAL_PART', item_id: part.id, quantity: 1, unit_price: 100, tax_rate: 0 }],
    });
    expect(unknownItem.errors?.[0]).toMatchObject({
      message: QUOTATIONS_MESSAGES.itemNotFound('Additional part'),
      extensions: { field: 'lines.0.item_id' },
    });
    const othersProduct = await world.as('AGENT', SaveQuotation, {
      customer_id: farCustomer.id,
      valid_until: shiftDay(today(), 5),
      lines: [
        {
          kind: 'AMC',
          item_id: amc.id,
          fleet_item_id: productId,
          quantity: 1,
          unit_price: 100,
          tax_rate: 18,
        },
      ],
    });
    expect(othersProduct.errors?.[0]).toMatchObject({ extensions: { field: 'lines.0.fleet_item_id' } });
    const ticketRow = await world.seed();
    const othersTicket = await world.as('AGENT', SaveQuotation, {
      customer_id: farCustomer.id,
      ticket_id: ticketRow.id,
      valid_until: shiftDay(today(), 5),
      lines: [{ kind: 'COMPONENT', item_id: part.id, quantity: 1, unit_price: 100, tax_rate: 18 }],
    });
    expect(othersTicket.errors?.[0]?.message).toBe(
      QUOTATIONS_MESSAGES.ticketOfAnotherCustomer(ticketRow.ticket_number),
    );
    const discount = await world.as('AGENT', SaveQuotation, {
      customer_id: world.customer.id,
      valid_until: shiftDay(today(), 5),
      lines: [
        { kind: 'COMPONENT', item_id: part.id, quantity: 1, unit_price: 100, discount: 101, tax_rate: 18 },
      ],
    });
    expect(discount.errors?.[0]?.message).toContain('Discount must not be more than quantity × unit price');
    const after = await world.db
      .select({ id: quotation.id })
      .from(quotation)
      .where(eq(quotation.organization_id, world.org.id));
    expect(after).toHaveLength(before.length);
  });

  it('from an organization without a GSTIN, refuses GST on a line', async () => {
    await world.db.update(organization).set({ gstin: null }).where(eq(organization.id, world.org.id));
    try {
      const refused = await world.as('AGENT', SaveQuotation, {
        customer_id: world.customer.id,
        valid_until: shiftDay(today(), 5),
        lines: [{ kind: 'COMPONENT', item_id: part.id, quantity: 1, unit_price: 100, tax_rate: 18 }],
      });
      expect(refused.errors?.[0]).toMatchObject({
        message: QUOTATIONS_MESSAGES.noGstin,
        extensions: { field: 'lines.0.tax_rate' },
      });
    } finally {
      await world.db
        .update(organization)
        .set({ gstin: ORGANIZATION_GSTIN })
        .where(eq(organization.id, world.org.id));
    }
  });

  it('starts from a template and is changed while a draft only', async () => {
    const template = (
      await world.ok('OWNER', CreateQuotationTemplate, {
        template_name: unique('AMC offer '),
        header_text: 'Thank you for choosing us.',
        terms: '50% advance.',
        validity_days: 30,
        default_lines: [{ kind: 'AMC', item_id: amc.id, quantity: 1, unit_price: 350_000, tax_rate: 18 }],
      })
    ).items[0];
    const item = await draft({ template_id: template.template_id });
    expect(item.template_name).toBe(template.template_name);
    const changed = (
      await world.ok('AGENT', SaveQuotation, {
        quotation_id: item.quotation_id,
        customer_id: world.customer.id,
        template_id: template.template_id,
        valid_until: shiftDay(today(), 20),
        terms: '50% advance.',
        lines: [{ kind: 'COMPONENT', item_id: part.id, quantity: 2, unit_price: 10_000, tax_rate: 18 }],
      })
    ).items[0];
    expect(changed).toMatchObject({
      quotation_number: item.quotation_number,
      total_amount: 23_600,
      terms: '50% advance.',
    });
    await world.ok('AGENT', SubmitQuotation, { quotation_id: item.quotation_id });
    const late = await world.as('AGENT', SaveQuotation, {
      quotation_id: item.quotation_id,
      customer_id: world.customer.id,
      valid_until: shiftDay(today(), 20),
      lines: exactLines(),
    });
    expect(late.errors?.[0]).toMatchObject({
      message: QUOTATIONS_MESSAGES.notDraft(item.quotation_number, 'Waiting for approval'),
      extensions: { code: 'CONFLICT' },
    });
  });
});

describe('approval through the workflow', () => {
  it('is decided by an approver, never by whoever drafted it; refused, it is a draft again', async () => {
    const item = await draft();
    const submitted = (await world.ok('AGENT', SubmitQuotation, { quotation_id: item.quotation_id }))
      .items[0];
    expect(submitted.state).toBe('PENDING_APPROVAL');
    const own = await world.as('AGENT', DecideWorkflowRequest, {
      request_id: submitted.workflow_request_id,
      level: 1,
      decision: 'APPROVE',
    });
    expect(own.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const technician = await world.as('TECHNICIAN', DecideWorkflowRequest, {
      request_id: submitted.workflow_request_id,
      level: 1,
      decision: 'APPROVE',
    });
    expect(technician.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await world.ok('OWNER', DecideWorkflowRequest, {
      request_id: submitted.workflow_request_id,
      level: 1,
      decision: 'REJECT',
      comment: 'Offer a discount on the AMC',
    });
    expect(await details(item.quotation_id)).toMatchObject({
      state: 'DRAFT',
      decision_comment: 'Offer a discount on the AMC',
    });
    expect((await approved(item)).state).toBe('APPROVED');
  });
});

describe("the customer's link", () => {
  it('is mailed with the PDF; the customer reads and accepts it: a ticket is raised and the product is under AMC', async () => {
    const item = await approved(await draft());
    const shared = (await world.ok('AGENT', ShareQuotation, { quotation_id: item.quotation_id })).items[0];
    expect(shared).toMatchObject({ state: 'SENT', shared_to: world.customerEmail });
    await app.mailer.deliverDue({ to: world.customerEmail });
    const mail = smtp.received.findLast((received) => received.to.includes(world.customerEmail));
    expect(mail?.raw).toContain(`Quotation ${item.quotation_number} from ${world.org.name}`);
    expect(mail?.raw).toContain('application/pdf');
    const token = await mailedToken(world.customerEmail);

    const read = await link('read', { token });
    expect(read.status).toBe(200);
    const page = read.body as unknown as PublicQuotation;
    expect(page).toMatchObject({
      organization_name: world.org.name,
      quotation_number: item.quotation_number,
      state: 'SENT',
      total_amount: 589_876,
    });
    // Nothing of the organization's internals: no ids of items or products.
    expect(JSON.stringify(page)).not.toContain(part.id);
    expect(JSON.stringify(page)).not.toContain(productId);

    const tampered = await link('read', { token: `${item.quotation_id}.forged-signature-000000` });
    expect(tampered).toMatchObject({ status: 404, body: { message: QUOTATIONS_MESSAGES.linkNotValid } });

    const accepted = await link('accept', { token, comment: 'Please come on Saturday' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status_message).toBe(
      QUOTATIONS_MESSAGES.accepted(item.quotation_number, world.org.name),
    );

    const after = await details(item.quotation_id);
    expect(after).toMatchObject({ state: 'ACCEPTED', customer_comment: 'Please come on Saturday' });
    expect(after.outcome?.tickets).toHaveLength(1);
    const [raised] = await world.db
      .select()
      .from(ticket)
      .where(eq(ticket.id, after.outcome!.tickets[0].ticket_id));
    expect(raised).toMatchObject({
      customer_id: world.customer.id,
      service_id: world.service.id,
      fleet_item_id: productId,
      state: expect.any(String),
    });
    expect(raised.problem_note).toContain(`Quotation ${item.quotation_number} accepted`);
    const [product] = await world.db.select().from(fleetItem).where(eq(fleetItem.id, productId));
    expect(product).toMatchObject({ amc_type_id: amc.id, amc_start_date: today(), amc_visits_included: 4 });
    const events = await world.db
      .select()
      .from(fleetItemEvent)
      .where(and(eq(fleetItemEvent.fleet_item_id, productId), eq(fleetItemEvent.kind, 'UPDATED')));
    expect(after.outcome?.amc_items).toMatchObject([
      { fleet_item_id: productId, amc_type_name: amc.name, amc_start_date: today() },
    ]);
    const contract = after.outcome!.amc_items[0].contract_number;
    expect(contract).toMatch(/^AMC\/\d{4}-\d{2}\/\d{6}$/);
    expect(events.some((event) => event.details?.includes(contract))).toBe(true);
    // The drafter hears of it.
    await app.mailer.deliverDue({ to: world.members.AGENT.email });
    const told = smtp.received.findLast((received) => received.to.includes(world.members.AGENT.email));
    expect(told?.raw).toContain(`Quotation ${item.quotation_number} accepted`);

    // Answered once only.
    const again = await link('reject', { token, comment: 'Changed my mind' });
    expect(again).toMatchObject({
      status: 409,
      body: { message: QUOTATIONS_MESSAGES.alreadyAnswered(item.quotation_number, 'Accepted') },
    });
  });

  it('a rejection needs a comment; a revised or expired quotation no longer opens', async () => {
    const item = await approved(
      await draft({
        customer_id: farCustomer.id,
        lines: [{ kind: 'COMPONENT', item_id: part.id, quantity: 1, unit_price: 10_000, tax_rate: 18 }],
      }),
    );
    await world.ok('AGENT', ShareQuotation, { quotation_id: item.quotation_id });
    const token = await mailedToken('accounts@pune-traders.example');
    const bare = await link('reject', { token });
    expect(bare).toMatchObject({
      status: 400,
      body: { message: QUOTATIONS_MESSAGES.rejectNeedsComment, field: 'comment' },
    });
    expect((await details(item.quotation_id)).state).toBe('SENT');

    const revision = (await world.ok('AGENT', ReviseQuotation, { quotation_id: item.quotation_id })).items[0];
    expect(revision).toMatchObject({
      quotation_number: item.quotation_number,
      revision: 2,
      state: 'DRAFT',
      total_amount: 11_800,
    });
    const earlier = await details(item.quotation_id);
    expect(earlier.state).toBe('REVISED');
    expect(
      (await details(revision.quotation_id)).revisions.map((entry) => [entry.revision, entry.state]),
    ).toEqual([
      [1, 'REVISED'],
      [2, 'DRAFT'],
    ]);
    expect(await link('read', { token })).toMatchObject({
      status: 410,
      body: { message: QUOTATIONS_MESSAGES.linkRevised(item.quotation_number) },
    });

    // Past its validity, an approved revision reads EXPIRED and its link says so.
    const second = await approved(revision);
    await world.ok('AGENT', ShareQuotation, { quotation_id: second.quotation_id });
    const secondToken = await mailedToken('accounts@pune-traders.example');
    await world.db
      .update(quotation)
      .set({ valid_until: shiftDay(today(), -1) })
      .where(eq(quotation.id, second.quotation_id));
    expect((await details(second.quotation_id)).state).toBe('EXPIRED');
    const expired = await link('accept', { token: secondToken });
    expect(expired.status).toBe(410);
    const listed = await world.ok('AGENT', ListQuotations, {
      state: 'EXPIRED',
      search: item.quotation_number,
    });
    expect(listed.items.map((entry) => entry.quotation_id)).toEqual([second.quotation_id]);
  });
});

describe('payments', () => {
  it('are recorded against an accepted quotation, never beyond the balance or in the future', async () => {
    const item = await approved(
      await draft({
        lines: [{ kind: 'COMPONENT', item_id: part.id, quantity: 1, unit_price: 100_000, tax_rate: 18 }],
      }),
    );
    const early = await world.as('AGENT', RecordQuotationPayment, {
      quotation_id: item.quotation_id,
      amount: 1_000,
      paid_on: today(),
      mode: 'UPI',
      reference: 'UPI-1',
    });
    expect(early.errors?.[0]?.message).toBe(
      QUOTATIONS_MESSAGES.notPayable(item.quotation_number, 'Approved'),
    );
    await world.ok('AGENT', ShareQuotation, { quotation_id: item.quotation_id });
    await link('accept', { token: await mailedToken(world.customerEmail) });

    const paid = (
      await world.ok('AGENT', RecordQuotationPayment, {
        quotation_id: item.quotation_id,
        amount: 50_000,
        paid_on: today(),
        mode: 'UPI',
        reference: 'UPI-ADVANCE',
      })
    ).items[0];
    expect(paid).toMatchObject({
      paid_amount: 50_000,
      balance_amount: 68_000,
      payment_status: 'PARTLY_PAID',
    });
    const over = await world.as('AGENT', RecordQuotationPayment, {
      quotation_id: item.quotation_id,
      amount: 68_001,
      paid_on: today(),
      mode: 'CASH',
      reference: 'R-2',
    });
    expect(over.errors?.[0]).toMatchObject({
      message: QUOTATIONS_MESSAGES.overpaid('₹680.00'),
      extensions: { field: 'amount' },
    });
    const future = await world.as('AGENT', RecordQuotationPayment, {
      quotation_id: item.quotation_id,
      amount: 100,
      paid_on: shiftDay(today(), 1),
      mode: 'CASH',
      reference: 'R-3',
    });
    expect(future.errors?.[0]).toMatchObject({ extensions: { field: 'paid_on' } });
    const ledger = await world.ok('AGENT', ListWorkFlowPayments, { quotation_id: item.quotation_id });
    expect(ledger.items.map((entry) => [entry.amount, entry.mode, entry.reference])).toEqual([
      [50_000, 'UPI', 'UPI-ADVANCE'],
    ]);
  });
});

describe('who sees quotations', () => {
  it("keeps them from partners' and dealers' people, whose menus have no quotations", async () => {
    const item = await draft();
    for (const who of ['SERVICE_PARTNER', 'DEALER_OWNER', 'TECHNICIAN']) {
      const list = await world.as(who, ListQuotations, { search: item.quotation_number });
      expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const get = await world.as(who, GetQuotation, { quotation_id: item.quotation_id });
      expect(get.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const pdf = await app.app.inject({
      method: 'GET',
      url: quotationPdfPath(item.quotation_id),
      headers: { cookie: await world.cookieOf('SERVICE_PARTNER') },
    });
    expect(pdf.statusCode).toBe(403);
  });
});

describe('the PDF', () => {
  it('prints the lines, the tax split and the total in words', async () => {
    const item = await draft();
    const response = await app.app.inject({
      method: 'GET',
      url: quotationPdfPath(item.quotation_id),
      headers: { cookie: await world.cookieOf('AGENT') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotation-'));
    const file = path.join(dir, 'quotation.pdf');
    fs.writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(world.org.name);
    expect(text).toContain(`GSTIN ${ORGANIZATION_GSTIN}`);
    expect(text).toContain(item.quotation_number);
    expect(text).toContain(world.customer.name);
    expect(text).toContain('CGST');
    expect(text).toContain('₹5,898.76');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Rupees Five Thousand Eight Hundred Ninety-Eight and Seventy-Six Paise Only',
    );
    expect(text).toContain('Prices include installation.');
  });
});
