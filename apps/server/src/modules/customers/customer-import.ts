import { and, eq, inArray } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { CUSTOMER_IMPORT } from '@fieldport/contract/customer-import';
import type { ImportRowError } from '@fieldport/contract/imports';
import {
  ConfirmCustomerImport,
  CreateCustomer,
  createCustomerSchema,
  type LocationValues,
} from '@fieldport/contract/operations/customers';
import {
  checkPhone,
  DEFAULT_COUNTRY,
  formatPhoneInternational,
  resolveCountry,
} from '@fieldport/contract/phone';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { customerCategory } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { newId } from '../../db/ids.ts';
import { headerOf, type ImportKind } from '../../platform/imports.ts';
import type { SheetRow } from '../../platform/excel.ts';
import { locationColumns } from './customer-rules.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Bulk import of customers (docs/customers.md#bulk-import), an import kind of platform/imports.ts:
 * every row is checked with the contract's CreateCustomer schema (the same rules as the form), plus
 * what needs the database (categories by name, phones already taken, phones repeated in the file).
 */

/** A checked row, kept until confirmation: the create input's values, normalized. */
interface CheckedCustomer {
  row: number;
  name: string;
  phone: string;
  phone_country: CountryCode;
  phone_national: string;
  email: string | null;
  customer_category_id: string | null;
  location: LocationValues;
}

const PHONE = headerOf(CUSTOMER_IMPORT, 'customer_phone');
const takenMessage = 'A customer with this phone number already exists in the organization';

/** The column a schema issue is about: 'primary_location.pincode' -> 'pincode'. */
function keyOf(path: PropertyKey[]): string {
  const key = String(path[path.length - 1] ?? '');
  return key === 'customer_category_id' ? 'customer_category' : key === 'phone_country' ? 'country' : key;
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

/** One row: the CreateCustomer rules, the country and category resolved by name. */
function checkRow(
  row: SheetRow,
  categories: Map<string, string>,
  fail: (key: string, message: string) => void,
): CheckedCustomer | undefined {
  const cell = (key: string) => row.cells.get(key) ?? '';
  let failed = false;
  const refuse = (key: string, message: string) => {
    failed = true;
    fail(key, message);
  };

  let country: CountryCode = DEFAULT_COUNTRY;
  if (cell('country')) {
    const resolved = resolveCountry(cell('country'));
    if (resolved) country = resolved;
    else
      refuse(
        'country',
        `Country '${cell('country')}' is not known: write a code such as IN, a name or a dial code such as +91`,
      );
  }
  let categoryId: string | null = null;
  if (cell('customer_category')) {
    categoryId = categories.get(cell('customer_category').toLowerCase()) ?? null;
    if (!categoryId)
      refuse(
        'customer_category',
        `There is no active customer category named '${cell('customer_category')}'`,
      );
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
    for (const issue of parsed.error.issues) refuse(keyOf(issue.path), issue.message);
  }
  if (failed || !parsed.success) return undefined;
  const input = parsed.data;
  const phone = checkPhone(input.customer_phone, input.phone_country);
  if (!phone.ok) {
    fail('customer_phone', phone.message);
    return undefined;
  }
  return {
    row: row.number,
    name: input.customer_name,
    phone: phone.e164,
    phone_country: phone.country,
    phone_national: phone.nationalDigits,
    email: input.customer_email,
    customer_category_id: input.customer_category_id,
    location: input.primary_location,
  };
}

/** Which of these phones the organization's customers already have. */
async function takenPhones(db: Db, caller: Caller, rows: CheckedCustomer[]): Promise<Set<string>> {
  const phones = rows.map((row) => row.phone);
  const taken = new Set<string>();
  for (let start = 0; start < phones.length; start += 1000) {
    const found = await db
      .select({ phone: customer.phone })
      .from(customer)
      .where(
        and(
          eq(customer.organization_id, caller.organization.id),
          inArray(customer.phone, phones.slice(start, start + 1000)),
        ),
      );
    for (const row of found) taken.add(row.phone);
  }
  return taken;
}

export const customerImportKind: ImportKind<CheckedCustomer, Map<string, string>> = {
  spec: CUSTOMER_IMPORT,
  access: CreateCustomer.access,
  operations: { upload: 'UploadCustomerImport', confirm: ConfirmCustomerImport.name },
  lookups: categoriesByName,
  checkRow,
  identity: {
    key: (row) => row.phone,
    column: 'customer_phone',
    repeated: (first) => `The same phone number is in row ${first}`,
  },
  existing: takenPhones,
  existsMessage: takenMessage,
  preview: (row) => ({
    row: row.row,
    customer_name: row.name,
    customer_phone: formatPhoneInternational(row.phone),
    city: row.location.city,
    pincode: row.location.pincode,
  }),
  /**
   * Rows whose phone was taken or whose category was switched off since the preview are reported,
   * not imported.
   */
  async write(db, job, rows, categories) {
    const active = new Set(categories.values());
    const late: ImportRowError[] = [];
    const batch = rows.filter((row) => {
      if (!row.customer_category_id || active.has(row.customer_category_id)) return true;
      late.push({
        row: row.row,
        field: headerOf(CUSTOMER_IMPORT, 'customer_category'),
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
    return { written, late };
  },
  /** The organization's active categories: a sheet of them, and a list on the category column. */
  async template(db, caller, workbook, sheet) {
    const rows = await db
      .select({ name: customerCategory.name })
      .from(customerCategory)
      .where(and(inOrganization(customerCategory, caller), eq(customerCategory.status, 'ACTIVE')))
      .orderBy(customerCategory.name);
    const column = CUSTOMER_IMPORT.columns.findIndex((entry) => entry.key === 'customer_category') + 1;
    if (rows.length) {
      // One validation for the whole column's range (not one per cell): a small file that opens fast.
      const letter = sheet.getColumn(column).letter;
      const validations = (
        sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
      ).dataValidations;
      validations.add(`${letter}2:${letter}${CUSTOMER_IMPORT.maxRows + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`Categories!$A$2:$A$${rows.length + 1}`],
        showErrorMessage: true,
        errorTitle: 'Customer category',
        error: 'Choose one of the categories of the Categories sheet.',
      });
    }
    const list = workbook.addWorksheet('Categories');
    list.columns = [{ header: 'Customer category', key: 'name', width: 30 }];
    list.getRow(1).font = { bold: true };
    for (const row of rows) list.addRow(row);
  },
};
