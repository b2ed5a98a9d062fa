import { and, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Access, ItemsData, OperationDef } from '@fieldport/contract/operation';
import {
  IMPORT_LIFETIME_HOURS,
  importMessages,
  type ImportItem,
  type ImportPreviewRow,
  type ImportRowError,
  type ImportSpec,
} from '@fieldport/contract/imports';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { dataImport } from '../db/schema/platform.ts';
import type { Caller } from './caller.ts';
import { DomainError, badInput, conflict, notFound } from './errors.ts';
import { defineHandler } from './handler.ts';
import { declaredUnpackedSize, sheetRows, type SheetRow } from './excel.ts';
import { inOrganization } from './tenant.ts';

/**
 * Bulk import from .xlsx (docs/imports.md), the same for every kind: `checkWorkbook` reads an
 * uploaded sheet row by row and checks each with the kind's rules, then keeps the valid rows in a
 * `data_import` row of the caller; `runImport` writes them, in the caller's transaction, in
 * batches. A kind (customers, fleet items) says how a row is checked, what makes two rows the same
 * record, which records already exist, and how a batch is written (`ImportKind`); the routes
 * (graphql/import-route.ts) and the web dialog (ui/import-dialog.tsx) are the same for every kind.
 */

export type Progress = (done: number, total: number | null) => void;

/** A checked row, kept until confirmation: the kind's values and the sheet's row number. */
export interface CheckedRow {
  row: number;
}

export type RowCheck<Row extends CheckedRow> =
  { ok: true; value: Row } | { ok: false; errors: ImportRowError[] };

export interface ImportKind<Row extends CheckedRow, Lookups = unknown> {
  spec: ImportSpec;
  /** The template, upload and confirmation rights (the kind's create operation's). */
  access: Access;
  /** The audit entries' operation names of an upload and a confirmation. */
  operations: { upload: string; confirm: string };
  /** A check beyond the rights (throws a DomainError): a dealer's people do not import fleet. */
  authorize?: (caller: Caller) => void;
  /** What checking needs from the database once (categories, products, dealers by name). */
  lookups: (db: Db, caller: Caller) => Promise<Lookups>;
  checkRow: (
    row: SheetRow,
    lookups: Lookups,
    fail: (key: string, message: string) => void,
  ) => Row | undefined;
  /**
   * References a row cannot resolve alone, resolved for all the valid rows at once (customers by
   * phone): the rows that resolved, and why the others did not.
   */
  resolve?: (db: Db, caller: Caller, rows: Row[]) => Promise<{ rows: Row[]; errors: ImportRowError[] }>;
  /** What makes two rows one record (a phone, a serial of a product), and the column that says it. */
  identity: { key: (row: Row) => string; column: string; repeated: (firstRow: number) => string };
  /** Which of these rows' records the organization already has (by `identity.key`), and why not. */
  existing: (db: Db, caller: Caller, rows: Row[]) => Promise<Set<string>>;
  existsMessage: string;
  preview: (row: Row) => ImportPreviewRow;
  /**
   * Writes a batch in the confirmation's transaction; answers the keys written and the rows refused
   * since the preview (a phone taken meanwhile, a category switched off).
   */
  write: (
    db: Db,
    job: { organization_id: string; party_id: string | null; created_by: string; file_name: string },
    batch: Row[],
    lookups: Lookups,
  ) => Promise<{ written: Set<string>; late: ImportRowError[] }>;
  /** Lists the template adds (sheets, validations), beside its columns and how to fill them. */
  template?: (db: Db, caller: Caller, workbook: ExcelJS.Workbook, sheet: ExcelJS.Worksheet) => Promise<void>;
}

/** Any kind, as the routes see it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyImportKind = ImportKind<any, any>;

const PROGRESS_EVERY = 500;
const INSERT_BATCH = 500;
const PREVIEW_ROWS = 10;
/** What a 10 MB workbook may unpack to; far above 10,000 rows of text, far below trouble. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/** The header of a column of the kind, by key; the key itself when it is none of the template's. */
export function headerOf(spec: ImportSpec, key: string): string {
  return spec.columns.find((column) => column.key === key)?.header ?? key;
}

