import { and, desc, eq, inArray, isNotNull, isNull, like, not, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  COVERAGE_LABELS,
  coverageOn,
  FLEET_APPROVAL_LABELS,
  ListProductFleet,
  type Coverage,
  type FleetItem,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneNational } from '@fieldport/contract/phone';
import type { Db } from '../../db/client.ts';
import { workflowRequest } from '../../db/schema/approvals.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { productFleetStatus } from '../../db/schema/settings.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import type { FileStore } from '../../platform/files.ts';
import { defineList, qualified, startsWithPattern } from '../../platform/lists.ts';
import { statusAndCreatedColumns } from '../../platform/masters.ts';
import { dayIn } from '@fieldport/contract/fields';
import { inOrganization } from '../../platform/tenant.ts';
import { withFileAddresses } from '../../platform/uploads.ts';
import { customerPhoneStartsWith } from '../customers/list-customers.ts';
import { visibleTickets } from '../tickets/ticket-scope.ts';
import { fleetItemsVisibleTo, mayEditFleetItem } from './fleet-rules.ts';
import { fleetItemTickets } from './fleet-tickets.ts';

/**
 * ListProductFleet: the organization's fleet for its staff, a dealer's own for the dealer's users;
 * searched by the start of a serial number, the start of the customer's phone or the product's
 * name; filtered by coverage on the organization's today, approval, owner, dealer, customer,
 * product and status; exported.
 */

const pendingCustomer = alias(customer, 'pending_customer');

/** Today in the caller's organization, once per caller (an export reads thousands of rows). */
const todays = new WeakMap<Caller, string>();
function todayOf(caller: Caller): string {
  let today = todays.get(caller);
  if (!today) {
    today = dayIn(caller.organization.time_zone);
    todays.set(caller, today);
  }
  return today;
}

/**
 * The items with a coverage on `day` ('YYYY-MM-DD'), in SQL: the contract's coverageOn, clause by
 * clause (in warranty on or before its last day; else under AMC inside its days with visits left
 * or unlimited; else out). A test holds the two together on boundary days.
 */
export function coverageCondition(coverage: Coverage, day: string): SQL {
  const today = sql`${day}::date`;
  const inWarranty = sql`coalesce(${today} <= ${fleetItem.warranty_end_date}, false)`;
  const underAmc = sql`coalesce(${fleetItem.amc_start_date} <= ${today} and ${today} <= ${fleetItem.amc_end_date}
    and (${fleetItem.amc_visits_included} is null or ${fleetItem.amc_visits_included} > ${fleetItem.amc_visits_used}), false)`;
  switch (coverage) {
    case 'IN_WARRANTY':
      return inWarranty;
    case 'UNDER_AMC':
      return and(not(inWarranty), underAmc)!;
    case 'OUT_OF_WARRANTY':
      return and(not(inWarranty), not(underAmc))!;
  }
}

/** The items a phone search matches, by serial or by customer (a union of ids, below). */
const matched = alias(fleetItem, 'matched_item');
/** `fleet_item matched_item`: drizzle names an alias without its table inside raw SQL. */
const fromMatched = sql`${fleetItem} ${sql.identifier('matched_item')}`;

/**
 * The start of a serial number (its text_pattern_ops index); when the term is a phone number, also
 * the items of the customers whose phone starts with it (the customers' phone prefix index, then
 * the items' customer index). A phone term finds its items through both indexes and the page is
 * sorted from their union: an OR of the two over the page's sort order would walk the
 * organization's items to find ten. A product is chosen with the Product filter, not searched by
 * name: a name matches a large share of the fleet, which only the filter's plan serves.
 */
function fleetSearch(term: string, caller: Caller): SQL | undefined {
  const serial = startsWithPattern(term.toUpperCase());
  const phone = customerPhoneStartsWith(term);
  if (!phone) return like(fleetItem.serial_number, serial);
  const inOrg = inOrganization(matched, caller);
  const customers = sql`array(select ${customer.id} from ${customer} where ${and(inOrganization(customer, caller), phone)})`;
  return sql`${fleetItem.id} in (select ${matched.id} from ${fromMatched} where ${and(inOrg, like(matched.serial_number, serial))} union all select ${matched.id} from ${fromMatched} where ${and(inOrg, sql`${matched.customer_id} = any(${customers})`)})`;
}

/** A column of another table, of the item's organization. */
const sameOrganization = (table: { organization_id: PgColumn }) =>
  eq(table.organization_id, fleetItem.organization_id);

