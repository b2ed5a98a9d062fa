import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  COMPONENT_IMPORT,
  COMPONENT_IMPORT_MESSAGES,
  COMPONENT_IMPORT_ROUTES,
} from '@fieldport/contract/component-import';
import { XLSX_MIME, type ImportItem } from '@fieldport/contract/imports';
import { MSG } from '@fieldport/contract/messages';
import {
  ConfirmComponentImport,
  GetComponentImport,
  List_Components,
  type ComponentItem,
} from '@fieldport/contract/operations/inventory';
import { ActivateOrDeactivateService } from '@fieldport/contract/operations/product-catalogue';
import { component } from '../../db/schema/inventory.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { seedComponent } from '../../db/seed/inventory.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { confirm, outcomeOf, upload, workbook, type SheetRow } from '../customers/customer.test-kit.ts';

// Components imported from .xlsx (docs/inventory.md#components) through the shared import
// (docs/imports.md): a known part number updates its component, a new one adds one.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function importWorld() {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles: ['OWNER', 'SERVICE_PARTNER'] });
  const organization_id = seeded.org.id;
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  const master = await seedMasterCategory(db, { organization_id, name: 'Cooling' });
  const category = (name: string, ticket_prefix: string) =>
    seedCategory(db, { organization_id, master_category_id: master.id, name, ticket_prefix });
  const ac = await category('Air Conditioner', 'AC');
  const fridge = await category('Refrigerator', 'RF');
  const product = (name: string, category_id = ac.id, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
    seedService(db, { organization_id, category_id, name, price_paise: 99_900, status });
  const products = {
    split: await product('Split AC Installation'),
    repair: await product('AC Repair'),
    retired: await product('AC Stabilizer Fitting', ac.id, 'INACTIVE'),
    // One name in two categories: a name alone cannot say which.
    gasAc: await product('Gas Charging'),
    gasFridge: await product('Gas Charging', fridge.id),
  };
  const known = await seedComponent(db, {
    organization_id,
    name: 'Run capacitor 35 MFD',
    part_number: 'CAP-35',
    unit: 'SET',
    price_paise: 40_000,
    hsn_code: '85322200',
    service_ids: [products.repair.id],
    reorder_level: 7,
  });
  return { ...seeded, cookie, products, known };
}

/** The organization's components and audit entries. */
async function written(organizationId: string) {
  const db = app.database.db;
  return {
    components: await db
      .select()
      .from(component)
      .where(eq(component.organization_id, organizationId))
      .orderBy(component.id),
    audits: (
      await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, organizationId), ne(auditLog.operation, 'SIGN_IN')))
    )[0].n,
  };
}

const book = (rows: SheetRow[]) => workbook(rows, { spec: COMPONENT_IMPORT });

async function checked(cookie: string, rows: SheetRow[], name = 'parts.xlsx'): Promise<ImportItem> {
  const line = outcomeOf(await upload(app, cookie, await book(rows), name, XLSX_MIME, COMPONENT_IMPORT));
  if (line.type !== 'done') throw new Error(`Upload refused: ${JSON.stringify(line)}`);
  return line.import;
}

const byPart = async (cookie: string) =>
  new Map(
    (await call(app, cookie, List_Components, { page_size: 100 })).envelope!.data.items.map(
      (item): [string, ComponentItem] => [item.part_number, item],
    ),
  );

