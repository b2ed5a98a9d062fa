import { USER_GROUPS } from '@fieldport/contract/operations/people';
import type { SearchHit, SearchKind } from '@fieldport/contract/operations/search';
import { ticketHref } from '../../ui/ticket-link.tsx';

/** The address, among the screens `routes` holds, of a screen that opens one record by its id. */
type Opener = (hit: SearchHit, routes: ReadonlySet<string>) => string | null;

const withParam = (route: string, param: string, value: string) =>
  `${route}?${new URLSearchParams({ [param]: value }).toString()}`;

/** The first of `routes` the caller has, with `param` naming the record. */
const firstOf =
  (candidates: { route: string; param: string; value?: (hit: SearchHit) => string | null }[]): Opener =>
  (hit, routes) => {
    for (const candidate of candidates) {
      const value = candidate.value ? candidate.value(hit) : hit.id;
      if (value && routes.has(candidate.route)) return withParam(candidate.route, candidate.param, value);
    }
    return null;
  };

/** The four ticket lists open any ticket by `?ticket_id=` (docs/tickets.md); Active is its own page. */
const TICKET_LISTS = ['/ActiveTickets', '/PartiallyClosedTickets', '/ClosedTickets', '/InactiveTickets'];

/**
 * Where each kind of hit opens: the screen that shows the record, named in its address
 * (docs/search.md#the-screens). A people hit opens its people screen searched by the person's name.
 */
const OPENERS: Record<SearchKind, Opener> = {
  TICKETS: (hit, routes) => {
    if (routes.has('/ActiveTickets')) return ticketHref(hit.id);
    const list = TICKET_LISTS.find((route) => routes.has(route));
    return list ? withParam(list, 'ticket_id', hit.id) : null;
  },
  // The customers' screen opens one in its details; the Customer Products report shows its products.
  CUSTOMERS: firstOf([
    { route: '/CustomersView', param: 'customer_id' },
    { route: '/MyCustomer', param: 'customer_id' },
    { route: '/CustomerProducts', param: 'customer' },
  ]),
  FLEET_ITEMS: firstOf([
    { route: '/ProductFleet', param: 'fleet_item_id' },
    { route: '/DealerProducts', param: 'fleet_item_id' },
    { route: '/CustomerProducts', param: 'customer', value: (hit) => hit.owner_id },
  ]),
  QUOTATIONS: firstOf([{ route: '/QuotationsView', param: 'quotation_id' }]),
  PURCHASE_ORDERS: firstOf([{ route: '/PurchaseOrder', param: 'purchase_order_id' }]),
  STAFF: peopleScreen('STAFF'),
  TECHNICIANS: peopleScreen('TECHNICIANS'),
  PARTNER_AGENTS: peopleScreen('PARTNER_AGENTS'),
  DEALER_AGENTS: peopleScreen('DEALER_AGENTS'),
  SERVICE_PARTNER_OWNERS: peopleScreen('SERVICE_PARTNER_OWNERS'),
  DEALER_OWNERS: peopleScreen('DEALER_OWNERS'),
};

function peopleScreen(group: keyof typeof USER_GROUPS): Opener {
  return firstOf([{ route: USER_GROUPS[group].route, param: 'search', value: (hit) => hit.title }]);
}

/**
 * The address that opens a hit, or null when none of the caller's screens shows it (`routes`:
 * the routes of the caller's menu).
 */
export function hitHref(hit: SearchHit, routes: ReadonlySet<string>): string | null {
  return OPENERS[hit.kind](hit, routes);
}
