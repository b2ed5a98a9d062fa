import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FLEET_IMPORT, FLEET_IMPORT_ROUTES, FLEET_IMPORT_MESSAGES } from '@fieldport/contract/fleet-import';
import { XLSX_MIME, type ImportItem } from '@fieldport/contract/imports';
import {
  FLEET_MESSAGES,
  GetProductFleetItem,
  ListProductFleet,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneNational } from '@fieldport/contract/phone';
import { signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/organizations.ts';
import { confirm, outcomeOf, upload, workbook, type SheetRow } from '../customers/customer.test-kit.ts';
import { fleetWorld, type FleetWorld } from './fleet.test-kit.ts';

// The fleet's bulk import (docs/product-fleet.md#bulk-import), through the same routes, preview and
// confirmation as every import (docs/imports.md): names resolved, customers by phone, serials new
// for their product; the organization's staff only.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const fleetBook = (rows: SheetRow[]) => workbook(rows, { spec: FLEET_IMPORT });
const send = (cookie: string, data: Buffer, name = 'fleet.xlsx') =>
  upload(app, cookie, data, name, XLSX_MIME, FLEET_IMPORT);

async function checked(cookie: string, data: Buffer): Promise<ImportItem> {
  const line = outcomeOf(await send(cookie, data));
  if (line.type !== 'done') throw new Error(`Upload refused: ${JSON.stringify(line)}`);
  return line.import;
}

const ownerCookie = (world: FleetWorld) => signIn(app, world.members.OWNER.email, TEST_PASSWORD);

describe('the fleet import', () => {
  it('lists every invalid row with the reason, then imports the valid ones as approved items with their history', async () => {
    const world = await fleetWorld(app);
    const cookie = await ownerCookie(world);
    const gold = await world.amcType({ amc_type_name: 'Gold Import AMC', visits: 3 });
    await world.create(world.members.OWNER, { serial_number: 'OLD-1' });
    const ashaPhone = formatPhoneNational(world.customers.asha.phone);
    const data = await fleetBook([
      {
        serial_number: 'imp-1',
        product: 'split ac 1.5t',
        customer_phone: ashaPhone,
        dealer: world.dealer.name,
        invoice_date: '10/01/2026',
        installation_date: '2026-01-15',
        warranty_months: 12,
        amc_type: 'gold import amc',
        amc_start_date: '2027-01-15',
        fleet_status: 'Installed',
        notes: 'Lobby unit',
      }, // row 2
      { serial_number: 'IMP-2', product: 'Window AC 1T' }, // row 3
      { serial_number: 'IMP-3', product: 'Cooler 2019' }, // row 4: inactive product
      { serial_number: 'IMP-1', product: 'Split AC 1.5T' }, // row 5: twice in the file
      { serial_number: 'OLD-1', product: 'Split AC 1.5T' }, // row 6: already there
      { serial_number: 'IMP-6', product: 'Split AC 1.5T', customer_phone: '98765 00000' }, // row 7
      {
        serial_number: 'IMP-7',
        product: 'Split AC 1.5T',
        invoice_date: '2026-03-01',
        installation_date: '2026-02-01',
      }, // row 8
      { serial_number: 'IMP-8', product: 'Split AC 1.5T', warranty_months: 'twelve' }, // row 9
      { serial_number: 'bad serial!', product: 'Split AC 1.5T', fleet_status: 'Scrapped' }, // row 10
      { serial_number: '', product: '', notes: 'Which one?' }, // row 11: no serial, no product
    ]);
    const before = await world.written();
    const preview = await checked(cookie, data);
    expect(preview).toMatchObject({ total_rows: 10, valid_count: 2, import_status: 'READY' });
    expect(preview.errors).toEqual([
      { row: 4, field: 'Product', message: "There is no active product named 'Cooler 2019'" },
      { row: 5, field: 'Serial number', message: 'The same serial number of this product is in row 2' },
      {
        row: 6,
        field: 'Serial number',
        message: 'A fleet item with this serial number already exists for this product',
      },
      {
        row: 7,
        field: 'Customer phone',
        message: 'No active customer has this phone number. Add the customer first, or leave the phone out.',
      },
      {
        row: 8,
        field: 'Installation date',
        message: 'Installation date must not be before the invoice date',
      },
      { row: 9, field: 'Warranty (months)', message: expect.stringContaining('Warranty (months)') },
      { row: 10, field: 'Fleet status', message: "There is no active fleet status named 'Scrapped'" },
      {
        row: 10,
        field: 'Serial number',
        message: 'Serial number may hold letters, digits and / . _ - only',
      },
      { row: 11, field: 'Product', message: 'Product is required' },
      { row: 11, field: 'Serial number', message: 'Serial number is required' },
    ]);
    expect(preview.preview_rows).toEqual([
      {
        row: 2,
        serial_number: 'IMP-1',
        product: 'Split AC 1.5T',
        customer: 'Asha Rao',
        warranty: '14 Jan 2027',
      },
      { row: 3, serial_number: 'IMP-2', product: 'Window AC 1T', customer: 'In stock', warranty: '—' },
    ]);
    // A preview writes no item.
    expect(await world.written()).toEqual({ ...before, audits: before.audits + 1 });

    const answer = await confirm(app, cookie, preview.import_id, FLEET_IMPORT);
    expect(outcomeOf(answer)).toMatchObject({
      type: 'done',
      message: '2 fleet items imported, 8 rows not imported',
      import: { import_status: 'IMPORTED', imported_count: 2 },
    });
    const found = await world.ok(world.members.OWNER, ListProductFleet, { search: 'IMP-' });
    expect(found.items.map((item) => item.serial_number).sort()).toEqual(['IMP-1', 'IMP-2']);
    const first = found.items.find((item) => item.serial_number === 'IMP-1')!;
    expect(first).toMatchObject({
      service_name: 'Split AC 1.5T',
      customer_id: world.customers.asha.id,
      dealer_party_id: world.dealer.id,
      invoice_date: '2026-01-10',
      installation_date: '2026-01-15',
      warranty_end_date: '2027-01-14',
      amc_type_id: gold.amc_type_id,
      amc_start_date: '2027-01-15',
      amc_end_date: '2028-01-14',
      amc_visits_included: 3,
      product_fleet_status_name: 'Installed',
      notes: 'Lobby unit',
      approval_state: 'APPROVED',
      fleet_item_status: 'ACTIVE',
    });
    const detail = (
      await world.ok(world.members.OWNER, GetProductFleetItem, { fleet_item_id: first.fleet_item_id })
    ).items[0];
    expect(detail.history.map((event) => [event.kind, event.by_name, event.details])).toEqual([
      ['CREATED', await world.nameOf(world.members.OWNER), 'Imported from fleet.xlsx'],
    ]);

    // The same workbook again: nothing new, every row is explained.
    const again = await checked(cookie, data);
    expect(again.valid_count).toBe(0);
    expect(again.errors.filter((error) => error.row === 2)).toEqual([
      {
        row: 2,
        field: 'Serial number',
        message: 'A fleet item with this serial number already exists for this product',
      },
    ]);
  });

  it("is the organization's staff's: a dealer is refused, a technician has no right, another organization cannot confirm", async () => {
    const world = await fleetWorld(app);
    const other = await fleetWorld(app);
    const data = await fleetBook([{ serial_number: 'ONLY-1', product: 'Split AC 1.5T' }]);

    const dealer = await send(await signIn(app, world.members.DEALER_OWNER.email, TEST_PASSWORD), data);
    expect(dealer.status).toBe(403);
    expect(dealer.body?.message).toBe(FLEET_MESSAGES.importByStaff);
    const technician = await app.app.inject({
      method: 'GET',
      url: FLEET_IMPORT_ROUTES.template,
      headers: { cookie: await signIn(app, world.members.TECHNICIAN.email, TEST_PASSWORD) },
    });
    expect(technician.statusCode).toBe(403);

    const preview = await checked(await ownerCookie(world), data);
    const intruder = await confirm(app, await ownerCookie(other), preview.import_id, FLEET_IMPORT);
    expect(intruder.status).toBe(404);
    expect(intruder.body?.message).toBe(FLEET_IMPORT_MESSAGES.notFound);
    const search = await world.ok(world.members.OWNER, ListProductFleet, { search: 'ONLY-1' });
    expect(search.items).toEqual([]);
  });

  it("gives a template with the columns, how to fill them, and the organization's own names", async () => {
    const world = await fleetWorld(app);
    const response = await app.app.inject({
      method: 'GET',
      url: FLEET_IMPORT_ROUTES.template,
      headers: { cookie: await ownerCookie(world) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('product-fleet-import-template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Fleet items',
      'How to fill',
      'Products',
      'Dealers',
      'AMC types',
      'Fleet statuses',
    ]);
    const headers = (book.getWorksheet('Fleet items')!.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['Serial number *', 'Product *', 'Customer phone']);
    const products: unknown[] = [];
    book.getWorksheet('Products')!.eachRow((row) => products.push((row.values as unknown[])[1]));
    // Active products only: the retired one is not offered.
    expect(products).toEqual(['Products', 'Split AC 1.5T', 'Window AC 1T']);
  });
});
