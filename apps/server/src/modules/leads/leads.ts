import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dayIn, instantIn, shiftDay } from '@fieldport/contract/fields';
import type { ParsedInputOf } from '@fieldport/contract/operation';
import {
  AddLeadFollowUp,
  answerProblems,
  CaptureLead,
  CompleteLeadFollowUp,
  ConvertLead,
  LEAD_MESSAGES,
  LEAD_OWNER_ROLES,
  LEAD_STATUS_LABELS,
  ListLeads,
  UpdateLead,
  type LeadAnswer,
  type LeadAnswers,
  type LeadFollowUp,
  type LeadItem,
  type LeadSource,
} from '@fieldport/contract/operations/leads';
import { SaveQuotation } from '@fieldport/contract/operations/quotations';
import { decideAccess } from '@fieldport/contract/permissions';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { nextDocumentNumber } from '../../db/sequences.ts';
import { customer } from '../../db/schema/customers.ts';
import { member, user } from '../../db/schema/identity.ts';
import { lead, leadFollowUp, leadForm } from '../../db/schema/leads.ts';
import { quotation, quotationTemplate } from '../../db/schema/quotations.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, DomainError, forbidden, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import type { Mailer } from '../../platform/mail.ts';
import { todayOf, withinDays } from '../../platform/organization-days.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { phoneColumns } from '../customers/customer-rules.ts';
import { insertCustomer } from '../customers/create-customer.ts';
import { saveQuotation } from '../quotations/quotations.ts';
import { checkOwner } from './lead-forms.ts';

// Leads (docs/leads.md): captured by a form (here, or through its public link in lead-link.ts),
// owned, followed up, and won (a customer and a draft quotation) or lost.

export type LeadRow = typeof lead.$inferSelect;
export type LeadFormRow = typeof leadForm.$inferSelect;

const owner = alias(member, 'lead_owner');
const ownerUser = alias(user, 'lead_owner_user');
const creator = alias(user, 'lead_creator');
const matched = alias(customer, 'lead_matched_customer');
const wonCustomer = alias(customer, 'lead_won_customer');

const followUps = sql<LeadFollowUp[]>`(
  select coalesce(json_agg(json_build_object(
      'follow_up_id', f.id, 'due_at', f.due_at, 'note', f.note, 'done_on', f.done_at,
      'outcome', f.outcome, 'reminded_on', f.reminded_at, 'created_by_name', u.name)
    order by f.due_at, f.id), '[]')
    from lead_follow_up f left join "user" u on u.id = f.created_by
   where f.lead_id = ${lead.id})`;

// A won or lost lead has nothing left to follow up (its reminders are not sent either).
const nextFollowUp = sql<string | null>`(
  select min(f.due_at) from lead_follow_up f
   where f.lead_id = ${lead.id} and f.done_at is null and ${lead.status} not in ('WON', 'LOST'))`;

/** JSON gives timestamps without the zone's colon in some servers: always an ISO instant out. */
const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

