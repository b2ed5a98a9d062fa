import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Role } from '@fieldport/contract/roles';
import type { OpenTicketState } from '@fieldport/contract/ticket-states';
import type { TicketPriority } from '@fieldport/contract/operations/tickets';
import { category } from './product-catalogue.ts';
import { territory } from './territories.ts';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';

// The settings masters (docs/product.md#masters).

/** A master that is only a name: unique per organization (case-insensitive), searchable. */
function namedMasterTable<Name extends string>(name: Name) {
  return pgTable(name, { ...masterColumns(), name: text().notNull() }, (table) => [
    uniqueNameIndex(`${name}_org_name_uq`, table.organization_id, table.name),
    trigramIndex(`${name}_name_trgm`, table.name),
    index(`${name}_org_created_idx`).on(table.organization_id, table.created_at),
  ]);
}

export const problemDescription = namedMasterTable('problem_description');
export const closureRemark = namedMasterTable('closure_remark');
export const productFleetStatus = namedMasterTable('product_fleet_status');
export const customerCategory = namedMasterTable('customer_category');
export const serviceType = namedMasterTable('service_type');
export const supportType = namedMasterTable('support_type');
export const territoryCategory = namedMasterTable('territory_category');

/**
 * WIP states, in their display order (IN_PROGRESS carries a WIP sub-stage,
 * docs/product.md#ticket-states).
 */
export const wipState = pgTable(
  'wip_state',
  { ...masterColumns(), name: text().notNull(), display_order: integer().notNull() },
  (table) => [
    uniqueNameIndex('wip_state_org_name_uq', table.organization_id, table.name),
    trigramIndex('wip_state_name_trgm', table.name),
    index('wip_state_org_order_idx').on(table.organization_id, table.display_order),
  ],
);

/** A sub-stage belongs to one WIP state; its name is unique within the state. */
export const wipSubStage = pgTable(
  'wip_sub_stage',
  {
    ...masterColumns(),
    wip_state_id: text()
      .notNull()
      .references(() => wipState.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    display_order: integer().notNull(),
  },
  (table) => [
    uniqueNameIndex('wip_sub_stage_state_name_uq', table.organization_id, table.name, table.wip_state_id),
    trigramIndex('wip_sub_stage_name_trgm', table.name),
    index('wip_sub_stage_org_state_order_idx').on(
      table.organization_id,
      table.wip_state_id,
      table.display_order,
    ),
  ],
);

/** Extras a technician may add to a ticket, with a price in paise. Names and codes are unique. */
export const additionalPart = pgTable(
  'additional_part',
  {
    ...masterColumns(),
    name: text().notNull(),
    part_code: text().notNull(),
    price_paise: integer().notNull(),
  },
  (table) => [
    uniqueNameIndex('additional_part_org_name_uq', table.organization_id, table.name),
    uniqueNameIndex('additional_part_org_code_uq', table.organization_id, table.part_code),
    trigramIndex('additional_part_name_trgm', table.name),
    trigramIndex('additional_part_code_trgm', table.part_code),
    index('additional_part_org_created_idx').on(table.organization_id, table.created_at),
  ],
);

/**
 * When a ticket has stayed in a state this many hours, tell these roles and addresses; narrowed,
 * when set, to a priority, a category and a territory (docs/escalations.md). A job fires each rule
 * at most once per ticket and level (`ticket_escalation`).
 */
export const escalationNotification = pgTable(
  'escalation_notification',
  {
    ...masterColumns(),
    name: text().notNull(),
    ticket_state: text().$type<OpenTicketState>().notNull(),
    after_hours: integer().notNull(),
    /** 1 for the first word to the co-ordinators, higher for those told when that did not help. */
    level: integer().notNull().default(1),
    priority: text().$type<TicketPriority>(),
    category_id: text().references(() => category.id, { onDelete: 'set null' }),
    territory_id: text().references(() => territory.id, { onDelete: 'set null' }),
    notify_roles: jsonb().$type<Role[]>().notNull().default([]),
    notify_emails: jsonb().$type<string[]>().notNull().default([]),
  },
  (table) => [
    uniqueNameIndex('escalation_notification_org_name_uq', table.organization_id, table.name),
    trigramIndex('escalation_notification_name_trgm', table.name),
    index('escalation_notification_org_state_idx').on(table.organization_id, table.ticket_state),
  ],
);
