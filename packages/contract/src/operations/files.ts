import { z } from 'zod';
import { mutation, query, type ItemsData } from '../operation.ts';
import type { Right } from '../operation.ts';

/**
 * Files (docs/product.md#files; GenerateS3Url and the presigned address): the client asks
 * for a signed upload address for one declared file, PUTs the bytes there, then names the file's
 * key in the record it belongs to (a service's `service_s3_files`). Every stored file can be read
 * through a presigned, expiring address.
 */

const MB = 1024 * 1024;

/** What a file is for decides which files are accepted and who may upload and read them. */
const FILE_PURPOSES = [
  'SERVICE_FILE',
  'TICKET_PHOTO',
  'FLEET_FILE',
  'COMPONENT_PHOTO',
  'CABINET_DOCUMENT',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** Content types the portal accepts, with the extensions a file of that type may carry. */
export const FILE_TYPES = {
  'image/png': { label: 'PNG', extensions: ['png'] },
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg'] },
  'image/webp': { label: 'WebP', extensions: ['webp'] },
  'application/pdf': { label: 'PDF', extensions: ['pdf'] },
  // Office documents and plain text, for the cabinet's manuals, price lists and circulars.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'Word',
    extensions: ['docx'],
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    label: 'Excel',
    extensions: ['xlsx'],
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    label: 'PowerPoint',
    extensions: ['pptx'],
  },
  'text/csv': { label: 'CSV', extensions: ['csv'] },
  'text/plain': { label: 'text', extensions: ['txt'] },
} as const;
export type FileType = keyof typeof FILE_TYPES;

interface FilePurposeRule {
  /** What the person reads: "Only images (PNG, JPEG, WebP) and PDF documents can be attached". */
  typesMessage: string;
  types: readonly FileType[];
  maxBytes: number;
  /** Who may upload: any of these (module, right) pairs, as decided by permissions.ts. */
  upload: readonly { module: string; right: Right }[];
  /** Who may read such a file: VIEW on any of these modules. */
  read: readonly string[];
}

export const FILE_PURPOSE_RULES: Record<FilePurpose, FilePurposeRule> = {
  // A service's pictures and documents (manuals, warranty cards) on the Product Catalogue.
  SERVICE_FILE: {
    typesMessage: 'Only images (PNG, JPEG, WebP) and PDF documents can be attached',
    types: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
    maxBytes: 10 * MB,
    upload: [
      { module: 'Product Catalogue', right: 'CREATE' },
      { module: 'Product Catalogue', right: 'EDIT' },
    ],
    read: ['Product Catalogue'],
  },
  // A fleet item's invoice, warranty card or photo: whoever adds or changes items; read by whoever
  // reads the item (its record decides which item, docs/security.md#files).
  FLEET_FILE: {
    typesMessage: 'Only images (PNG, JPEG, WebP) and PDF documents can be attached',
    types: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
    maxBytes: 10 * MB,
    upload: [
      { module: 'Product Fleet', right: 'CREATE' },
      { module: 'Product Fleet', right: 'EDIT' },
      { module: 'Dealer Product Fleet', right: 'CREATE' },
      { module: 'Dealer Product Fleet', right: 'EDIT' },
      { module: 'My Product Fleet', right: 'CREATE' },
      { module: 'My Product Fleet', right: 'EDIT' },
    ],
    read: [
      'Product Fleet',
      'Dealer Product Fleet',
      'My Product Fleet',
      'Tickets',
      'My Tickets',
      'Customer Products',
    ],
  },
  // A component's photo, so that a store and a technician recognise the part: whoever adds or
  // changes components; read by whoever may pick components.
  COMPONENT_PHOTO: {
    typesMessage: 'Only images (PNG, JPEG, WebP) can be attached',
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 10 * MB,
    upload: [
      { module: 'Components', right: 'CREATE' },
      { module: 'Components', right: 'EDIT' },
    ],
    read: ['Components', 'Inventory', 'Components Transaction History', 'Tickets', 'My Work'],
  },
  // A photo on a ticket's timeline (TicketInteraction kind PHOTO): whoever works the ticket.
  TICKET_PHOTO: {
    typesMessage: 'Only images (PNG, JPEG, WebP) can be attached',
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: 10 * MB,
    upload: [
      { module: 'Tickets', right: 'VIEW' },
      { module: 'My Tickets', right: 'VIEW' },
      { module: 'My Work', right: 'VIEW' },
    ],
    read: ['Tickets', 'My Tickets', 'My Work'],
  },
  // A document of the cabinet (docs/cabinet.md): uploaded by the staff who keep it, read by whoever
  // reads its folder (the organization's staff, and the partners and dealers it is shared with).
  CABINET_DOCUMENT: {
    typesMessage:
      'Only PDF, Word, Excel, PowerPoint, CSV and text documents and images (PNG, JPEG, WebP) can be added',
    types: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/csv',
      'text/plain',
      'image/png',
      'image/jpeg',
      'image/webp',
    ],
    maxBytes: 25 * MB,
    upload: [{ module: 'Cabinet', right: 'CREATE' }],
    read: ['Cabinet'],
  },
};

/** How long a signed upload address lives. */
export const UPLOAD_URL_SECONDS = 15 * 60;
const FILE_NAME_MAX_LENGTH = 120;

/** "10 MB", "1.5 MB", "820 KB": sizes as people read them. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * A file's name as people see it: no path, no control characters, at most 120 characters, with an
 * extension. It becomes the last part of the storage key, so '/' and '\' are refused.
 */