const leads = defineList(ListLeads, {
  table: lead,
  select: {
    row: lead,
    form_name: leadForm.name,
    owner_name: ownerUser.name,
    created_by_name: creator.name,
    matched_customer_id: matched.id,
    matched_customer_name: matched.name,
    won_customer_name: wonCustomer.name,
    quotation_number: quotation.quotation_number,
    follow_ups: followUps,
    next_follow_up_at: nextFollowUp,
  },
  join: (query) =>
    query
      .innerJoin(leadForm, eq(leadForm.id, lead.form_id))
      .leftJoin(owner, eq(owner.id, lead.owner_member_id))
      .leftJoin(ownerUser, eq(ownerUser.id, owner.userId))
      .leftJoin(creator, eq(creator.id, lead.created_by))
      .leftJoin(quotation, eq(quotation.id, lead.quotation_id))
      .leftJoin(wonCustomer, eq(wonCustomer.id, lead.customer_id))
      .leftJoin(
        matched,
        and(eq(matched.organization_id, lead.organization_id), eq(matched.phone, lead.phone)),
      ),
  search: [lead.lead_number, lead.name, lead.phone, lead.email],
  sort: {
    created_on: lead.created_at,
    lead_number: lead.lead_number,
    next_follow_up: sql`coalesce(${nextFollowUp}, 'infinity'::timestamptz)`,
  },
  filters: (input, caller) => [
    input.lead_status ? eq(lead.status, input.lead_status) : undefined,
    input.form_id ? eq(lead.form_id, input.form_id) : undefined,
    input.lead_id ? eq(lead.id, input.lead_id) : undefined,
    input.mine ? eq(lead.owner_member_id, caller.membership.id) : undefined,
    ...withinDays(lead.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: (selected): LeadItem => {
    const { row } = selected;
    return {
      lead_id: row.id,
      lead_number: row.lead_number,
      status: row.status,
      source: row.source,
      form_id: row.form_id,
      form_name: selected.form_name,
      customer_name: row.name,
      customer_phone: row.phone,
      customer_phone_display: formatPhoneInternational(row.phone),
      phone_country: row.phone_country,
      customer_email: row.email,
      answers: row.answers,
      owner_id: row.owner_member_id,
      owner_name: selected.owner_name,
      lost_reason: row.lost_reason,
      follow_ups: selected.follow_ups.map((entry) => ({
        ...entry,
        due_at: iso(entry.due_at)!,
        done_on: iso(entry.done_on),
        reminded_on: iso(entry.reminded_on),
      })),
      next_follow_up_at: iso(selected.next_follow_up_at),
      matched_customer_id: selected.matched_customer_id,
      matched_customer_name: selected.matched_customer_name,
      customer_id: row.customer_id,
      won_customer_name: selected.won_customer_name,
      quotation_id: row.quotation_id,
      quotation_number: selected.quotation_number,
      created_by_name: selected.created_by_name,
      created_on: row.created_at.toISOString(),
      updated_on: row.updated_at.toISOString(),
    };
  },
});

export const listLeads = Object.assign(
  defineHandler(ListLeads, async (input, { db, caller }) => ({
    data: await leads.list.page(db, caller, input),
  })),
  { list: leads.list },
);

async function leadItem(db: Db, caller: Caller, id: string): Promise<LeadItem> {
  const item = await leads.list.findById(db, caller, id);
  if (!item) throw new Error(`Lead ${id} vanished in its own transaction`);
  return item;
}

async function answerLead(context: OperationContext, id: string, message: string) {
  context.auditTarget = id;
  return { data: { items: [await leadItem(context.db, context.caller, id)] }, message };
}

// ---------------------------------------------------------------------------------------------
// Capturing

type ContactValues = Pick<
  ParsedInputOf<typeof CaptureLead>,
  'customer_name' | 'customer_phone' | 'phone_country' | 'customer_email'
>;

/**
 * The answers checked against the form's questions (the first problem refused on its field,
 * `answers.<key>`), kept in the form's order with the labels it asked them with.
 */
export function checkedAnswers(form: LeadFormRow, answers: LeadAnswers): LeadAnswer[] {
  const problems = Object.entries(answerProblems(form.fields, answers));
  if (problems.length > 0) {
    const [key, message] = problems[0];
    throw badInput(message, `answers.${key}`);
  }
  return form.fields
    .filter((field) => (answers[field.key] ?? '').trim() !== '')
    .map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      value: answers[field.key].trim(),
    }));
}

/** Who captured a lead: signed in on the screen, or anybody through the public link. */
export type LeadOrigin =
  { source: 'PUBLIC'; ip: string } | { source: Extract<LeadSource, 'INTERNAL'>; caller: Caller };

/**
 * Numbers and writes a lead of the form, owned by the form's default owner (or, captured on the
 * screen by someone who may own leads, LEAD_OWNER_ROLES, by them), and mails the owner of a lead from the public link.
 */
