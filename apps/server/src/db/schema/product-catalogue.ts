import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  CategoryType,
  ServiceEnableType,
  ServiceSource,
} from '@fieldport/contract/operations/product-catalogue';
import type { StoredAttachment } from './files.ts';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { user } from './identity.ts';

// The product catalogue (docs/product.md#product-catalogue): master categories, categories, services.

export const masterCategory = pgTable(
  'master_category',
  { ...masterColumns(), name: text().notNull() },
  (table) => [
    uniqueNameIndex('master_category_org_name_uq', table.organization_id, table.name),
    trigramIndex('master_category_name_trgm', table.name),
    index('master_category_org_created_idx').on(table.organization_id, table.created_at),
  ],
);

/** A category carries the ticket prefix of its tickets, unique in the organization. */
export const category = pgTable(
  'category',
  {
    ...masterColumns(),
    master_category_id: text()
      .notNull()
      .references(() => masterCategory.id),
    name: text().notNull(),
    category_type: text().$type<CategoryType>().notNull().default('PRODUCT'),
    // Stored upper-case (the contract upper-cases it), so a plain unique index is case-blind.
    ticket_prefix: text().notNull(),
  },
  (table) => [
    uniqueNameIndex('category_org_name_uq', table.organization_id, table.name),
    uniqueIndex('category_org_prefix_uq').on(table.organization_id, table.ticket_prefix),
    trigramIndex('category_name_trgm', table.name),
    index('category_org_master_idx').on(table.organization_id, table.master_category_id),
  ],
);

/** A service of the catalogue; its name is unique within its category. Money in paise. */
export const service = pgTable(
  'service',
  {
    ...masterColumns(),
    category_id: text()
      .notNull()
      .references(() => category.id),
    /** SRV-000001: from the organization's 'service' sequence. */
    display_id: text().notNull(),
    name: text().notNull(),
    price_paise: integer().notNull(),
    credits: integer().notNull().default(0),
    enable_type: text().$type<ServiceEnableType>().notNull().default('ALL'),
    is_visible: boolean().notNull().default(true),
    technician_enabled: boolean().notNull().default(true),
    manufacturer_name: text(),
    source: text().$type<ServiceSource>().notNull().default('PORTAL'),
    service_type_ids: jsonb().$type<string[]>().notNull().default([]),
    autotag_user_ids: jsonb().$type<string[]>().notNull().default([]),
    files: jsonb().$type<StoredAttachment[]>().notNull().default([]),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueNameIndex('service_category_name_uq', table.organization_id, table.name, table.category_id),
    uniqueIndex('service_org_display_id_uq').on(table.organization_id, table.display_id),
    trigramIndex('service_name_trgm', table.name),
    trigramIndex('service_display_id_trgm', table.display_id),
    trigramIndex('service_manufacturer_trgm', table.manufacturer_name),
    index('service_org_category_idx').on(table.organization_id, table.category_id),
    index('service_org_created_idx').on(table.organization_id, table.created_at),
  ],
);
