import { z } from 'zod';
import {
  dateRangeFilter,
  dateRangeInOrder,
  isoDateSchema,
  optionalIsoDateSchema,
  paiseSchema,
} from '../fields.ts';
import { listInput, type PageData, type RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';
import type { TaxSupply } from '../tax.ts';
import {
  PAYMENT_STATUSES,
  paymentFields,
  paymentModeSchema,
  type PaymentMode,
  type PaymentStatus,
} from './purchasing.ts';

/**
 * What service partners earn (docs/payouts.md): rate cards (the Cost Configuration screen) that
 * give a partner's amount for a closed ticket, frozen on the ticket when it closes.
 */

export const COST_CONFIGURATION_MODULE = 'Cost Configuration';

/**
 * Who among the organization's staff is told partners' amounts (a ticket's page, the Not priced
 * filter): those who see the rate cards or the payouts.
 */
export const PARTNER_AMOUNT_READERS: Access = {
  module: [COST_CONFIGURATION_MODULE, 'Service Partner Payout'],
  right: 'VIEW',
};

/** ₹1,00,000.00 in paise: above any one visit's pay, low enough to catch a mistyped amount. */
export const RATE_CARD_MAX_PAISE = 10_000_000;

// ---------------------------------------------------------------------------------------------
// Which rate card applies (docs/payouts.md#which-card-applies)

/** What a rate card is for: its partner and the ticket fields it narrows to (null: any). */
export interface RateCardKey {
  party_id: string;
  /** A card for one service (its category is the service's), for one category, or for any. */
  service_id: string | null;
  category_id: string | null;
  service_type_id: string | null;
  territory_category_id: string | null;
}

export interface RateCardTerms extends RateCardKey {
  /** 'YYYY-MM-DD', both ends included; null: open-ended. */
  valid_from: string;
  valid_until: string | null;
}

/** What of a closed ticket decides its partner's amount. */
export interface RatedTicket {
  partner_party_id: string;
  service_id: string;
  category_id: string;
  service_type_id: string | null;
  /** The category of the ticket's territory, when it has one. */
  territory_category_id: string | null;
  /** The day it closed, in the organization's time zone. */
  day: string;
}

/** What each field a card names adds to its specificity (the server sorts by the same sum in SQL). */
export const RATE_CARD_WEIGHTS = { service: 8, category: 4, service_type: 2, territory_category: 1 } as const;

/**
 * A card's specificity, from 0 (the partner's default) to 11 (service + service type + territory
 * category): what it narrows to weighs most (service over category over neither), then the service
 * type, then the territory category. Of the cards that match a ticket the highest wins.
 */
export function rateCardSpecificity(card: RateCardKey): number {
  const w = RATE_CARD_WEIGHTS;
  return (
    (card.service_id ? w.service : card.category_id ? w.category : 0) +
    (card.service_type_id ? w.service_type : 0) +
    (card.territory_category_id ? w.territory_category : 0)
  );
}

/** The specificity in words, as the screen lists it: 'Service + service type'. */
export function rateCardSpecificityLabel(card: RateCardKey): string {
  const parts = [
    card.service_id ? 'Service' : card.category_id ? 'Category' : null,
    card.service_type_id ? 'service type' : null,
    card.territory_category_id ? 'territory category' : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return "Partner's default";
  const [first, ...rest] = parts;
  return [first[0].toUpperCase() + first.slice(1), ...rest].join(' + ');
}

/** Whether the card is in force on the day. */
export function rateCardInForce(card: RateCardTerms, day: string): boolean {
  return card.valid_from <= day && (card.valid_until === null || day <= card.valid_until);
}

/** Whether the card applies to the ticket: its partner, each field it narrows to, its days. */
export function rateCardMatches(card: RateCardTerms, ticket: RatedTicket): boolean {
  return (
    card.party_id === ticket.partner_party_id &&
    (card.service_id === null || card.service_id === ticket.service_id) &&
    (card.category_id === null || card.category_id === ticket.category_id) &&
    (card.service_type_id === null || card.service_type_id === ticket.service_type_id) &&
    (card.territory_category_id === null || card.territory_category_id === ticket.territory_category_id) &&
    rateCardInForce(card, ticket.day)
  );
}

/**
 * The card that prices the ticket: the most specific of those that match, or null (the ticket is
 * flagged). Two matching cards of the same specificity cannot both be saved (rateCardsClash); were
 * they there, the later start and then the smaller id would win, so the answer never depends on
 * the order the cards are read in.
 */
export function pickRateCard<Card extends RateCardTerms & { id: string }>(
  cards: readonly Card[],
  ticket: RatedTicket,
): Card | null {
  let best: Card | null = null;
  for (const card of cards) {
    if (!rateCardMatches(card, ticket)) continue;
    if (!best) {
      best = card;
      continue;
    }
    const [rank, bestRank] = [rateCardSpecificity(card), rateCardSpecificity(best)];
    if (
      rank > bestRank ||
      (rank === bestRank &&
        (card.valid_from > best.valid_from || (card.valid_from === best.valid_from && card.id < best.id)))
    ) {
      best = card;
    }
  }
  return best;
}

/**
 * Whether two cards could both price the same ticket at the same specificity: the same partner and
 * fields and overlapping days. Such a pair is refused when saved.
 */
export function rateCardsClash(a: RateCardTerms, b: RateCardTerms): boolean {
  const sameKey =
    a.party_id === b.party_id &&
    a.service_id === b.service_id &&
    a.category_id === b.category_id &&
    a.service_type_id === b.service_type_id &&
    a.territory_category_id === b.territory_category_id;
  const startsBeforeOtherEnds = (x: RateCardTerms, y: RateCardTerms) =>
    y.valid_until === null || x.valid_from <= y.valid_until;
  return sameKey && startsBeforeOtherEnds(a, b) && startsBeforeOtherEnds(b, a);
}

// ---------------------------------------------------------------------------------------------
// Rate cards (the Cost Configuration screen)

export interface CostConfigurationItem {
  cost_configuration_id: string;
  cost_configuration_name: string;
  party_id: string;
  partner_name: string;
  service_id: string | null;
  service_name: string | null;
  category_id: string | null;
  category_name: string | null;
  service_type_id: string | null;
  service_type_name: string | null;
  territory_category_id: string | null;
  territory_category_name: string | null;
  amount_paise: number;
  valid_from: string;
  valid_until: string | null;
  /** rateCardSpecificity and its words. */
  specificity: number;
  specificity_label: string;
  cost_configuration_status: RecordStatus;
  cost_configuration_created_on: string;
}

/** An optional id of a form: '' is "Any". */
const anyId = (label: string) =>
  z
    .preprocess((value) => (value === '' ? null : value), idSchema(label).nullish())
    .transform((value) => value ?? null);

export const PAYOUT_MESSAGES = {
  organizationOnly: 'Rate cards are set by the organization, not by its service partners.',
  pricedNow: (priced: number, left: number) => {
    const still = (n: number) => `${n} still ${n === 1 ? 'has' : 'have'} no matching rate card`;
    if (priced === 0 && left === 0)
      return 'No ticket is waiting for a rate card: every closed partner ticket is priced.';
    if (priced === 0)
      return `No flagged ticket matches a rate card yet: ${still(left)}. Add or correct the cards first.`;
    return `${priced} ${priced === 1 ? 'ticket' : 'tickets'} priced. ${left === 0 ? 'None is left without a rate card.' : `${still(left)}.`}`;
  },
  notPricedFilter:
    "Only the organization's staff who see the rate cards or the payouts may list the tickets no rate card priced.",
  partnerNotFound: 'Service partner not found among the active service partners.',
  serviceNotFound: 'Service not found among the active services.',
  categoryNotFound: 'Category not found among the active categories.',
  serviceTypeNotFound: 'Service type not found among the active service types.',
  territoryCategoryNotFound: 'Territory category not found among the active territory categories.',
  serviceOutsideCategory: (service: string, category: string) =>
    `Service '${service}' is not in category '${category}': leave the category empty or choose one of its services.`,
  clash: (name: string, from: string, until: string | null) =>
    `Rate card '${name}' already prices the same partner, service, service type and territory category from ${from} ${until ? `to ${until}` : 'on, with no end'}. Change the dates so they do not overlap, or deactivate it first.`,
} as const;

export const costConfigurations = masterContract<CostConfigurationItem>()({
  plural: 'CostConfigurations',
  singular: 'CostConfiguration',
  noun: 'rate card',
  module: COST_CONFIGURATION_MODULE,
  idKey: 'cost_configuration_id',
  statusKey: 'cost_configuration_status',
  nameKey: 'cost_configuration_name',
  fields: {
    cost_configuration_name: nameSchema('Name', 120),
    party_id: idSchema('Service partner'),
    category_id: anyId('Category'),
    service_id: anyId('Service'),
    service_type_id: anyId('Service type'),
    territory_category_id: anyId('Territory category'),
    amount_paise: paiseSchema('Amount', RATE_CARD_MAX_PAISE),
    valid_from: isoDateSchema('Valid from'),
    valid_until: optionalIsoDateSchema('Valid until'),
  },
  check: (values, ctx) => {
    if (values.valid_until && values.valid_until < values.valid_from) {
      ctx.addIssue({
        code: 'custom',
        path: ['valid_until'],
        message: 'Valid until must not be before valid from',
      });
    }
  },
  sortBy: [
    'cost_configuration_name',
    'partner_name',
    'amount_paise',
    'specificity',
    'valid_from',
    'cost_configuration_status',
    'cost_configuration_created_on',
  ],
  defaultSortBy: 'partner_name',
  filters: {
    party_id: idSchema('party_id').optional(),
    /** Cards in force on this day. */
    valid_on: isoDateSchema('valid_on')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  },
});
export const {
  list: ListCostConfigurations,
  create: CreateCostConfiguration,
  update: UpdateCostConfiguration,
  activateOrDeactivate: ActivateOrDeactivateCostConfiguration,
} = costConfigurations;

// ---------------------------------------------------------------------------------------------
// A closed ticket's amount

/**
 * What the ticket's service partner earns for it, frozen when it closed: the amount and the card
 * that priced it, or NO_RATE_CARD when none matched (the ticket is flagged until priced).
 */
export interface PartnerAmount {
  state: 'FROZEN' | 'NO_RATE_CARD';
  amount_paise: number | null;
  rate_card_id: string | null;
  rate_card_name: string | null;
}

/** How many flagged tickets a PriceUnpricedTickets call reads at most; a bigger backlog takes more calls. */
export const PRICE_UNPRICED_LIMIT = 50_000;

/**
 * Prices the flagged tickets: closed tickets of a service partner that no card priced when they
 * closed, each by the cards in force on its closing day (after a missing card was added). Tickets
 * already priced are never touched.
 */
export const PriceUnpricedTickets = mutation<ItemsData<{ priced: number; not_priced: number }>>()({
  name: 'PriceUnpricedTickets',
  description:
    'Prices the closed partner tickets no rate card priced, by the cards in force on their closing days',
  access: { module: COST_CONFIGURATION_MODULE, right: 'EDIT' },
  input: z.object({ party_id: idSchema('Service partner').optional() }).strict(),
});

// ---------------------------------------------------------------------------------------------
// Payouts and their invoices (docs/payouts.md#payouts)

/** The organization's staff: generate, pay and list every partner's payouts. */
export const PAYOUTS_MODULE = 'Service Partner Payout';
/** A service partner's own menu item: its own payouts and invoices, to read. */
export const PARTNER_PAYOUT_MODULE = 'Partner Payout';

/** The approval's states: a payout waits for its PAYOUT approval, then is approved (and paid) or not. */
export const PAYOUT_STATES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};

/**
 * GST on a registered partner's service (SAC 9987, maintenance and repair): 18%, per line. A
 * partner with no GSTIN is not registered: its invoice carries no GST.
 */
export const PAYOUT_GST_RATE = 18;
export const PAYOUT_SAC_CODE = '9987';

/** The longest period one payout covers, in days (a year and a day). */
export const PAYOUT_MAX_PERIOD_DAYS = 366;
export const PAYOUT_MAX_EXTRAS = 20;
/** An extra (travel, a special visit) is at most ₹10,00,000. */
export const PAYOUT_EXTRA_MAX_PAISE = 100_000_000;
export const PAYOUT_MAX_PAYMENT_PAISE = 100_000_000_000;

export interface PayoutItem {
  payout_id: string;
  /** The invoice's number, from the organization's sequence: 'INV/2026-27/000007'. */
  invoice_number: string;
  party_id: string;
  party_name: string;
  /** The partner's and the organization's GSTINs when the payout was generated; null: none. */
  partner_gstin: string | null;
  partner_state: string | null;
  organization_gstin: string | null;
  organization_state: string | null;
  /** CGST + SGST or IGST; null when the partner is not registered for GST (no tax). */
  supply: TaxSupply | null;
  /** The days of closing it covers, both included, in the organization's calendar. */
  period_from: string;
  period_to: string;
  ticket_count: number;
  extra_count: number;
  state: PayoutState;
  /** Sums of the lines, paise. */
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total_amount: number;
  paid_amount: number;
  balance_amount: number;
  payment_status: PaymentStatus;
  workflow_request_id: string | null;
  /** The approver's comment (or the reason it was withdrawn). */
  decision_comment: string | null;
  note: string | null;
  raised_by_name: string;
  created_on: string;
  updated_on: string;
}

/** One line of an invoice: a closed ticket at its frozen amount, or an extra. */
export interface PayoutLine {
  line_id: string;
  /** null for an extra. */
  ticket_id: string | null;
  ticket_number: string | null;
  /** The day the ticket closed, in the organization's calendar. */
  closed_on: string | null;
  service_name: string | null;
  description: string;
  taxable: number;
  /** GST %, 18 or 0. */
  tax_rate: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface PayoutPayment {
  payment_id: string;
  amount: number;
  paid_on: string;
  mode: PaymentMode;
  /** UTR, cheque or voucher number. */
  reference: string;
  note: string | null;
  recorded_by_name: string;
  recorded_on: string;
}

export interface PayoutDetails extends PayoutItem {
  extras: PayoutLine[];
  payments: PayoutPayment[];
}

/** What a payout of a partner and period would hold, before it is generated. */
export interface PayoutPreview {
  party_id: string;
  party_name: string;
  period_from: string;
  period_to: string;
  /** Closed, priced tickets not yet on a payout. */
  ticket_count: number;
  /** Their frozen amounts, before tax. */
  ticket_amount: number;
  /** Closed tickets of the period no rate card priced: they are left out until priced. */
  not_priced_count: number;
  supply: TaxSupply | null;
}

const payoutsAccess = (right: 'VIEW' | 'CREATE' | 'EDIT'): Access => ({ module: PAYOUTS_MODULE, right });
/** Reads: the staff's menu item, or a partner's own (it sees only its own payouts). */
const payoutReaders: Access = { module: [PAYOUTS_MODULE, PARTNER_PAYOUT_MODULE], right: 'VIEW' };
const payoutId = idSchema('payout_id');

const optionalNote = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

const periodFields = {
  party_id: idSchema('Service partner'),
  period_from: isoDateSchema('Period from'),
  period_to: isoDateSchema('Period to'),
};

/** The period in order and at most PAYOUT_MAX_PERIOD_DAYS long. */
function periodInOrder(period: { period_from: string; period_to: string }, ctx: z.RefinementCtx) {
  if (period.period_to < period.period_from) {
    ctx.addIssue({
      code: 'custom',
      path: ['period_to'],
      message: 'Period to must not be before Period from',
    });
    return;
  }
  const days = (Date.parse(period.period_to) - Date.parse(period.period_from)) / 86_400_000 + 1;
  if (days > PAYOUT_MAX_PERIOD_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['period_to'],
      message: `A payout covers at most ${PAYOUT_MAX_PERIOD_DAYS} days: split the period`,
    });
  }
}

