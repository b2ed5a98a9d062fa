import { z } from 'zod';
import { pageSchema, pageSizeSchema } from '../lists.ts';
import { query } from '../operation.ts';
import type { UserGroupKey } from './people.ts';

/**
 * All Search (docs/search.md): one box across the kinds of record a co-ordinator looks for by a
 * number, a name or a phone. Each kind is searched by its own list (the same scoping, party walls
 * and rights as its screen), so a kind the caller may not open is not searched at all.
 */

export const ALL_SEARCH_MODULE = 'All Search';

/** The people screens searched, in the order shown; the others repeat their members. */
export const SEARCHED_USER_GROUPS = [
  'STAFF',
  'TECHNICIANS',
  'PARTNER_AGENTS',
  'DEALER_AGENTS',
  'SERVICE_PARTNER_OWNERS',
  'DEALER_OWNERS',
] as const satisfies readonly UserGroupKey[];

export const SEARCH_KINDS = [
  'TICKETS',
  'CUSTOMERS',
  'FLEET_ITEMS',
  'QUOTATIONS',
  'PURCHASE_ORDERS',
  ...SEARCHED_USER_GROUPS,
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A group's heading. The people screens' own titles repeat (two "Service Co-Ordinators"), so not those. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  TICKETS: 'Tickets',
  CUSTOMERS: 'Customers',
  FLEET_ITEMS: 'Product fleet',
  QUOTATIONS: 'Quotations',
  PURCHASE_ORDERS: 'Purchase orders',
  STAFF: 'Users',
  TECHNICIANS: 'Technicians',
  PARTNER_AGENTS: "Partners' co-ordinators",
  DEALER_AGENTS: "Dealers' co-ordinators",
  SERVICE_PARTNER_OWNERS: 'Service partners',
  DEALER_OWNERS: 'Dealers',
};

/** How many of each kind the top bar and the first view show. */
export const SEARCH_PREVIEW_SIZE = 5;
/**
 * How far the first view counts each kind ("Show all 100+ tickets"): a preview needs no more, and
 * counting a broad term's matches to the lists' 10,000 is most of a first view's work. A kind's own
 * pages ("Show all") count as far as its list does.
 */
export const SEARCH_PREVIEW_COUNT_CAP = 100;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

/** One record found. */
export interface SearchHit {
  kind: SearchKind;
  /** The record's id: the ticket, customer, fleet item, quotation, purchase order or user. */
  id: string;
  /** What it is known by: a ticket or document number, a serial number, a name. */
  title: string;
  /** What tells it apart, joined by ' · ' (customer, phone, state, product...). */
  detail: string;
  /** For a customer's fleet item or a user: the customer or party it belongs to, when any. */
  owner_id: string | null;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  hits: SearchHit[];
  /**
   * Exact up to SEARCH_PREVIEW_COUNT_CAP in the first view, up to the lists' count cap on a page of
   * one kind; `total_capped` when more match.
   */
  total_count: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}

export interface SearchAllData {
  /** The kinds with at least one match, in SEARCH_KINDS order (or the one kind asked for). */
  groups: SearchGroup[];
  /** Every kind the caller may search (their rights and party), whether it matched or not. */
  searched: SearchKind[];
}

export const SEARCH_MESSAGES = {
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search`,
  tooLong: `Search must be at most ${SEARCH_MAX_LENGTH} characters`,
  kindNotAllowed: (label: string) => `You cannot search ${label.toLowerCase()}.`,
};

export const SearchAllModules = query<SearchAllData>()({
  name: 'SearchAllModules',
  access: { module: ALL_SEARCH_MODULE, right: 'VIEW' },
  description:
    'One search across tickets (number, customer name or phone, serial), customers (name, phone, email), fleet serials, quotations, purchase orders and people: the first few of each kind, or a page of one kind.',
  input: z
    .object({
      search: z
        .string({ error: 'search must be text' })
        .trim()
        .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
        .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
      /** One kind, paged ("show all"); without it, the first few of every kind. */
      kind: z.enum(SEARCH_KINDS, { error: `kind must be one of ${SEARCH_KINDS.join(', ')}` }).optional(),
      /** With a kind: the page of it, in pages a list offers. Without: the first SEARCH_PREVIEW_SIZE of each. */
      page: pageSchema,
      page_size: pageSizeSchema,
    })
    .strict()
    .refine((input) => input.kind !== undefined || input.page === 1, {
      path: ['page'],
      message: 'page needs a kind: the first view shows the first page of every kind',
    }),
});
