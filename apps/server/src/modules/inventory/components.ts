import { eq, sql } from 'drizzle-orm';
import { basisPointsToRate, rateToBasisPoints } from '@fieldport/contract/gst';
import {
  COMPONENT_UNIT_LABELS,
  ConfirmComponentImport,
  components,
  GetComponentImport,
  INVENTORY_MESSAGES,
  type ComponentItem,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { component } from '../../db/schema/inventory.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { confirmImportHandler, getImportHandler } from '../../platform/imports.ts';
import { qualified } from '../../platform/lists.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';
import { requireActiveReferences } from '../../platform/references.ts';
import { attachingFiles, resolveAttachments, withFileUrls } from '../../platform/uploads.ts';
import { componentImportKind } from './component-import.ts';

/** The component as it is before an update: the products that may stay although inactive, its photos. */
async function current(db: Db, id: string) {
  const [row] = await db
    .select({ service_ids: component.service_ids, files: component.files })
    .from(component)
    .where(eq(component.id, id));
  return row;
}

const [listComponents, createComponent, updateComponent, activateOrDeactivateComponent] = defineMaster({
  contract: components,
  table: component,
  // A component's name need not be unique; its part number is.
  nameIndex: 'component_org_part_number_uq',
  unique: [
    {
      index: 'component_org_part_number_uq',
      field: 'part_number',
      message: (values) => INVENTORY_MESSAGES.duplicatePartNumber(values.part_number),
    },
  ],
  list: {
    select: {
      id: component.id,
      name: component.name,
      part_number: component.part_number,
      unit: component.unit,
      price_paise: component.price_paise,
      tax_rate_bp: component.tax_rate_bp,
      hsn_code: component.hsn_code,
      service_ids: component.service_ids,
      // The products' names in the order of service_ids (the form shows them so).
      service_names: sql<string[]>`coalesce((
        select jsonb_agg(${qualified(service.name)} order by fitted.position)
        from jsonb_array_elements_text(${qualified(component.service_ids)}) with ordinality as fitted(id, position)
        join ${service} on ${qualified(service.id)} = fitted.id
          and ${qualified(service.organization_id)} = ${qualified(component.organization_id)}
      ), '[]'::jsonb)`,
      reorder_level: component.reorder_level,
      files: component.files,
      status: component.status,
      created_at: component.created_at,
    },
    search: [component.name, component.part_number],
    sort: {
      component_name: sql`lower(${component.name})`,
      part_number: sql`lower(${component.part_number})`,
      component_price: component.price_paise,
      component_status: component.status,
      component_created_on: component.created_at,
    },
    filters: (input) => [
      // The GIN index component_service_ids_gin: the parts that fit a product.
      input.service_id
        ? sql`${component.service_ids} @> jsonb_build_array(${input.service_id}::text)`
        : undefined,
    ],
    // file_url carries the storage key here; withFileUrls() below turns it into an address.
    toItem: (row): ComponentItem => ({
      component_id: row.id,
      component_name: row.name,
      part_number: row.part_number,
      unit: row.unit,
      component_price: row.price_paise,
      tax_rate: basisPointsToRate(row.tax_rate_bp),
      hsn_code: row.hsn_code,
      service_ids: row.service_ids,
      service_names: row.service_names,
      reorder_level: row.reorder_level,
      component_files: row.files.map((file) => ({
        file_name: file.file_name,
        file_type: file.file_type,
        file_url: file.key,
        file_size: file.file_size,
      })),
      component_status: row.status,
      component_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'Components',
      columns: [
        { header: 'Part number', width: 18, value: (item) => item.part_number },
        { header: 'Name', width: 36, value: (item) => item.component_name },
        { header: 'Unit', width: 9, value: (item) => COMPONENT_UNIT_LABELS[item.unit] },
        { header: 'Price (₹)', width: 14, numFmt: '#,##0.00', value: (item) => item.component_price / 100 },
        { header: 'GST %', width: 8, value: (item) => item.tax_rate },
        { header: 'HSN code', width: 12, value: (item) => item.hsn_code },
        { header: 'Products', width: 40, value: (item) => item.service_names.join('; ') || null },
        { header: 'Reorder level', width: 14, value: (item) => item.reorder_level },
        ...statusAndCreatedColumns<ComponentItem>('component_status', 'component_created_on'),
      ],
    },
  },
  check: async (values, { db, caller }, existing) => {
    const before = existing ? await current(db, existing.id) : undefined;
    // The products the part fits: active services of the caller's organization.
    await requireActiveReferences(db, caller, service, {
      ids: values.service_ids,
      previousIds: before?.service_ids,
      field: 'service_ids',
      noun: 'product',
      message: INVENTORY_MESSAGES.productNotFound,
    });
  },
  values: async (values, context, existing) => {
    const before = existing ? await current(context.db, existing.id) : undefined;
    const files = await resolveAttachments(context, {
      purpose: 'COMPONENT_PHOTO',
      field: 'component_files',
      noun: 'component',
      files: values.component_files,
      existing: before?.files ?? [],
      record: existing ? { kind: 'COMPONENT', id: existing.id } : undefined,
    });
    return {
      name: values.component_name,
      part_number: values.part_number,
      unit: values.unit,
      price_paise: values.component_price,
      tax_rate_bp: rateToBasisPoints(values.tax_rate),
      hsn_code: values.hsn_code,
      service_ids: values.service_ids,
      reorder_level: values.reorder_level,
      files,
    };
  },
});

const FILES = { kind: 'COMPONENT', idKey: 'component_id', filesKey: 'component_files' } as const;

/**
 * Components (docs/inventory.md#components): `List_Components`, create, update,
 * activate/deactivate, and the import's Get and Confirm.
 */
export const componentHandlers = [
  withFileUrls(listComponents, FILES.filesKey),
  withFileUrls(attachingFiles(createComponent, FILES), FILES.filesKey),
  withFileUrls(attachingFiles(updateComponent, FILES), FILES.filesKey),
  withFileUrls(activateOrDeactivateComponent, FILES.filesKey),
  getImportHandler(GetComponentImport, componentImportKind),
  confirmImportHandler(ConfirmComponentImport, componentImportKind),
] as const;
