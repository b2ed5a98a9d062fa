import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  FILE_PURPOSE_RULES,
  extensionOf,
  type FilePurpose,
  type FileType,
} from '@fieldport/contract/operations/files';
import { decideAccess } from '@fieldport/contract/permissions';
import type { Db } from '../db/client.ts';
import {
  storedFile,
  type FileRecordKind,
  type ServerFilePurpose,
  type StoredAttachment,
} from '../db/schema/files.ts';
import type { Caller } from './caller.ts';
import { badInput } from './errors.ts';
import type { FileStore } from './files.ts';
import type { Handler } from './handler.ts';
import { newId } from '../db/ids.ts';
import { inOrganization } from './tenant.ts';

/**
 * Uploads a record refers to. GenerateS3Url records every upload it signs; a record (a service's
 * files, a ticket's photo) names an upload by its key, and the key is honoured only when it is one
 * of the caller's organization's uploads for that purpose that has fully arrived. Once used, the
 * upload is attached to its record: who may read it is who may see the record, and the clean-up
 * job removes what no record uses (docs/security.md#files).
 */

interface FileRecord {
  kind: FileRecordKind;
  id: string;
}

/** The last part of a storage key: the file's name reduced to safe characters, its extension kept. */
function storageName(fileName: string): string {
  const extension = extensionOf(fileName);
  const stem = fileName
    .slice(0, fileName.length - extension.length - 1)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${stem || 'file'}.${extension}`;
}

export function uploadKey(organizationId: string, fileName: string): string {
  return `organizations/${organizationId}/uploads/${newId()}/${storageName(fileName)}`;
}

/** Whether the caller may upload files of the purpose (FILE_PURPOSE_RULES.upload, any of them). */
export function mayUpload(caller: Caller, purpose: FilePurpose): boolean {
  return FILE_PURPOSE_RULES[purpose].upload.some(
    (access) => decideAccess(access, caller.profile, caller.menu).allowed,
  );
}

/** Whether the caller may read files of the purpose (VIEW on one of FILE_PURPOSE_RULES.read). */
export function mayRead(caller: Caller, purpose: FilePurpose | ServerFilePurpose): boolean {
  if (!(purpose in FILE_PURPOSE_RULES)) return false;
  const rule = FILE_PURPOSE_RULES[purpose as FilePurpose];
  return decideAccess({ module: rule.read, right: 'VIEW' }, caller.profile, caller.menu).allowed;
}

/** The uploads (by key) now belong to the record that uses them. */
export async function attachFiles(db: Db, caller: Caller, keys: string[], record: FileRecord): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(storedFile)
    .set({ record_kind: record.kind, record_id: record.id })
    .where(and(inArray(storedFile.key, keys), inOrganization(storedFile, caller)));
}

/** The record's files other than `keep` no longer belong to it: the clean-up removes them. */
export async function detachFiles(db: Db, caller: Caller, record: FileRecord, keep: string[]): Promise<void> {
  await db
    .update(storedFile)
    .set({ record_kind: null, record_id: null })
    .where(
      and(
        inOrganization(storedFile, caller),
        eq(storedFile.record_kind, record.kind),
        eq(storedFile.record_id, record.id),
        keep.length ? notInArray(storedFile.key, keep) : undefined,
      ),
    );
}

/**
 * Registers a file the server itself writes (a logo, a report's screenshot), attached to its
 * record. Written in the same transaction as the record; should that transaction fail after the
 * bytes were stored, the clean-up's sweep finds a file with no row and removes it.
 */
export async function registerServerFile(
  db: Db,
  file: {
    organization_id: string;
    key: string;
    purpose: ServerFilePurpose;
    file_name: string;
    file_type: FileType;
    file_size: number;
    created_by: string | null;
    record: FileRecord;
  },
): Promise<void> {
  const { record, ...values } = file;
  await db
    .insert(storedFile)
    .values({ id: newId(), ...values, party_id: null, record_kind: record.kind, record_id: record.id });
}

/** Records an upload about to be signed. */
export async function recordUpload(
  db: Db,
  caller: Caller,
  file: { key: string; purpose: FilePurpose; file_name: string; file_type: FileType; file_size: number },
): Promise<void> {
  await db.insert(storedFile).values({
    id: newId(),
    organization_id: caller.organization.id,
    party_id: caller.party?.id ?? null,
    created_by: caller.user.id,
    ...file,
  });
}

/** One stored file of the caller's organization by key, or undefined. */
export async function findStoredFile(db: Db, caller: Caller, key: string) {
  const [row] = await db
    .select()
    .from(storedFile)
    .where(and(inOrganization(storedFile, caller), eq(storedFile.key, key)));
  return row;
}

/**
 * The upload under `key`, checked: the caller's organization's, for `purpose`, fully arrived in
 * the store with its declared size. `field` names the input field in the refusal.
 */
export async function arrivedUpload(
  db: Db,
  files: FileStore,
  caller: Caller,
  options: {
    key: string;
    purpose: FilePurpose;
    field: string;
    fileName: string;
    /** The record that will use it (unknown while it is being created): another record's file is refused. */
    record?: FileRecord;
  },
): Promise<StoredAttachment> {
  const row = await findStoredFile(db, caller, options.key);
  if (!row || row.purpose !== options.purpose) {
    throw badInput(`The file '${options.fileName}' was not found. Upload it again.`, options.field);
  }
  const ownRecord = row.record_kind === options.record?.kind && row.record_id === options.record?.id;
  if (row.record_id && !ownRecord) {
    throw badInput(
      `The file '${options.fileName}' belongs to another record. Upload it again.`,
      options.field,
    );
  }
  // A partner's or dealer's upload is theirs: another party cannot attach it.
  if (row.party_id && row.party_id !== caller.party?.id) {
    throw badInput(`The file '${options.fileName}' was not found. Upload it again.`, options.field);
  }
  const stored = await files.stat(row.key);
  if (!stored || stored.size !== row.file_size) {
    throw badInput(
      `The file '${options.fileName}' has not finished uploading. Upload it again.`,
      options.field,
    );
  }
  return { key: row.key, file_name: row.file_name, file_type: row.file_type, file_size: row.file_size };
}

/**
 * The files of a record's create or update (a service's, a fleet item's): a new upload by its key,
 * checked to be the organization's upload of `purpose` that has arrived, or a file the record
 * already has, by its name. `field` names the input's list in refusals (`field.2.file_name`).
 */
export async function resolveAttachments(
  context: { db: Db; files: FileStore; caller: Caller },
  options: {
    purpose: FilePurpose;
    field: string;
    noun: string;
    files: { file_name: string; s3_key?: string }[];
    existing: StoredAttachment[];
    /** The record being updated; absent while it is created. */
    record?: FileRecord;
  },
): Promise<StoredAttachment[]> {
  const resolved: StoredAttachment[] = [];
  for (const [index, file] of options.files.entries()) {
    if (file.s3_key) {
      const upload = await arrivedUpload(context.db, context.files, context.caller, {
        key: file.s3_key,
        purpose: options.purpose,
        field: `${options.field}.${index}.s3_key`,
        fileName: file.file_name,
        record: options.record,
      });
      resolved.push({ ...upload, file_name: file.file_name });
      continue;
    }
    const kept = options.existing.find(
      (candidate) => candidate.file_name.toLowerCase() === file.file_name.toLowerCase(),
    );
    if (!kept) {
      throw badInput(
        `No file named '${file.file_name}' is attached to this ${options.noun}. Upload it again.`,
        `${options.field}.${index}.file_name`,
      );
    }
    resolved.push(kept);
  }
  return resolved;
}

// ---------------------------------------------------------------------------------------------
// Records with files (a service's, a component's): their items carry each file's storage key in
// `file_url` until the answer leaves, where it becomes a presigned, expiring address.

type ItemFile = { file_url: string };
type ItemsResult = { items: Record<string, unknown>[] };

/** An item whose files (under `filesKey`) carry keys in `file_url`, with addresses instead. */
export async function withFileAddresses<Item>(
  item: Item,
  filesKey: keyof Item & string,
  files: FileStore,
): Promise<Item> {
  const listed = (item as Record<string, unknown>)[filesKey] as ItemFile[];
  return {
    ...item,
    [filesKey]: await Promise.all(
      listed.map(async (file) => ({ ...file, file_url: await files.downloadUrl(file.file_url) })),
    ),
  };
}

/** A handler whose answer's items get their files' addresses (the export reads keys and names only). */
export function withFileUrls<H extends Handler>(handler: H, filesKey: string): H {
  return {
    ...handler,
    async handle(input, context) {
      const result = await handler.handle(input, context);
      const data = result.data as ItemsResult;
      return {
        ...result,
        data: {
          ...data,
          items: await Promise.all(
            data.items.map((item) => withFileAddresses(item, filesKey, context.files)),
          ),
        },
      };
    },
  };
}

/**
 * A create or update whose saved record's files now belong to it, and those it no longer has are
 * let go, for the clean-up (docs/security.md#files). Runs in the operation's transaction, while the
 * items still carry keys (wrap it in withFileUrls, not the other way round).
 */
export function attachingFiles<H extends Handler>(
  handler: H,
  files: { kind: FileRecordKind; idKey: string; filesKey: string },
): H {
  return {
    ...handler,
    async handle(input, context) {
      const result = await handler.handle(input, context);
      for (const item of (result.data as ItemsResult).items) {
        const record = { kind: files.kind, id: String(item[files.idKey]) };
        const keys = (item[files.filesKey] as ItemFile[]).map((file) => file.file_url);
        await attachFiles(context.db, context.caller, keys, record);
        await detachFiles(context.db, context.caller, record, keys);
      }
      return result;
    },
  };
}
