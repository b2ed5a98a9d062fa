import { and, eq, inArray } from 'drizzle-orm';
import { FLEET_IMPORT } from '@fieldport/contract/fleet-import';
import type { ImportRowError } from '@fieldport/contract/imports';
import {
  amcPeriod,
  ConfirmProductFleetImport,
  CreateProductFleetItem,
  FLEET_MESSAGES,
  fleetItemFormSchema,
  warrantyEnd,
} from '@fieldport/contract/operations/product-fleet';
import { checkPhone, DEFAULT_COUNTRY } from '@fieldport/contract/phone';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { party } from '../../db/schema/platform.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { amcType, fleetItem, fleetItemEvent } from '../../db/schema/product-fleet.ts';
import { productFleetStatus } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { forbidden } from '../../platform/errors.ts';
import type { SheetRow } from '../../platform/excel.ts';
import { headerOf, type ImportKind } from '../../platform/imports.ts';
import { dayWords } from './fleet-rules.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * Bulk import of fleet items (docs/product-fleet.md#bulk-import), an import kind of
 * platform/imports.ts. Each row is checked with the contract's fleet item form schema (the form's
 * rules) after its names are resolved (product, dealer, AMC type, fleet status: active ones of the
 * organization, by name in any case); customers are found by phone for all rows at once; a serial
 * already in the organization for its product, or twice in the file, is refused. Imported items are
 * the organization's staff's: approved at once, with a CREATED entry naming the file.
 */

interface CheckedFleetItem {
  row: number;
  serial_number: string;
  service_id: string;
  product_name: string;
  /** E.164; resolved to the customer and its primary location for all rows at once. */
  customer_phone: string | null;
  customer_id: string | null;
  location_id: string | null;
  customer_name: string | null;
  dealer_party_id: string | null;
  invoice_date: string | null;
  installation_date: string | null;
  warranty_months: number | null;
  warranty_end_date: string | null;
  amc_type_id: string | null;
  amc_start_date: string | null;
  product_fleet_status_id: string | null;
  notes: string | null;
}

interface Named {
  id: string;
  name: string;
}
interface AmcNamed extends Named {
  duration_months: number;
  visits: number | null;
  service_ids: string[];
}
interface Lookups {
  products: Map<string, Named>;
  dealers: Map<string, Named>;
  amcTypes: Map<string, AmcNamed>;
  statuses: Map<string, Named>;
}

const byName = <T extends Named>(rows: T[]) =>
  new Map(rows.map((row) => [row.name.trim().toLowerCase(), row]));

async function lookups(db: Db, caller: Caller): Promise<Lookups> {
  const [products, dealers, amcTypes, statuses] = await Promise.all([
    db
      .select({ id: service.id, name: service.name })
      .from(service)
      .where(and(inOrganization(service, caller), eq(service.status, 'ACTIVE'))),
    db
      .select({ id: party.id, name: party.name })
      .from(party)
      .where(and(inOrganization(party, caller), eq(party.kind, 'DEALER'), eq(party.status, 'ACTIVE'))),
    db
      .select({
        id: amcType.id,
        name: amcType.name,
        duration_months: amcType.duration_months,
        visits: amcType.visits,
        service_ids: amcType.service_ids,
      })
      .from(amcType)
      .where(and(inOrganization(amcType, caller), eq(amcType.status, 'ACTIVE'))),
    db
      .select({ id: productFleetStatus.id, name: productFleetStatus.name })
      .from(productFleetStatus)
      .where(and(inOrganization(productFleetStatus, caller), eq(productFleetStatus.status, 'ACTIVE'))),
  ]);
  return {
    products: byName(products),
    dealers: byName(dealers),
    amcTypes: byName(amcTypes),
    statuses: byName(statuses),
  };
}

/** A day as people write it in India (15/01/2026, 15-01-2026) or as ISO; anything else as typed. */
function dayOf(text: string): string | null {
  if (!text) return null;
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (indian) return `${indian[3]}-${indian[2].padStart(2, '0')}-${indian[1].padStart(2, '0')}`;
  return text;
}

/** The template's column of a form field. */
const COLUMN_OF: Record<string, string> = {
  service_id: 'product',
  dealer_party_id: 'dealer',
  amc_type_id: 'amc_type',
  product_fleet_status_id: 'fleet_status',
};

