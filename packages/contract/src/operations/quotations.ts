import { z } from 'zod';
import {
  dateRangeFilter,
  dateRangeInOrder,
  isoDateSchema,
  paiseSchema,
  wholeNumberSchema,
} from '../fields.ts';
import { gstRateSchema } from '../gst.ts';
import { listInput, type PageData, type RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import type { TaxSupply } from '../tax.ts';
import {
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  paymentFields,
  paymentModeSchema,
  type PaymentMode,
  type PaymentStatus,
} from './purchasing.ts';

/**
 * Quotations (docs/quotations.md): what an organization offers a customer (services, spare parts,
 * additional parts, AMC plans) at a price, approved inside the organization through the workflow
 * (kind QUOTATION), mailed with a signed link to a page where the customer accepts or rejects it
 * without signing in, and paid in parts. Templates give a quotation its texts and first lines.
 */

/** The menu items (menus.ts) whose rights guard quotations and their templates. */
export const QUOTATIONS_MODULE = 'Quotations List';
export const QUOTATIONS_VIEW_MODULE = 'Quotations View';
export const QUOTATION_TEMPLATES_MODULE = 'Templates';

const quotationsAccess = (right: 'VIEW' | 'CREATE' | 'EDIT'): Access =>
  right === 'VIEW'
    ? { module: [QUOTATIONS_MODULE, QUOTATIONS_VIEW_MODULE], right }
    : { module: QUOTATIONS_MODULE, right };

// ---------------------------------------------------------------------------------------------
// States and lines

/**
 * DRAFT (editable) -> PENDING_APPROVAL (the workflow) -> APPROVED -> SENT (mailed) -> ACCEPTED or
 * REJECTED by the customer; APPROVED or SENT past its validity reads EXPIRED. An internal refusal
 * or a withdrawal sends it back to DRAFT. A revision replaces it: the earlier one is REVISED and
 * kept as it was.
 */
export const QUOTATION_STATES = [
  'DRAFT',
  'PENDING_APPROVAL',
  'APPROVED',
  'SENT',
  'ACCEPTED',
  'REJECTED',
  'EXPIRED',
  'REVISED',
] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];
export const QUOTATION_STATE_LABELS: Record<QuotationState, string> = {
  DRAFT: 'Draft',
  PENDING_APPROVAL: 'Waiting for approval',
  APPROVED: 'Approved',
  SENT: 'Sent to customer',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected by customer',
  EXPIRED: 'Expired',
  REVISED: 'Revised',
};
/** States from which a new revision may be made. */
export const QUOTATION_REVISABLE_STATES: readonly QuotationState[] = [
  'APPROVED',
  'SENT',
  'REJECTED',
  'EXPIRED',
];

export const QUOTATION_LINE_KINDS = ['SERVICE', 'COMPONENT', 'ADDITIONAL_PART', 'AMC'] as const;
export type QuotationLineKind = (typeof QUOTATION_LINE_KINDS)[number];
export const QUOTATION_LINE_KIND_LABELS: Record<QuotationLineKind, string> = {
  SERVICE: 'Service',
  COMPONENT: 'Spare part',
  ADDITIONAL_PART: 'Additional part',
  AMC: 'AMC plan',
};

export const MAX_QUOTATION_LINES = 50;
/** One line's unit price: up to ₹10,00,000. */
export const QUOTATION_MAX_UNIT_PAISE = 100_000_000;
export const QUOTATION_MAX_QUANTITY = 10_000;
/** The longest validity a quotation may be given, in days from today. */
export const QUOTATION_MAX_VALIDITY_DAYS = 365;
/** One payment: up to ₹100 crore. */
export const QUOTATION_MAX_PAYMENT_PAISE = 100_000_000_000;

