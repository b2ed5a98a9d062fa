import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  CUSTOMER_IMPORT,
  CUSTOMER_IMPORT_MESSAGES,
  CUSTOMER_IMPORT_ROUTES,
} from '@fieldport/contract/customer-import';
import { IMPORT_MAX_BYTES, type ImportItem } from '@fieldport/contract/imports';
import { ActivateOrDeactivateCustomerCategory } from '@fieldport/contract/operations/settings';
import {
  ConfirmCustomerImport,
  GetCustomerImport,
  ListCustomers,
} from '@fieldport/contract/operations/customers';
import { declaredUnpackedSize } from '../../platform/excel.ts';
import { call, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  auditEntries,
  bigWorkbook,
  confirm,
  createCustomer,
  customerInput,
  customerWorld,
  goodRow,
  newMobile,
  outcomeOf,
  upload,
  workbook,
  written,
} from './customer.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Uploads and returns the preview, failing the test unless the upload was checked. */
async function preview(cookie: string, data: Buffer, fileName?: string): Promise<ImportItem> {
  const answer = await upload(app, cookie, data, fileName);
  const last = outcomeOf(answer);
  if (last.type !== 'done') throw new Error(`Upload refused: ${JSON.stringify(last)}`);
  return last.import;
}

async function listAll(cookie: string, search = '') {
  const answer = await call(app, cookie, ListCustomers, { page_size: 100, search });
  return answer.envelope!.data;
}

