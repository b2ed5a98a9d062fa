import { and, eq, sql } from 'drizzle-orm';
import {
  DEALER_FLAG_KEYS,
  ListDealerFlags,
  UpdateDealerFlags,
  type DealerFlagsItem,
} from '@fieldport/contract/operations/organization';
import { party } from '../../db/schema/platform.ts';
import { defineHandler } from '../../platform/handler.ts';
import { notFound } from '../../platform/errors.ts';
import { defineList } from '../../platform/lists.ts';
import { inOrganization } from '../../platform/tenant.ts';

const DEALER_NOT_FOUND = 'Dealer not found. It may have been removed; refresh the list and try again.';

const select = {
  id: party.id,
  name: party.name,
  status: party.status,
  is_report_tab_visible: party.is_report_tab_visible,
  is_product_fleet_tab_visible: party.is_product_fleet_tab_visible,
  is_customer_tab_visible: party.is_customer_tab_visible,
  enable_service_co_ordinators_tab: party.enable_service_co_ordinators_tab,
  enable_representatives_tab: party.enable_representatives_tab,
};

type PartyRow = typeof party.$inferSelect;
type DealerRow = Pick<PartyRow, 'id' | 'name' | 'status' | (typeof DEALER_FLAG_KEYS)[number]>;

const toItem = (row: DealerRow): DealerFlagsItem => ({
  party_id: row.id,
  party_name: row.name,
  party_status: row.status,
  is_report_tab_visible: row.is_report_tab_visible,
  is_product_fleet_tab_visible: row.is_product_fleet_tab_visible,
  is_customer_tab_visible: row.is_customer_tab_visible,
  enable_service_co_ordinators_tab: row.enable_service_co_ordinators_tab,
  enable_representatives_tab: row.enable_representatives_tab,
});

/**
 * The organization's dealers and the tabs their users see
 * (docs/product.md#menus-and-landing-pages).
 */
export const listDealerFlags = defineList(ListDealerFlags, {
  table: party,
  select,
  search: [party.name],
  sort: { party_name: sql`lower(${party.name})`, party_status: party.status },
  filters: () => [eq(party.kind, 'DEALER')],
  toItem,
});

/** Turns a dealer's tabs on or off; the dealer's users' menus follow at their next request. */
export const updateDealerFlags = defineHandler(UpdateDealerFlags, async (input, context) => {
  const where = and(
    inOrganization(party, context.caller),
    eq(party.kind, 'DEALER'),
    eq(party.id, input.party_id),
  );
  const [before] = await context.db.select().from(party).where(where);
  if (!before) throw notFound(DEALER_NOT_FOUND);
  const set: Record<string, boolean> = {};
  const changes: Record<string, { from: boolean; to: boolean }> = {};
  for (const key of DEALER_FLAG_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    set[key] = value;
    if (before[key] !== value) changes[key] = { from: before[key], to: value };
  }
  const [after] = await context.db.update(party).set(set).where(where).returning();
  context.auditTarget = input.party_id;
  context.auditChanges = { party_name: before.name, ...changes };
  return { data: { items: [toItem(after)] }, message: `Tabs of ${before.name} saved` };
});
