import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CreateQuotationTemplate, GetQuotation } from '@fieldport/contract/operations/quotations';
import {
  AddLeadFollowUp,
  CaptureLead,
  CompleteLeadFollowUp,
  ConvertLead,
  CreateLeadForm,
  LEAD_API_PATH,
  LEAD_MESSAGES,
  ListLeadForms,
  ListLeadOwnerChoices,
  ListLeads,
  PUBLIC_LEADS_PER_HOUR,
  UpdateLead,
  UpdateLeadForm,
  type LeadFormItem,
} from '@fieldport/contract/operations/leads';
import { customer } from '../../db/schema/customers.ts';
import { lead, leadFollowUp } from '../../db/schema/leads.ts';
import { mailOutbox } from '../../db/schema/platform.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { remindDueFollowUps } from './lead-reminders.ts';

// Leads (docs/leads.md): the form builder, the public link, follow-ups and their reminders, winning.

let app: TestApp;
let world: TicketWorld;
beforeAll(async () => {
  app = await startTestApp();
  world = await ticketWorld(app);
});
afterAll(async () => {
  await app?.close();
});

const QUESTIONS = [
  {
    key: 'product',
    label: 'Product of interest',
    type: 'SELECT',
    required: true,
    options: ['Split AC', 'Window AC'],
  },
  { key: 'rooms', label: 'Rooms', type: 'NUMBER', required: false },
  { key: 'visit', label: 'Preferred visit', type: 'DATE', required: false },
];

async function newForm(overrides: Record<string, unknown> = {}): Promise<LeadFormItem> {
  const answer = await world.ok('OWNER', CreateLeadForm, {
    form_name: unique('Summer enquiry '),
    description: 'Tell us what you need.',
    fields: QUESTIONS,
    default_owner_id: world.members.OWNER.membershipId,
    ...overrides,
  });
  return answer.items[0];
}

let addressCounter = 0;
const nextAddress = () => `10.77.${++addressCounter % 250}.${Math.floor(Math.random() * 250)}`;

const tokenOf = (form: LeadFormItem) => new URL(`http://x${form.public_path!}`).searchParams.get('form')!;

const postLead = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  app.app.inject({
    method: 'POST',
    url: LEAD_API_PATH,
    payload,
    headers: { origin: app.config.publicUrl },
    remoteAddress,
  });

const leadValues = (overrides: Record<string, unknown> = {}) => ({
  customer_name: unique('Meera Nair '),
  customer_phone: newMobile(),
  customer_email: `${unique('meera.')}@example.com`,
  answers: { product: 'Split AC', rooms: '3' },
  ...overrides,
});

const leadsNamed = async (name: string) => (await world.ok('OWNER', ListLeads, { search: name })).items;

describe('the form builder', () => {
  it('keeps the questions in order, and refuses a select without options, options elsewhere and a repeated question', async () => {
    const form = await newForm();
    expect(form.fields.map((field) => field.key)).toEqual(['product', 'rooms', 'visit']);
    expect(form.public_path).toMatch(/^\/LeadForm\?form=/);
    expect(form.default_owner_name).toBeTruthy();

    const refusals = [
      [{ key: 'size', label: 'Size', type: 'SELECT', options: ['Only one'] }],
      [{ key: 'city', label: 'City', type: 'TEXT', options: ['Pune'] }],
      [
        { key: 'a', label: 'City', type: 'TEXT' },
        { key: 'b', label: 'city', type: 'TEXT' },
      ],
    ];
    const messages = [];
    for (const fields of refusals) {
      const answer = await world.as('OWNER', CreateLeadForm, { form_name: unique('Bad '), fields });
      messages.push(answer.errors?.[0].message);
    }
    expect(messages).toEqual([
      'fields.0.options: Give a select question at least 2 options',
      'fields.0.options: Only a select question has options',
      "fields.1.label: Two questions ask 'city'",
    ]);
  });

  it('gives leads only to owners, admins and sales managers: a co-ordinator or a partner is refused', async () => {
    const answer = await world.as('OWNER', CreateLeadForm, {
      form_name: unique('Owned '),
      default_owner_id: world.members.AGENT.membershipId,
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: LEAD_MESSAGES.ownerNotFound,
      extensions: { field: 'default_owner_id' },
    });
    const owners = await world.ok('OWNER', ListLeadOwnerChoices, {});
    const ids = owners.items.map((person) => person.owner_id);
    expect(ids).not.toContain(world.members.AGENT.membershipId);
    expect(ids).not.toContain(world.members.SERVICE_PARTNER.membershipId);
    expect(ids).toContain(world.members.OWNER.membershipId);
  });
});

