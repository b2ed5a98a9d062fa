import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { Coverage } from '@fieldport/contract/operations/product-fleet';
import type { TicketEventKind, TicketPriority } from '@fieldport/contract/operations/tickets';
import { ACTIVE_LIST_STATES, type TicketState } from '@fieldport/contract/ticket-states';
import { trigramIndex } from '../indexes.ts';
import { customer, customerLocation } from './customers.ts';
import { member, organization, user } from './identity.ts';
import { party } from './platform.ts';
import { category, service } from './product-catalogue.ts';
import { fleetItem } from './product-fleet.ts';
import { costConfiguration } from './payouts.ts';
import {
  closureRemark,
  escalationNotification,
  problemDescription,
  serviceType,
  wipSubStage,
} from './settings.ts';
import { territory } from './territories.ts';

// Tickets (docs/product.md#ticket-states, #assignment-and-claim, #closure; docs/tickets.md).

/** The Active list's condition, spelled as the list's query spells it (so the planner matches it). */
const activeTicket = (state: PgColumn) =>
  sql`${state} in (${sql.raw(ACTIVE_LIST_STATES.map((name) => `'${name}'`).join(', '))})`;

const timestamptz = () => timestamp({ withTimezone: true });
const organizationId = () =>
  text()
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' });

/**
 * A ticket. `partner_party_id` is the service partner it is given to, `dealer_party_id` the dealer
 * whose user raised it; both decide which party's users see it. `technician_id` is a membership.
 */
export const ticket = pgTable(
  'ticket',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    /** The category's ticket prefix and the organization's 'ticket' sequence: 'AC-000123'. */
    ticket_number: text().notNull(),
    state: text().$type<TicketState>().notNull(),
    priority: text().$type<TicketPriority>().notNull().default('MEDIUM'),
    customer_id: text()
      .notNull()
      .references(() => customer.id),
    location_id: text()
      .notNull()
      .references(() => customerLocation.id),
    service_id: text()
      .notNull()
      .references(() => service.id),
    category_id: text()
      .notNull()
      .references(() => category.id),
    /** The territory of the location's pincode when the ticket was created; null when none. */
    territory_id: text().references(() => territory.id, { onDelete: 'set null' }),
    /** One of the service's service types, when chosen; a rate card may be for one. */
    service_type_id: text().references(() => serviceType.id, { onDelete: 'set null' }),
    serial_number: text(),
    /** The fleet item the ticket is about (docs/product-fleet.md#tickets). */
    fleet_item_id: text().references(() => fleetItem.id, { onDelete: 'set null' }),
    /**
     * The item's coverage on the day the ticket was raised for it: null when raised without an
     * item (also when linked to one later by its serial number). `coverage_until` is the last day
     * of the warranty or AMC; `coverage_visits_left` the AMC's visits left then (null: unlimited).
     */
    coverage: text().$type<Coverage>(),
    coverage_until: date({ mode: 'string' }),
    coverage_visits_left: integer(),
    /** Whether closing it used one of its item's AMC visits: a ticket reopened and closed again uses one only. */
    amc_visit_counted: boolean().notNull().default(false),
    problem_description_id: text().references(() => problemDescription.id, { onDelete: 'set null' }),
    problem_note: text(),
    preferred_visit_date: date({ mode: 'string' }),
    preferred_visit_time: text(),
    under_warranty: boolean().notNull().default(false),
    is_foc: boolean().notNull().default(false),
    service_charge_paise: integer().notNull().default(0),
    wip_sub_stage_id: text().references(() => wipSubStage.id, { onDelete: 'set null' }),
    closure_remark_id: text().references(() => closureRemark.id, { onDelete: 'set null' }),
    /** Eligible technicians see it in their pool and may claim it (only while OPEN). */
    is_floating: boolean().notNull().default(false),
    partner_party_id: text().references(() => party.id, { onDelete: 'set null' }),
    dealer_party_id: text().references(() => party.id, { onDelete: 'set null' }),
    technician_id: text().references(() => member.id, { onDelete: 'set null' }),
    /** When the current assignee got it: automatic assignment picks the longest idle technician. */
    assigned_at: timestamptz(),
    closed_with: text().$type<'OTP' | 'REASON'>(),
    closed_at: timestamptz(),
    /** Who entered the customer's code, or the co-ordinator who closed it with a reason. */
    closed_by: text().references(() => user.id, { onDelete: 'set null' }),
    closure_reason: text(),
    /**
     * What the partner earns for it, frozen when it closed with a partner (docs/payouts.md): null
     * with a partner and closed means no rate card matched, and the ticket is flagged.
     */
    partner_amount_paise: integer(),
    partner_rate_card_id: text().references(() => costConfiguration.id),
    recreated_from_ticket_id: text(),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamptz().notNull().defaultNow(),
    updated_at: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ticket_org_number_uq').on(table.organization_id, table.ticket_number),
    // The four lists: one organization's tickets in some states, newest first.
    index('ticket_org_state_created_idx').on(table.organization_id, table.state, table.created_at, table.id),
    index('ticket_org_technician_idx').on(table.organization_id, table.technician_id, table.state),
    index('ticket_org_partner_idx').on(
      table.organization_id,
      table.partner_party_id,
      table.state,
      table.created_at,
    ),
    index('ticket_org_dealer_idx').on(
      table.organization_id,
      table.dealer_party_id,
      table.state,
      table.created_at,
    ),
    index('ticket_org_customer_idx').on(table.organization_id, table.customer_id),
    // A fleet item's tickets, newest first (its page).
    index('ticket_org_fleet_item_idx').on(table.organization_id, table.fleet_item_id, table.created_at),
    index('ticket_org_created_idx').on(table.organization_id, table.created_at),
    index('ticket_org_closed_idx').on(table.organization_id, table.closed_at),
    // The user reports' "assigned" figures: tickets by when their current assignment was made.
    index('ticket_org_assigned_idx').on(table.organization_id, table.assigned_at),
    // A partner's closed tickets by day: its payouts and the flagged tickets without a rate card.
    index('ticket_org_partner_closed_idx')
      .on(table.organization_id, table.partner_party_id, table.closed_at)
      .where(sql`${table.closed_at} is not null and ${table.partner_party_id} is not null`),
    // The Active list (docs/benchmarks.md#tickets): partial indexes on the active states, in the
    // list's sort orders, so that a page and its capped count read about a page of index entries
    // however many tickets the organization has. The predicate is the list's own `state IN (...)`.
    index('ticket_active_created_idx')
      .on(table.organization_id, table.created_at, table.id)
      .where(activeTicket(table.state)),
    index('ticket_active_visit_idx')
      .on(table.organization_id, table.preferred_visit_date, table.id)
      .where(activeTicket(table.state)),
    index('ticket_active_priority_visit_idx')
      .on(table.organization_id, table.priority, table.preferred_visit_date, table.id)
      .where(activeTicket(table.state)),
    // The floating pool technicians claim from.
    index('ticket_org_floating_idx')
      .on(table.organization_id, table.created_at)
      .where(sql`${table.is_floating} and ${table.state} = 'OPEN'`),
    trigramIndex('ticket_number_trgm', table.ticket_number),
    trigramIndex('ticket_serial_trgm', table.serial_number),
  ],
);

