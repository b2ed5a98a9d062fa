import { and, eq } from 'drizzle-orm';
import {
  FILE_PURPOSE_RULES,
  extensionOf,
  type FilePurpose,
  type FileType,
} from '@fieldport/contract/operations/files';
import { decideAccess } from '@fieldport/contract/permissions';
import type { Db } from '../db/client.ts';
import { storedFile } from '../db/schema/files.ts';
import type { Caller } from '../graphql/caller.ts';
import { badInput } from './errors.ts';
import type { FileStore } from './files.ts';
import { newId } from './ids.ts';
import { inOrganization } from './tenant.ts';

/**
 * Uploads a record refers to (issue 3 item 5). GenerateS3Url records every upload it signs; a
 * record (a service's files) names an upload by its key, and the key is honoured only when it is
 * one of the caller's organization's uploads for that purpose that has fully arrived.
 */

export interface UploadedFile {
  key: string;
  file_name: string;
  file_type: FileType;
  file_size: number;
}

/** The last part of a storage key: the file's name reduced to safe characters, its extension kept. */
export function storageName(fileName: string): string {
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
export function mayRead(caller: Caller, purpose: FilePurpose): boolean {
  const rule = FILE_PURPOSE_RULES[purpose];
  return decideAccess({ module: rule.read, right: 'VIEW' }, caller.profile, caller.menu).allowed;
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
  options: { key: string; purpose: FilePurpose; field: string; fileName: string },
): Promise<UploadedFile> {
  const row = await findStoredFile(db, caller, options.key);
  if (!row || row.purpose !== options.purpose) {
    throw badInput(`The file '${options.fileName}' was not found. Upload it again.`, options.field);
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
