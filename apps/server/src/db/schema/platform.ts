import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ImportPreviewRow, ImportRowError, ImportStatus } from '@fieldport/contract/imports';
import type { AccessModule } from '@fieldport/contract/operations/account';
import type { MailStatus } from '@fieldport/contract/operations/mail-outbox';
import { trigramIndex, uniqueNameIndex } from '../indexes.ts';
import { member, organization, user } from './identity.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const PARTY_KINDS = ['SERVICE_PARTNER', 'DEALER'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

/**
 * A service partner or a dealer inside an organization (docs/product.md#roles-and-parties). The
 * organization's own staff have no party. Dealer tab flags default on (docs/product.md#constants).
 */
export const party = pgTable(
  'party',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    kind: text().$type<PartyKind>().notNull(),
    name: text().notNull(),
    status: text().$type<'ACTIVE' | 'SUSPENDED'>().notNull().default('ACTIVE'),
    /** Its GSTIN, whose first two digits are its state's code; null: not registered (docs/payouts.md#tax). */
    gstin: text(),
    is_report_tab_visible: boolean().notNull().default(true),
    is_product_fleet_tab_visible: boolean().notNull().default(true),
    is_customer_tab_visible: boolean().notNull().default(true),
    enable_service_co_ordinators_tab: boolean().notNull().default(true),
    enable_representatives_tab: boolean().notNull().default(true),
    created_at: createdAt(),
  },
  (table) => [
    index('party_organization_idx').on(table.organization_id, table.kind),
    trigramIndex('party_name_trgm', table.name),
    // Two service partners (or two dealers) of one organization never share a name (people screens).
    uniqueNameIndex('party_org_kind_name_uq', table.organization_id, table.name, table.kind),
  ],
);

/**
 * A designation carries module rights (accessing_module,
 * docs/product.md#people-designations-and-rights).
 */
export const designation = pgTable(
  'designation',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    accessing_module: jsonb().$type<AccessModule[]>().notNull().default([]),
    status: text().$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (table) => [
    index('designation_organization_idx').on(table.organization_id),
    uniqueNameIndex('designation_org_name_uq', table.organization_id, table.name),
    trigramIndex('designation_name_trgm', table.name),
  ],
);

/** Every mail the product sends; the console outbox keeps the body (codes included) here. */
/**
 * Every mail the portal sends, and the queue it is sent from (docs/operations.md#mail): written
 * QUEUED in the transaction of what it tells about, delivered by the `mail.deliver` job, retried
 * with back-off, FAILED after the last attempt. The body waits here until sent; a mail sent through
 * a mail server then keeps none, so that codes are not kept at rest.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text().primaryKey(),
    /** The organization the mail is about (a ticket's, an invitation's); null for account mails (codes). */
    organization_id: text(),
    to_address: text().notNull(),
    subject: text().notNull(),
    body_text: text(),
    /** The documents sent with it, until sent: `{ filename, contentType, base64 }`. */
    attachments: jsonb().$type<QueuedAttachment[]>(),
    transport: text().$type<'console' | 'smtp'>().notNull(),
    status: text().$type<MailStatus>().notNull(),
    /** Delivery attempts begun. */
    attempts: integer().notNull().default(0),
    /** When the next attempt may begin; for a SENDING mail, when its attempt counts as lost. */
    next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp({ withTimezone: true }),
    error: text(),
    /** Set by background work that may run twice: one mail per key, ever. */
    idempotency_key: text(),
    created_at: createdAt(),
  },
  (table) => [
    index('mail_outbox_to_idx').on(table.to_address, table.created_at),
    index('mail_outbox_organization_idx').on(table.organization_id, table.created_at),
    index('mail_outbox_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.status} in ('QUEUED', 'SENDING')`),
    uniqueIndex('mail_outbox_idempotency_key_uq').on(table.idempotency_key),
  ],
);

export interface QueuedAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** Fixed-window counters of the /auth rate limits, kept in the database so that every process shares them. */
export const rateLimit = pgTable('rate_limit', {
  key: text().primaryKey(),
  window_start: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
  /** An account's back-off after many failures (auth/rate-limit.ts): no attempt before this time. */
  blocked_until: timestamp({ withTimezone: true }),
});