/**
 * Reads and checks a workbook and keeps the outcome as a READY import of the caller. Throws a
 * BAD_USER_INPUT DomainError for a file that is not a readable workbook of the kind.
 */
export async function checkWorkbook<Row extends CheckedRow, Lookups>(
  db: Db,
  caller: Caller,
  kind: ImportKind<Row, Lookups>,
  file: { name: string; data: Buffer },
  onProgress: Progress = () => undefined,
): Promise<ImportItem> {
  const { spec } = kind;
  const messages = importMessages(spec);
  kind.authorize?.(caller);
  const lookups = await kind.lookups(db, caller);
  const valid: Row[] = [];
  const errors: ImportRowError[] = [];
  const firstRowOf = new Map<string, number>();
  let total = 0;
  if (declaredUnpackedSize(file.data) > MAX_UNPACKED_BYTES) throw badInput(messages.unreadable, 'file');
  try {
    const rowsOf = sheetRows(file.data, spec.columns, (header) =>
      badInput(messages.missingColumn(header), 'file'),
    );
    for await (const row of rowsOf) {
      if ([...row.cells.values()].every((value) => value === '')) continue;
      total += 1;
      if (total > spec.maxRows) throw badInput(messages.tooManyRows, 'file');
      const rowErrors: ImportRowError[] = [];
      const value = kind.checkRow(row, lookups, (key, message) => {
        const field = headerOf(spec, key);
        // One message per column is enough for a person to fix the cell.
        if (!rowErrors.some((error) => error.field === field))
          rowErrors.push({ row: row.number, field, message });
      });
      if (rowErrors.length || !value) errors.push(...rowErrors);
      else {
        const key = kind.identity.key(value);
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          errors.push({
            row: row.number,
            field: headerOf(spec, kind.identity.column),
            message: kind.identity.repeated(first),
          });
        } else {
          firstRowOf.set(key, row.number);
          valid.push(value);
        }
      }
      if (total % PROGRESS_EVERY === 0) onProgress(total, null);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // exceljs and unzipper fail in many ways on a damaged or foreign file; the person needs one answer.
    throw badInput(messages.unreadable, 'file');
  }
  if (total === 0) throw badInput(messages.empty, 'file');
  onProgress(total, total);

  let resolved = valid;
  if (kind.resolve) {
    const outcome = await kind.resolve(db, caller, valid);
    resolved = outcome.rows;
    errors.push(...outcome.errors);
  }
  const existing = await kind.existing(db, caller, resolved);
  const rows = resolved.filter((row) => {
    if (!existing.has(kind.identity.key(row))) return true;
    errors.push({ row: row.row, field: headerOf(spec, kind.identity.column), message: kind.existsMessage });
    return false;
  });
  errors.sort((a, b) => a.row - b.row);

  const [stored] = await db
    .insert(dataImport)
    .values({
      id: newId(),
      organization_id: caller.organization.id,
      party_id: caller.party?.id ?? null,
      kind: spec.path,
      created_by: caller.user.id,
      file_name: file.name,
      total_rows: total,
      valid_count: rows.length,
      rows,
      errors,
      preview_rows: rows.slice(0, PREVIEW_ROWS).map(kind.preview),
    })
    .returning();
  return importItem(stored);
}

type ImportRow = typeof dataImport.$inferSelect;

export function importItem(row: ImportRow): ImportItem {
  const invalidRows = new Set(row.errors.map((error) => error.row)).size;
  return {
    import_id: row.id,
    file_name: row.file_name,
    import_status: row.status,
    total_rows: row.total_rows,
    valid_count: row.valid_count,
    invalid_count: row.status === 'IMPORTED' ? row.total_rows - (row.imported_count ?? 0) : invalidRows,
    errors: row.errors,
    preview_rows: row.preview_rows,
    imported_count: row.imported_count,
    failure: row.failure,
    created_on: row.created_at.toISOString(),
    finished_on: row.finished_at?.toISOString() ?? null,
  };
}