export const fileNameSchema = z
  .string({ error: 'File name is required' })
  .trim()
  .min(1, 'File name is required')
  .max(FILE_NAME_MAX_LENGTH, `File name must be at most ${FILE_NAME_MAX_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((name) => !/[/\\\u0000-\u001f\u007f]/.test(name), 'File name may not contain / or \\')
  .refine((name) => !/^\.+$/.test(name), 'File name is not valid')
  .refine((name) => extensionOf(name) !== '', 'File name needs an extension such as .pdf or .jpg');

/** Checks of one declared file against its purpose; shared by the form (before uploading) and the server. */
export function fileProblem(
  purpose: FilePurpose,
  file: { file_name: string; file_type: string; file_size: number },
): { field: 'file_type' | 'file_size' | 'file_name'; message: string } | null {
  const rule = FILE_PURPOSE_RULES[purpose];
  if (!(rule.types as readonly string[]).includes(file.file_type)) {
    return { field: 'file_type', message: rule.typesMessage };
  }
  if (file.file_size < 1) return { field: 'file_size', message: 'The file is empty' };
  if (file.file_size > rule.maxBytes) {
    return {
      field: 'file_size',
      message: `A file may be at most ${formatFileSize(rule.maxBytes)}; this one is ${formatFileSize(file.file_size)}`,
    };
  }
  const type = FILE_TYPES[file.file_type as FileType];
  if (!(type.extensions as readonly string[]).includes(extensionOf(file.file_name))) {
    return {
      field: 'file_name',
      message: `A ${type.label} file's name must end in .${type.extensions.join(' or .')}`,
    };
  }
  return null;
}

export interface UploadTicket {
  /** The file's storage key: name it in the record the file belongs to. */
  s3_key: string;
  /** PUT the bytes here, with the headers below, before `expires_at`. */
  upload_url: string;
  upload_method: 'PUT';
  upload_headers: Record<string, string>;
  /** Where the file can be read once uploaded (presigned, expiring). */
  file_url: string;
  file_name: string;
  file_type: FileType;
  file_size: number;
  expires_at: string;
}

export const GenerateS3Url = mutation<ItemsData<UploadTicket>>()({
  name: 'GenerateS3Url',
  // The purpose's own rights are checked by the handler (FILE_PURPOSE_RULES.upload).
  // Every module of a purpose's uploaders (FILE_PURPOSE_RULES.upload); the handler checks the purpose's own.
  access: {
    module: [
      'Product Catalogue',
      'Tickets',
      'My Tickets',
      'My Work',
      'Product Fleet',
      'Dealer Product Fleet',
      'My Product Fleet',
      'Components',
      'Cabinet',
    ],
    right: 'VIEW',
  },
  description: 'A signed address to upload one declared file (type and size checked) for a purpose.',
  input: z
    .object({
      file_purpose: z.enum(FILE_PURPOSES, {
        error: `file_purpose must be one of ${FILE_PURPOSES.join(', ')}`,
      }),
      file_name: fileNameSchema,
      file_type: z
        .string({ error: 'File type is required' })
        .trim()
        .toLowerCase()
        .min(1, 'File type is required'),
      file_size: z
        .number({ error: 'File size must be a whole number of bytes' })
        .int('File size must be a whole number of bytes')
        .min(0, 'File size must be a whole number of bytes'),
    })
    .strict()
    .superRefine((values, ctx) => {
      const problem = fileProblem(values.file_purpose, values);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }),
});

interface PresignedFile {
  s3_key: string;
  file_name: string;
  file_type: FileType;
  file_size: number;
  file_url: string;
}

export const GetPresignedUrl = query<ItemsData<PresignedFile>>()({
  name: 'GetPresignedUrl',
  // Who may read a file depends on its purpose (FILE_PURPOSE_RULES.read), checked by the handler.
  access: { module: null },
  description: 'A presigned, expiring address to read a stored file of the organization.',
  input: z
    .object({
      s3_key: z
        .string({ error: 's3_key is required' })
        .trim()
        .min(1, 's3_key is required')
        .max(400, 's3_key is not a valid file key'),
    })
    .strict(),
});

/**
 * A file a form attaches to its record: a new upload by its `s3_key`, or one the record already has
 * by its `file_name`. Not strict: a listed file may be sent back as it came (file_type, file_size and
 * file_url are dropped), which is how a form keeps it.
 */
export const attachedFileInputSchema = z.object({
  file_name: fileNameSchema,
  s3_key: z.string({ error: 's3_key must be text' }).trim().min(1).max(400).optional(),
});

/** A record's files as a form sends them: at most `max`, no two with one name. */
export function attachedFilesSchema(field: string, noun: string, max: number) {
  return z
    .array(attachedFileInputSchema, { error: `${field} must be a list of files` })
    .max(max, `At most ${max} files can be attached to a ${noun}`)
    .default([])
    .superRefine((files, ctx) => {
      const names = files.map((file) => file.file_name.toLowerCase());
      const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
      if (repeated >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: [repeated, 'file_name'],
          message: `Two files are named '${files[repeated].file_name}'; rename one of them`,
        });
      }
    });
}

/** A stored file as a record lists it. */
export interface AttachedFile {
  file_name: string;
  file_type: FileType;
  /** A presigned, expiring address to read the file. */
  file_url: string;
  file_size: number;
}
