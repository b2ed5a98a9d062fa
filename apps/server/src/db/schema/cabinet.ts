import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FileType } from '@fieldport/contract/operations/files';
import { uniqueNameIndex } from '../indexes.ts';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';

// The cabinet (docs/cabinet.md): folders of documents, each shared with chosen partners and dealers.

export const cabinetFolder = pgTable(
  'cabinet_folder',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueNameIndex('cabinet_folder_name_uq', table.organization_id, table.name)],
);

/** A folder shared with one partner or dealer: that party's people read it and its documents. */
export const cabinetFolderShare = pgTable(
  'cabinet_folder_share',
  {
    folder_id: text()
      .notNull()
      .references(() => cabinetFolder.id, { onDelete: 'cascade' }),
    party_id: text()
      .notNull()
      .references(() => party.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.folder_id, table.party_id] }),
    // A party's people list the folders shared with them from this side.
    index('cabinet_folder_share_party_idx').on(table.party_id, table.folder_id),
  ],
);

/**
 * A document in a folder: its stored file (stored_file.key, attached to the document), with the
 * name, type and size checked at upload; sizes add up to the organization's quota.
 */
export const cabinetDocument = pgTable(
  'cabinet_document',
  {
    id: text().primaryKey(),
    organization_id: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    folder_id: text()
      .notNull()
      .references(() => cabinetFolder.id, { onDelete: 'cascade' }),
    file_key: text().notNull(),
    file_name: text().notNull(),
    file_type: text().$type<FileType>().notNull(),
    file_size: bigint({ mode: 'number' }).notNull(),
    description: text(),
    uploaded_by: text().references(() => user.id, { onDelete: 'set null' }),
    uploaded_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cabinet_document_folder_idx').on(table.folder_id, table.uploaded_at),
    index('cabinet_document_org_idx').on(table.organization_id),
    uniqueIndex('cabinet_document_key_uq').on(table.file_key),
    uniqueIndex('cabinet_document_name_uq').on(table.folder_id, sql`lower(${table.file_name})`),
  ],
);
