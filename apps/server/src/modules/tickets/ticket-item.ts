import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  TICKET_LISTS,
  type TicketItem,
  type TicketList,
  type TicketPriority,
} from '@fieldport/contract/operations/tickets';
import type { TicketState } from '@fieldport/contract/ticket-states';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { member, user } from '../../db/schema/identity.ts';
import { party } from '../../db/schema/platform.ts';
import { category, service } from '../../db/schema/product-catalogue.ts';
import {
  closureRemark,
  problemDescription,
  serviceType,
  wipState,
  wipSubStage,
} from '../../db/schema/settings.ts';
import { territory } from '../../db/schema/territories.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { qualified, referenceMatches, searchCondition } from '../../platform/lists.ts';
import { withinDays } from '../../platform/organization-days.ts';
import { customerSearch } from '../customers/list-customers.ts';
import { notPricedTickets } from '../payouts/partner-amounts.ts';
import { visibleTickets } from './ticket-scope.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * A ticket as every list and answer shows it: one select with its joins, shared by the lists,
 * the details and the answers of the mutations.
 */

/**
 * A name of another table, read by the ticket's key in a scalar subquery rather than a join. With
 * ORDER BY and LIMIT, PostgreSQL evaluates such subqueries only for the rows of the page (it
 * postpones expensive output expressions past the sort), where joining fifteen tables first made
 * it join every matching ticket and spend tens of milliseconds planning (measured: 3 s for a page
 * of 200,000 tickets, bench/tickets.bench.ts). `qualified` names the outer ticket's column, which
 * drizzle would otherwise leave unqualified in a one-table select.
 */
function lookup<T>(table: PgTable & { id: PgColumn }, column: PgColumn, key: PgColumn) {
  return sql<T>`(select ${qualified(column)} from ${table} where ${qualified(table.id)} = ${qualified(key)})`;
}

const technicianName = sql<
  string | null
>`(select u.name from ${member} m join ${user} u on u.id = m.user_id where m.id = ${qualified(ticket.technician_id)})`;
const recreatedFromNumber = sql<
  string | null
>`(select r.ticket_number from ${ticket} r where r.id = ${qualified(ticket.recreated_from_ticket_id)} and r.organization_id = ${qualified(ticket.organization_id)})`;
const wipStateName = sql<
  string | null
>`(select ws.name from ${wipSubStage} ss join ${wipState} ws on ws.id = ss.wip_state_id where ss.id = ${qualified(ticket.wip_sub_stage_id)})`;
const partyName = (key: PgColumn) => lookup<string | null>(party, party.name, key);

export const ticketSelect = {
  id: ticket.id,
  ticket_number: ticket.ticket_number,
  state: ticket.state,
  priority: ticket.priority,
  customer_id: ticket.customer_id,
  customer_name: lookup<string>(customer, customer.name, ticket.customer_id),
  customer_phone: lookup<string>(customer, customer.phone, ticket.customer_id),
  customer_email: lookup<string | null>(customer, customer.email, ticket.customer_id),
  location_id: ticket.location_id,
  address: lookup<string>(customerLocation, customerLocation.address, ticket.location_id),
  pincode: lookup<string>(customerLocation, customerLocation.pincode, ticket.location_id),
  city: lookup<string>(customerLocation, customerLocation.city, ticket.location_id),
  territory_id: ticket.territory_id,
  territory_name: lookup<string | null>(territory, territory.name, ticket.territory_id),
  service_id: ticket.service_id,
  service_name: lookup<string>(service, service.name, ticket.service_id),
  category_id: ticket.category_id,
  category_name: lookup<string>(category, category.name, ticket.category_id),
  service_type_id: ticket.service_type_id,
  service_type_name: lookup<string | null>(serviceType, serviceType.name, ticket.service_type_id),
  serial_number: ticket.serial_number,
  fleet_item_id: ticket.fleet_item_id,
  coverage: ticket.coverage,
  coverage_until: ticket.coverage_until,
  coverage_visits_left: ticket.coverage_visits_left,
  problem_description_id: ticket.problem_description_id,
  problem_description_name: lookup<string | null>(
    problemDescription,
    problemDescription.name,
    ticket.problem_description_id,
  ),
  problem_note: ticket.problem_note,
  preferred_visit_date: ticket.preferred_visit_date,
  preferred_visit_time: ticket.preferred_visit_time,
  under_warranty: ticket.under_warranty,
  is_foc: ticket.is_foc,
  service_charge_paise: ticket.service_charge_paise,
  wip_sub_stage_id: ticket.wip_sub_stage_id,
  wip_sub_stage_name: lookup<string | null>(wipSubStage, wipSubStage.name, ticket.wip_sub_stage_id),
  wip_state_name: wipStateName,
  closure_remark_id: ticket.closure_remark_id,
  closure_remark_name: lookup<string | null>(closureRemark, closureRemark.name, ticket.closure_remark_id),
  is_floating: ticket.is_floating,
  partner_party_id: ticket.partner_party_id,
  partner_name: partyName(ticket.partner_party_id),
  dealer_party_id: ticket.dealer_party_id,
  dealer_name: partyName(ticket.dealer_party_id),
  technician_id: ticket.technician_id,
  technician_name: technicianName,
  closed_with: ticket.closed_with,
  closed_at: ticket.closed_at,
  recreated_from_ticket_id: ticket.recreated_from_ticket_id,
  recreated_from_ticket_number: recreatedFromNumber,
  created_by_name: lookup<string | null>(user, user.name, ticket.created_by),
  created_at: ticket.created_at,
  updated_at: ticket.updated_at,
};

