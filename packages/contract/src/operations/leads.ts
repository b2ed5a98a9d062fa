import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder, isoDateSchema, timeSchema } from '../fields.ts';
import { listInput, recordStatusSchema, type PageData, type RecordStatus } from '../lists.ts';
import { idSchema, nameSchema } from '../masters.ts';
import { mutation, query, type ItemsData, type Right } from '../operation.ts';
import { checkPhone, DEFAULT_COUNTRY, isCountryCode } from '../phone.ts';
import { createCustomerSchema, customerFields } from './customers.ts';

/**
 * Leads (docs/leads.md), menu 'Leads' on /ProductSales: people who may buy, captured through forms
 * the organization builds (filled on the screen, or by anybody through the form's public link) and
 * followed up until they are won (a customer, and a draft quotation from a template) or lost.
 */

export const LEADS_MODULE = 'Leads';
const leads = (right: Right) => ({ module: LEADS_MODULE, right });

export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'QUALIFIED', 'WON', 'LOST'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  QUALIFIED: 'Qualified',
  WON: 'Won',
  LOST: 'Lost',
};
/** Statuses a person sets by hand: WON is reached only by converting the lead. */
export const SETTABLE_LEAD_STATUSES = ['NEW', 'CONTACTED', 'QUALIFIED', 'LOST'] as const;

export const LEAD_SOURCES = ['PUBLIC', 'INTERNAL'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  PUBLIC: 'Public link',
  INTERNAL: 'Entered by staff',
};

export const LEAD_FIELD_TYPES = ['TEXT', 'NUMBER', 'PHONE', 'EMAIL', 'SELECT', 'DATE'] as const;
export type LeadFieldType = (typeof LEAD_FIELD_TYPES)[number];
export const LEAD_FIELD_TYPE_LABELS: Record<LeadFieldType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  PHONE: 'Phone',
  EMAIL: 'Email',
  SELECT: 'Select (options)',
  DATE: 'Date',
};

/** Who may own leads: the roles whose menus have Leads (docs/leads.md#working-a-lead). */
export const LEAD_OWNER_ROLES = ['OWNER', 'ADMIN', 'NSM', 'RSM'] as const;

/** The public form's page (no sign-in), by the form's signed token. */
export const LEAD_FORM_PATH = '/LeadForm';
export const leadFormPath = (token: string) => `${LEAD_FORM_PATH}?form=${encodeURIComponent(token)}`;
export const LEAD_API_PATH = '/api/lead-form';

/** Leads one network address may send through one form's public link in an hour. */
export const PUBLIC_LEADS_PER_HOUR = 5;
const MAX_FIELDS = 30;
const MAX_OPTIONS = 50;
const ANSWER_MAX = 1000;

export const LEAD_MESSAGES = {
  formSaved: (name: string) => `Form '${name}' saved.`,
  formNotFound: 'Form not found. It may have been deleted; refresh the page.',
  formInactive: (name: string) => `Form '${name}' is inactive; activate it to capture leads with it.`,
  publicFormNotFound: 'This form does not exist or no longer takes answers. Check the link you were given.',
  captured: (number: string) => `Lead ${number} captured.`,
  capturedPublic: (organization: string) =>
    `Thank you. ${organization} has your details and will get in touch with you shortly.`,
  updated: (number: string) => `Lead ${number} saved.`,
  notFound: 'Lead not found. It may have been deleted; refresh the page.',
  closed: (number: string, status: string) =>
    `Lead ${number} is ${status.toLowerCase()}; a won lead does not change any more.`,
  lostReason: 'Say why the lead was lost (at least 5 characters)',
  ownerNotFound: 'Choose an active member of the organization as the owner.',
  followUpAdded: (number: string) => `Follow-up added to lead ${number}.`,
  followUpDone: (number: string) => `Follow-up of lead ${number} done.`,
  followUpNotFound: 'Follow-up not found. Refresh the page.',
  followUpAlreadyDone: 'This follow-up is already done.',
  converted: (number: string, customer: string) => `Lead ${number} won: ${customer} is a customer.`,
  convertedWithQuotation: (number: string, customer: string, quotation: string) =>
    `Lead ${number} won: ${customer} is a customer, and quotation ${quotation} is drafted.`,
  customerNotFound: 'Customer not found. Choose a customer of this organization.',
  customerOrDetails: 'Choose the existing customer, or give the new customer’s details',
  templateNotFound: 'Template not found. Choose an active quotation template.',
  templateWithoutLines:
    'This template has no lines; choose one with lines, or draft the quotation later from Quotations.',
  quotationsNotAllowed: 'Your menu has no Quotations: convert without a quotation, or ask an admin.',
} as const;