describe('the components import', () => {
  it('previews every row with what it will do and every error, writes nothing, then adds new parts and updates known ones', async () => {
    const { org, cookie, products, known } = await importWorld();
    const rows: SheetRow[] = [
      {
        part_number: 'pcb-idu-15',
        component_name: 'Indoor PCB 1.5T inverter',
        unit: 'Nos',
        component_price: '3,850.50',
        tax_rate: '18%',
        hsn_code: '84159000',
        products: 'split ac installation; AC Repair',
        reorder_level: '4',
      }, // row 2: new
      {
        part_number: 'cap-35',
        component_name: 'Run capacitor 35 MFD 440V',
        component_price: 450,
        tax_rate: 28,
      }, // row 3: known
      {
        part_number: 'GAS-R32',
        component_name: 'R32 gas',
        unit: 'kg',
        component_price: '1150',
        tax_rate: '5',
      }, // row 4: new
      { part_number: 'PCB-IDU-15', component_name: 'Again', component_price: '1', tax_rate: '18' }, // row 5: twice
      { part_number: 'MTR-1', component_name: 'Motor', component_price: 'free', tax_rate: '17' }, // row 6
      {
        part_number: 'MTR-2',
        component_name: 'Motor',
        component_price: '10',
        tax_rate: '18',
        products: 'Time Machine',
      }, // row 7
      {
        part_number: 'MTR-3',
        component_name: 'Motor',
        component_price: '10',
        tax_rate: '18',
        products: 'AC Stabilizer Fitting',
      }, // row 8
      {
        part_number: 'MTR-4',
        component_name: 'Motor',
        component_price: '10',
        tax_rate: '18',
        products: 'Gas charging',
      }, // row 9
      { part_number: 'MTR 5', component_name: '', component_price: '', tax_rate: '', hsn_code: '123' }, // row 10
      {
        part_number: 'MTR-6',
        component_name: 'Motor',
        unit: 'Dozen',
        component_price: '10',
        tax_rate: '18',
        reorder_level: '-2',
      }, // row 11
    ];
    const before = await written(org.id);
    const preview = await checked(cookie, rows);
    expect(preview).toMatchObject({
      total_rows: 10,
      valid_count: 3,
      invalid_count: 7,
      import_status: 'READY',
    });
    expect(preview.errors).toEqual([
      { row: 5, field: 'Part number', message: 'The same part number is in row 2' },
      {
        row: 6,
        field: 'Price (₹)',
        message: 'Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
      },
      { row: 6, field: 'GST %', message: 'GST % must be one of 0, 0.25, 3, 5, 12, 18, 28' },
      { row: 7, field: 'Products', message: "There is no active product named 'Time Machine'" },
      { row: 8, field: 'Products', message: "There is no active product named 'AC Stabilizer Fitting'" },
      {
        row: 9,
        field: 'Products',
        message:
          "More than one active product is named 'Gas charging'. Choose the part's products on the Components screen instead.",
      },
      { row: 10, field: 'Price (₹)', message: 'Price is required' },
      { row: 10, field: 'GST %', message: 'GST % is required: one of 0, 0.25, 3, 5, 12, 18, 28' },
      { row: 10, field: 'Name', message: 'Name is required' },
      { row: 10, field: 'Part number', message: 'Part number may contain letters, digits and . _ / -' },
      { row: 10, field: 'HSN code', message: 'HSN code must be 4, 6 or 8 digits' },
      { row: 11, field: 'Unit', message: 'Unit must be one of NOS, SET, PAIR, METRE, KG, LITRE, BOX' },
      {
        row: 11,
        field: 'Reorder level',
        message: 'Reorder level must be a whole number from 0 to 10,00,000',
      },
    ]);
    expect(preview.preview_rows).toEqual([
      {
        row: 2,
        action: 'Add',
        part_number: 'PCB-IDU-15',
        component_name: 'Indoor PCB 1.5T inverter',
        price: '₹3,850.50',
        products: 'Split AC Installation, AC Repair',
      },
      {
        row: 3,
        action: 'Update',
        part_number: 'CAP-35',
        component_name: 'Run capacitor 35 MFD 440V',
        price: '₹450.00',
        products: 'Unchanged',
      },
      {
        row: 4,
        action: 'Add',
        part_number: 'GAS-R32',
        component_name: 'R32 gas',
        price: '₹1,150.00',
        products: '—',
      },
    ]);
    // The preview writes no component (only its audit entry).
    expect(await written(org.id)).toEqual({ ...before, audits: before.audits + 1 });
    const got = await call(app, cookie, GetComponentImport, { import_id: preview.import_id });
    expect(got.envelope!.data.items[0]).toEqual(preview);

    const answer = await confirm(app, cookie, preview.import_id, COMPONENT_IMPORT);
    expect(outcomeOf(answer)).toMatchObject({
      type: 'done',
      message: '3 components imported, 7 rows not imported',
      import: { import_status: 'IMPORTED', imported_count: 3 },
    });
    const parts = await byPart(cookie);
    expect(parts.get('PCB-IDU-15')).toMatchObject({
      component_name: 'Indoor PCB 1.5T inverter',
      unit: 'NOS',
      component_price: 385_050,
      tax_rate: 18,
      hsn_code: '84159000',
      service_ids: [products.split.id, products.repair.id],
      reorder_level: 4,
      component_status: 'ACTIVE',
    });
    expect(parts.get('GAS-R32')).toMatchObject({
      unit: 'KG',
      component_price: 115_000,
      tax_rate: 5,
      service_ids: [],
    });
    // The known part: name, price and GST from the row; its unit, HSN, products and level kept.
    expect(parts.get('CAP-35')).toMatchObject({
      component_id: known.id,
      component_name: 'Run capacitor 35 MFD 440V',
      unit: 'SET',
      component_price: 45_000,
      tax_rate: 28,
      hsn_code: '85322200',
      service_ids: [products.repair.id],
      reorder_level: 7,
    });
    expect(parts.size).toBe(3);

    // Confirming twice is refused.
    const again = await call(app, cookie, ConfirmComponentImport, { import_id: preview.import_id });
    expect(again.errors?.[0]).toMatchObject({
      message: COMPONENT_IMPORT_MESSAGES.alreadyImported,
      extensions: { code: 'CONFLICT' },
    });
  });

  it('updates the products, unit and level of a known part when the row gives them', async () => {
    const { cookie, products, known } = await importWorld();
    const preview = await checked(cookie, [
      {
        part_number: 'CAP-35',
        component_name: 'Run capacitor 35 MFD',
        unit: 'PAIR',
        component_price: '400',
        tax_rate: '18',
        hsn_code: '8532',
        products: 'Split AC Installation',
        reorder_level: '0',
      },
    ]);
    expect(preview.preview_rows[0]).toMatchObject({ action: 'Update', products: 'Split AC Installation' });
    // Confirmed over GraphQL, as an API client does.
    const answer = await call(app, cookie, ConfirmComponentImport, { import_id: preview.import_id });
    expect(answer.envelope!.status_message).toBe('1 component imported');
    expect((await byPart(cookie)).get('CAP-35')).toMatchObject({
      component_id: known.id,
      unit: 'PAIR',
      hsn_code: '8532',
      service_ids: [products.split.id],
      reorder_level: 0,
    });
  });

  it('reports a row whose product was switched off after the upload, and imports the rest', async () => {
    const { cookie, products } = await importWorld();
    const preview = await checked(cookie, [
      {
        part_number: 'A-1',
        component_name: 'Part A',
        component_price: '10',
        tax_rate: '18',
        products: 'AC Repair',
      },
      { part_number: 'B-1', component_name: 'Part B', component_price: '20', tax_rate: '18' },
    ]);
    expect(preview.valid_count).toBe(2);
    await call(app, cookie, ActivateOrDeactivateService, {
      service_id: products.repair.id,
      service_status: 'INACTIVE',
    });
    const answer = await call(app, cookie, ConfirmComponentImport, { import_id: preview.import_id });
    expect(answer.envelope!.status_message).toBe('1 component imported, 1 row not imported');
    expect(answer.envelope!.data.items[0].errors).toEqual([
      { row: 2, field: 'Products', message: 'A product of this row was deactivated after the upload' },
    ]);
    expect([...(await byPart(cookie)).keys()].sort()).toEqual(['B-1', 'CAP-35']);
  });

  it("is refused to a partner's user, and another organization cannot see or confirm the upload", async () => {
    const world = await importWorld();
    const other = await importWorld();
    const rows = [{ part_number: 'ONLY-1', component_name: 'Only', component_price: '1', tax_rate: '18' }];
    const partner = await signIn(app, world.members.SERVICE_PARTNER.email, TEST_PASSWORD);
    const refused = await upload(app, partner, await book(rows), 'parts.xlsx', XLSX_MIME, COMPONENT_IMPORT);
    expect(refused.status).toBe(403);
    expect(refused.body?.message).toBe(MSG.forbiddenModule);

    const preview = await checked(world.cookie, rows);
    const intruder = await confirm(app, other.cookie, preview.import_id, COMPONENT_IMPORT);
    expect(intruder.status).toBe(404);
    expect(intruder.body?.message).toBe(COMPONENT_IMPORT_MESSAGES.notFound);
    const read = await call(app, other.cookie, GetComponentImport, { import_id: preview.import_id });
    expect(read.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await byPart(world.cookie)).has('ONLY-1')).toBe(false);
  });

  it("gives a template with the columns, how to fill them, and the organization's active products", async () => {
    const { cookie } = await importWorld();
    const response = await app.app.inject({
      method: 'GET',
      url: COMPONENT_IMPORT_ROUTES.template,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('components-import-template.xlsx');
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(template.worksheets.map((sheet) => sheet.name)).toEqual([
      'Components',
      'How to fill',
      'Products',
      'Units',
      'GST rates',
    ]);
    expect((template.getWorksheet('Components')!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Part number *',
      'Name *',
      'Unit',
      'Price (₹) *',
      'GST % *',
      'HSN code',
      'Products',
      'Reorder level',
    ]);
    const names: unknown[] = [];
    template.getWorksheet('Products')!.eachRow((row) => names.push((row.values as unknown[])[1]));
    expect(names).toEqual(['Products', 'AC Repair', 'Gas Charging', 'Gas Charging', 'Split AC Installation']);
  });
});