type TicketRow = SelectResultFields<typeof ticketSelect>;

export function toTicketItem(row: TicketRow): TicketItem {
  return {
    ticket_id: row.id,
    ticket_number: row.ticket_number,
    state: row.state,
    priority: row.priority,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    customer_email: row.customer_email,
    location_id: row.location_id,
    address: row.address,
    pincode: row.pincode,
    city: row.city,
    territory_id: row.territory_id,
    territory_name: row.territory_name,
    service_id: row.service_id,
    service_name: row.service_name,
    category_id: row.category_id,
    category_name: row.category_name,
    service_type_id: row.service_type_id,
    service_type_name: row.service_type_name,
    serial_number: row.serial_number,
    fleet_item_id: row.fleet_item_id,
    coverage: row.coverage
      ? { coverage: row.coverage, covered_until: row.coverage_until, visits_left: row.coverage_visits_left }
      : null,
    problem_description_id: row.problem_description_id,
    problem_description_name: row.problem_description_name,
    problem_note: row.problem_note,
    preferred_visit_date: row.preferred_visit_date,
    preferred_visit_time: row.preferred_visit_time,
    under_warranty: row.under_warranty,
    is_foc: row.is_foc,
    service_charge_paise: row.service_charge_paise,
    wip_sub_stage_id: row.wip_sub_stage_id,
    wip_sub_stage_name: row.wip_sub_stage_name,
    wip_state_name: row.wip_state_name,
    closure_remark_id: row.closure_remark_id,
    closure_remark_name: row.closure_remark_name,
    is_floating: row.is_floating,
    partner_party_id: row.partner_party_id,
    partner_name: row.partner_name,
    dealer_party_id: row.dealer_party_id,
    dealer_name: row.dealer_name,
    technician_id: row.technician_id,
    technician_name: row.technician_name,
    closed_with: row.closed_with,
    closed_on: row.closed_at?.toISOString() ?? null,
    recreated_from_ticket_id: row.recreated_from_ticket_id,
    recreated_from_ticket_number: row.recreated_from_ticket_number,
    created_by_name: row.created_by_name,
    created_on: row.created_at.toISOString(),
    updated_on: row.updated_at.toISOString(),
  };
}

/**
 * A ticket number or serial anywhere (trigram indexes), or the customer as the customers list
 * searches (name, email, phone prefix), found first (`referenceMatches`) so that the conditions
 * are OR-ed as bitmaps instead of joining every ticket to its customer.
 */
export function ticketSearch(term: string, caller: Caller): SQL | undefined {
  if (!term) return undefined;
  return or(
    searchCondition([ticket.ticket_number, ticket.serial_number], term),
    referenceMatches(ticket.customer_id, customer, customerSearch(term), caller),
  );
}

const PRIORITY_ORDER: Record<TicketPriority, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, URGENT: 4 };

export const ticketSort = {
  created_on: ticket.created_at,
  ticket_number: ticket.ticket_number,
  customer_name: sql`(select lower(${qualified(customer.name)}) from ${customer} where ${qualified(customer.id)} = ${qualified(ticket.customer_id)})`,
  preferred_visit_date: ticket.preferred_visit_date,
  priority: sql`case ${ticket.priority} ${sql.join(
    Object.entries(PRIORITY_ORDER).map(([name, order]) => sql`when ${name} then ${order}`),
    sql` `,
  )} end`,
  updated_on: ticket.updated_at,
};

/** The filters of the ticket lists (contract `listFilters`), the list's states included. */
interface TicketFilterInput {
  list?: TicketList;
  state?: TicketState;
  wip_sub_stage_id?: string;
  territory_id?: string;
  partner_party_id?: string;
  technician_id?: string;
  service_id?: string;
  priority?: TicketPriority;
  created_from?: string;
  created_to?: string;
  partner_amount?: 'NOT_PRICED';
}

/** created_from and created_to are days of the organization's time zone, both included. */
export function ticketFilters(input: TicketFilterInput, caller: Caller): (SQL | undefined)[] {
  return [
    visibleTickets(caller),
    input.list ? inArray(ticket.state, [...TICKET_LISTS[input.list]]) : undefined,
    input.state ? eq(ticket.state, input.state) : undefined,
    input.wip_sub_stage_id ? eq(ticket.wip_sub_stage_id, input.wip_sub_stage_id) : undefined,
    input.territory_id ? eq(ticket.territory_id, input.territory_id) : undefined,
    input.partner_party_id ? eq(ticket.partner_party_id, input.partner_party_id) : undefined,
    input.technician_id ? eq(ticket.technician_id, input.technician_id) : undefined,
    input.service_id ? eq(ticket.service_id, input.service_id) : undefined,
    input.priority ? eq(ticket.priority, input.priority) : undefined,
    ...withinDays(ticket.created_at, input.created_from, input.created_to, caller.organization.time_zone),
    input.partner_amount === 'NOT_PRICED' ? notPricedTickets(caller) : undefined,
  ];
}

/**
 * One ticket as the caller may see it, or undefined. `organization` reads any ticket of the
 * caller's organization: for the answer of a change that moved the ticket out of the caller's
 * sight (a technician who rejects it).
 */
export async function readTicketItem(
  db: Db,
  caller: Caller,
  id: string,
  scope: 'visible' | 'organization' = 'visible',
): Promise<TicketItem | undefined> {
  const [row] = await db
    .select(ticketSelect)
    .from(ticket)
    .where(
      and(scope === 'visible' ? visibleTickets(caller) : inOrganization(ticket, caller), eq(ticket.id, id)),
    )
    .limit(1);
  return row ? toTicketItem(row) : undefined;
}
