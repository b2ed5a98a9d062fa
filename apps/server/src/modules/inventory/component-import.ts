import { and, eq, inArray, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { COMPONENT_IMPORT, COMPONENT_IMPORT_ACTIONS } from '@fieldport/contract/component-import';
import { formatRupees, rupeesToPaise } from '@fieldport/contract/fields';
import { GST_RATES, rateToBasisPoints } from '@fieldport/contract/gst';
import type { ImportRowError } from '@fieldport/contract/imports';
import {
  COMPONENT_UNIT_LABELS,
  COMPONENT_UNITS,
  CreateComponent,
  ConfirmComponentImport,
  components,
  INVENTORY_MESSAGES,
  type ComponentUnit,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { component } from '../../db/schema/inventory.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import type { Caller } from '../../platform/caller.ts';
import type { SheetRow } from '../../platform/excel.ts';
import { headerOf, type ImportKind } from '../../platform/imports.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Bulk import of components (docs/inventory.md#components), an import kind of platform/imports.ts.
 * Each row is checked with the Components form's schema after its product names are resolved
 * (active products of the organization, by name in any case). A part number the organization
 * already has updates that component; a new one adds a component. On an update an empty optional
 * cell (unit, HSN code, products, reorder level) keeps what the component has, so that a sheet of
 * part numbers and prices is enough to reprice; its photos and status stay as they are.
 */

interface CheckedComponent {
  row: number;
  part_number: string;
  component_name: string;
  /** null: the cell was empty (a new component gets NOS, an update keeps its unit). */
  unit: ComponentUnit | null;
  price_paise: number;
  tax_rate_bp: number;
  hsn_code: string | null;
  /** null: the cell was empty (none for a new component, kept by an update). */
  service_ids: string[] | null;
  product_names: string[];
  reorder_level: number | null;
  /** What confirming will do, as the preview said it (resolve); the write decides again. */
  action: keyof typeof COMPONENT_IMPORT_ACTIONS;
}

interface Product {
  id: string;
  name: string;
}

interface Lookups {
  /** Active products by lower-case name; two products of one name in different categories are both here. */
  products: Map<string, Product[]>;
  activeProductIds: Set<string>;
}

async function lookups(db: Db, caller: Caller): Promise<Lookups> {
  const rows = await db
    .select({ id: service.id, name: service.name })
    .from(service)
    .where(and(inOrganization(service, caller), eq(service.status, 'ACTIVE')));
  const products = new Map<string, Product[]>();
  for (const row of rows) {
    const key = row.name.trim().toLowerCase();
    products.set(key, [...(products.get(key) ?? []), row]);
  }
  return { products, activeProductIds: new Set(rows.map((row) => row.id)) };
}

/** A unit as a person writes it: its code or its label, in any case ('Nos', 'PAIR'). */
function unitOf(text: string): ComponentUnit | string {
  const wanted = text.trim().toLowerCase();
  return (
    COMPONENT_UNITS.find(
      (unit) => unit.toLowerCase() === wanted || COMPONENT_UNIT_LABELS[unit].toLowerCase() === wanted,
    ) ?? text
  );
}

/** A number cell, or the text itself for the schema to refuse with its message. */
function numberOf(text: string): number | string {
  const value = Number(text.replace(/,/g, ''));
  return text !== '' && Number.isFinite(value) ? value : text;
}

/** The template's column of a form field. */
const COLUMN_OF: Record<string, string> = { service_ids: 'products' };

function checkRow(
  row: SheetRow,
  names: Lookups,
  fail: (key: string, message: string) => void,
): CheckedComponent | undefined {
  const cell = (key: string) => row.cells.get(key) ?? '';
  let failed = false;
  const refuse = (key: string, message: string) => {
    failed = true;
    fail(key, message);
  };

  const productNames = [
    ...new Map(
      cell('products')
        .split(';')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => [name.toLowerCase(), name]),
    ).values(),
  ];
  const products: Product[] = [];
  for (const name of productNames) {
    const found = names.products.get(name.toLowerCase()) ?? [];
    if (found.length === 0) refuse('products', `There is no active product named '${name}'`);
    else if (found.length > 1) {
      refuse(
        'products',
        `More than one active product is named '${name}'. Choose the part's products on the Components screen instead.`,
      );
    } else products.push(found[0]);
  }
  if (!cell('component_price')) refuse('component_price', 'Price is required');
  if (!cell('tax_rate')) refuse('tax_rate', `GST % is required: one of ${GST_RATES.join(', ')}`);

  const parsed = components.form.safeParse({
    part_number: cell('part_number'),
    component_name: cell('component_name'),
    unit: cell('unit') ? unitOf(cell('unit')) : 'NOS',
    component_price: rupeesToPaise(cell('component_price')),
    tax_rate: numberOf(cell('tax_rate').replace(/%$/, '').trim()),
    hsn_code: cell('hsn_code') || null,
    service_ids: products.map((product) => product.id),
    reorder_level: cell('reorder_level') ? numberOf(cell('reorder_level')) : 0,
    component_files: [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      refuse(COLUMN_OF[key] ?? key, issue.message);
    }
  }
  if (failed || !parsed.success) return undefined;
  const values = parsed.data;
  return {
    row: row.number,
    part_number: values.part_number,
    component_name: values.component_name,
    unit: cell('unit') ? values.unit : null,
    price_paise: values.component_price,
    tax_rate_bp: rateToBasisPoints(values.tax_rate),
    hsn_code: values.hsn_code,
    service_ids: productNames.length ? values.service_ids : null,
    product_names: products.map((product) => product.name),
    reorder_level: cell('reorder_level') ? values.reorder_level : null,
    action: 'CREATE',
  };
}

const key = (row: { part_number: string }) => row.part_number.toLowerCase();

/** The organization's components among these part numbers: id by lower-case part number. */
async function componentsByPartNumber(
  db: Db,
  organizationId: string,
  partNumbers: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const wanted = [...new Set(partNumbers.map((part) => part.toLowerCase()))];
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await db
      .select({ id: component.id, part_number: component.part_number })
      .from(component)
      .where(
        and(
          eq(component.organization_id, organizationId),
          // lower(): the unique index component_org_part_number_uq.
          inArray(sql`lower(${component.part_number})`, wanted.slice(start, start + 1000)),
        ),
      );
    for (const row of rows) found.set(row.part_number.toLowerCase(), row.id);
  }
  return found;
}

/** Whether each row adds a component or updates the one with its part number. */
async function resolveActions(db: Db, caller: Caller, rows: CheckedComponent[]) {
  const known = await componentsByPartNumber(
    db,
    caller.organization.id,
    rows.map((row) => row.part_number),
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      action: known.has(key(row)) ? ('UPDATE' as const) : ('CREATE' as const),
    })),
    errors: [],
  };
}

