import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';

// Purchasing (docs/purchasing.md): vendors and purchase orders.

/** A vendor of spare parts. A GSTIN, when given, is unique per organization. */
export const vendor = pgTable(
  'vendor',
  {
    ...masterColumns(),
    name: text().notNull(),
    gstin: text(),
    contact_person: text(),
    phone: text(),
    email: text(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    pincode: text().notNull(),
  },
  (table) => [
    uniqueNameIndex('vendor_org_name_uq', table.organization_id, table.name),
    uniqueIndex('vendor_org_gstin_uq')
      .on(table.organization_id, table.gstin)
      .where(sql`${table.gstin} IS NOT NULL`),
    trigramIndex('vendor_name_trgm', table.name),
    trigramIndex('vendor_city_trgm', table.city),
    trigramIndex('vendor_gstin_trgm', table.gstin),
    index('vendor_org_city_idx').on(table.organization_id, sql`lower(${table.city})`),
    index('vendor_org_created_idx').on(table.organization_id, table.created_at),
  ],
);