describe('the public link', () => {
  it("shows the form, takes a lead for the form's owner, who is mailed", async () => {
    const form = await newForm();
    const shown = await app.app.inject({ method: 'GET', url: `${LEAD_API_PATH}?form=${tokenOf(form)}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ form_name: form.form_name, fields: form.fields });

    const values = leadValues();
    const sent = await postLead({ form: tokenOf(form), ...values });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(LEAD_MESSAGES.capturedPublic(world.org.name));
    const [captured] = await leadsNamed(values.customer_name);
    expect(captured).toMatchObject({
      status: 'NEW',
      source: 'PUBLIC',
      form_name: form.form_name,
      owner_id: form.default_owner_id,
      answers: [
        { key: 'product', label: 'Product of interest', type: 'SELECT', value: 'Split AC' },
        { key: 'rooms', label: 'Rooms', type: 'NUMBER', value: '3' },
      ],
    });
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `New lead ${captured.lead_number}: ${values.customer_name}`));
    expect(mails.map((mail) => mail.to_address)).toEqual([world.members.OWNER.email]);
  });

  it("refuses a missing required answer, a bad one and a bad phone on the question's field, writing nothing", async () => {
    const form = await newForm();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ answers: { rooms: '2' } }, 'answers.product', 'Product of interest is required'],
      [
        { answers: { product: 'Tower AC' } },
        'answers.product',
        'Product of interest: choose one of Split AC, Window AC',
      ],
      [{ answers: { product: 'Split AC', rooms: 'three' } }, 'answers.rooms', 'Rooms must be a number'],
      [
        { answers: { product: 'Split AC', visit: '2026-02-30' } },
        'answers.visit',
        'Preferred visit must be a date such as 2026-11-25',
      ],
      [{ customer_phone: '12' }, 'customer_phone', 'Phone number is not valid for India'],
    ];
    for (const [overrides, field, message] of cases) {
      const values = leadValues(overrides);
      const answer = await postLead({ form: tokenOf(form), ...values });
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(answer.json()).toMatchObject({ field, code: 'BAD_USER_INPUT' });
      if (field !== 'customer_phone') expect(answer.json().message).toBe(message);
      expect(await leadsNamed(values.customer_name)).toEqual([]);
    }
  });

  it('tells a bot it was sent and keeps nothing; a bad, inactive or private link is not found; the limit per address holds', async () => {
    const form = await newForm();
    const bot = leadValues();
    const botAnswer = await postLead({ form: tokenOf(form), ...bot, website: 'http://spam.example' });
    expect(botAnswer.statusCode).toBe(200);
    expect(botAnswer.json().message).toBe(LEAD_MESSAGES.capturedPublic(world.org.name));
    expect(await leadsNamed(bot.customer_name)).toEqual([]);

    const forged = await app.app.inject({ method: 'GET', url: `${LEAD_API_PATH}?form=${tokenOf(form)}x` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(LEAD_MESSAGES.publicFormNotFound);

    const closed = await newForm({ is_public: false });
    expect(closed.public_path).toBeNull();
    const inactive = await newForm();
    await world.ok('OWNER', UpdateLeadForm, {
      form_id: inactive.form_id,
      form_name: inactive.form_name,
      fields: inactive.fields,
      form_status: 'INACTIVE',
    });
    const refused = await postLead({ form: tokenOf(inactive), ...leadValues() });
    expect(refused.statusCode).toBe(404);

    const address = nextAddress();
    const codes = [];
    for (let n = 0; n <= PUBLIC_LEADS_PER_HOUR; n += 1) {
      codes.push((await postLead({ form: tokenOf(form), ...leadValues() }, address)).statusCode);
    }
    expect(codes).toEqual([...Array(PUBLIC_LEADS_PER_HOUR).fill(200), 429]);
  });
});

describe('working a lead', () => {
  it('captures on the screen, changes owner and status (lost needs a reason), and follows up', async () => {
    const form = await newForm({ default_owner_id: null });
    const values = leadValues();
    const captured = (await world.ok('OWNER', CaptureLead, { form_id: form.form_id, ...values })).items[0];
    // With no default owner, whoever captured it on the screen owns it.
    expect(captured).toMatchObject({ source: 'INTERNAL', owner_id: world.members.OWNER.membershipId });

    const noReason = await world.as('OWNER', UpdateLead, { lead_id: captured.lead_id, status: 'LOST' });
    expect(noReason.errors?.[0].message).toBe(`lost_reason: ${LEAD_MESSAGES.lostReason}`);
    const won = await world.as('OWNER', UpdateLead, { lead_id: captured.lead_id, status: 'WON' });
    expect(won.errors?.[0].extensions?.field).toBe('status');

    const updated = await world.ok('OWNER', UpdateLead, {
      lead_id: captured.lead_id,
      owner_id: null,
      status: 'CONTACTED',
    });
    expect(updated.items[0]).toMatchObject({ status: 'CONTACTED', owner_id: null, owner_name: null });

    // 11:30 in Asia/Kolkata is 06:00 UTC.
    const planned = await world.ok('OWNER', AddLeadFollowUp, {
      lead_id: captured.lead_id,
      due_date: '2030-01-15',
      due_time: '11:30',
      note: 'Call with the quotation',
    });
    const [followUp] = planned.items[0].follow_ups;
    expect(followUp).toMatchObject({
      due_at: '2030-01-15T06:00:00.000Z',
      note: 'Call with the quotation',
      done_on: null,
    });
    expect(planned.items[0].next_follow_up_at).toBe('2030-01-15T06:00:00.000Z');

    const done = await world.ok('OWNER', CompleteLeadFollowUp, {
      follow_up_id: followUp.follow_up_id,
      outcome: 'Wants a visit next week',
    });
    expect(done.items[0].follow_ups[0]).toMatchObject({ outcome: 'Wants a visit next week' });
    expect(done.items[0].next_follow_up_at).toBeNull();
    const again = await world.as('OWNER', CompleteLeadFollowUp, {
      follow_up_id: followUp.follow_up_id,
      outcome: 'Twice',
    });
    expect(again.errors?.[0].message).toBe(LEAD_MESSAGES.followUpAlreadyDone);
  });

  it('reminds the owner of a due follow-up once, even when two runs race, and never of a done one', async () => {
    const db = app.database.db;
    const form = await newForm();
    const values = leadValues();
    const captured = (await world.ok('OWNER', CaptureLead, { form_id: form.form_id, ...values })).items[0];
    const due = (
      await world.ok('OWNER', AddLeadFollowUp, {
        lead_id: captured.lead_id,
        due_date: '2026-01-05',
        due_time: '10:00',
        note: 'Ask about the budget',
      })
    ).items[0].follow_ups[0];
    const doneFirst = (
      await world.ok('OWNER', AddLeadFollowUp, {
        lead_id: captured.lead_id,
        due_date: '2026-01-04',
        due_time: '10:00',
        note: 'Send the brochure',
      })
    ).items[0].follow_ups[0];
    await world.ok('OWNER', CompleteLeadFollowUp, {
      follow_up_id: doneFirst.follow_up_id,
      outcome: 'Sent by mail',
    });

    await Promise.all([
      remindDueFollowUps(db, app.mailer, app.config.publicUrl),
      remindDueFollowUps(db, app.mailer, app.config.publicUrl),
    ]);
    await remindDueFollowUps(db, app.mailer, app.config.publicUrl);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Follow up lead ${captured.lead_number}: ${values.customer_name}`));
    expect(mails.map((mail) => mail.to_address)).toEqual([world.members.OWNER.email]);
    expect(mails[0].body_text).toContain('Ask about the budget');
    expect(mails[0].body_text).toContain(`/ProductSales?lead=${captured.lead_id}`);
    const [reminded] = await db.select().from(leadFollowUp).where(eq(leadFollowUp.id, due.follow_up_id));
    expect(reminded.reminded_at).not.toBeNull();
    const [notReminded] = await db
      .select()
      .from(leadFollowUp)
      .where(eq(leadFollowUp.id, doneFirst.follow_up_id));
    expect(notReminded.reminded_at).toBeNull();
  });
});