const PRODUCTS = headerOf(COMPONENT_IMPORT, 'products');
const PART_NUMBER = headerOf(COMPONENT_IMPORT, 'part_number');

/** Updates the batch's known components in one statement; an empty optional cell (null) keeps the value. */
async function updateComponents(db: Db, organizationId: string, rows: (CheckedComponent & { id: string })[]) {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    id: row.id,
    name: row.component_name,
    unit: row.unit,
    price_paise: row.price_paise,
    tax_rate_bp: row.tax_rate_bp,
    hsn_code: row.hsn_code,
    service_ids: row.service_ids,
    reorder_level: row.reorder_level,
  }));
  const result = await db.execute<{ part_number: string }>(sql`
    update ${component} as c set
      name = r.name,
      unit = coalesce(r.unit, c.unit),
      price_paise = r.price_paise,
      tax_rate_bp = r.tax_rate_bp,
      hsn_code = coalesce(r.hsn_code, c.hsn_code),
      service_ids = coalesce(r.service_ids, c.service_ids),
      reorder_level = coalesce(r.reorder_level, c.reorder_level),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(
      id text, name text, unit text, price_paise bigint, tax_rate_bp integer, hsn_code text,
      service_ids jsonb, reorder_level integer
    )
    where c.id = r.id and c.organization_id = ${organizationId}
    returning c.part_number`);
  return result.rows;
}

