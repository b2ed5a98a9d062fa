import { and, eq, inArray } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_LIFETIME_HOURS,
  CUSTOMER_IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type CustomerImportItem,
  type ImportPreviewRow,
  type ImportRowError,
} from '@fieldport/contract/customer-import';
import { createCustomerSchema, type LocationValues } from '@fieldport/contract/operations/customers';
import {
  checkPhone,
  DEFAULT_COUNTRY,
  formatPhoneInternational,
  resolveCountry,
} from '@fieldport/contract/phone';
import type { Db } from '../../db/client.ts';
import { customer, customerImport, customerLocation } from '../../db/schema/customers.ts';
import { customerCategory } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { DomainError, badInput, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../db/ids.ts';
import { declaredUnpackedSize, sheetRows, type SheetRow } from '../../platform/excel.ts';
import { locationColumns } from './customer-rules.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Bulk import of customers (docs/customers.md). `checkWorkbook` reads an uploaded .xlsx sheet by sheet
 * (platform/excel.ts sheetRows), row by row, checks every row with the contract's CreateCustomer schema (the
 * same rules as the form) plus what needs the database (categories by name, phones already taken,
 * phones repeated in the file), and keeps the valid rows in a customer_import row. `runImport`
 * writes them, in the caller's transaction, in batches.
 */

/** A checked row, kept until confirmation: the create input's values, normalized. */
interface CheckedRow {
  row: number;
  name: string;
  phone: string;
  phone_country: CountryCode;
  phone_national: string;
  email: string | null;
  customer_category_id: string | null;
  location: LocationValues;
}

export type Progress = (done: number, total: number | null) => void;

const PROGRESS_EVERY = 500;
const INSERT_BATCH = 500;
const PREVIEW_ROWS = 10;

const HEADER_OF = new Map(CUSTOMER_IMPORT_COLUMNS.map((column) => [column.key, column.header]));

/** The column header a schema issue is about: 'primary_location.pincode' -> 'Pincode'. */
function headerOf(path: PropertyKey[]): string {
  const key = String(path[path.length - 1] ?? '');
  const mapped =
    key === 'customer_category_id' ? 'customer_category' : key === 'phone_country' ? 'country' : key;
  return HEADER_OF.get(mapped) ?? key;
}

function parseNumber(text: string): number | null | typeof Number.NaN {
  if (!text) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The organization's active customer categories, by lower-case name. */
async function categoriesByName(db: Db, caller: Caller): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: customerCategory.id, name: customerCategory.name })
    .from(customerCategory)
    .where(and(inOrganization(customerCategory, caller), eq(customerCategory.status, 'ACTIVE')));
  return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
}

/** What a 10 MB workbook may unpack to; far above 10,000 rows of text, far below trouble. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/** One row: the CreateCustomer rules, the country and category resolved by name. */
function checkRow(
  row: SheetRow,
  categories: Map<string, string>,
): { ok: true; value: CheckedRow } | { ok: false; errors: ImportRowError[] } {
  const cell = (key: string) => row.cells.get(key) ?? '';
  const errors: ImportRowError[] = [];
  const fail = (key: string, message: string) =>
    errors.push({ row: row.number, field: HEADER_OF.get(key) ?? key, message });

  let country: CountryCode = DEFAULT_COUNTRY;
  if (cell('country')) {
    const resolved = resolveCountry(cell('country'));
    if (resolved) country = resolved;
    else
      fail(
        'country',
        `Country '${cell('country')}' is not known: write a code such as IN, a name or a dial code such as +91`,
      );
  }
  let categoryId: string | null = null;
  if (cell('customer_category')) {
    categoryId = categories.get(cell('customer_category').toLowerCase()) ?? null;
    if (!categoryId)
      fail('customer_category', `There is no active customer category named '${cell('customer_category')}'`);
  }
  const latitude = parseNumber(cell('latitude'));
  const longitude = parseNumber(cell('longitude'));
  const parsed = createCustomerSchema.safeParse({
    customer_name: cell('customer_name'),
    phone_country: country,
    customer_phone: cell('customer_phone'),
    customer_email: cell('customer_email') || null,
    customer_category_id: categoryId,
    primary_location: {
      address: cell('address'),
      pincode: cell('pincode'),
      city: cell('city'),
      state: cell('state'),
      country,
      // A non-number is refused by the schema with the range in its message.
      latitude: Number.isNaN(latitude) ? cell('latitude') : latitude,
      longitude: Number.isNaN(longitude) ? cell('longitude') : longitude,
    },
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = headerOf(issue.path);
      // One message per column is enough for a person to fix the cell.
      if (!errors.some((error) => error.field === field))
        errors.push({ row: row.number, field, message: issue.message });
    }
  }
  if (errors.length || !parsed.success) return { ok: false, errors };
  const input = parsed.data;
  const phone = checkPhone(input.customer_phone, input.phone_country);
  if (!phone.ok)
    return {
      ok: false,
      errors: [{ row: row.number, field: HEADER_OF.get('customer_phone')!, message: phone.message }],
    };
  return {
    ok: true,
    value: {
      row: row.number,
      name: input.customer_name,
      phone: phone.e164,
      phone_country: phone.country,
      phone_national: phone.nationalDigits,
      email: input.customer_email,
      customer_category_id: input.customer_category_id,
      location: input.primary_location,
    },
  };
}