// ---------------------------------------------------------------------------------------------
// The form builder

const fieldKeySchema = z
  .string({ error: 'Field key is required' })
  .trim()
  .regex(
    /^[a-z][a-z0-9_]{0,39}$/,
    'Field key must be lower-case letters, digits and _, starting with a letter',
  );

/** One question of a form; the list's order is the form's order. */
export const leadFormFieldSchema = z
  .object({
    /** Stable across edits: a lead's answers are kept by it. */
    key: fieldKeySchema,
    label: nameSchema('Question', 100),
    type: z.enum(LEAD_FIELD_TYPES, { error: `Type must be one of ${LEAD_FIELD_TYPES.join(', ')}` }),
    required: z.boolean({ error: 'Required must be true or false' }).default(false),
    /** The choices of a SELECT; empty for any other type. */
    options: z
      .array(nameSchema('Option', 100), { error: 'Options must be a list' })
      .max(MAX_OPTIONS, `A question has at most ${MAX_OPTIONS} options`)
      .default([]),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.type === 'SELECT') {
      if (field.options.length < 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'Give a select question at least 2 options',
        });
      }
      const lower = field.options.map((option) => option.toLowerCase());
      const repeated = lower.findIndex((option, index) => lower.indexOf(option) !== index);
      if (repeated >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', repeated],
          message: `The option '${field.options[repeated]}' is given twice`,
        });
      }
    } else if (field.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a select question has options' });
    }
  });
export type LeadFormField = z.output<typeof leadFormFieldSchema>;

const formFields = {
  form_name: nameSchema('Form name', 100),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .nullish()
    .transform((value) => value || null),
  /** Besides name, phone and email, which every form asks. */
  fields: z
    .array(leadFormFieldSchema, { error: 'Questions must be a list' })
    .max(MAX_FIELDS, `A form has at most ${MAX_FIELDS} questions`)
    .default([])
    .superRefine((fields, ctx) => {
      const keys = fields.map((field) => field.key);
      const repeatedKey = keys.findIndex((key, index) => keys.indexOf(key) !== index);
      if (repeatedKey >= 0) {
        ctx.addIssue({ code: 'custom', path: [repeatedKey, 'key'], message: 'Two questions have one key' });
      }
      const labels = fields.map((field) => field.label.toLowerCase());
      const repeated = labels.findIndex((label, index) => labels.indexOf(label) !== index);
      if (repeated >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: [repeated, 'label'],
          message: `Two questions ask '${fields[repeated].label}'`,
        });
      }
    }),
  /** Who owns the leads the form captures until somebody else is chosen; null: nobody yet. */
  default_owner_id: idSchema('Default owner')
    .nullish()
    .transform((value) => value ?? null),
  /** Whether the form's public link takes answers. */
  is_public: z.boolean({ error: 'Public link must be true or false' }).default(true),
};