export const componentImportKind: ImportKind<CheckedComponent, Lookups> = {
  spec: COMPONENT_IMPORT,
  // The Components module's CREATE right: the organization's staff (partners have no such module).
  access: CreateComponent.access,
  operations: { upload: 'UploadComponentImport', confirm: ConfirmComponentImport.name },
  lookups,
  checkRow,
  resolve: resolveActions,
  identity: {
    key,
    column: 'part_number',
    repeated: (first) => `The same part number is in row ${first}`,
  },
  // A known part number is an update, not a refusal.
  existing: async () => new Set<string>(),
  existsMessage: 'A component with this part number already exists',
  preview: (row) => ({
    row: row.row,
    action: COMPONENT_IMPORT_ACTIONS[row.action],
    part_number: row.part_number,
    component_name: row.component_name,
    price: formatRupees(row.price_paise),
    products:
      row.product_names.join(', ') ||
      (row.action === 'UPDATE' && row.service_ids === null ? 'Unchanged' : '—'),
  }),
  /**
   * Rows naming a product switched off since the upload are reported, not imported. Whether a row
   * adds or updates is decided here again: a part number added since the preview is updated.
   */
  async write(db, job, rows, names) {
    const late: ImportRowError[] = [];
    const batch = rows.filter((row) => {
      if ((row.service_ids ?? []).every((id) => names.activeProductIds.has(id))) return true;
      late.push({
        row: row.row,
        field: PRODUCTS,
        message: 'A product of this row was deactivated after the upload',
      });
      return false;
    });
    const known = await componentsByPartNumber(
      db,
      job.organization_id,
      batch.map((row) => row.part_number),
    );
    const updates = batch.flatMap((row) => {
      const id = known.get(key(row));
      return id ? [{ ...row, id }] : [];
    });
    const creates = batch.filter((row) => !known.has(key(row)));
    const updated = await updateComponents(db, job.organization_id, updates);
    const now = new Date();
    const inserted = creates.length
      ? await db
          .insert(component)
          .values(
            creates.map((row) => ({
              id: newId(),
              organization_id: job.organization_id,
              status: 'ACTIVE' as const,
              created_at: now,
              updated_at: now,
              name: row.component_name,
              part_number: row.part_number,
              unit: row.unit ?? 'NOS',
              price_paise: row.price_paise,
              tax_rate_bp: row.tax_rate_bp,
              hsn_code: row.hsn_code,
              service_ids: row.service_ids ?? [],
              reorder_level: row.reorder_level ?? 0,
            })),
          )
          // A part number added by someone else since this batch was read is reported, not fatal.
          .onConflictDoNothing()
          .returning({ part_number: component.part_number })
      : [];
    const written = new Set([...updated, ...inserted].map(key));
    for (const row of batch) {
      if (!written.has(key(row))) {
        late.push({
          row: row.row,
          field: PART_NUMBER,
          message: INVENTORY_MESSAGES.duplicatePartNumber(row.part_number),
        });
      }
    }
    return { written, late };
  },
  /** The organization's active products, the units and the GST rates, as the rows name them. */
  async template(db, caller, workbook: ExcelJS.Workbook) {
    const names = await lookups(db, caller);
    const lists: [string, string[]][] = [
      [
        'Products',
        [...names.products.values()]
          .flat()
          .map((product) => product.name)
          .sort((a, b) => a.localeCompare(b)),
      ],
      ['Units', COMPONENT_UNITS.map((unit) => unit)],
      ['GST rates', GST_RATES.map(String)],
    ];
    for (const [title, values] of lists) {
      const sheet = workbook.addWorksheet(title);
      sheet.columns = [{ header: title, key: 'name', width: 36 }];
      sheet.getRow(1).font = { bold: true };
      for (const name of values) sheet.addRow({ name });
    }
  },
};