describe('the template', () => {
  it('has the columns to fill, how to fill them and the organization’s active categories', async () => {
    const world = await customerWorld(app);
    const response = await app.app.inject({
      method: 'GET',
      url: CUSTOMER_IMPORT_ROUTES.template,
      headers: { cookie: await world.ownerCookie() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('customers-import-template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Customers', 'How to fill', 'Categories']);
    expect((book.getWorksheet('Customers')!.getRow(1).values as unknown[]).slice(1)).toEqual(
      CUSTOMER_IMPORT.columns.map((column) => (column.required ? `${column.header} *` : column.header)),
    );
    const categories: unknown[] = [];
    book
      .getWorksheet('Categories')!
      .eachRow((row, number) => number > 1 && categories.push(row.getCell(1).value));
    expect(categories).toEqual(['Commercial', 'Residential']);
    const customers = book.getWorksheet('Customers')!;
    expect(customers.getCell('E500').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['Categories!$A$2:$A$3'],
    });

    // Filled in as a person does and uploaded as it is, the template is read.
    const phone = newMobile();
    customers.addRow(
      CUSTOMER_IMPORT.columns.map(
        (column) => goodRow(phone, { customer_name: 'From The Template' })[column.key],
      ),
    );
    const checked = await preview(await world.ownerCookie(), Buffer.from(await book.xlsx.writeBuffer()));
    expect(checked).toMatchObject({ total_rows: 1, valid_count: 1, errors: [] });
  });

  it('is refused to a role that may not create customers', async () => {
    const world = await customerWorld(app, ['OWNER', 'TECHNICIAN']);
    const response = await app.app.inject({
      method: 'GET',
      url: CUSTOMER_IMPORT_ROUTES.template,
      headers: { cookie: await world.cookieOf(world.members.TECHNICIAN.email) },
    });
    expect(response.statusCode).toBe(403);
    const signedOut = await app.app.inject({ method: 'GET', url: CUSTOMER_IMPORT_ROUTES.template });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('upload, preview and confirmation', () => {
  it('lists every invalid row with the reason, then imports the valid rows and reports the rest', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const taken = newMobile();
    await createCustomer(app, cookie, customerInput(taken, { customer_name: 'Already Here' }));
    const phones = Array.from({ length: 5 }, () => newMobile());
    const data = await workbook([
      goodRow(phones[0], { customer_name: 'Ravi Kumar' }), // row 2
      goodRow(phones[1], { customer_name: '', pincode: '5600' }), // row 3: two reasons
      goodRow(phones[2], {
        customer_name: 'Meena Pillai',
        country: 'India',
        customer_phone: Number(phones[2]),
      }), // row 4
      goodRow('12345', { customer_name: 'Bad Phone' }), // row 5
      {}, // row 6: blank, skipped
      goodRow(phones[3], { customer_name: 'Unknown Category', customer_category: 'Platinum' }), // row 7
      goodRow(phones[0], { customer_name: 'Same Phone Again' }), // row 8
      goodRow(taken, { customer_name: 'Taken Phone' }), // row 9
      goodRow(phones[4], {
        customer_name: 'Tan Wei Ling',
        country: 'MY',
        customer_phone: '82-123 456',
        pincode: '93050',
        city: 'Kuching',
        state: 'Sarawak',
        latitude: 1.5535,
        longitude: 110.3593,
      }), // row 10
      goodRow(newMobile(), { customer_name: 'Half Mapped', latitude: 12.9 }), // row 11
      goodRow(newMobile(), {
        customer_name: 'Bad Email',
        customer_email: 'not-an-email',
        country: 'Atlantis',
      }), // row 12
    ]);
    const before = await written(app, world.org.id);
    const checked = await preview(cookie, data, 'March customers.xlsx');
    expect(checked).toMatchObject({
      file_name: 'March customers.xlsx',
      import_status: 'READY',
      total_rows: 10,
      valid_count: 3,
      invalid_count: 7,
      imported_count: null,
    });
    expect(checked.errors).toEqual([
      { row: 3, field: 'Customer name', message: 'Name is required' },
      { row: 3, field: 'Pincode', message: 'Pincode must be 6 digits, e.g. 560001' },
      { row: 5, field: 'Phone', message: 'Phone number is too short for India (+91)' },
      {
        row: 7,
        field: 'Customer category',
        message: "There is no active customer category named 'Platinum'",
      },
      { row: 8, field: 'Phone', message: 'The same phone number is in row 2' },
      {
        row: 9,
        field: 'Phone',
        message: 'A customer with this phone number already exists in the organization',
      },
      { row: 11, field: 'Longitude', message: 'Enter both latitude and longitude, or neither' },
      {
        row: 12,
        field: 'Country',
        message:
          "Country 'Atlantis' is not known: write a code such as IN, a name or a dial code such as +91",
      },
      { row: 12, field: 'Email', message: 'Email must be valid' },
    ]);
    expect(checked.preview_rows.map((row) => [row.row, row.customer_name, row.city])).toEqual([
      [2, 'Ravi Kumar', 'Bengaluru'],
      [4, 'Meena Pillai', 'Bengaluru'],
      [10, 'Tan Wei Ling', 'Kuching'],
    ]);
    // Phones in the one format of every screen: international.
    expect(checked.preview_rows.map((row) => row.customer_phone)).toEqual([
      `+91 ${phones[0].slice(0, 5)} ${phones[0].slice(5)}`,
      `+91 ${phones[2].slice(0, 5)} ${phones[2].slice(5)}`,
      '+60 82 123 456',
    ]);
    // A preview writes no customer.
    expect((await written(app, world.org.id)).customers).toBe(before.customers);

    const answer = await confirm(app, cookie, checked.import_id);
    expect(answer.status).toBe(200);
    const progress = answer.lines.filter((line) => line.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', phase: 'importing', done: 0, total: 3 });
    expect(progress[progress.length - 1]).toEqual({
      type: 'progress',
      phase: 'importing',
      done: 3,
      total: 3,
    });
    const done = outcomeOf(answer);
    expect(done).toMatchObject({
      type: 'done',
      message: '3 customers imported, 7 rows not imported',
      import: { import_status: 'IMPORTED', imported_count: 3, invalid_count: 7 },
    });

    const names = (await listAll(cookie)).items.map((item) => [
      item.customer_name,
      item.customer_phone,
      item.customer_category_name,
    ]);
    expect(names).toEqual([
      ['Already Here', `+91${taken}`, null],
      ['Meena Pillai', `+91${phones[2]}`, 'Residential'],
      ['Ravi Kumar', `+91${phones[0]}`, 'Residential'],
      ['Tan Wei Ling', '+6082123456', 'Residential'],
    ]);
    const [entry] = await auditEntries(app, world.org.id, 'ConfirmCustomerImport');
    expect(entry).toMatchObject({ target: checked.import_id, changes: { imported_count: 3 } });
    const [uploaded] = await auditEntries(app, world.org.id, 'UploadCustomerImport');
    expect(uploaded).toMatchObject({
      target: checked.import_id,
      changes: { file_name: 'March customers.xlsx', total_rows: 10, valid_count: 3 },
    });

    // The report stays; a second confirmation imports nothing again.
    const again = await confirm(app, cookie, checked.import_id);
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: CUSTOMER_IMPORT_MESSAGES.alreadyImported },
    });
    const report = await call(app, cookie, GetCustomerImport, { import_id: checked.import_id });
    expect(report.envelope!.data.items[0]).toMatchObject({ import_status: 'IMPORTED', imported_count: 3 });
    expect(report.envelope!.data.items[0].errors).toHaveLength(9);
  });

  it('finds the customers sheet by its header row, in any column order, with other sheets around it', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Read me').addRow(['Please fill the next sheet']);
    const sheet = book.addWorksheet('Customers');
    sheet.addRow(['phone *', 'PINCODE', 'Customer Name', 'city', 'State', 'Address', 'Notes']);
    const phone = newMobile();
    sheet.addRow([
      `+91 ${phone}`,
      '110001',
      'Harpreet Gill',
      'New Delhi',
      'Delhi',
      'Connaught Place',
      'call before visiting',
    ]);
    const checked = await preview(cookie, Buffer.from(await book.xlsx.writeBuffer()));
    expect(checked).toMatchObject({ total_rows: 1, valid_count: 1, errors: [] });
    const done = outcomeOf(await confirm(app, cookie, checked.import_id));
    expect(done).toMatchObject({ type: 'done', import: { imported_count: 1 } });
    expect((await listAll(cookie)).items[0]).toMatchObject({
      customer_name: 'Harpreet Gill',
      customer_phone: `+91${phone}`,
    });
  });

  it('imports through the GraphQL operation too, in the endpoint’s transaction', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const checked = await preview(cookie, await workbook([goodRow(newMobile()), goodRow(newMobile())]));
    const answer = await call(app, cookie, ConfirmCustomerImport, { import_id: checked.import_id });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe('2 customers imported');
    expect((await listAll(cookie)).total_count).toBe(2);
  });

  it('imports all valid rows or none: a failure half-way leaves nothing behind, and the upload can be tried again', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const rows = Array.from({ length: 1200 }, (_, index) =>
      goodRow(newMobile(), {
        customer_name: index === 1100 ? 'Refused By The Database' : `Bulk Customer ${index}`,
      }),
    );
    const checked = await preview(cookie, await bigWorkbook(rows.length, (index) => rows[index]));
    expect(checked.valid_count).toBe(1200);
    const before = await written(app, world.org.id);

    // A real failure inside the database, in the third batch of rows, for this organization only.
    const trigger = `refuse_${world.org.id.replace(/-/g, '_')}`;
    await app.database.query(
      `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.organization_id = '${world.org.id}' AND NEW.name = 'Refused By The Database' THEN
           RAISE EXCEPTION 'refused by the test';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await app.database.query(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON customer FOR EACH ROW EXECUTE FUNCTION ${trigger}()`,
    );
    let failed;
    try {
      failed = await confirm(app, cookie, checked.import_id);
    } finally {
      await app.database.query(`DROP TRIGGER ${trigger} ON customer`);
      await app.database.query(`DROP FUNCTION ${trigger}()`);
    }
    expect(failed.lines.filter((line) => line.type === 'progress').length).toBeGreaterThan(1);
    expect(outcomeOf(failed)).toEqual({
      type: 'error',
      code: 'INTERNAL_SERVER_ERROR',
      message: CUSTOMER_IMPORT_MESSAGES.failed,
    });
    expect(await written(app, world.org.id)).toEqual(before);
    const report = await call(app, cookie, GetCustomerImport, { import_id: checked.import_id });
    expect(report.envelope!.data.items[0]).toMatchObject({
      import_status: 'READY',
      failure: CUSTOMER_IMPORT_MESSAGES.failed,
    });

    const retried = outcomeOf(await confirm(app, cookie, checked.import_id));
    expect(retried).toMatchObject({ type: 'done', import: { imported_count: 1200, failure: null } });
    expect((await written(app, world.org.id)).customers).toBe(before.customers + 1200);
  });

  it('reports rows that became invalid between preview and confirmation, and imports the others', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const [first, second, third] = [newMobile(), newMobile(), newMobile()];
    const checked = await preview(
      cookie,
      await workbook([
        goodRow(first, { customer_name: 'First' }),
        goodRow(second, { customer_name: 'Second', customer_category: 'Commercial' }),
        goodRow(third, { customer_name: 'Third' }),
      ]),
    );
    expect(checked.valid_count).toBe(3);
    await createCustomer(app, cookie, customerInput(first, { customer_name: 'Typed In Meanwhile' }));
    await call(app, cookie, ActivateOrDeactivateCustomerCategory, {
      customer_category_id: world.categories.commercial.id,
      customer_category_status: 'INACTIVE',
    });
    const done = outcomeOf(await confirm(app, cookie, checked.import_id));
    expect(done).toMatchObject({ type: 'done', message: '1 customer imported, 2 rows not imported' });
    if (done.type !== 'done') return;
    expect(done.import.errors).toEqual([
      {
        row: 2,
        field: 'Phone',
        message: 'A customer with this phone number already exists in the organization',
      },
      {
        row: 3,
        field: 'Customer category',
        message: 'The customer category was deactivated after the upload',
      },
    ]);
    expect((await listAll(cookie)).items.map((item) => item.customer_name)).toEqual([
      'Third',
      'Typed In Meanwhile',
    ]);
  });

  it("gives a dealer's import to the dealer, and lets nobody else confirm or read it", async () => {
    const world = await customerWorld(app);
    const dealer = await world.dealerCookie();
    const checked = await preview(
      dealer,
      await workbook([goodRow(newMobile(), { customer_name: 'Dealer Import' })]),
    );
    for (const cookie of [
      await world.otherDealerCookie(),
      await world.ownerCookie(),
      await (await customerWorld(app)).ownerCookie(),
    ]) {
      expect(await confirm(app, cookie, checked.import_id)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', message: CUSTOMER_IMPORT_MESSAGES.notFound },
      });
      const read = await call(app, cookie, GetCustomerImport, { import_id: checked.import_id });
      expect(read.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect(outcomeOf(await confirm(app, dealer, checked.import_id))).toMatchObject({ type: 'done' });
    const mine = await listAll(dealer);
    expect(mine.items).toEqual([
      expect.objectContaining({ customer_name: 'Dealer Import', party_id: world.dealer.id }),
    ]);
    expect((await listAll(await world.otherDealerCookie())).items).toEqual([]);
  });
});