export const listProductFleet = defineList(ListProductFleet, {
  table: fleetItem,
  scope: fleetItemsVisibleTo,
  // Every condition reads the item's own columns and every join adds at most one row per item.
  count: 'table',
  select: (caller: Caller) => ({
    id: fleetItem.id,
    serial_number: fleetItem.serial_number,
    service_id: fleetItem.service_id,
    service_name: service.name,
    customer_id: fleetItem.customer_id,
    customer_name: customer.name,
    customer_phone: customer.phone,
    location_id: fleetItem.location_id,
    address: customerLocation.address,
    city: customerLocation.city,
    dealer_party_id: fleetItem.dealer_party_id,
    dealer_name: party.name,
    invoice_date: fleetItem.invoice_date,
    installation_date: fleetItem.installation_date,
    warranty_months: fleetItem.warranty_months,
    warranty_end_date: fleetItem.warranty_end_date,
    warranty_end_explicit: fleetItem.warranty_end_explicit,
    amc_type_id: fleetItem.amc_type_id,
    amc_type_name: amcType.name,
    amc_start_date: fleetItem.amc_start_date,
    amc_end_date: fleetItem.amc_end_date,
    amc_visits_included: fleetItem.amc_visits_included,
    amc_visits_used: fleetItem.amc_visits_used,
    product_fleet_status_id: fleetItem.product_fleet_status_id,
    product_fleet_status_name: productFleetStatus.name,
    notes: fleetItem.notes,
    files: fleetItem.files,
    status: fleetItem.status,
    approval_state: fleetItem.approval_state,
    pending_customer_name: pendingCustomer.name,
    created_at: fleetItem.created_at,
    // Computed for the page's rows only (the ids come first): the ticket index by item.
    ticket_count: sql<number>`(select count(*) from ${ticket} where ${and(
      visibleTickets(caller),
      sql`${ticket.fleet_item_id} = ${qualified(fleetItem.id)}`,
    )})`.mapWith(Number),
  }),
  join: (query) =>
    query
      .innerJoin(service, and(eq(service.id, fleetItem.service_id), sameOrganization(service)))
      .leftJoin(customer, and(eq(customer.id, fleetItem.customer_id), sameOrganization(customer)))
      .leftJoin(
        customerLocation,
        and(eq(customerLocation.id, fleetItem.location_id), sameOrganization(customerLocation)),
      )
      .leftJoin(party, and(eq(party.id, fleetItem.dealer_party_id), sameOrganization(party)))
      .leftJoin(amcType, and(eq(amcType.id, fleetItem.amc_type_id), sameOrganization(amcType)))
      .leftJoin(
        productFleetStatus,
        and(
          eq(productFleetStatus.id, fleetItem.product_fleet_status_id),
          sameOrganization(productFleetStatus),
        ),
      )
      .leftJoin(
        pendingCustomer,
        and(eq(pendingCustomer.id, fleetItem.pending_customer_id), sameOrganization(pendingCustomer)),
      ),
  search: fleetSearch,
  sort: {
    serial_number: fleetItem.serial_number,
    fleet_item_created_on: fleetItem.created_at,
    warranty_end_date: fleetItem.warranty_end_date,
  },
  status: fleetItem.status,
  filters: (input, caller) => [
    input.coverage !== 'ALL' ? coverageCondition(input.coverage, todayOf(caller)) : undefined,
    input.approval_state !== 'ALL' ? eq(fleetItem.approval_state, input.approval_state) : undefined,
    input.owned_by === 'ORGANIZATION' ? isNull(fleetItem.dealer_party_id) : undefined,
    input.owned_by === 'DEALERS' ? isNotNull(fleetItem.dealer_party_id) : undefined,
    input.dealer_party_id ? eq(fleetItem.dealer_party_id, input.dealer_party_id) : undefined,
    input.customer_id ? eq(fleetItem.customer_id, input.customer_id) : undefined,
    input.service_id ? eq(fleetItem.service_id, input.service_id) : undefined,
  ],
  toItem: (row, caller): FleetItem => ({
    fleet_item_id: row.id,
    serial_number: row.serial_number,
    service_id: row.service_id,
    service_name: row.service_name,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone ? formatPhoneNational(row.customer_phone) : null,
    location_id: row.location_id,
    location_summary: row.address === null ? null : `${row.address}, ${row.city}`,
    dealer_party_id: row.dealer_party_id,
    dealer_name: row.dealer_name,
    invoice_date: row.invoice_date,
    installation_date: row.installation_date,
    warranty_months: row.warranty_months,
    warranty_end_date: row.warranty_end_date,
    warranty_end_explicit: row.warranty_end_explicit,
    amc_type_id: row.amc_type_id,
    amc_type_name: row.amc_type_name,
    amc_start_date: row.amc_start_date,
    amc_end_date: row.amc_end_date,
    amc_visits_included: row.amc_visits_included,
    amc_visits_used: row.amc_visits_used,
    coverage: coverageOn(row, todayOf(caller)),
    product_fleet_status_id: row.product_fleet_status_id,
    product_fleet_status_name: row.product_fleet_status_name,
    notes: row.notes,
    // file_url carries the storage key until withFileUrls() turns it into an address.
    fleet_item_files: row.files.map((file) => ({
      file_name: file.file_name,
      file_type: file.file_type,
      file_size: file.file_size,
      file_url: file.key,
    })),
    fleet_item_status: row.status,
    approval_state: row.approval_state,
    pending_customer_name: row.pending_customer_name,
    fleet_item_created_on: row.created_at.toISOString(),
    may_edit: mayEditFleetItem(caller, row),
    ticket_count: row.ticket_count,
  }),
  export: {
    title: 'Product Fleet',
    columns: [
      { header: 'Serial number', width: 20, value: (item) => item.serial_number },
      { header: 'Product', width: 28, value: (item) => item.service_name },
      { header: 'Customer', width: 26, value: (item) => item.customer_name },
      { header: 'Phone', width: 16, value: (item) => item.customer_phone },
      { header: 'Location', width: 36, value: (item) => item.location_summary },
      { header: 'Dealer', width: 22, value: (item) => item.dealer_name },
      { header: 'Invoice date', width: 12, value: (item) => item.invoice_date },
      { header: 'Installation date', width: 12, value: (item) => item.installation_date },
      { header: 'Warranty end', width: 12, value: (item) => item.warranty_end_date },
      { header: 'AMC type', width: 22, value: (item) => item.amc_type_name },
      { header: 'AMC end', width: 12, value: (item) => item.amc_end_date },
      {
        header: 'Visits left',
        width: 10,
        value: (item) => {
          if (!item.amc_type_id) return null;
          if (item.amc_visits_included === null) return 'Unlimited';
          return Math.max(0, item.amc_visits_included - item.amc_visits_used);
        },
      },
      { header: 'Coverage', width: 16, value: (item) => COVERAGE_LABELS[item.coverage.coverage] },
      { header: 'Approval', width: 16, value: (item) => FLEET_APPROVAL_LABELS[item.approval_state] },
      { header: 'Tickets', width: 9, value: (item) => item.ticket_count },
      ...statusAndCreatedColumns<FleetItem>('fleet_item_status', 'fleet_item_created_on'),
    ],
  },
});

