import { describe, expect, it } from 'vitest';
import { buildMenu, fullMenu, menuRoutes, type MenuInput } from '@fieldport/contract/menus';
import type { OrganizationDetails } from '@fieldport/contract/operations/account';
import type { SearchHit, SearchKind } from '@fieldport/contract/operations/search';
import type { Role } from '@fieldport/contract/roles';
import { hitHref } from './search-links.ts';
import { allSearchHref, termProblem } from './search-route.ts';

const organization = {} as OrganizationDetails;

const routesOf = (user_type: Role) => {
  const input: MenuInput = { user_type, designation_id: 'designation', accessing_module: null, organization };
  const menu = buildMenu(input);
  if (!menu.ok) throw new Error(menu.message);
  return menuRoutes(menu.menu);
};

const hit = (kind: SearchKind, extra: Partial<SearchHit> = {}): SearchHit => ({
  kind,
  id: 'record-1',
  title: 'Asha Coordinator',
  detail: '',
  owner_id: 'owner-1',
  ...extra,
});

describe('where a hit opens', () => {
  const owner = menuRoutes(fullMenu(organization));

  it('opens each record on the screen that shows it, named in the address', () => {
    expect(hitHref(hit('TICKETS'), owner)).toBe('/ActiveTickets?ticket_id=record-1');
    expect(hitHref(hit('CUSTOMERS'), owner)).toBe('/CustomersView?customer_id=record-1');
    expect(hitHref(hit('FLEET_ITEMS'), owner)).toBe('/ProductFleet?fleet_item_id=record-1');
    expect(hitHref(hit('QUOTATIONS'), owner)).toBe('/QuotationsView?quotation_id=record-1');
    expect(hitHref(hit('PURCHASE_ORDERS'), owner)).toBe('/PurchaseOrder?purchase_order_id=record-1');
  });

  it('opens a person on their people screen, searched by their name', () => {
    expect(hitHref(hit('STAFF'), owner)).toBe('/EnterpriseUsers?search=Asha+Coordinator');
    expect(hitHref(hit('TECHNICIANS'), owner)).toBe('/EnterpriseTechnicians?search=Asha+Coordinator');
    expect(hitHref(hit('PARTNER_AGENTS'), owner)).toBe('/PartnerServiceCoOrdinators?search=Asha+Coordinator');
    expect(hitHref(hit('DEALER_AGENTS'), owner)).toBe('/DealerAgent?search=Asha+Coordinator');
    expect(hitHref(hit('SERVICE_PARTNER_OWNERS'), owner)).toBe('/ServicePartners?search=Asha+Coordinator');
    expect(hitHref(hit('DEALER_OWNERS'), owner)).toBe('/DealersView?search=Asha+Coordinator');
  });

  it("falls back to another screen of the caller's menu, or to none", () => {
    // Management has the reports and no masters: a customer opens in Customer Products, and so does
    // a fleet item's customer.
    const management = routesOf('MANAGEMENT');
    expect(hitHref(hit('CUSTOMERS'), management)).toBe('/CustomerProducts?customer=record-1');
    expect(hitHref(hit('FLEET_ITEMS'), management)).toBe('/CustomerProducts?customer=owner-1');
    expect(hitHref(hit('FLEET_ITEMS', { owner_id: null }), management)).toBeNull();
    expect(hitHref(hit('PURCHASE_ORDERS'), management)).toBeNull();
    expect(hitHref(hit('TICKETS'), new Set(['/ClosedTickets']))).toBe('/ClosedTickets?ticket_id=record-1');
  });
});

describe('the term', () => {
  it('is refused with the contract words when too short, and kept in the address trimmed', () => {
    expect(termProblem('')).toBeNull();
    expect(termProblem(' 9 ')).toBe('Type at least 2 characters to search');
    expect(termProblem('98')).toBeNull();
    expect(allSearchHref(' +91 98 ', 'CUSTOMERS')).toBe('/AllModules?q=%2B91+98&kind=CUSTOMERS');
  });
});
