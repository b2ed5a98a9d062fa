import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlanRepeat } from '@fieldport/contract/operations/schedules';
import { amcContract } from './contracts.ts';
import { organization, user } from './identity.ts';
import { fleetItem } from './product-fleet.ts';
import { ticket } from './tickets.ts';

// Scheduled maintenance (docs/schedules.md): plans on fleet items, and the due dates they raised
// or missed.

/**
 * A plan raises a ticket for its fleet item ahead of each due date. STOPPED raises nothing until
 * reset; an ended plan (past its last day) is read, not stored.
 */
export const maintenancePlan = pgTable(
  'maintenance_plan',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    fleet_item_id: text()
      .notNull()
      .references(() => fleetItem.id, { onDelete: 'cascade' }),
    /** AMC_VISITS: the contract whose term and visits the dates follow. */
    contract_id: text().references(() => amcContract.id, { onDelete: 'set null' }),
    repeat: text().$type<PlanRepeat>().notNull(),
    every: integer(),
    first_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }),
    lead_days: integer().notNull(),
    /** The next due date not yet raised or missed; null once the plan is past its last day (ended). */
    next_due_date: date({ mode: 'string' }),
    state: text().$type<'ACTIVE' | 'STOPPED'>().notNull().default('ACTIVE'),
    stop_reason: text(),
    stopped_at: timestamp({ withTimezone: true }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('maintenance_plan_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('maintenance_plan_org_item_idx').on(table.organization_id, table.fleet_item_id),
    // The hourly job reads the active plans.
    index('maintenance_plan_active_due_idx')
      .on(table.organization_id, table.next_due_date)
      .where(sql`${table.state} = 'ACTIVE'`),
  ],
);

/**
 * A due date of a plan that was dealt with: RAISED (with its ticket) or MISSED (it passed without
 * one). Unique per plan and date, so that a date is raised at most once, ever, however often the
 * job runs.
 */
export const maintenanceVisit = pgTable(
  'maintenance_visit',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    plan_id: text()
      .notNull()
      .references(() => maintenancePlan.id, { onDelete: 'cascade' }),
    due_date: date({ mode: 'string' }).notNull(),
    outcome: text().$type<'RAISED' | 'MISSED'>().notNull(),
    ticket_id: text().references(() => ticket.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('maintenance_visit_once_uq').on(table.plan_id, table.due_date),
    index('maintenance_visit_org_outcome_idx').on(table.organization_id, table.outcome, table.due_date),
  ],
);