describe('winning a lead', () => {
  it('makes a new customer and a draft quotation from a template, then the lead never changes', async () => {
    const template = (
      await world.ok('OWNER', CreateQuotationTemplate, {
        template_name: unique('Installation offer '),
        validity_days: 15,
        default_lines: [
          { kind: 'SERVICE', item_id: world.service.id, quantity: 1, unit_price: 150_000, tax_rate: 0 },
        ],
      })
    ).items[0];
    const form = await newForm();
    const values = leadValues();
    const captured = (await world.ok('OWNER', CaptureLead, { form_id: form.form_id, ...values })).items[0];
    expect(captured.matched_customer_id).toBeNull();

    const answer = await world.as('OWNER', ConvertLead, {
      lead_id: captured.lead_id,
      customer: {
        customer_name: values.customer_name,
        customer_phone: values.customer_phone,
        customer_email: values.customer_email,
        primary_location: {
          address: '7 Residency Road',
          pincode: '560025',
          city: 'Bengaluru',
          state: 'Karnataka',
        },
      },
      quotation_template_id: template.template_id,
    });
    const won = answer.envelope!.data.items[0];
    expect(won).toMatchObject({ status: 'WON', matched_customer_name: values.customer_name });
    expect(won.customer_id).toBe(won.matched_customer_id);
    expect(won.won_customer_name).toBe(values.customer_name);
    const [byId] = (await world.ok('OWNER', ListLeads, { lead_id: captured.lead_id })).items;
    expect(byId.lead_id).toBe(captured.lead_id);
    expect(answer.envelope!.status_message).toBe(
      LEAD_MESSAGES.convertedWithQuotation(captured.lead_number, values.customer_name, won.quotation_number!),
    );
    const drafted = await world.ok('OWNER', GetQuotation, { quotation_id: won.quotation_id });
    expect(drafted.items[0]).toMatchObject({
      state: 'DRAFT',
      customer_id: won.customer_id,
      total_amount: 150_000,
    });

    const after = await world.as('OWNER', UpdateLead, { lead_id: captured.lead_id, status: 'CONTACTED' });
    expect(after.errors?.[0]).toMatchObject({
      message: LEAD_MESSAGES.closed(captured.lead_number, 'Won'),
      extensions: { code: 'CONFLICT' },
    });
  });

  it("wins for the customer who has the lead's phone; a taken phone is refused on the customer's field and nothing is written", async () => {
    const form = await newForm();
    const values = leadValues({ customer_phone: world.customer.phone });
    const captured = (await world.ok('OWNER', CaptureLead, { form_id: form.form_id, ...values })).items[0];
    expect(captured.matched_customer_id).toBe(world.customer.id);

    const taken = await world.as('OWNER', ConvertLead, {
      lead_id: captured.lead_id,
      customer: {
        customer_name: values.customer_name,
        customer_phone: values.customer_phone,
        primary_location: {
          address: '1 Church Street',
          pincode: '560001',
          city: 'Bengaluru',
          state: 'Karnataka',
        },
      },
    });
    expect(taken.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      field: 'customer.customer_phone',
    });
    const [still] = await app.database.db.select().from(lead).where(eq(lead.id, captured.lead_id));
    expect(still.status).toBe('NEW');
    const named = await app.database.db
      .select()
      .from(customer)
      .where(and(eq(customer.organization_id, world.org.id), eq(customer.name, values.customer_name)));
    expect(named).toEqual([]);

    const neither = await world.as('OWNER', ConvertLead, { lead_id: captured.lead_id });
    expect(neither.errors?.[0].message).toBe(`customer_id: ${LEAD_MESSAGES.customerOrDetails}`);

    const won = await world.ok('OWNER', ConvertLead, {
      lead_id: captured.lead_id,
      customer_id: world.customer.id,
    });
    expect(won.items[0]).toMatchObject({ status: 'WON', customer_id: world.customer.id, quotation_id: null });
  });

  it('keeps leads to those whose menu has Leads: a partner, a dealer and a field engineer are refused', async () => {
    for (const who of ['SERVICE_PARTNER', 'DEALER_OWNER', 'TECHNICIAN']) {
      const answer = await world.as(who, ListLeads, {});
      expect(answer.errors?.[0].extensions?.code, who).toBe('FORBIDDEN');
    }
    const forms = await world.as('AGENT', ListLeadForms, {});
    expect(forms.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
