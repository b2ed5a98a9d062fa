import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FilePurpose, FileType } from '@fieldport/contract/operations/files';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';

/**
 * Files the portal stores besides the uploads people make: report screenshots and logos.
 */
export type ServerFilePurpose = 'ISSUE_REPORT' | 'ORGANIZATION_LOGO' | 'REPORT_DOWNLOAD';

/** The kinds of record a stored file belongs to once attached (docs/security.md#files). */
export type FileRecordKind =
  | 'SERVICE'
  | 'TICKET'
  | 'ISSUE_REPORT'
  | 'ORGANIZATION'
  | 'FLEET_ITEM'
  | 'COMPONENT'
  | 'CABINET_DOCUMENT'
  | 'REPORT_DOWNLOAD';

/** A file a record lists (a service's, a fleet item's): its storage key and what was checked at upload. */
export interface StoredAttachment {
  key: string;
  file_name: string;
  file_type: FileType;
  file_size: number;
}

/**
 * Every file the portal stores: each upload it signed (the declared name, type and size, for what,
 * by whom) and each file it writes itself. A record names a file by its key; the key is trusted
 * only when a row here says it is the caller's organization's. A file belongs to one record once
 * attached (record_kind, record_id): who may read it is who may see that record. A row never
 * attached after a day, and a file in the store with no row, are removed by the clean-up job.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The uploader's party: a partner's or dealer's files are theirs (null: the organization's). */
    party_id: text().references(() => party.id, { onDelete: 'set null' }),
    key: text().notNull(),
    purpose: text().$type<FilePurpose | ServerFilePurpose>().notNull(),
    file_name: text().notNull(),
    file_type: text().$type<FileType>().notNull(),
    file_size: bigint({ mode: 'number' }).notNull(),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    record_kind: text().$type<FileRecordKind>(),
    record_id: text(),
  },
  (table) => [
    uniqueIndex('stored_file_key_uq').on(table.key),
    index('stored_file_org_created_idx').on(table.organization_id, table.created_at),
    index('stored_file_record_idx').on(table.organization_id, table.record_kind, table.record_id),
    // The clean-up reads the files never attached, oldest first.
    index('stored_file_unattached_idx')
      .on(table.created_at)
      .where(sql`record_id is null`),
  ],
);