/**
 * The actions a device sent with its own id (`action_id`), one row per action applied, written in
 * the action's transaction: one sent again because the phone never got the answer is answered
 * without being applied twice (docs/product.md#working-offline). An id is the sender's own: the key
 * holds the organization and the user, so that another person's same id is another action. Kept
 * 8 days (the `device-actions.purge` job): an action taken more than 7 days ago is refused anyway.
 */
export const deviceAction = pgTable(
  'device_action',
  {
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    user_id: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    action_id: uuid().notNull(),
    /** The operation that applied it (`TicketInteraction`); the same id for another one is refused. */
    operation: text().notNull(),
    /** What the action acted on or wrote (a ticket, a timeline entry, a day's attendance), to answer it again. */
    record_id: text(),
    received_at: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organization_id, table.user_id, table.action_id] }),
    index('device_action_received_idx').on(table.received_at),
  ],
);

/** Secrets generated on first start when none is configured, shared by every process. */
export const serverSecret = pgTable('server_secret', {
  name: text().primaryKey(),
  value: text().notNull(),
  created_at: createdAt(),
});

/** Who did what, where and when (docs/product.md#audit-log). Entries are never edited. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    organization_id: text(),
    user_id: text(),
    user_email: text(),
    operation: text().notNull(),
    target: text(),
    changes: jsonb().$type<Record<string, unknown>>(),
    ip_address: text(),
    created_at: createdAt(),
  },
  (table) => [
    index('audit_log_organization_created_idx').on(table.organization_id, table.created_at),
    // List_Logs filters by operation and by user within an organization, newest first.
    index('audit_log_organization_operation_idx').on(
      table.organization_id,
      table.operation,
      table.created_at,
    ),
    index('audit_log_organization_user_idx').on(table.organization_id, table.user_email, table.created_at),
    trigramIndex('audit_log_user_email_trgm', table.user_email),
    trigramIndex('audit_log_operation_trgm', table.operation),
  ],
);

export const issueReport = pgTable(
  'issue_report',
  {
    id: text().primaryKey(),
    organization_id: text().references(() => organization.id, { onDelete: 'set null' }),
    member_id: text().references(() => member.id, { onDelete: 'set null' }),
    user_id: text().references(() => user.id, { onDelete: 'set null' }),
    user_email_id: text().notNull(),
    project_key: text().notNull(),
    issue_description: text().notNull(),
    page_url: text(),
    created_at: createdAt(),
  },
  (table) => [index('issue_report_organization_idx').on(table.organization_id, table.created_at)],
);

export const issueReportAttachment = pgTable('issue_report_attachment', {
  id: text().primaryKey(),
  issue_report_id: text()
    .notNull()
    .references(() => issueReport.id, { onDelete: 'cascade' }),
  storage_key: text().notNull(),
  content_type: text().notNull(),
  file_extension: text().notNull(),
  file_size: integer().notNull(),
});

/**
 * An uploaded workbook between its preview and its confirmation (docs/imports.md), of any kind
 * (`kind`: the import's path, 'customers' or 'product-fleet'): the checked rows wait here with their
 * row numbers until the person who uploaded them confirms.
 */
export const dataImport = pgTable(
  'data_import',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    party_id: text().references(() => party.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    created_by: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    file_name: text().notNull(),
    status: text().$type<ImportStatus>().notNull().default('READY'),
    total_rows: integer().notNull(),
    valid_count: integer().notNull(),
    /** The checked rows, emptied once imported. */
    rows: jsonb().$type<unknown[]>().notNull(),
    errors: jsonb().$type<ImportRowError[]>().notNull(),
    preview_rows: jsonb().$type<ImportPreviewRow[]>().notNull(),
    imported_count: integer(),
    /** Why the last confirmation failed; it was rolled back, so the upload stays READY. */
    failure: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('data_import_org_user_idx').on(table.organization_id, table.created_by, table.created_at),
  ],
);