function checkRow(
  row: SheetRow,
  names: Lookups,
  fail: (key: string, message: string) => void,
): CheckedFleetItem | undefined {
  const cell = (key: string) => row.cells.get(key) ?? '';
  let failed = false;
  const refuse = (key: string, message: string) => {
    failed = true;
    fail(key, message);
  };
  const named = <T extends Named>(key: string, map: Map<string, T>, noun: string): T | null => {
    if (!cell(key)) return null;
    const found = map.get(cell(key).toLowerCase());
    if (!found) refuse(key, `There is no active ${noun} named '${cell(key)}'`);
    return found ?? null;
  };

  const product = named('product', names.products, 'product');
  if (!cell('product')) refuse('product', 'Product is required');
  const dealer = named('dealer', names.dealers, 'dealer');
  const amc = named('amc_type', names.amcTypes, 'AMC type');
  if (amc && product && amc.service_ids.length > 0 && !amc.service_ids.includes(product.id)) {
    refuse('amc_type', FLEET_MESSAGES.amcTypeNotForProduct(amc.name, product.name));
  }
  const status = named('fleet_status', names.statuses, 'fleet status');
  let phone: string | null = null;
  if (cell('customer_phone')) {
    const checked = checkPhone(cell('customer_phone'), DEFAULT_COUNTRY);
    if (checked.ok) phone = checked.e164;
    else refuse('customer_phone', checked.message);
  }
  const months = cell('warranty_months');
  const parsed = fleetItemFormSchema.safeParse({
    serial_number: cell('serial_number'),
    service_id: product?.id ?? '',
    invoice_date: dayOf(cell('invoice_date')),
    installation_date: dayOf(cell('installation_date')),
    // A non-number is refused by the schema with the range in its message.
    warranty_months: months === '' ? null : Number.isFinite(Number(months)) ? Number(months) : months,
    warranty_end_date: dayOf(cell('warranty_end_date')),
    amc_type_id: amc?.id ?? null,
    amc_start_date: dayOf(cell('amc_start_date')),
    product_fleet_status_id: status?.id ?? null,
    notes: cell('notes') || null,
    dealer_party_id: dealer?.id ?? null,
    customer_id: null,
    location_id: null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      refuse(COLUMN_OF[key] ?? key, issue.message);
    }
  }
  if (failed || !parsed.success || !product) return undefined;
  const values = parsed.data;
  return {
    row: row.number,
    serial_number: values.serial_number,
    service_id: product.id,
    product_name: product.name,
    customer_phone: phone,
    customer_id: null,
    location_id: null,
    customer_name: null,
    dealer_party_id: values.dealer_party_id,
    invoice_date: values.invoice_date,
    installation_date: values.installation_date,
    warranty_months: values.warranty_months,
    warranty_end_date: values.warranty_end_date,
    amc_type_id: values.amc_type_id,
    amc_start_date: values.amc_start_date,
    product_fleet_status_id: values.product_fleet_status_id,
    notes: values.notes,
  };
}

const PHONE = headerOf(FLEET_IMPORT, 'customer_phone');
const key = (row: { service_id: string; serial_number: string }) => `${row.service_id}|${row.serial_number}`;
const existsMessage = 'A fleet item with this serial number already exists for this product';

/** The customers of the rows' phones (active ones of the organization), at their primary location. */
async function resolveCustomers(db: Db, caller: Caller, rows: CheckedFleetItem[]) {
  const phones = [...new Set(rows.flatMap((row) => (row.customer_phone ? [row.customer_phone] : [])))];
  const found = new Map<string, { id: string; name: string; location_id: string }>();
  for (let start = 0; start < phones.length; start += 1000) {
    const batch = await db
      .select({
        id: customer.id,
        name: customer.name,
        phone: customer.phone,
        location_id: customerLocation.id,
      })
      .from(customer)
      .innerJoin(
        customerLocation,
        and(eq(customerLocation.customer_id, customer.id), eq(customerLocation.is_primary, true)),
      )
      .where(
        and(
          inOrganization(customer, caller),
          eq(customer.status, 'ACTIVE'),
          inArray(customer.phone, phones.slice(start, start + 1000)),
        ),
      );
    for (const row of batch) found.set(row.phone, row);
  }
  const errors: ImportRowError[] = [];
  const resolved: CheckedFleetItem[] = [];
  for (const row of rows) {
    if (!row.customer_phone) {
      resolved.push(row);
      continue;
    }
    const owner = found.get(row.customer_phone);
    if (!owner) {
      errors.push({
        row: row.row,
        field: PHONE,
        message: 'No active customer has this phone number. Add the customer first, or leave the phone out.',
      });
      continue;
    }
    resolved.push({
      ...row,
      customer_id: owner.id,
      location_id: owner.location_id,
      customer_name: owner.name,
    });
  }
  return { rows: resolved, errors };
}

/** Which of the rows' serials the organization already has for their products. */
async function existingSerials(db: Db, caller: Caller, rows: CheckedFleetItem[]): Promise<Set<string>> {
  const serials = [...new Set(rows.map((row) => row.serial_number))];
  const taken = new Set<string>();
  for (let start = 0; start < serials.length; start += 1000) {
    const found = await db
      .select({ service_id: fleetItem.service_id, serial_number: fleetItem.serial_number })
      .from(fleetItem)
      .where(
        and(
          inOrganization(fleetItem, caller),
          inArray(fleetItem.serial_number, serials.slice(start, start + 1000)),
        ),
      );
    for (const row of found) taken.add(key(row));
  }
  return taken;
}

