import { decideAccess } from '@fieldport/contract/permissions';
import type { PageData, ParsedListInput } from '@fieldport/contract/lists';
import { formatRupees } from '@fieldport/contract/fields';
import { PARTY_KIND_LABELS, formatPhone } from '@fieldport/contract/operations/people';
import { PURCHASE_ORDER_STATE_LABELS } from '@fieldport/contract/operations/purchasing';
import { QUOTATION_STATE_LABELS } from '@fieldport/contract/operations/quotations';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MESSAGES,
  SEARCH_PREVIEW_COUNT_CAP,
  SEARCH_PREVIEW_SIZE,
  SEARCHED_USER_GROUPS,
  SearchAllModules,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '@fieldport/contract/operations/search';
import { roleLabel } from '@fieldport/contract/roles';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import { DomainError, forbidden } from '../../platform/errors.ts';
import type { Caller } from '../../platform/caller.ts';
import type { Db } from '../../db/client.ts';
import { defineHandler, type Handler } from '../../platform/handler.ts';
import { firstPages, type ListHandler } from '../../platform/lists.ts';
import { listCustomers } from '../customers/list-customers.ts';
import { listUsers } from '../people/users-list.ts';
import { listProductFleet } from '../product-fleet/list-product-fleet.ts';
import { listPurchaseOrders } from '../purchasing/purchase-orders.ts';
import { listQuotations } from '../quotations/quotations.ts';
import { searchTickets } from '../tickets/list-tickets.ts';

// All Search (docs/search.md): each kind is its own list searched with the term, so the scoping,
// the party walls, the rights and the trigram indexes are the list's, never a second copy of them.

/** A kind: the list that searches it, the input that list needs besides the term, and a hit from a row. */
interface SearchSource {
  list: ListHandler;
  input?: Record<string, unknown>;
  hit(item: unknown): Omit<SearchHit, 'kind'>;
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part).join(' · ');

/** A list's rows as hits; the item type is the list's own. */
function source<Item>(
  list: Handler & { list: { page(db: Db, caller: Caller, input: ParsedListInput): Promise<PageData<Item>> } },
  hit: (item: Item) => Omit<SearchHit, 'kind'>,
  input?: Record<string, unknown>,
): SearchSource {
  return { list: list as unknown as ListHandler, input, hit: (item) => hit(item as Item) };
}

const SOURCES: Record<SearchKind, SearchSource> = {
  TICKETS: source(searchTickets, (ticket) => ({
    id: ticket.ticket_id,
    title: ticket.ticket_number,
    detail: joined(
      ticket.customer_name,
      formatPhone(ticket.customer_phone),
      ticketStateLabel(ticket.state),
      ticket.service_name,
      ticket.serial_number,
    ),
    owner_id: ticket.customer_id,
  })),
  CUSTOMERS: source(listCustomers, (customer) => ({
    id: customer.customer_id,
    title: customer.customer_name,
    detail: joined(formatPhone(customer.customer_phone), customer.primary_location.city, customer.party_name),
    owner_id: customer.party_id,
  })),
  // In serial order: a serial is searched by its start, whose index then serves the order too.
  FLEET_ITEMS: source(
    listProductFleet,
    (item) => ({
      id: item.fleet_item_id,
      title: item.serial_number,
      detail: joined(
        item.service_name,
        item.customer_name,
        formatPhone(item.customer_phone),
        item.dealer_name,
      ),
      owner_id: item.customer_id,
    }),
    { sort_by: 'serial_number', sort_order: 'asc' },
  ),
  QUOTATIONS: source(listQuotations, (quotation) => ({
    id: quotation.quotation_id,
    title: quotation.quotation_number,
    detail: joined(
      quotation.customer_name,
      QUOTATION_STATE_LABELS[quotation.state],
      formatRupees(quotation.total_amount),
    ),
    owner_id: quotation.customer_id,
  })),
  PURCHASE_ORDERS: source(listPurchaseOrders, (order) => ({
    id: order.purchase_order_id,
    title: order.po_number,
    detail: joined(
      order.vendor_name,
      PURCHASE_ORDER_STATE_LABELS[order.state],
      formatRupees(order.total_amount),
    ),
    owner_id: order.vendor_id,
  })),
  ...(Object.fromEntries(
    SEARCHED_USER_GROUPS.map((group) => [
      group,
      source(
        listUsers,
        (user) => ({
          id: user.user_id,
          title: user.user_name,
          detail: joined(
            user.user_email_id,
            formatPhone(user.user_phone_number),
            user.party_name && user.party_kind
              ? `${user.party_name} (${PARTY_KIND_LABELS[user.party_kind]})`
              : null,
            roleLabel(user.user_type),
          ),
          owner_id: user.party_id,
        }),
        { user_group: group, status: 'ALL' },
      ),
    ]),
  ) as Record<(typeof SEARCHED_USER_GROUPS)[number], SearchSource>),
};

