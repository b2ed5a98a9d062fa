import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CountryCode } from 'libphonenumber-js';
import type { LeadAnswer, LeadFormField, LeadSource, LeadStatus } from '@fieldport/contract/operations/leads';
import type { RecordStatus } from '@fieldport/contract/lists';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { customer } from './customers.ts';
import { member, organization, user } from './identity.ts';
import { quotation } from './quotations.ts';

// Leads (docs/leads.md): the forms that capture them, the leads, and their follow-ups.

/** A form the organization built: name, phone and email, then its own questions in order. */
export const leadForm = pgTable(
  'lead_form',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    fields: jsonb().$type<LeadFormField[]>().notNull().default([]),
    default_owner_member_id: text().references(() => member.id, { onDelete: 'set null' }),
    is_public: boolean().notNull().default(true),
    status: text().$type<RecordStatus>().notNull().default('ACTIVE'),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueNameIndex('lead_form_name_uq', table.organization_id, table.name)],
);

/**
 * A lead: who (name, E.164 phone, email), what they answered (labelled as the form asked then),
 * whose it is, and how far it went. WON only by conversion (customer_id, and quotation_id when a
 * quotation was drafted); then it never changes.
 */
export const lead = pgTable(
  'lead',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    lead_number: text().notNull(),
    form_id: text()
      .notNull()
      .references(() => leadForm.id, { onDelete: 'restrict' }),
    source: text().$type<LeadSource>().notNull(),
    status: text().$type<LeadStatus>().notNull().default('NEW'),
    name: text().notNull(),
    phone: text().notNull(),
    phone_country: text().$type<CountryCode>().notNull(),
    email: text(),
    answers: jsonb().$type<LeadAnswer[]>().notNull().default([]),
    owner_member_id: text().references(() => member.id, { onDelete: 'set null' }),
    lost_reason: text(),
    customer_id: text().references(() => customer.id, { onDelete: 'set null' }),
    quotation_id: text().references(() => quotation.id, { onDelete: 'set null' }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    ip_address: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lead_number_uq').on(table.organization_id, table.lead_number),
    index('lead_org_created_idx').on(table.organization_id, table.created_at),
    index('lead_org_status_idx').on(table.organization_id, table.status, table.created_at),
    index('lead_owner_idx').on(table.owner_member_id, table.created_at),
    index('lead_form_idx').on(table.form_id),
    index('lead_phone_idx').on(table.organization_id, table.phone),
    trigramIndex('lead_name_trgm', table.name),
  ],
);

/** A planned follow-up of a lead; its owner is mailed once when it falls due (reminded_at). */
export const leadFollowUp = pgTable(
  'lead_follow_up',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    lead_id: text()
      .notNull()
      .references(() => lead.id, { onDelete: 'cascade' }),
    due_at: timestamp({ withTimezone: true }).notNull(),
    note: text().notNull(),
    done_at: timestamp({ withTimezone: true }),
    outcome: text(),
    reminded_at: timestamp({ withTimezone: true }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lead_follow_up_lead_idx').on(table.lead_id, table.due_at),
    // The reminder job reads the due ones not yet reminded nor done, oldest first.
    index('lead_follow_up_due_idx')
      .on(table.due_at)
      .where(sql`reminded_at is null and done_at is null`),
  ],
);
