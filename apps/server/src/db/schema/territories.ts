import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { masterColumns } from '../columns.ts';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { member, organization } from './identity.ts';
import { party } from './platform.ts';
import { category } from './product-catalogue.ts';
import { territoryCategory } from './settings.ts';

// Territories (docs/product.md#territories, #assignment-and-claim).

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const organizationId = () =>
  text()
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' });

export const pincodeType = pgTable(
  'pincode_type',
  { ...masterColumns(), name: text().notNull() },
  (table) => [
    uniqueNameIndex('pincode_type_org_name_uq', table.organization_id, table.name),
    trigramIndex('pincode_type_name_trgm', table.name),
    index('pincode_type_org_created_idx').on(table.organization_id, table.created_at),
  ],
);

export const territory = pgTable(
  'territory',
  {
    ...masterColumns(),
    name: text().notNull(),
    territory_category_id: text()
      .notNull()
      .references(() => territoryCategory.id),
  },
  (table) => [
    uniqueNameIndex('territory_org_name_uq', table.organization_id, table.name),
    trigramIndex('territory_name_trgm', table.name),
    index('territory_org_category_idx').on(table.organization_id, table.territory_category_id),
  ],
);

/** A pincode of a territory. A pincode belongs to at most one territory of an organization. */
export const territoryPincode = pgTable(
  'territory_pincode',
  {
    id: text().primaryKey(),
    organization_id: organizationId(),
    territory_id: text()
      .notNull()
      .references(() => territory.id, { onDelete: 'cascade' }),
    pincode: text().notNull(),
    pincode_type_id: text().references(() => pincodeType.id, { onDelete: 'set null' }),
    area_name: text(),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (table) => [
    uniqueIndex('territory_pincode_org_pincode_uq').on(table.organization_id, table.pincode),
    index('territory_pincode_org_territory_idx').on(table.organization_id, table.territory_id, table.pincode),
    trigramIndex('territory_pincode_pincode_trgm', table.pincode),
    trigramIndex('territory_pincode_area_trgm', table.area_name),
  ],
);

/** Technicians (memberships with role TECHNICIAN) mapped to territories. */
export const technicianTerritory = pgTable(
  'technician_territory',
  {
    organization_id: organizationId(),
    member_id: text()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    territory_id: text()
      .notNull()
      .references(() => territory.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organization_id, table.member_id, table.territory_id] }),
    // Who covers a territory: the question of every assignment.
    index('technician_territory_org_territory_idx').on(table.organization_id, table.territory_id),
  ],
);

/** Technicians' expertise: the service categories they may work on. */
export const technicianExpertise = pgTable(
  'technician_expertise',
  {
    organization_id: organizationId(),
    member_id: text()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    category_id: text()
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organization_id, table.member_id, table.category_id] }),
    index('technician_expertise_org_category_idx').on(table.organization_id, table.category_id),
  ],
);

/** Service partners (parties of kind SERVICE_PARTNER) mapped to territories. */
export const servicePartnerTerritory = pgTable(
  'service_partner_territory',
  {
    organization_id: organizationId(),
    party_id: text()
      .notNull()
      .references(() => party.id, { onDelete: 'cascade' }),
    territory_id: text()
      .notNull()
      .references(() => territory.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organization_id, table.party_id, table.territory_id] }),
    index('service_partner_territory_org_territory_idx').on(table.organization_id, table.territory_id),
  ],
);