export const PreviewPayout = query<ItemsData<PayoutPreview>>()({
  name: 'PreviewPayout',
  access: payoutsAccess('CREATE'),
  description:
    "What a payout of a service partner for a period would hold: its closed, priced tickets not yet on a payout and their frozen amounts, and how many of the period's tickets no rate card priced.",
  input: z.object(periodFields).strict().superRefine(periodInOrder),
});

export const payoutExtraSchema = z
  .object({
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required: what the extra is for, e.g. travel to a remote site')
      .max(120, 'Description must be at most 120 characters'),
    amount: paiseSchema('Amount', PAYOUT_EXTRA_MAX_PAISE).refine(
      (value) => value > 0,
      'Amount must be more than ₹0',
    ),
  })
  .strict();

export const generatePayoutSchema = z
  .object({
    ...periodFields,
    extras: z
      .array(payoutExtraSchema, { error: 'Extras must be a list' })
      .max(PAYOUT_MAX_EXTRAS, `At most ${PAYOUT_MAX_EXTRAS} extras on one payout`)
      .default([]),
    note: optionalNote('Note', 500),
  })
  .strict()
  .superRefine(periodInOrder);

export const GeneratePayout = mutation<ItemsData<PayoutItem>>()({
  name: 'GeneratePayout',
  access: payoutsAccess('CREATE'),
  description:
    "Generates a service partner's payout for a period: every closed ticket of the partner closed in it, priced and not yet on a payout, at its frozen amount, plus the extras given; GST when the partner is registered. It gets an invoice number and waits for approval (workflow kind PAYOUT).",
  input: generatePayoutSchema,
});