describe('limits and files that are not customer workbooks', () => {
  it('refuses a file larger than 10 MB before reading it', async () => {
    const world = await customerWorld(app);
    const data = Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41);
    data.set([0x50, 0x4b, 0x03, 0x04]);
    const answer = await upload(app, await world.ownerCookie(), data);
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: CUSTOMER_IMPORT_MESSAGES.tooLarge, field: 'file' },
    });
  });

  it('refuses more than 10,000 rows, and accepts exactly 10,000', { timeout: 180_000 }, async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const row = (index: number) =>
      goodRow(`9${String(700_000_000 + index * 7)}`, { customer_name: `Row ${index}` });
    const tooMany = await upload(app, cookie, await bigWorkbook(10_001, row));
    expect(outcomeOf(tooMany)).toEqual({
      type: 'error',
      code: 'BAD_USER_INPUT',
      message: CUSTOMER_IMPORT_MESSAGES.tooManyRows,
      field: 'file',
    });
    const enough = await upload(app, cookie, await bigWorkbook(10_000, row));
    const last = outcomeOf(enough);
    expect(last).toMatchObject({
      type: 'done',
      import: { total_rows: 10_000, valid_count: 10_000, errors: [] },
    });
    expect(
      enough.lines.filter((line) => line.type === 'progress' && line.phase === 'checking').length,
    ).toBeGreaterThan(10);
  });

  it('says what is wrong with a file that is not a customers workbook', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const text = await upload(app, cookie, Buffer.from('name,phone\nRavi,9845012345\n'), 'customers.csv');
    expect(text).toMatchObject({ status: 400, body: { message: CUSTOMER_IMPORT_MESSAGES.notXlsx } });

    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]);
    expect(outcomeOf(await upload(app, cookie, broken))).toMatchObject({
      type: 'error',
      message: CUSTOMER_IMPORT_MESSAGES.unreadable,
    });

    const noPhone = await workbook([goodRow(newMobile())], {
      headers: ['Customer name', 'Mobile', 'Address', 'Pincode', 'City', 'State'],
    });
    expect(outcomeOf(await upload(app, cookie, noPhone))).toMatchObject({
      type: 'error',
      message: CUSTOMER_IMPORT_MESSAGES.missingColumn('Phone'),
    });

    // A zip that declares it unpacks to 4 GB is refused before anything is inflated.
    const bomb = await workbook([goodRow(newMobile())]);
    const directory = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffffe, directory + 24);
    expect(declaredUnpackedSize(bomb)).toBeGreaterThan(4_000_000_000);
    expect(outcomeOf(await upload(app, cookie, bomb))).toMatchObject({
      type: 'error',
      message: CUSTOMER_IMPORT_MESSAGES.unreadable,
    });

    const headerOnly = await workbook([]);
    expect(outcomeOf(await upload(app, cookie, headerOnly))).toMatchObject({
      type: 'error',
      message: CUSTOMER_IMPORT_MESSAGES.empty,
    });

    const json = await upload(app, cookie, Buffer.from('{}'), 'x.json', 'application/json');
    expect(json.status).toBe(400);
  });

  it('refuses an upload with no valid row at confirmation', async () => {
    const world = await customerWorld(app);
    const cookie = await world.ownerCookie();
    const checked = await preview(cookie, await workbook([goodRow('123', { customer_name: 'Nobody' })]));
    expect(checked).toMatchObject({ valid_count: 0, invalid_count: 1 });
    expect(await confirm(app, cookie, checked.import_id)).toMatchObject({
      status: 400,
      body: { message: CUSTOMER_IMPORT_MESSAGES.nothingToImport },
    });
  });
});
