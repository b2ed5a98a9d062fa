import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  ReportDownloadKind,
  ReportDownloadParameters,
  ReportDownloadStatus,
} from '@fieldport/contract/operations/report-downloads';
import { member, organization, user } from './identity.ts';
import { party } from './platform.ts';

/**
 * A download asked for on Download Reports (docs/reports.md#downloads): it is the job's queue
 * entry as well as the file's record. QUEUED rows are taken by the job one at a time (FOR UPDATE
 * SKIP LOCKED); a RUNNING row whose heartbeat stopped (its process died) is taken again.
 */
export const reportDownload = pgTable(
  'report_download',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The requester's party (null: the organization's staff). */
    party_id: text().references(() => party.id, { onDelete: 'cascade' }),
    /** Whose rights the rows are read with when the job runs. */
    requested_by_member_id: text()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    requested_by_user_id: text().references(() => user.id, { onDelete: 'set null' }),
    kind: text().$type<ReportDownloadKind>().notNull(),
    parameters: jsonb().$type<ReportDownloadParameters>().notNull(),
    /** The parameters in words with the names they had when asked for (a renamed territory stays). */
    parameters_text: text().notNull(),
    /** The workbook's name as downloaded: 'Closed-tickets-2026-11-01-to-2026-11-30.xlsx'. */
    file_name: text().notNull(),
    status: text().$type<ReportDownloadStatus>().notNull().default('QUEUED'),
    rows_written: integer().notNull().default(0),
    rows_total: integer(),
    attempts: integer().notNull().default(0),
    file_key: text(),
    file_size: bigint({ mode: 'number' }),
    error: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp({ withTimezone: true }),
    /** Written with the progress: a RUNNING row without one for a while lost its process. */
    heartbeat_at: timestamp({ withTimezone: true }),
    finished_at: timestamp({ withTimezone: true }),
    expires_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('report_download_org_created_idx').on(table.organization_id, table.created_at, table.id),
    index('report_download_member_idx').on(table.requested_by_member_id, table.created_at),
    // The job's queue: only the rows still to do.
    index('report_download_pending_idx')
      .on(table.created_at)
      .where(sql`status in ('QUEUED', 'RUNNING')`),
  ],
);