export interface QuotationLine {
  line_id: string;
  kind: QuotationLineKind;
  /** The service, component, additional part or AMC type it prices. */
  item_id: string;
  description: string;
  /** HSN or SAC code when the item has one. */
  hsn_code: string | null;
  /** SERVICE: the product the visit is for; AMC: the fleet item the plan covers once accepted. */
  fleet_item_id: string | null;
  fleet_item_serial: string | null;
  quantity: number;
  /** Paise a unit, before tax. */
  unit_price: number;
  /** Paise off the line, before tax. */
  discount: number;
  /** GST %, e.g. 18. */
  tax_rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** What accepting a quotation made: the tickets it raised and the AMC contracts of its products. */
export interface QuotationOutcome {
  tickets: { ticket_id: string; ticket_number: string }[];
  /** The AMC contracts made for its AMC lines (docs/contracts.md), one per product. */
  amc_items: {
    fleet_item_id: string;
    serial_number: string;
    amc_type_name: string;
    contract_id: string;
    contract_number: string;
    amc_start_date: string;
    amc_end_date: string;
  }[];
}

export interface QuotationItem {
  quotation_id: string;
  /** From the organization's sequence per financial year: 'QT/2026-27/000042'; kept by its revisions. */
  quotation_number: string;
  /** 1 for the first; each revision counts up. */
  revision: number;
  state: QuotationState;
  customer_id: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  location_id: string;
  /** Street, city, state and PIN code, as the quotation prints them. */
  customer_address: string;
  customer_state: string;
  ticket_id: string | null;
  ticket_number: string | null;
  template_id: string | null;
  template_name: string | null;
  /** The organization's state against the customer's: CGST + SGST or IGST. */
  supply: TaxSupply;
  /** The last day the customer may accept, in the organization's calendar. */
  valid_until: string;
  header_text: string | null;
  footer_text: string | null;
  terms: string | null;
  lines: QuotationLine[];
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total_amount: number;
  paid_amount: number;
  balance_amount: number;
  payment_status: PaymentStatus;
  workflow_request_id: string | null;
  /** The approver's comment when sent back to draft. */
  decision_comment: string | null;
  /** What the customer wrote when accepting or rejecting. */
  customer_comment: string | null;
  responded_on: string | null;
  outcome: QuotationOutcome | null;
  shared_on: string | null;
  shared_to: string | null;
  created_by_name: string;
  created_on: string;
  updated_on: string;
}

export interface QuotationPayment {
  payment_id: string;
  quotation_id: string;
  quotation_number: string;
  revision: number;
  customer_name: string;
  amount: number;
  paid_on: string;
  mode: PaymentMode;
  reference: string;
  note: string | null;
  recorded_by_name: string;
  recorded_on: string;
}

export interface QuotationRevision {
  quotation_id: string;
  revision: number;
  state: QuotationState;
  total_amount: number;
  created_on: string;
}

export interface QuotationDetails extends QuotationItem {
  payments: QuotationPayment[];
  /** Every revision of its number, the first first (this one among them). */
  revisions: QuotationRevision[];
}

// ---------------------------------------------------------------------------------------------
// Fields

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const quotationId = idSchema('quotation_id');
const stateSchema = z.enum(QUOTATION_STATES, {
  error: `state must be one of ${QUOTATION_STATES.join(', ')}`,
});

/** A line as a person types it (a template's default lines have the same shape, with no product). */
export const quotationLineSchema = z
  .object({
    kind: z.enum(QUOTATION_LINE_KINDS, { error: `Kind must be one of ${QUOTATION_LINE_KINDS.join(', ')}` }),
    item_id: idSchema('Item'),
    description: optionalText('Description', 300),
    fleet_item_id: idSchema('Product')
      .nullish()
      .transform((value) => value ?? null),
    quantity: wholeNumberSchema('Quantity', 1, QUOTATION_MAX_QUANTITY),
    unit_price: paiseSchema('Unit price', QUOTATION_MAX_UNIT_PAISE),
    discount: paiseSchema('Discount', QUOTATION_MAX_UNIT_PAISE * 100).default(0),
    tax_rate: gstRateSchema('GST %'),
  })
  .strict()
  .superRefine((line, ctx) => {
    if (line.discount > line.quantity * line.unit_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount'],
        message: 'Discount must not be more than quantity × unit price',
      });
    }
  });