/**
 * An item with its history, newest first, and its latest tickets the caller may see, scoped like
 * the list (the party wall); undefined when not visible.
 */
export async function readFleetDetail(
  db: Db,
  caller: Caller,
  files: FileStore,
  id: string,
): Promise<FleetItemDetail | undefined> {
  const found = await listProductFleet.list.findById(db, caller, id);
  if (!found) return undefined;
  const item = await withFileUrls(found, files);
  const history = await db
    .select({
      id: fleetItemEvent.id,
      kind: fleetItemEvent.kind,
      at: fleetItemEvent.created_at,
      by_name: user.name,
      details: fleetItemEvent.details,
    })
    .from(fleetItemEvent)
    .leftJoin(user, eq(user.id, fleetItemEvent.actor_user_id))
    .where(and(inOrganization(fleetItemEvent, caller), eq(fleetItemEvent.fleet_item_id, id)))
    .orderBy(desc(fleetItemEvent.created_at), desc(fleetItemEvent.id));
  const { tickets, ticket_count } = await fleetItemTickets(db, caller, id);
  const [pending] = await db
    .select({
      id: workflowRequest.id,
      kind: workflowRequest.kind,
      requester: workflowRequest.requester_member_id,
    })
    .from(workflowRequest)
    .where(
      and(
        inOrganization(workflowRequest, caller),
        eq(workflowRequest.record_id, id),
        inArray(workflowRequest.kind, ['PRODUCT_FLEET', 'FLEET_TAGGING']),
        eq(workflowRequest.state, 'PENDING'),
      ),
    )
    .orderBy(desc(workflowRequest.created_at))
    .limit(1);
  return {
    ...item,
    pending_request: pending
      ? {
          request_id: pending.id,
          kind: pending.kind as 'PRODUCT_FLEET' | 'FLEET_TAGGING',
          raised_by_you: pending.requester === caller.membership.id,
        }
      : null,
    history: history.map((event) => ({
      event_id: event.id,
      kind: event.kind,
      at: event.at.toISOString(),
      by_name: event.by_name,
      details: event.details,
    })),
    tickets,
    ticket_count,
  };
}

/** An item as its readers get it: each file's key (the list's rows carry it) becomes an expiring address. */
export function withFileUrls<Item extends FleetItem>(item: Item, files: FileStore): Promise<Item> {
  return withFileAddresses(item, 'fleet_item_files', files);
}

/** ListProductFleet's handler: the page's items with their files' addresses; the export as it is. */
export const listProductFleetHandler: typeof listProductFleet = {
  ...listProductFleet,
  async handle(input, context) {
    const result = await listProductFleet.handle(input, context);
    const page = result.data;
    return {
      ...result,
      data: {
        ...page,
        items: await Promise.all(page.items.map((item) => withFileUrls(item, context.files))),
      },
    };
  },
};