export async function insertLead(
  db: Db,
  mailer: Mailer,
  organization: { id: string; name: string; time_zone: string },
  form: LeadFormRow,
  origin: LeadOrigin,
  values: ContactValues & { answers: LeadAnswers },
): Promise<LeadRow> {
  const answers = checkedAnswers(form, values.answers);
  const phone = phoneColumns(values.customer_phone, values.phone_country);
  const caller = origin.source === 'INTERNAL' ? origin.caller : null;
  const capturerMayOwn =
    caller && !caller.party && (LEAD_OWNER_ROLES as readonly string[]).includes(caller.membership.role);
  const ownerId = form.default_owner_member_id ?? (capturerMayOwn ? caller.membership.id : null);
  const number = await nextDocumentNumber(db, organization.id, 'LEAD', dayIn(organization.time_zone));
  const [row] = await db
    .insert(lead)
    .values({
      id: newId(),
      organization_id: organization.id,
      lead_number: number,
      form_id: form.id,
      source: origin.source,
      name: values.customer_name,
      phone: phone.phone,
      phone_country: phone.phone_country,
      email: values.customer_email,
      answers,
      owner_member_id: ownerId,
      created_by: caller?.user.id ?? null,
      ip_address: origin.source === 'PUBLIC' ? origin.ip : null,
    })
    .returning();
  if (origin.source === 'PUBLIC' && ownerId) {
    const [person] = await db
      .select({ name: user.name, email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.id, ownerId));
    if (person) {
      await mailer.send(
        {
          to: person.email,
          organizationId: organization.id,
          subject: `New lead ${number}: ${row.name}`,
          text: [
            `Dear ${person.name},`,
            '',
            `${row.name} (${formatPhoneInternational(row.phone)}${row.email ? `, ${row.email}` : ''}) filled the form '${form.name}':`,
            ...answers.map((answer) => `${answer.label}: ${answer.value}`),
            '',
            'The lead is yours on Leads.',
            '',
            organization.name,
          ].join('\n'),
        },
        db,
        { idempotencyKey: `lead:${row.id}:new` },
      );
    }
  }
  return row;
}

export const captureLead = defineHandler(CaptureLead, async (input, context) => {
  const { db, caller } = context;
  const [form] = await db
    .select()
    .from(leadForm)
    .where(and(inOrganization(leadForm, caller), eq(leadForm.id, input.form_id)));
  if (!form) throw badInput(LEAD_MESSAGES.formNotFound, 'form_id');
  if (form.status !== 'ACTIVE') throw badInput(LEAD_MESSAGES.formInactive(form.name), 'form_id');
  const row = await insertLead(
    db,
    context.mailer,
    caller.organization,
    form,
    { source: 'INTERNAL', caller },
    input,
  );
  return answerLead(context, row.id, LEAD_MESSAGES.captured(row.lead_number));
});

// ---------------------------------------------------------------------------------------------
// Working a lead

/** A lead of the organization, locked for the change; a won lead is refused (it never changes). */
async function lockOpenLead(db: Db, caller: Caller, id: string): Promise<LeadRow> {
  const [row] = await db
    .select()
    .from(lead)
    .where(and(inOrganization(lead, caller), eq(lead.id, id)))
    .for('update');
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  if (row.status === 'WON') throw conflict(LEAD_MESSAGES.closed(row.lead_number, LEAD_STATUS_LABELS.WON));
  return row;
}

export const updateLead = defineHandler(UpdateLead, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOpenLead(db, caller, input.lead_id);
  await checkOwner(db, caller, input.owner_id, 'owner_id');
  await db
    .update(lead)
    .set({
      owner_member_id: input.owner_id,
      status: input.status,
      lost_reason: input.status === 'LOST' ? input.lost_reason : null,
      updated_at: new Date(),
    })
    .where(eq(lead.id, row.id));
  return answerLead(context, row.id, LEAD_MESSAGES.updated(row.lead_number));
});

export const addLeadFollowUp = defineHandler(AddLeadFollowUp, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOpenLead(db, caller, input.lead_id);
  await db.insert(leadFollowUp).values({
    id: newId(),
    organization_id: caller.organization.id,
    lead_id: row.id,
    due_at: instantIn(caller.organization.time_zone, input.due_date, input.due_time),
    note: input.note,
    created_by: caller.user.id,
  });
  await db.update(lead).set({ updated_at: new Date() }).where(eq(lead.id, row.id));
  return answerLead(context, row.id, LEAD_MESSAGES.followUpAdded(row.lead_number));
});