export const fleetImportKind: ImportKind<CheckedFleetItem, Lookups> = {
  spec: FLEET_IMPORT,
  access: CreateProductFleetItem.access,
  operations: { upload: 'UploadProductFleetImport', confirm: ConfirmProductFleetImport.name },
  // A dealer's new items each wait for approval; hundreds at once are added by the organization.
  authorize: (caller) => {
    if (caller.party) throw forbidden(FLEET_MESSAGES.importByStaff);
  },
  lookups,
  checkRow,
  resolve: resolveCustomers,
  identity: {
    key,
    column: 'serial_number',
    repeated: (first) => `The same serial number of this product is in row ${first}`,
  },
  existing: existingSerials,
  existsMessage,
  preview: (row) => {
    const end = warrantyEnd(row);
    return {
      row: row.row,
      serial_number: row.serial_number,
      product: row.product_name,
      customer: row.customer_name ?? 'In stock',
      warranty: end ? dayWords(end) : '—',
    };
  },
  /**
   * Rows whose serial was taken since the preview, or whose AMC type was switched off, are
   * reported, not imported.
   */
  async write(db, job, rows, names) {
    const amcById = new Map([...names.amcTypes.values()].map((type) => [type.id, type]));
    const late: ImportRowError[] = [];
    const batch = rows.filter((row) => {
      if (!row.amc_type_id || amcById.has(row.amc_type_id)) return true;
      late.push({
        row: row.row,
        field: headerOf(FLEET_IMPORT, 'amc_type'),
        message: 'The AMC type was deactivated after the upload',
      });
      return false;
    });
    const now = new Date();
    const inserted = batch.length
      ? await db
          .insert(fleetItem)
          .values(
            batch.map((row) => {
              const type = row.amc_type_id ? amcById.get(row.amc_type_id)! : null;
              const amc = type && row.amc_start_date ? amcPeriod(type, row.amc_start_date) : null;
              return {
                id: newId(),
                organization_id: job.organization_id,
                status: 'ACTIVE' as const,
                created_at: now,
                updated_at: now,
                serial_number: row.serial_number,
                service_id: row.service_id,
                customer_id: row.customer_id,
                location_id: row.location_id,
                dealer_party_id: row.dealer_party_id,
                invoice_date: row.invoice_date,
                installation_date: row.installation_date,
                warranty_months: row.warranty_months,
                warranty_end_date: warrantyEnd(row),
                warranty_end_explicit: row.warranty_end_date !== null,
                amc_type_id: amc ? row.amc_type_id : null,
                amc_start_date: amc ? row.amc_start_date : null,
                amc_end_date: amc?.amc_end_date ?? null,
                amc_visits_included: amc?.amc_visits_included ?? null,
                product_fleet_status_id: row.product_fleet_status_id,
                notes: row.notes,
                approval_state: 'APPROVED' as const,
                created_by: job.created_by,
              };
            }),
          )
          // A serial added since the preview (by a person or another import) is reported, not fatal.
          .onConflictDoNothing({
            target: [fleetItem.organization_id, fleetItem.service_id, fleetItem.serial_number],
          })
          .returning({
            id: fleetItem.id,
            service_id: fleetItem.service_id,
            serial_number: fleetItem.serial_number,
          })
      : [];
    const written = new Set(inserted.map(key));
    for (const row of batch) {
      if (!written.has(key(row)))
        late.push({ row: row.row, field: headerOf(FLEET_IMPORT, 'serial_number'), message: existsMessage });
    }
    if (inserted.length) {
      await db.insert(fleetItemEvent).values(
        inserted.map((item) => ({
          id: newId(),
          organization_id: job.organization_id,
          fleet_item_id: item.id,
          kind: 'CREATED' as const,
          details: `Imported from ${job.file_name}`,
          actor_user_id: job.created_by,
          created_at: now,
        })),
      );
    }
    return { written, late };
  },
  /** The organization's active products, dealers, AMC types and statuses, as the rows name them. */
  async template(db, caller, workbook) {
    const names = await lookups(db, caller);
    const lists: [string, Map<string, Named>][] = [
      ['Products', names.products],
      ['Dealers', names.dealers],
      ['AMC types', names.amcTypes],
      ['Fleet statuses', names.statuses],
    ];
    for (const [title, map] of lists) {
      const sheet = workbook.addWorksheet(title);
      sheet.columns = [{ header: title, key: 'name', width: 36 }];
      sheet.getRow(1).font = { bold: true };
      for (const entry of [...map.values()].sort((a, b) => a.name.localeCompare(b.name))) sheet.addRow(entry);
    }
  },
};
