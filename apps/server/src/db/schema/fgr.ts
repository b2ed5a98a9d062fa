import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FgrClaimStatus, FgrState } from '@fieldport/contract/operations/fgr';
import type { Coverage } from '@fieldport/contract/operations/product-fleet';
import { trigramIndex } from '../indexes.ts';
import { organization, user } from './identity.ts';
import { fleetItem } from './product-fleet.ts';
import { ticket } from './tickets.ts';

// Product replacement, FGR (docs/fgr.md).

/**
 * A replacement of a customer's product under its warranty or AMC, from a ticket. One ticket has
 * at most one replacement waiting or approved.
 */
export const fgr = pgTable(
  'fgr',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** From the organization's sequence per financial year: FGR/2026-27/000005. */
    fgr_number: text().notNull(),
    state: text().$type<FgrState>().notNull(),
    ticket_id: text()
      .notNull()
      .references(() => ticket.id, { onDelete: 'restrict' }),
    fleet_item_id: text()
      .notNull()
      .references(() => fleetItem.id, { onDelete: 'restrict' }),
    /** The item's coverage the day the replacement was last sent for approval. */
    coverage: text().$type<Coverage>().notNull(),
    coverage_until: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    replacement_serial_number: text().notNull(),
    replacement_fleet_item_id: text().references(() => fleetItem.id, { onDelete: 'set null' }),
    note: text(),
    workflow_request_id: text(),
    decision_comment: text(),
    claim_status: text().$type<FgrClaimStatus>().notNull().default('PENDING'),
    claim_reference: text(),
    claim_note: text(),
    claim_updated_at: timestamp({ withTimezone: true }),
    reopened_count: integer().notNull().default(0),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fgr_org_number_uq').on(table.organization_id, table.fgr_number),
    uniqueIndex('fgr_live_ticket_uq')
      .on(table.organization_id, table.ticket_id)
      .where(sql`${table.state} IN ('PENDING_APPROVAL', 'APPROVED')`),
    index('fgr_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('fgr_org_state_created_idx').on(table.organization_id, table.state, table.created_at, table.id),
    trigramIndex('fgr_number_trgm', table.fgr_number),
  ],
);
