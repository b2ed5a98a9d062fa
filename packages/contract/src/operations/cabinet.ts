import { z } from 'zod';
import { listInput, type PageData } from '../lists.ts';
import { idSchema, nameSchema } from '../masters.ts';
import { mutation, query, type ItemsData, type Right } from '../operation.ts';
import { fileNameSchema, formatFileSize, type FileType } from './files.ts';
import type { PartyKind } from './people.ts';

/**
 * The cabinet (docs/cabinet.md): the organization's folders of documents (manuals, price lists,
 * circulars), each folder shared with the partners and dealers chosen for it. The organization's
 * staff keep it; a partner's or dealer's people read the folders shared with their party and
 * nothing else. Documents are stored through the file store (GenerateS3Url with purpose
 * CABINET_DOCUMENT) and count against the organization's cabinet quota.
 */

export const CABINET_MODULE = 'Cabinet';
const cabinet = (right: Right) => ({ module: CABINET_MODULE, right });

/** The quota an organization starts with: 2 GB of documents. */
export const DEFAULT_CABINET_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;
/** Parties one folder may be shared with, one by one (a folder for everyone is shared with all). */
const MAX_SHARES = 500;

export const CABINET_MESSAGES = {
  folderCreated: (name: string) => `Folder '${name}' created.`,
  folderUpdated: (name: string) => `Folder '${name}' saved.`,
  folderDeleted: (name: string, documents: number) =>
    documents === 0
      ? `Folder '${name}' deleted.`
      : `Folder '${name}' deleted with its ${documents} ${documents === 1 ? 'document' : 'documents'}.`,
  documentAdded: (name: string) => `'${name}' added.`,
  documentDeleted: (name: string) => `'${name}' deleted.`,
  folderNotFound: 'Folder not found. It may have been deleted; refresh the page.',
  documentNotFound: 'Document not found. It may have been deleted; refresh the page.',
  folderNameTaken: (name: string) => `A folder named '${name}' already exists. Choose another name.`,
  documentNameTaken: (name: string) =>
    `This folder already has a document named '${name}'. Rename the file or delete the other one first.`,
  partyNotFound: 'A chosen partner or dealer was not found. Refresh the page and choose again.',
  readOnly:
    "Only the organization's staff can change the cabinet; the folders shared with you can be read and downloaded.",
  overQuota: (used: number, total: number, size: number) =>
    `The cabinet is full: ${formatFileSize(used)} of ${formatFileSize(total)} used, and this file is ${formatFileSize(size)}. Delete documents you no longer need, or ask for a larger quota.`,
} as const;

/** "120 MB of 2 GB used": the quota as the cabinet shows it. */
export function quotaWords(used: number, total: number): string {
  return `${formatCabinetSize(used)} of ${formatCabinetSize(total)} used`;
}

/** Sizes up to gigabytes (formatFileSize stops at megabytes). */
export function formatCabinetSize(bytes: number): string {
  const GB = 1024 * 1024 * 1024;
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  return formatFileSize(bytes);
}

// ---------------------------------------------------------------------------------------------
// Results

export interface CabinetParty {
  party_id: string;
  name: string;
  kind: PartyKind;
}

export interface CabinetFolder {
  folder_id: string;
  name: string;
  description: string | null;
  /** The partners and dealers it is shared with (a party's people see only their own party here). */
  shared_with: CabinetParty[];
  document_count: number;
  total_bytes: number;
  created_by_name: string | null;
  updated_on: string;
}

export interface CabinetDocument {
  document_id: string;
  folder_id: string;
  folder_name: string;
  file_name: string;
  file_type: FileType;
  file_size: number;
  /** The file's storage key: GetPresignedUrl gives an expiring address to download it. */
  s3_key: string;
  description: string | null;
  uploaded_by_name: string | null;
  uploaded_on: string;
}