export const completeLeadFollowUp = defineHandler(CompleteLeadFollowUp, async (input, context) => {
  const { db, caller } = context;
  const [found] = await db
    .select({ followUp: leadFollowUp, number: lead.lead_number })
    .from(leadFollowUp)
    .innerJoin(lead, eq(lead.id, leadFollowUp.lead_id))
    .where(and(inOrganization(leadFollowUp, caller), eq(leadFollowUp.id, input.follow_up_id)))
    .for('update');
  if (!found) throw notFound(LEAD_MESSAGES.followUpNotFound);
  if (found.followUp.done_at) throw conflict(LEAD_MESSAGES.followUpAlreadyDone);
  await db
    .update(leadFollowUp)
    .set({ done_at: new Date(), outcome: input.outcome })
    .where(and(eq(leadFollowUp.id, found.followUp.id), isNull(leadFollowUp.done_at)));
  return answerLead(context, found.followUp.lead_id, LEAD_MESSAGES.followUpDone(found.number));
});

// ---------------------------------------------------------------------------------------------
// Winning

/** Runs a step of the conversion, its field errors named under `prefix` (`customer.pincode`). */
async function underField<T>(prefix: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DomainError && error.field) {
      throw new DomainError(error.code, error.message, `${prefix}.${error.field}`);
    }
    throw error;
  }
}

export const convertLead = defineHandler(ConvertLead, async (input, context) => {
  const { db, caller } = context;
  const row = await lockOpenLead(db, caller, input.lead_id);

  let customerId: string;
  let customerName: string;
  if (input.customer_id) {
    const [found] = await db
      .select({ id: customer.id, name: customer.name })
      .from(customer)
      .where(and(inOrganization(customer, caller), eq(customer.id, input.customer_id)));
    if (!found) throw badInput(LEAD_MESSAGES.customerNotFound, 'customer_id');
    customerId = found.id;
    customerName = found.name;
  } else {
    const details = input.customer!;
    // Made exactly as the customer form makes one (its checks: the phone not taken, the category).
    const made = await underField('customer', () => insertCustomer(db, caller, details));
    customerId = made.customer_id;
    customerName = details.customer_name;
  }

  let quotationId: string | null = null;
  let quotationNumber: string | null = null;
  if (input.quotation_template_id) {
    // The right the quotation form's own operation takes.
    if (!decideAccess(SaveQuotation.access, caller.profile, caller.menu).allowed) {
      throw forbidden(LEAD_MESSAGES.quotationsNotAllowed);
    }
    const [template] = await db
      .select()
      .from(quotationTemplate)
      .where(
        and(
          inOrganization(quotationTemplate, caller),
          eq(quotationTemplate.id, input.quotation_template_id),
          eq(quotationTemplate.status, 'ACTIVE'),
        ),
      );
    if (!template) throw badInput(LEAD_MESSAGES.templateNotFound, 'quotation_template_id');
    if (template.default_lines.length === 0) {
      throw badInput(LEAD_MESSAGES.templateWithoutLines, 'quotation_template_id');
    }
    // The quotation is drafted as the quotation form drafts one (its prices, its tax).
    const drafted = await underField('quotation', () =>
      saveQuotation.handle(
        {
          customer_id: customerId,
          location_id: null,
          ticket_id: null,
          template_id: template.id,
          valid_until: shiftDay(todayOf(caller), template.validity_days),
          header_text: template.header_text,
          footer_text: template.footer_text,
          terms: template.terms,
          lines: template.default_lines as ParsedInputOf<typeof saveQuotation.operation>['lines'],
        },
        context,
      ),
    );
    quotationId = drafted.data.items[0].quotation_id;
    quotationNumber = drafted.data.items[0].quotation_number;
  }

  await db
    .update(lead)
    .set({
      status: 'WON',
      lost_reason: null,
      customer_id: customerId,
      quotation_id: quotationId,
      updated_at: new Date(),
    })
    .where(eq(lead.id, row.id));
  return answerLead(
    context,
    row.id,
    quotationNumber
      ? LEAD_MESSAGES.convertedWithQuotation(row.lead_number, customerName, quotationNumber)
      : LEAD_MESSAGES.converted(row.lead_number, customerName),
  );
});

export const leadHandlers = [
  listLeads,
  captureLead,
  updateLead,
  addLeadFollowUp,
  completeLeadFollowUp,
  convertLead,
];