/** Which of these phones the organization's customers already have. */
async function takenPhones(db: Db, organizationId: string, phones: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < phones.length; start += 1000) {
    const rows = await db
      .select({ phone: customer.phone })
      .from(customer)
      .where(
        and(
          eq(customer.organization_id, organizationId),
          inArray(customer.phone, phones.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) taken.add(row.phone);
  }
  return taken;
}

const PHONE = HEADER_OF.get('customer_phone')!;
const takenMessage = 'A customer with this phone number already exists in the organization';

/**
 * Reads and checks a workbook and keeps the outcome as a READY import of the caller. Throws a
 * BAD_USER_INPUT DomainError for a file that is not a readable customers workbook.
 */
export async function checkWorkbook(
  db: Db,
  caller: Caller,
  file: { name: string; data: Buffer },
  onProgress: Progress = () => undefined,
): Promise<CustomerImportItem> {
  const categories = await categoriesByName(db, caller);
  const valid: CheckedRow[] = [];
  const errors: ImportRowError[] = [];
  const firstRowOf = new Map<string, number>();
  let total = 0;
  if (declaredUnpackedSize(file.data) > MAX_UNPACKED_BYTES)
    throw badInput(IMPORT_MESSAGES.unreadable, 'file');
  try {
    const rowsOf = sheetRows(file.data, CUSTOMER_IMPORT_COLUMNS, (header) =>
      badInput(IMPORT_MESSAGES.missingColumn(header), 'file'),
    );
    for await (const row of rowsOf) {
      if ([...row.cells.values()].every((value) => value === '')) continue;
      total += 1;
      if (total > CUSTOMER_IMPORT_MAX_ROWS) throw badInput(IMPORT_MESSAGES.tooManyRows, 'file');
      const checked = checkRow(row, categories);
      if (!checked.ok) errors.push(...checked.errors);
      else {
        const first = firstRowOf.get(checked.value.phone);
        if (first !== undefined) {
          errors.push({ row: row.number, field: PHONE, message: `The same phone number is in row ${first}` });
        } else {
          firstRowOf.set(checked.value.phone, row.number);
          valid.push(checked.value);
        }
      }
      if (total % PROGRESS_EVERY === 0) onProgress(total, null);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // exceljs and unzipper fail in many ways on a damaged or foreign file; the person needs one answer.
    throw badInput(IMPORT_MESSAGES.unreadable, 'file');
  }
  if (total === 0) throw badInput(IMPORT_MESSAGES.empty, 'file');
  onProgress(total, total);

  const taken = await takenPhones(
    db,
    caller.organization.id,
    valid.map((row) => row.phone),
  );
  const rows = valid.filter((row) => {
    if (!taken.has(row.phone)) return true;
    errors.push({ row: row.row, field: PHONE, message: takenMessage });
    return false;
  });
  errors.sort((a, b) => a.row - b.row);

  const id = newId();
  const [stored] = await db
    .insert(customerImport)
    .values({
      id,
      organization_id: caller.organization.id,
      party_id: caller.party?.id ?? null,
      created_by: caller.user.id,
      file_name: file.name,
      total_rows: total,
      valid_count: rows.length,
      rows,
      errors,
      preview_rows: rows.slice(0, PREVIEW_ROWS).map(previewOf),
    })
    .returning();
  return toItem(stored);
}

function previewOf(row: CheckedRow): ImportPreviewRow {
  return {
    row: row.row,
    customer_name: row.name,
    customer_phone: formatPhoneInternational(row.phone),
    city: row.location.city,
    pincode: row.location.pincode,
  };
}

type ImportRow = typeof customerImport.$inferSelect;

export function toItem(row: ImportRow): CustomerImportItem {
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

/** The caller's own import (the person who uploaded it), in their organization. */
export async function findImport(db: Db, caller: Caller, id: string, lock = false): Promise<ImportRow> {
  const query = db
    .select()
    .from(customerImport)
    .where(
      and(
        eq(customerImport.id, id),
        inOrganization(customerImport, caller),
        eq(customerImport.created_by, caller.user.id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return row;
}

/** Refuses an import that cannot be confirmed (already imported, too old, nothing valid). */
export function assertConfirmable(row: ImportRow) {
  if (row.status === 'IMPORTED') throw conflict(IMPORT_MESSAGES.alreadyImported);
  if (Date.now() - row.created_at.getTime() > CUSTOMER_IMPORT_LIFETIME_HOURS * 3600_000) {
    throw badInput(IMPORT_MESSAGES.expired, 'import_id');
  }
  if (row.valid_count === 0) throw badInput(IMPORT_MESSAGES.nothingToImport, 'import_id');
}

/**
 * Imports the valid rows of the caller's import, in `db`'s transaction (the caller's): either
 * every row that is still valid is written, or, when anything fails, nothing is. Rows whose phone
 * was taken or whose category was switched off since the preview are reported, not imported.
 */
export async function runImport(
  db: Db,
  caller: Caller,
  id: string,
  onProgress: Progress = () => undefined,
): Promise<CustomerImportItem> {
  // FOR UPDATE: a second confirmation of the same upload waits here, then finds it IMPORTED.
  const job = await findImport(db, caller, id, true);
  assertConfirmable(job);
  const rows = job.rows as CheckedRow[];
  const active = new Set((await categoriesByName(db, caller)).values());
  const late: ImportRowError[] = [];
  let imported = 0;
  onProgress(0, rows.length);
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH).filter((row) => {
      if (!row.customer_category_id || active.has(row.customer_category_id)) return true;
      late.push({
        row: row.row,
        field: HEADER_OF.get('customer_category')!,
        message: 'The customer category was deactivated after the upload',
      });
      return false;
    });
    const ids = new Map(batch.map((row) => [row.phone, newId()]));
    const inserted = batch.length
      ? await db
          .insert(customer)
          .values(
            batch.map((row) => ({
              id: ids.get(row.phone)!,
              organization_id: job.organization_id,
              party_id: job.party_id,
              name: row.name,
              phone: row.phone,
              phone_country: row.phone_country,
              phone_national: row.phone_national,
              email: row.email,
              customer_category_id: row.customer_category_id,
              created_by: job.created_by,
            })),
          )
          // A phone taken since the preview (by a person or another import) is reported, not fatal.
          .onConflictDoNothing({ target: [customer.organization_id, customer.phone] })
          .returning({ id: customer.id, phone: customer.phone })
      : [];
    const written = new Set(inserted.map((row) => row.phone));
    for (const row of batch) {
      if (!written.has(row.phone)) late.push({ row: row.row, field: PHONE, message: takenMessage });
    }
    const placed = batch.filter((row) => written.has(row.phone));
    if (placed.length) {
      await db.insert(customerLocation).values(
        placed.map((row) => ({
          id: newId(),
          organization_id: job.organization_id,
          customer_id: ids.get(row.phone)!,
          is_primary: true,
          ...locationColumns(row.location),
        })),
      );
    }
    imported += placed.length;
    onProgress(Math.min(start + INSERT_BATCH, rows.length), rows.length);
  }
  const [done] = await db
    .update(customerImport)
    .set({
      status: 'IMPORTED',
      imported_count: imported,
      errors: [...job.errors, ...late].sort((a, b) => a.row - b.row),
      // The rows served their purpose; the report (errors, counts) stays.
      rows: [],
      failure: null,
      finished_at: new Date(),
    })
    .where(eq(customerImport.id, job.id))
    .returning();
  return toItem(done);
}

/** Notes why a confirmation failed, after its transaction was rolled back (the upload stays READY). */
export async function recordFailure(db: Db, caller: Caller, id: string, message: string) {
  await db
    .update(customerImport)
    .set({ failure: message })
    .where(
      and(
        eq(customerImport.id, id),
        inOrganization(customerImport, caller),
        eq(customerImport.status, 'READY'),
      ),
    );
}