export type QuotationLineInput = z.input<typeof quotationLineSchema>;

const linesSchema = (min: number) =>
  z
    .array(quotationLineSchema, { error: 'Lines must be a list' })
    .min(min, 'Add at least one line')
    .max(MAX_QUOTATION_LINES, `At most ${MAX_QUOTATION_LINES} lines on one quotation`);

// ---------------------------------------------------------------------------------------------
// Templates (docs/quotations.md#templates)

export interface QuotationTemplateItem {
  template_id: string;
  template_name: string;
  header_text: string | null;
  footer_text: string | null;
  terms: string | null;
  /** Days from the day a quotation is drafted to its last valid day. */
  validity_days: number;
  default_lines: z.output<typeof quotationLineSchema>[];
  template_status: RecordStatus;
  template_created_on: string;
}

export const quotationTemplates = masterContract<QuotationTemplateItem>()({
  plural: 'QuotationTemplates',
  singular: 'QuotationTemplate',
  noun: 'template',
  module: QUOTATION_TEMPLATES_MODULE,
  // A quotation starts from one.
  readers: [QUOTATIONS_MODULE],
  idKey: 'template_id',
  statusKey: 'template_status',
  nameKey: 'template_name',
  fields: {
    template_name: nameSchema('Name', 100),
    header_text: optionalText('Header', 1000),
    footer_text: optionalText('Footer', 1000),
    terms: optionalText('Terms', 3000),
    validity_days: wholeNumberSchema('Valid for (days)', 1, QUOTATION_MAX_VALIDITY_DAYS),
    default_lines: linesSchema(0).default([]),
  },
  sortBy: ['template_name', 'template_status', 'template_created_on'],
  defaultSortBy: 'template_name',
});
export const {
  list: ListQuotationTemplates,
  create: CreateQuotationTemplate,
  update: UpdateQuotationTemplate,
  activateOrDeactivate: ActivateOrDeactivateQuotationTemplate,
} = quotationTemplates;

// ---------------------------------------------------------------------------------------------
// Operations

