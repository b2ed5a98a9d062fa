/**
 * Bulk import of customers from .xlsx (docs/customers.md#bulk-import): the template's columns, the
 * limits, and what the server answers. The workbook itself goes to REST routes (a file is no
 * GraphQL input): the upload answers with a preview that lists every invalid row; the confirmation
 * imports every valid row in one transaction, reporting progress as it goes. Its operations
 * (GetCustomerImport, ConfirmCustomerImport) are declared with the other customer operations
 * (operations/customers.ts).
 */

export const CUSTOMER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CUSTOMER_IMPORT_MAX_ROWS = 10_000;
/** An upload not confirmed within this time is void; upload the workbook again. */
export const CUSTOMER_IMPORT_LIFETIME_HOURS = 24;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const CUSTOMER_IMPORT_ROUTES = {
  template: '/api/imports/customers/template.xlsx',
  /** POST the workbook's bytes (content-type XLSX_MIME), `?file_name=` for the report. */
  upload: '/api/imports/customers',
  /** POST: imports the valid rows; answers NDJSON progress lines (ImportProgressLine). */
  confirm: (importId: string) => `/api/imports/customers/${encodeURIComponent(importId)}/confirm`,
};

interface ImportColumn {
  /** The create input's field (or 'country' / 'customer_category', resolved by the server). */
  key: string;
  header: string;
  required: boolean;
  example: string;
  note: string;
}

/** The template's columns, in order. Columns are found by header (any order, any case). */
export const CUSTOMER_IMPORT_COLUMNS: ImportColumn[] = [
  {
    key: 'customer_name',
    header: 'Customer name',
    required: true,
    example: 'Ravi Kumar',
    note: 'At most 150 characters.',
  },
  {
    key: 'country',
    header: 'Country',
    required: false,
    example: 'IN',
    note: 'Country code (IN, MY ...), name or dial code (+91). Empty means India. Applies to the phone and the address.',
  },
  {
    key: 'customer_phone',
    header: 'Phone',
    required: true,
    example: '98450 12345',
    note: 'Mobile or landline of that country, with or without the country code. Unique in the organization.',
  },
  {
    key: 'customer_email',
    header: 'Email',
    required: false,
    example: 'ravi.kumar@example.com',
    note: 'Optional.',
  },
  {
    key: 'customer_category',
    header: 'Customer category',
    required: false,
    example: 'Residential',
    note: 'Optional. The name of an active customer category.',
  },
  {
    key: 'address',
    header: 'Address',
    required: true,
    example: '12, 4th Cross, Indiranagar',
    note: 'At most 300 characters.',
  },
  { key: 'pincode', header: 'Pincode', required: true, example: '560038', note: 'Six digits for India.' },
  { key: 'city', header: 'City', required: true, example: 'Bengaluru', note: '' },
  { key: 'state', header: 'State', required: true, example: 'Karnataka', note: '' },
  {
    key: 'latitude',
    header: 'Latitude',
    required: false,
    example: '12.9784',
    note: 'Optional, -90 to 90, with longitude.',
  },
  {
    key: 'longitude',
    header: 'Longitude',
    required: false,
    example: '77.6408',
    note: 'Optional, -180 to 180, with latitude.',
  },
];

/** One reason a row of the workbook cannot be imported; `row` is the sheet's row number. */
export interface ImportRowError {
  row: number;
  /** The column header, as the person sees it in the workbook. */
  field: string;
  message: string;
}

/** A valid row as the preview shows it, so the person can check that columns were read right. */
export interface ImportPreviewRow {
  row: number;
  customer_name: string;
  customer_phone: string;
  city: string;
  pincode: string;
}

/** A failed confirmation leaves the upload READY (nothing was written), so it can be tried again. */
export const CUSTOMER_IMPORT_STATUSES = ['READY', 'IMPORTED'] as const;
export type CustomerImportStatus = (typeof CUSTOMER_IMPORT_STATUSES)[number];

export interface CustomerImportItem {
  import_id: string;
  file_name: string;
  /** READY: checked, waiting for confirmation; IMPORTED: confirmed. */
  import_status: CustomerImportStatus;
  /** Rows with any value (blank rows are skipped). */
  total_rows: number;
  valid_count: number;
  invalid_count: number;
  /** Every reason of every invalid row, by row. */
  errors: ImportRowError[];
  /** The first valid rows. */
  preview_rows: ImportPreviewRow[];
  /** Customers created by the confirmation. */
  imported_count: number | null;
  /** Why the last confirmation failed (nothing was imported then); null when none failed. */
  failure: string | null;
  created_on: string;
  finished_on: string | null;
}

/** The lines of the NDJSON answers of the upload and confirm routes, one JSON object per line. */
export type ImportProgressLine =
  | { type: 'progress'; phase: 'checking' | 'importing'; done: number; total: number | null }
  | { type: 'done'; import: CustomerImportItem; message: string }
  | { type: 'error'; code: string; message: string; field?: string };

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${CUSTOMER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller workbooks.`,
  tooManyRows: `The workbook has more than ${CUSTOMER_IMPORT_MAX_ROWS.toLocaleString('en-IN')} customer rows. Split it into workbooks of at most ${CUSTOMER_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows.`,
  notXlsx: 'The file is not an Excel workbook (.xlsx). Download the template and fill it in.',
  empty: 'The workbook has no customer rows below the header row.',
  unreadable: 'The workbook could not be read. Save it again as .xlsx (Excel Workbook) and upload it.',
  missingColumn: (header: string) =>
    `The workbook has no '${header}' column in its first row. Download the template and keep its header row.`,
  checked: (valid: number, invalid: number) =>
    `${valid.toLocaleString('en-IN')} rows ready to import, ${invalid.toLocaleString('en-IN')} with errors`,
  imported: (count: number, skipped: number) =>
    `${count.toLocaleString('en-IN')} customers imported` +
    (skipped ? `, ${skipped.toLocaleString('en-IN')} rows not imported` : ''),
  nothingToImport: 'There are no valid rows to import. Correct the workbook and upload it again.',
  notFound: 'Import not found. Upload the workbook again.',
  alreadyImported: 'This workbook has already been imported.',
  expired: `This upload is older than ${CUSTOMER_IMPORT_LIFETIME_HOURS} hours. Upload the workbook again.`,
  failed: 'The import failed and nothing was imported. Please try again.',
} as const;