/** The list's input for the term, parsed by the list's own schema (its defaults, its limits). */
function listInputOf(kind: SearchKind, search: string, page: number, pageSize: number): ParsedListInput {
  const { list, input } = SOURCES[kind];
  return list.operation.input.parse({ ...input, search, page, page_size: pageSize }) as ParsedListInput;
}

/**
 * Whether the caller may search a kind: the list's own access (module and right, from the same
 * menus) and its own check of the input (a people screen's module, a party's kind of screen).
 */
function maySearch(caller: Caller, kind: SearchKind): boolean {
  const { list } = SOURCES[kind];
  if (!decideAccess(list.operation.access, caller.profile, caller.menu).allowed) return false;
  try {
    list.list.authorize(caller, listInputOf(kind, 'xx', 1, 10));
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** A page of a kind's list as its group of hits. */
function groupOf(kind: SearchKind, result: PageData<unknown>): SearchGroup {
  return {
    kind,
    label: SEARCH_KIND_LABELS[kind],
    hits: result.items.map((item) => ({ kind, ...SOURCES[kind].hit(item) })),
    total_count: result.total_count,
    total_capped: result.total_capped,
    page: result.page,
    page_size: result.page_size,
  };
}

/**
 * A kind's list input for the term. A preview is SEARCH_PREVIEW_SIZE hits: the list runner pages
 * any size; its schema only lets people choose among PAGE_SIZES.
 */
const searchInput = (kind: SearchKind, search: string, page: number, pageSize: number): ParsedListInput => ({
  ...listInputOf(kind, search, page, 10),
  page_size: pageSize,
});

export const searchAllModules = defineHandler(SearchAllModules, async (input, { db, caller }) => {
  const searched = SEARCH_KINDS.filter((kind) => maySearch(caller, kind));
  if (input.kind) {
    const kind = input.kind;
    if (!searched.includes(kind)) {
      throw forbidden(SEARCH_MESSAGES.kindNotAllowed(SEARCH_KIND_LABELS[kind]));
    }
    const page = await SOURCES[kind].list.list.page(
      db,
      caller,
      searchInput(kind, input.search, input.page, input.page_size),
    );
    return { data: { groups: [groupOf(kind, page)], searched } };
  }
  // Every kind's first few in one statement, then one per list with hits (platform/lists.ts
  // firstPages): the six people screens are one list. Counted to SEARCH_PREVIEW_COUNT_CAP.
  const pages = await firstPages(
    db,
    caller,
    searched.map((kind) => ({
      key: kind,
      list: SOURCES[kind].list,
      input: searchInput(kind, input.search, 1, SEARCH_PREVIEW_SIZE),
    })),
    { countCap: SEARCH_PREVIEW_COUNT_CAP },
  );
  const groups = searched.map((kind) => groupOf(kind, pages.get(kind)!));
  return { data: { groups: groups.filter((group) => group.total_count > 0), searched } };
});