export const ListQuotations = query<PageData<QuotationItem>>()({
  name: 'ListQuotations',
  access: quotationsAccess('VIEW'),
  description:
    'A page of quotations, newest first, every revision its own row: search by number or customer; filters by state, payment, customer, ticket and the day drafted.',
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'quotation_number', 'total_amount', 'valid_until', 'updated_on'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        state: stateSchema.optional(),
        payment_status: z
          .enum(PAYMENT_STATUSES, { error: `payment_status must be one of ${PAYMENT_STATUSES.join(', ')}` })
          .optional(),
        customer_id: idSchema('customer_id').optional(),
        ticket_id: idSchema('ticket_id').optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const GetQuotation = query<ItemsData<QuotationDetails>>()({
  name: 'GetQuotation',
  access: quotationsAccess('VIEW'),
  description: 'One quotation with its lines, payments and every revision of its number.',
  input: z.object({ quotation_id: quotationId }).strict(),
});

export const saveQuotationSchema = z
  .object({
    /** Omitted: a new draft. Given: that draft, changed. */
    quotation_id: quotationId.optional(),
    customer_id: idSchema('Customer'),
    /** Omitted: the customer's primary location. */
    location_id: idSchema('Location')
      .nullish()
      .transform((value) => value ?? null),
    ticket_id: idSchema('Ticket')
      .nullish()
      .transform((value) => value ?? null),
    template_id: idSchema('Template')
      .nullish()
      .transform((value) => value ?? null),
    valid_until: isoDateSchema('Valid until'),
    header_text: optionalText('Header', 1000),
    footer_text: optionalText('Footer', 1000),
    terms: optionalText('Terms', 3000),
    lines: linesSchema(1),
  })
  .strict();

export const SaveQuotation = mutation<ItemsData<QuotationItem>>()({
  name: 'SaveQuotation',
  access: quotationsAccess('CREATE'),
  description:
    "Drafts a quotation for a customer (from one of its tickets, or on its own) or changes a draft: lines of services, spare parts, additional parts and AMC plans with quantity, price, discount and GST; the tax is CGST + SGST within the organization's state, IGST across.",
  input: saveQuotationSchema,
});

export const SubmitQuotation = mutation<ItemsData<QuotationItem>>()({
  name: 'SubmitQuotation',
  access: quotationsAccess('CREATE'),
  description: 'Sends a draft for approval through the workflow (kind QUOTATION).',
  input: z.object({ quotation_id: quotationId }).strict(),
});

/** Optional address for a mail; empty is none. */
const optionalEmailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Email must be an address such as asha@example.in',
  )
  .nullish()
  .transform((value) => value || null);

export const ShareQuotation = mutation<ItemsData<QuotationItem>>()({
  name: 'ShareQuotation',
  access: quotationsAccess('EDIT'),
  description:
    "Mails an approved quotation to the customer (the customer's email, or the address given) with its PDF and a signed link to a page where the customer accepts or rejects it; the link stops working after the validity.",
  input: z
    .object({
      quotation_id: quotationId,
      email: optionalEmailSchema,
      message: optionalText('Message', 1000),
    })
    .strict(),
});

export const ReviseQuotation = mutation<ItemsData<QuotationItem>>()({
  name: 'ReviseQuotation',
  access: quotationsAccess('CREATE'),
  description:
    'Makes the next revision of a quotation as a draft with the same number and lines; the one revised is kept, REVISED, and its link stops working.',
  input: z.object({ quotation_id: quotationId }).strict(),
});

export const recordQuotationPaymentSchema = z
  .object({
    quotation_id: quotationId,
    ...paymentFields(QUOTATION_MAX_PAYMENT_PAISE, 'the UTR, cheque or receipt number'),
    mode: paymentModeSchema,
  })
  .strict();

export const RecordQuotationPayment = mutation<ItemsData<QuotationItem>>()({
  name: 'RecordQuotationPayment',
  access: quotationsAccess('EDIT'),
  description:
    "Records a customer's payment against an accepted quotation (amount, day, mode, reference): never more than the balance, never a day to come.",
  input: recordQuotationPaymentSchema,
});

export const ListWorkFlowPayments = query<PageData<QuotationPayment>>()({
  name: 'ListWorkFlowPayments',
  access: quotationsAccess('VIEW'),
  description:
    "A page of customers' payments against quotations, newest first: search by reference or quotation number; filters by quotation, mode and the day paid.",
  input: dateRangeInOrder(
    listInput({
      sortBy: ['paid_on', 'amount'],
      defaultSortBy: 'paid_on',
      defaultSortOrder: 'desc',
      filters: {
        quotation_id: quotationId.optional(),
        mode: z.enum(PAYMENT_MODES, { error: `mode must be one of ${PAYMENT_MODES.join(', ')}` }).optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

/** The PDF of a quotation: GET with the session, the same access as the list. */
export const quotationPdfPath = (quotationId: string) =>
  `/api/documents/quotation/${encodeURIComponent(quotationId)}.pdf`;

// ---------------------------------------------------------------------------------------------
// The customer's page (public, no sign-in: POST /api/quotation-link/read, /accept, /reject)

export const QUOTATION_LINK_PATH = '/Quotation';
/** The page a mailed link opens: '/Quotation?token=...'. */
export const quotationLinkPath = (token: string) =>
  `${QUOTATION_LINK_PATH}?token=${encodeURIComponent(token)}`;

export const quotationTokenBody = z.object({ token: z.string().min(10).max(200) }).strict();

export const quotationResponseBody = z
  .object({
    token: z.string().min(10).max(200),
    comment: optionalText('Comment', 1000),
  })
  .strict();

/** What the customer's page shows: the quotation as mailed, nothing of the organization's internals. */
export interface PublicQuotation {
  organization_name: string;
  organization_logo_url: string | null;
  quotation_number: string;
  revision: number;
  state: QuotationState;
  customer_name: string;
  customer_address: string;
  valid_until: string;
  header_text: string | null;
  footer_text: string | null;
  terms: string | null;
  supply: TaxSupply;
  lines: Omit<QuotationLine, 'item_id' | 'fleet_item_id' | 'line_id'>[];
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total_amount: number;
  customer_comment: string | null;
  responded_on: string | null;
  /** The organization's time zone: the days on the page are its days. */
  time_zone: string;
}

// ---------------------------------------------------------------------------------------------
// Messages

export const QUOTATIONS_MESSAGES = {
  notFound: 'Quotation not found. It may not be yours to see; refresh the list.',
  customerNotFound: 'Customer not found. Choose a customer from the list.',
  customerInactive: 'This customer is inactive. Activate the customer first.',
  locationNotFound: "Location not found. Choose one of the customer's locations.",
  ticketNotFound: 'Ticket not found. Choose one of your tickets.',
  ticketOfAnotherCustomer: (ticket: string) =>
    `Ticket ${ticket} is another customer's: choose the ticket's customer, or no ticket.`,
  templateNotFound: 'Template not found. Choose an active template.',
  itemNotFound: (kind: string) => `${kind} not found. Choose an active one from the list.`,
  fleetItemNotFound: "Product not found among the customer's products.",
  amcNotForProduct: (amc: string, product: string) => `AMC plan ${amc} does not cover ${product}.`,
  noGstin:
    'GST % must be 0: the organization has no GSTIN, so it cannot charge GST. Add the GSTIN under Settings > Organization, or quote at 0%.',
  validityPassed: (today: string) => `Valid until must be today (${today}) or later.`,
  validityTooLong: (last: string) => `Valid until must be at most a year away (${last} at the latest).`,
  notDraft: (number: string, state: string) =>
    `Quotation ${number} is ${state.toLowerCase()}: only a draft can be changed or sent for approval.`,
  saved: (number: string) => `Quotation ${number} saved as a draft.`,
  submitted: (number: string) => `Quotation ${number} sent for approval.`,
  notShareable: (number: string, state: string) =>
    `Quotation ${number} is ${state.toLowerCase()}: only an approved quotation within its validity can be sent.`,
  noCustomerEmail: (customer: string) =>
    `Email is required: customer ${customer} has no email address. Give one, or add it to the customer.`,
  shared: (number: string, email: string) => `Quotation ${number} sent to ${email}.`,
  notRevisable: (number: string, state: string) =>
    `Quotation ${number} is ${state.toLowerCase()}: only an approved, sent, rejected or expired quotation can be revised.`,
  revised: (number: string, revision: number) => `Revision ${revision} of ${number} drafted.`,
  notPayable: (number: string, state: string) =>
    `Quotation ${number} is ${state.toLowerCase()}: payments are recorded against an accepted quotation.`,
  overpaid: (balance: string) => `Amount must not be more than the balance of ${balance}.`,
  paidInFuture: 'Paid on must not be a day to come.',
  paid: (amount: string, number: string, balance: string) =>
    `Payment of ${amount} recorded against ${number}. Balance ${balance}.`,
  // The customer's page
  linkNotValid: 'This quotation link is not valid. Ask the organization that sent it for a new one.',
  linkRevised: (number: string) =>
    `Quotation ${number} has been revised since this link was sent. Ask for the new quotation.`,
  linkExpired: (number: string, day: string) =>
    `Quotation ${number} was valid until ${day}. Ask the organization for a new quotation.`,
  alreadyAnswered: (number: string, state: string) =>
    `Quotation ${number} is already ${state.toLowerCase()}.`,
  notOpenToAnswer: (number: string) =>
    `Quotation ${number} is not open for an answer. Ask the organization about it.`,
  rejectNeedsComment: 'Comment is required: tell us why, so that we can offer something better.',
  accepted: (number: string, organization: string) =>
    `Thank you. You accepted quotation ${number}; ${organization} will be in touch.`,
  rejected: (number: string) => `You rejected quotation ${number}. Thank you for letting us know.`,
} as const;