/** A key for a new question from its label ('Budget (Rs)' → 'budget_rs'), unique among `taken`. */
export function fieldKeyOf(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 32) || 'question';
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}_${n}`;
  return key;
}

// ---------------------------------------------------------------------------------------------
// Answers: checked against the form's questions by the screen and the server alike

export type LeadAnswers = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the answers, by question key (empty: nothing). */
export function answerProblems(
  fields: readonly LeadFormField[],
  answers: LeadAnswers,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const value = (answers[field.key] ?? '').trim();
    if (!value) {
      if (field.required) problems[field.key] = `${field.label} is required`;
      continue;
    }
    if (value.length > ANSWER_MAX) {
      problems[field.key] = `${field.label} must be at most ${ANSWER_MAX} characters`;
      continue;
    }
    switch (field.type) {
      case 'NUMBER':
        if (!/^-?\d+(\.\d+)?$/.test(value)) problems[field.key] = `${field.label} must be a number`;
        break;
      case 'EMAIL':
        if (!EMAIL.test(value)) problems[field.key] = `${field.label} must be a valid email`;
        break;
      case 'PHONE': {
        const checked = checkPhone(value, DEFAULT_COUNTRY);
        if (!checked.ok) problems[field.key] = `${field.label}: ${checked.message}`;
        break;
      }
      case 'DATE':
        if (!isoDateSchema(field.label).safeParse(value).success) {
          problems[field.key] = `${field.label} must be a date such as 2026-11-25`;
        }
        break;
      case 'SELECT':
        if (!field.options.includes(value)) {
          problems[field.key] = `${field.label}: choose one of ${field.options.join(', ')}`;
        }
        break;
      case 'TEXT':
        break;
    }
  }
  return problems;
}

const answersSchema = z
  .record(z.string().max(80), z.string({ error: 'An answer must be text' }).max(ANSWER_MAX + 100), {
    error: 'Answers must be an object of question keys and answers',
  })
  .default({});

/** Who the lead is: name, phone and email, which every form asks. */
const contactFields = customerFields.pick({
  customer_name: true,
  phone_country: true,
  customer_phone: true,
  customer_email: true,
});

const checkContactPhone = (
  value: { customer_phone: string; phone_country: string },
  ctx: z.RefinementCtx,
) => {
  if (!isCountryCode(value.phone_country)) return;
  const checked = checkPhone(value.customer_phone, value.phone_country);
  if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['customer_phone'], message: checked.message });
};

export const captureLeadSchema = contactFields
  .extend({ form_id: idSchema('Form'), answers: answersSchema })
  .strict()
  .superRefine(checkContactPhone);

/** The public link's body: the form's token, the lead, and `website`, the hidden honeypot. */
export const publicLeadSchema = contactFields
  .extend({
    form: z.string({ error: 'form is required' }).trim().min(1, 'form is required').max(200),
    answers: answersSchema,
    website: z.string().max(500).optional(),
  })
  .strict()
  .superRefine(checkContactPhone);
export type PublicLeadInput = z.input<typeof publicLeadSchema>;

// ---------------------------------------------------------------------------------------------
// Results

export interface LeadFormItem {
  form_id: string;
  form_name: string;
  description: string | null;
  fields: LeadFormField[];
  default_owner_id: string | null;
  default_owner_name: string | null;
  is_public: boolean;
  /** The public link's path (with its signed token), to share; null when the form takes no public answers. */
  public_path: string | null;
  form_status: RecordStatus;
  lead_count: number;
  form_created_on: string;
}

/** What the public link's page shows. */
export interface PublicLeadForm {
  organization_name: string;
  form_name: string;
  description: string | null;
  fields: LeadFormField[];
}

export interface LeadFollowUp {
  follow_up_id: string;
  /** When, as an instant; the screen shows it in the organization's time zone. */
  due_at: string;
  note: string;
  done_on: string | null;
  outcome: string | null;
  reminded_on: string | null;
  created_by_name: string | null;
}

export interface LeadAnswer {
  key: string;
  label: string;
  type: LeadFieldType;
  value: string;
}

export interface LeadItem {
  lead_id: string;
  lead_number: string;
  status: LeadStatus;
  source: LeadSource;
  form_id: string;
  form_name: string;
  customer_name: string;
  /** E.164. */
  customer_phone: string;
  customer_phone_display: string;
  phone_country: string;
  customer_email: string | null;
  /** The answers, labelled as the form asked them when the lead came. */
  answers: LeadAnswer[];
  owner_id: string | null;
  owner_name: string | null;
  lost_reason: string | null;
  follow_ups: LeadFollowUp[];
  /** The earliest follow-up not done, while the lead is open (a won or lost lead has none). */
  next_follow_up_at: string | null;
  /** A customer of the organization with the lead's phone (what conversion will use). */
  matched_customer_id: string | null;
  matched_customer_name: string | null;
  /** What winning made. */
  customer_id: string | null;
  won_customer_name: string | null;
  quotation_id: string | null;
  quotation_number: string | null;
  created_by_name: string | null;
  created_on: string;
  updated_on: string;
}

export interface LeadOwnerChoice {
  owner_id: string;
  name: string;
  role: string;
}

// ---------------------------------------------------------------------------------------------
// Operations

const formId = idSchema('Form');
const leadId = idSchema('Lead');

export const ListLeadForms = query<PageData<LeadFormItem>>()({
  name: 'ListLeadForms',
  access: leads('VIEW'),
  description: "A page of the organization's lead forms with their questions and public links",
  input: listInput({
    sortBy: ['form_name', 'form_created_on'],
    defaultSortBy: 'form_name',
    defaultSortOrder: 'asc',
    filters: {},
  }),
});

export const CreateLeadForm = mutation<ItemsData<LeadFormItem>>()({
  name: 'CreateLeadForm',
  access: leads('CREATE'),
  description:
    'Builds a lead form: its questions (text, number, phone, email, select, date), required or not, in order',
  input: z.object(formFields).strict(),
});

export const UpdateLeadForm = mutation<ItemsData<LeadFormItem>>()({
  name: 'UpdateLeadForm',
  access: leads('EDIT'),
  description:
    "Changes a lead form's questions, owner and public link, or (de)activates it; leads already captured keep their answers as asked",
  input: z
    .object({ form_id: formId, ...formFields, form_status: recordStatusSchema('form_status') })
    .strict(),
});

export const ListLeadOwnerChoices = query<ItemsData<LeadOwnerChoice>>()({
  name: 'ListLeadOwnerChoices',
  access: leads('VIEW'),
  description: "The organization's active staff a lead or form can be given to",
  input: z.object({}).strict(),
});

export const ListLeads = query<PageData<LeadItem>>()({
  name: 'ListLeads',
  access: leads('VIEW'),
  description:
    'A page of leads, the newest first: search by number, name or phone; filters by status, form, owner (mine) and days',
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'lead_number', 'next_follow_up'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        lead_status: z
          .enum(LEAD_STATUSES, { error: `lead_status must be one of ${LEAD_STATUSES.join(', ')}` })
          .optional(),
        form_id: formId.optional(),
        /** One lead by id (a reminder's link opens it). */
        lead_id: leadId.optional(),
        mine: z.boolean({ error: 'mine must be true or false' }).optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const CaptureLead = mutation<ItemsData<LeadItem>>()({
  name: 'CaptureLead',
  access: leads('CREATE'),
  description: "Captures a lead by filling one of the organization's forms on the screen",
  input: captureLeadSchema,
});

export const UpdateLead = mutation<ItemsData<LeadItem>>()({
  name: 'UpdateLead',
  access: leads('EDIT'),
  description: "Changes a lead's owner and status (New, Contacted, Qualified, or Lost with a reason)",
  input: z
    .object({
      lead_id: leadId,
      owner_id: idSchema('Owner')
        .nullish()
        .transform((value) => value ?? null),
      status: z.enum(SETTABLE_LEAD_STATUSES, {
        error: `Status must be one of ${SETTABLE_LEAD_STATUSES.join(', ')}; a lead is won by converting it`,
      }),
      lost_reason: z
        .string({ error: 'Reason must be text' })
        .trim()
        .max(500, 'Reason must be at most 500 characters')
        .nullish()
        .transform((value) => value || null),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.status === 'LOST' && (value.lost_reason ?? '').length < 5) {
        ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: LEAD_MESSAGES.lostReason });
      }
    }),
});

export const AddLeadFollowUp = mutation<ItemsData<LeadItem>>()({
  name: 'AddLeadFollowUp',
  access: leads('EDIT'),
  description:
    "Plans a follow-up of a lead on a day and time (the organization's); its owner is reminded by mail when it is due",
  input: z
    .object({
      lead_id: leadId,
      due_date: isoDateSchema('Follow-up date'),
      due_time: timeSchema('Follow-up time'),
      note: z
        .string({ error: 'Note is required' })
        .trim()
        .min(3, 'Note must be at least 3 characters')
        .max(500, 'Note must be at most 500 characters'),
    })
    .strict(),
});

export const CompleteLeadFollowUp = mutation<ItemsData<LeadItem>>()({
  name: 'CompleteLeadFollowUp',
  access: leads('EDIT'),
  description: 'Marks a follow-up done, with what came of it',
  input: z
    .object({
      follow_up_id: idSchema('Follow-up'),
      outcome: z
        .string({ error: 'Outcome is required' })
        .trim()
        .min(3, 'Outcome must be at least 3 characters')
        .max(500, 'Outcome must be at most 500 characters'),
    })
    .strict(),
});

export const ConvertLead = mutation<ItemsData<LeadItem>>()({
  name: 'ConvertLead',
  access: leads('EDIT'),
  description:
    'Wins a lead: for an existing customer (by id) or a new one made as the customer form makes one, with a draft quotation from a template when one is chosen',
  input: z
    .object({
      lead_id: leadId,
      customer_id: idSchema('Customer')
        .nullish()
        .transform((value) => value ?? null),
      customer: createCustomerSchema.optional(),
      quotation_template_id: idSchema('Quotation template')
        .nullish()
        .transform((value) => value ?? null),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (Boolean(value.customer_id) === Boolean(value.customer)) {
        ctx.addIssue({ code: 'custom', path: ['customer_id'], message: LEAD_MESSAGES.customerOrDetails });
      }
    }),
});