/** The ticket's timeline: every transition and interaction, with who, when and why. */
export const ticketEvent = pgTable(
  'ticket_event',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    ticket_id: text()
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    kind: text().$type<TicketEventKind>().notNull(),
    from_state: text().$type<TicketState>(),
    to_state: text().$type<TicketState>(),
    text: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    file_key: text(),
    file_name: text(),
    actor_user_id: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    index('ticket_event_org_ticket_idx').on(table.organization_id, table.ticket_id, table.created_at),
    // The tickets that needed more than one visit (the reports' first-time fix, docs/reports.md):
    // a few rows per hundred tickets, so the report reads them instead of every closed ticket's timeline.
    index('ticket_event_rework_idx')
      .on(table.organization_id, table.ticket_id)
      .where(sql`${table.kind} in ('HELD', 'PARTIALLY_CLOSED', 'REOPENED', 'RECREATED')`),
  ],
);

/**
 * An escalation rule that fired for a ticket (docs/escalations.md): one row per ticket, rule and
 * level, ever, so that the job that fires them may run twice, in two processes or after a crash,
 * and tell nobody twice.
 */
export const ticketEscalation = pgTable(
  'ticket_escalation',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    ticket_id: text()
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    rule_id: text()
      .notNull()
      .references(() => escalationNotification.id, { onDelete: 'cascade' }),
    level: integer().notNull(),
    /** The state the ticket had stayed in, and since when. */
    ticket_state: text().$type<TicketState>().notNull(),
    state_since: timestamptz().notNull(),
    fired_at: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ticket_escalation_once_uq').on(table.ticket_id, table.rule_id, table.level),
    index('ticket_escalation_org_fired_idx').on(table.organization_id, table.fired_at),
  ],
);

/**
 * A closure code sent to the customer: hashed, for 24 hours, voided by a new code or by the third
 * wrong entry. `used_at`/`used_by` keep who entered it and when.
 */
export const ticketClosureOtp = pgTable(
  'ticket_closure_otp',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    ticket_id: text()
      .notNull()
      .references(() => ticket.id, { onDelete: 'cascade' }),
    code_hash: text().notNull(),
    sent_to: text().notNull(),
    expires_at: timestamptz().notNull(),
    attempts: integer().notNull().default(0),
    voided_at: timestamptz(),
    used_at: timestamptz(),
    used_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    index('ticket_closure_otp_org_ticket_idx').on(table.organization_id, table.ticket_id, table.created_at),
  ],
);

/** A technician's day: checked in and out (automatic assignment prefers those checked in). */
export const technicianAttendance = pgTable(
  'technician_attendance',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    member_id: text()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** The organization's calendar day (its time zone). */
    day: date({ mode: 'string' }).notNull(),
    checked_in_at: timestamptz().notNull(),
    checked_out_at: timestamptz(),
  },
  (table) => [
    uniqueIndex('technician_attendance_org_member_day_uq').on(
      table.organization_id,
      table.member_id,
      table.day,
    ),
  ],
);
