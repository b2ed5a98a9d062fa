/**
 * Bulk import from .xlsx (docs/imports.md), the same for every kind of record (customers, fleet
 * items): a template, an upload answered with a preview that lists every invalid row, and a
 * confirmation that writes every valid row in one transaction, reporting progress as it goes. The
 * workbook goes to REST routes (a file is no GraphQL input); each kind's Get and Confirm operations
 * are declared with the kind's other operations. A kind is an `ImportSpec`.
 */

import { z } from 'zod';
import { idSchema } from './masters.ts';

/** The input of a kind's Get and Confirm operations. */
export const importIdInput = z.object({ import_id: idSchema('import_id') }).strict();

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** An upload not confirmed within this time is void; upload the workbook again. */
export const IMPORT_LIFETIME_HOURS = 24;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportColumn {
  /** The create input's field, or a name the server resolves ('customer_category', 'product'). */
  key: string;
  header: string;
  required: boolean;
  example: string;
  note: string;
}

/** What one kind of import is: its routes, its sheet and columns, its limit, what its rows are called. */
export interface ImportSpec {
  /** The kind's path under /api/imports/ ('customers', 'product-fleet'). */
  path: string;
  /** 'customer' / 'customers': the messages' words for one row and many. */
  noun: { one: string; many: string };
  /** The sheet to fill in; the template's file is named after it. */
  sheet: string;
  maxRows: number;
  /** The template's columns, in order. Columns are found by header (any order, any case). */
  columns: ImportColumn[];
  /** The columns the preview shows of a valid row (keys of ImportPreviewRow). */
  preview: { key: string; header: string }[];
}

export function importRoutes(spec: Pick<ImportSpec, 'path'>) {
  return {
    template: `/api/imports/${spec.path}/template.xlsx`,
    /** POST the workbook's bytes (content-type XLSX_MIME), `?file_name=` for the report. */
    upload: `/api/imports/${spec.path}`,
    /** POST: imports the valid rows; answers NDJSON progress lines (ImportProgressLine). */
    confirm: (importId: string) => `/api/imports/${spec.path}/${encodeURIComponent(importId)}/confirm`,
  };
}

/** One reason a row of the workbook cannot be imported; `row` is the sheet's row number. */
export interface ImportRowError {
  row: number;
  /** The column header, as the person sees it in the workbook. */
  field: string;
  message: string;
}

/** A valid row as the preview shows it (the spec's preview columns), to check columns were read right. */
export type ImportPreviewRow = { row: number } & Record<string, string | number>;

/** A failed confirmation leaves the upload READY (nothing was written), so it can be tried again. */
export const IMPORT_STATUSES = ['READY', 'IMPORTED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportItem {
  import_id: string;
  file_name: string;
  /** READY: checked, waiting for confirmation; IMPORTED: confirmed. */
  import_status: ImportStatus;
  /** Rows with any value (blank rows are skipped). */
  total_rows: number;
  valid_count: number;
  invalid_count: number;
  /** Every reason of every invalid row, by row. */
  errors: ImportRowError[];
  /** The first valid rows. */
  preview_rows: ImportPreviewRow[];
  /** Records created by the confirmation. */
  imported_count: number | null;
  /** Why the last confirmation failed (nothing was imported then); null when none failed. */
  failure: string | null;
  created_on: string;
  finished_on: string | null;
}

/** The lines of the NDJSON answers of the upload and confirm routes, one JSON object per line. */
export type ImportProgressLine =
  | { type: 'progress'; phase: 'checking' | 'importing'; done: number; total: number | null }
  | { type: 'done'; import: ImportItem; message: string }
  | { type: 'error'; code: string; message: string; field?: string };

const count = (value: number) => value.toLocaleString('en-IN');

/** What every import says, whatever its kind: about the file and the upload. */
/** "1 row", "12 rows". */
const rows = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

export const IMPORT_FILE_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller workbooks.`,
  notXlsx: 'The file is not an Excel workbook (.xlsx). Download the template and fill it in.',
  unreadable: 'The workbook could not be read. Save it again as .xlsx (Excel Workbook) and upload it.',
  missingColumn: (header: string) =>
    `The workbook has no '${header}' column in its first row. Download the template and keep its header row.`,
  checked: (valid: number, invalid: number) =>
    `${rows(valid)} ready to import, ${count(invalid)} with errors`,
  nothingToImport: 'There are no valid rows to import. Correct the workbook and upload it again.',
  notFound: 'Import not found. Upload the workbook again.',
  alreadyImported: 'This workbook has already been imported.',
  expired: `This upload is older than ${IMPORT_LIFETIME_HOURS} hours. Upload the workbook again.`,
  failed: 'The import failed and nothing was imported. Please try again.',
};

/** The messages of an import of one kind: the file's, and those that name its rows. */
export function importMessages(spec: Pick<ImportSpec, 'noun' | 'maxRows'>) {
  const { noun, maxRows } = spec;
  return {
    ...IMPORT_FILE_MESSAGES,
    tooManyRows: `The workbook has more than ${count(maxRows)} ${noun.one} rows. Split it into workbooks of at most ${count(maxRows)} rows.`,
    empty: `The workbook has no ${noun.one} rows below the header row.`,
    imported: (imported: number, skipped: number) =>
      `${count(imported)} ${imported === 1 ? noun.one : noun.many} imported` +
      (skipped ? `, ${rows(skipped)} not imported` : ''),
  };
}