export interface CabinetSummary {
  used_bytes: number;
  quota_bytes: number;
  /** Whether the caller may create folders, share them and add or delete documents. */
  may_manage: boolean;
  /** The organization's partners and dealers a folder can be shared with (empty for a party's people). */
  share_choices: CabinetParty[];
}

// ---------------------------------------------------------------------------------------------
// Fields

const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(500, 'Description must be at most 500 characters')
  .nullish()
  .transform((value) => value || null);

const partyIdsSchema = z
  .array(idSchema('Shared with'), { error: 'Shared with must be a list of partners and dealers' })
  .max(MAX_SHARES, `A folder can be shared with at most ${MAX_SHARES} partners and dealers`)
  .default([])
  .transform((ids) => [...new Set(ids)]);

const folderFields = {
  name: nameSchema('Folder name', 80),
  description: descriptionSchema,
  party_ids: partyIdsSchema,
};

const folderId = idSchema('Folder');

// ---------------------------------------------------------------------------------------------
// Operations

export const GetCabinetSummary = query<CabinetSummary>()({
  name: 'GetCabinetSummary',
  access: cabinet('VIEW'),
  description:
    "The cabinet's quota (used and total), whether the caller may change it, and whom it can share with",
  input: z.object({}).strict(),
});

export const ListCabinetFolders = query<PageData<CabinetFolder>>()({
  name: 'ListCabinetFolders',
  access: cabinet('VIEW'),
  description:
    "A page of the cabinet's folders by name; a partner's or dealer's people see only the folders shared with their party",
  input: listInput({
    sortBy: ['name', 'updated_on'],
    defaultSortBy: 'name',
    defaultSortOrder: 'asc',
    // One folder by id (an address that names it).
    filters: { folder_id: folderId.optional() },
  }),
});

export const ListCabinetDocuments = query<PageData<CabinetDocument>>()({
  name: 'ListCabinetDocuments',
  access: cabinet('VIEW'),
  description:
    "A page of one folder's documents (or, searching, of every folder the caller may read), the newest first",
  input: listInput({
    sortBy: ['uploaded_on', 'file_name', 'file_size'],
    defaultSortBy: 'uploaded_on',
    defaultSortOrder: 'desc',
    filters: { folder_id: folderId.optional() },
  }),
});

export const CreateCabinetFolder = mutation<ItemsData<CabinetFolder>>()({
  name: 'CreateCabinetFolder',
  access: cabinet('CREATE'),
  description: 'Creates a folder, shared with the chosen partners and dealers',
  input: z.object(folderFields).strict(),
});

export const UpdateCabinetFolder = mutation<ItemsData<CabinetFolder>>()({
  name: 'UpdateCabinetFolder',
  access: cabinet('EDIT'),
  description: 'Renames a folder and changes whom it is shared with',
  input: z.object({ folder_id: folderId, ...folderFields }).strict(),
});

export const DeleteCabinetFolder = mutation<ItemsData<CabinetFolder>>()({
  name: 'DeleteCabinetFolder',
  access: cabinet('DELETE'),
  description: 'Deletes a folder with its documents',
  input: z.object({ folder_id: folderId }).strict(),
});

export const AddCabinetDocument = mutation<ItemsData<CabinetDocument>>()({
  name: 'AddCabinetDocument',
  access: cabinet('CREATE'),
  description:
    "Adds an uploaded file (GenerateS3Url, purpose CABINET_DOCUMENT) to a folder, within the organization's quota",
  input: z
    .object({
      folder_id: folderId,
      file_name: fileNameSchema,
      s3_key: z.string({ error: 's3_key is required' }).trim().min(1, 's3_key is required').max(400),
      description: descriptionSchema,
    })
    .strict(),
});

export const DeleteCabinetDocument = mutation<ItemsData<CabinetDocument>>()({
  name: 'DeleteCabinetDocument',
  access: cabinet('DELETE'),
  description: 'Deletes a document from its folder; its file is removed by the clean-up',
  input: z.object({ document_id: idSchema('Document') }).strict(),
});