/** The caller's own import of the kind (the person who uploaded it), in their organization. */
export async function findImport(
  db: Db,
  caller: Caller,
  spec: ImportSpec,
  id: string,
  lock = false,
): Promise<ImportRow> {
  const query = db
    .select()
    .from(dataImport)
    .where(
      and(
        eq(dataImport.id, id),
        inOrganization(dataImport, caller),
        eq(dataImport.kind, spec.path),
        eq(dataImport.created_by, caller.user.id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(importMessages(spec).notFound);
  return row;
}

/** Refuses an import that cannot be confirmed (already imported, too old, nothing valid). */
export function assertConfirmable(spec: ImportSpec, row: ImportRow) {
  const messages = importMessages(spec);
  if (row.status === 'IMPORTED') throw conflict(messages.alreadyImported);
  if (Date.now() - row.created_at.getTime() > IMPORT_LIFETIME_HOURS * 3600_000) {
    throw badInput(messages.expired, 'import_id');
  }
  if (row.valid_count === 0) throw badInput(messages.nothingToImport, 'import_id');
}

/**
 * Imports the valid rows of the caller's import, in `db`'s transaction (the caller's): either
 * every row that is still valid is written, or, when anything fails, nothing is. Rows the kind
 * refuses since the preview are reported, not imported.
 */
export async function runImport<Row extends CheckedRow, Lookups>(
  db: Db,
  caller: Caller,
  kind: ImportKind<Row, Lookups>,
  id: string,
  onProgress: Progress = () => undefined,
): Promise<ImportItem> {
  kind.authorize?.(caller);
  // FOR UPDATE: a second confirmation of the same upload waits here, then finds it IMPORTED.
  const job = await findImport(db, caller, kind.spec, id, true);
  assertConfirmable(kind.spec, job);
  const rows = job.rows as Row[];
  const lookups = await kind.lookups(db, caller);
  const late: ImportRowError[] = [];
  let imported = 0;
  onProgress(0, rows.length);
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const outcome = await kind.write(db, job, batch, lookups);
    late.push(...outcome.late);
    imported += outcome.written.size;
    onProgress(Math.min(start + INSERT_BATCH, rows.length), rows.length);
  }
  const [done] = await db
    .update(dataImport)
    .set({
      status: 'IMPORTED',
      imported_count: imported,
      errors: [...job.errors, ...late].sort((a, b) => a.row - b.row),
      // The rows served their purpose; the report (errors, counts) stays.
      rows: [],
      failure: null,
      finished_at: new Date(),
    })
    .where(eq(dataImport.id, job.id))
    .returning();
  return importItem(done);
}

/** Notes why a confirmation failed, after its transaction was rolled back (the upload stays READY). */
export async function recordImportFailure(db: Db, caller: Caller, id: string, message: string) {
  await db
    .update(dataImport)
    .set({ failure: message })
    .where(and(eq(dataImport.id, id), inOrganization(dataImport, caller), eq(dataImport.status, 'READY')));
}

type ImportOperation = OperationDef<string, 'query' | 'mutation'> & {
  readonly __data?: ItemsData<ImportItem>;
};

/** A kind's Get operation: an upload's preview or outcome, for the person who uploaded it. */
export function getImportHandler(operation: ImportOperation, kind: AnyImportKind) {
  return defineHandler(operation, async (input, { db, caller }) => ({
    data: {
      items: [
        importItem(await findImport(db, caller, kind.spec, (input as { import_id: string }).import_id)),
      ],
    },
  }));
}

/**
 * A kind's Confirm operation, for API clients: the endpoint's transaction holds every row and the
 * audit entry (the import route does the same with progress, graphql/import-route.ts).
 */
export function confirmImportHandler(operation: ImportOperation, kind: AnyImportKind) {
  return defineHandler(operation, async (input, context) => {
    const item = await runImport(
      context.db,
      context.caller,
      kind,
      (input as { import_id: string }).import_id,
    );
    context.auditTarget = item.import_id;
    context.auditChanges = {
      import_id: item.import_id,
      file_name: item.file_name,
      imported_count: item.imported_count,
    };
    const skipped = item.total_rows - (item.imported_count ?? 0);
    return {
      data: { items: [item] },
      message: importMessages(kind.spec).imported(item.imported_count ?? 0, skipped),
    };
  });
}
