import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FilePurpose, FileType } from '@fieldport/contract/operations/files';
import { organization, user } from './identity.ts';
import { party } from './platform.ts';

/**
 * Every upload the portal signed (issue 3 item 5): the declared name, type and size, for what, by
 * whom. A record names a file by its key; the key is trusted only when a row here says it is the
 * caller's organization's.
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
    purpose: text().$type<FilePurpose>().notNull(),
    file_name: text().notNull(),
    file_type: text().$type<FileType>().notNull(),
    file_size: bigint({ mode: 'number' }).notNull(),
    created_by: text().references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stored_file_key_uq').on(table.key),
    index('stored_file_org_created_idx').on(table.organization_id, table.created_at),
  ],
);
