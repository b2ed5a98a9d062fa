import { z } from 'zod';
import { isoDateSchema, optionalIsoDateSchema, paiseSchema } from '../fields.ts';
import type { RecordStatus } from '../lists.ts';
import { idSchema, masterContract, nameSchema } from '../masters.ts';
import { mutation, type Access, type ItemsData } from '../operation.ts';

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
