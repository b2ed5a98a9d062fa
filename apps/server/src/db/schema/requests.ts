import { index, pgTable, text, timestamp, date } from 'drizzle-orm/pg-core';
import type { CountryCode } from 'libphonenumber-js';
import type { RequestSource, RequestState } from '@fieldport/contract/operations/requests';
import { customer } from './customers.ts';
import { member, organization, user } from './identity.ts';
import { party } from './platform.ts';
import { ticket } from './tickets.ts';

// Requests for service (docs/requests.md) and the landing page's contact messages (docs/landing.md).

/**
 * A customer's, dealer's or co-ordinator's request for a visit, before it is a ticket. NEW until
 * CONVERTED (ticket_id: the ticket made from it), REJECTED (reject_reason) or MERGED (ticket_id:
 * the open ticket it joined); then it never changes.
 */
export const serviceRequest = pgTable(
  'service_request',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    request_number: text().notNull(),
    state: text().$type<RequestState>().notNull().default('NEW'),
    source: text().$type<RequestSource>().notNull(),
    /** The dealer whose people raised it: they see it on /RFS. */
    dealer_party_id: text().references(() => party.id, { onDelete: 'set null' }),
    customer_name: text().notNull(),
    /** E.164, as customers keep it: conversion matches a customer by it. */
    phone: text().notNull(),
    phone_country: text().$type<CountryCode>().notNull(),
    email: text(),
    address: text().notNull(),
    pincode: text().notNull(),
    city: text().notNull(),
    state_name: text().notNull(),
    country: text().notNull(),
    serial_number: text(),
    product_name: text(),
    problem: text().notNull(),
    preferred_visit_date: date({ mode: 'string' }),
    created_by_member_id: text().references(() => member.id, { onDelete: 'set null' }),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    /** The public form's sender's network address (kept for abuse reports). */
    ip_address: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decided_by: text().references(() => user.id, { onDelete: 'set null' }),
    decided_at: timestamp({ withTimezone: true }),
    reject_reason: text(),
    ticket_id: text().references(() => ticket.id, { onDelete: 'set null' }),
    customer_id: text().references(() => customer.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('service_request_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('service_request_org_state_idx').on(table.organization_id, table.state, table.created_at),
    index('service_request_org_dealer_idx').on(
      table.organization_id,
      table.dealer_party_id,
      table.created_at,
    ),
    index('service_request_org_phone_idx').on(table.organization_id, table.phone),
  ],
);

/** A message sent through the landing page's contact form, mailed to the sales address. */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    country_code: text().notNull(),
    dial_code: text().notNull(),
    phone: text().notNull(),
    message: text().notNull(),
    ip_address: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_message_created_idx').on(table.created_at)],
);