export const ListInvoice = query<PageData<PayoutItem>>()({
  name: 'ListInvoice',
  access: payoutReaders,
  description:
    "A page of payouts with their invoices, newest first: filters by partner, state, payment and the day generated. A service partner's users see only their own.",
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'invoice_number', 'total_amount', 'period_from'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        party_id: idSchema('party_id').optional(),
        state: z
          .enum(PAYOUT_STATES, { error: `state must be one of ${PAYOUT_STATES.join(', ')}` })
          .optional(),
        payment_status: z
          .enum(PAYMENT_STATUSES, { error: `payment_status must be one of ${PAYMENT_STATUSES.join(', ')}` })
          .optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

export const GetPayout = query<ItemsData<PayoutDetails>>()({
  name: 'GetPayout',
  access: payoutReaders,
  description: 'One payout with its totals, its extras and its payments (its tickets: ListPayoutTickets).',
  input: z.object({ payout_id: payoutId }).strict(),
});

export const ListPayoutTickets = query<PageData<PayoutLine>>()({
  name: 'ListPayoutTickets',
  access: payoutReaders,
  description: "A page of a payout's ticket lines, by closing day: search by ticket number.",
  input: listInput({
    sortBy: ['closed_on', 'ticket_number', 'total'],
    defaultSortBy: 'closed_on',
    filters: { payout_id: payoutId },
  }),
});

export const recordPayoutPaymentSchema = z
  .object({
    payout_id: payoutId,
    ...paymentFields(PAYOUT_MAX_PAYMENT_PAISE),
    mode: paymentModeSchema,
  })
  .strict();

export const RecordPayoutPayment = mutation<ItemsData<PayoutItem>>()({
  name: 'RecordPayoutPayment',
  access: payoutsAccess('EDIT'),
  description:
    'The payout payment update: records a payment to the partner against an approved payout (amount, day, mode, reference), never more than the balance, never a day to come.',
  input: recordPayoutPaymentSchema,
});

/** The invoice's PDF (docs/payouts.md#the-invoice). */
export const payoutInvoicePdfPath = (payoutId: string) =>
  `/api/documents/payout-invoice/${encodeURIComponent(payoutId)}.pdf`;

export const PAYOUTS_MESSAGES = {
  payoutNotFound: 'Payout not found.',
  partnerNotFound: 'Service partner not found among the service partners.',
  periodInFuture: (today: string) =>
    `Period to must not be after today (${today}): a payout pays closed tickets.`,
  nothingToPay: (partner: string, from: string, to: string, notPriced: number) =>
    `No closed, priced ticket of '${partner}' from ${from} to ${to} is waiting for a payout.` +
    (notPriced > 0
      ? ` ${notPriced} ${notPriced === 1 ? 'ticket has' : 'tickets have'} no rate card: price ${notPriced === 1 ? 'it' : 'them'} on Cost Configuration first.`
      : ''),
  organizationGstinMissing: (partner: string) =>
    `'${partner}' is registered for GST: set the organization's GSTIN in Organization Settings first, since the tax depends on both states.`,
  generated: (number: string, tickets: number) =>
    `Payout ${number} generated with ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}: it waits for approval.`,
  notApproved: (number: string, state: string) =>
    `Payout ${number} is ${state.toLowerCase()}: only an approved payout is paid.`,
  paidInFuture: 'Paid on must not be a day to come',
  overpaid: (balance: string) => `Amount must not be more than the balance, ${balance}`,
  paid: (amount: string, number: string, balance: string) =>
    `${amount} paid against ${number}. Balance ${balance}.`,
  organizationOnly: 'Payouts are generated and paid by the organization, not by its service partners.',
} as const;
