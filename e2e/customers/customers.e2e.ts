import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CUSTOMER_IMPORT } from '@fieldport/contract/customer-import';
import { closeBrowser, launchBrowser, newPage } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { customersPage, openAs, shot } from './customers-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** A tag and phone numbers of this run's own: the e2e database lives for the whole run. */
const tag = Date.now().toString(36).slice(-6);
let counter = Number(String(Date.now()).slice(-7));
const mobile = () => `97${String((counter += 7919) % 100_000_000).padStart(8, '0')}`;

describe('customers in the browser', () => {
  it('fills city and state from a known pincode, and keeps what the person typed', async () => {
    const { page, context } = await newPage({ width: 360, height: 740 });
    await openAs(page, 'OWNER', '/CustomersView');
    const customers = customersPage(page);
    await customers.table.waitFor();
    await page.getByRole('button', { name: 'Add customer' }).click();
    const primary = customers.dialog('Add customer').getByRole('group', { name: 'Primary location' });
    await primary.getByLabel('Pincode', { exact: true }).fill('400001');
    // The lookup goes to the server as the person types; a busy machine may take a few seconds.
    await expect
      .poll(() => primary.getByLabel('City', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('Mumbai');
    await expect.poll(() => primary.getByLabel('State', { exact: true }).inputValue()).toBe('Maharashtra');
    // Another pincode moves what it filled; a city the person typed stays.
    await primary.getByLabel('Pincode', { exact: true }).fill('504293');
    await expect.poll(() => primary.getByLabel('State', { exact: true }).inputValue()).toBe('Telangana');
    expect(await primary.getByLabel('City', { exact: true }).inputValue()).toBe('Adilabad');
    await primary.getByLabel('City', { exact: true }).fill('Asifabad');
    await primary.getByLabel('Pincode', { exact: true }).fill('560001');
    await expect.poll(() => primary.getByLabel('State', { exact: true }).inputValue()).toBe('Karnataka');
    expect(await primary.getByLabel('City', { exact: true }).inputValue()).toBe('Asifabad');
    await shot(page, 'pincode-filled-360');
    await context.close();
  });

  it('creates a customer with a secondary location, after the form refused a bad pincode', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/CustomersView');
    const customers = customersPage(page);
    await customers.table.waitFor();
    await page.getByRole('button', { name: 'Add customer' }).click();
    const form = customers.dialog('Add customer');
    const name = `Kavitha Raman ${tag}`;
    const phone = mobile();
    await customers.fill(form, {
      Name: name,
      Phone: `${phone.slice(0, 5)} ${phone.slice(5)}`,
      Email: `kavitha.${tag}@example.com`,
    });
    await form.getByLabel('Customer category').click();
    await page.getByRole('option', { name: 'Residential' }).click();
    const primary = form.getByRole('group', { name: 'Primary location' });
    await customers.fill(primary, {
      Address: '22, 5th Main, Jayanagar 4th Block',
      Pincode: '5600',
      City: 'Bengaluru',
      State: 'Karnataka',
    });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await primary.getByText('Pincode must be 6 digits, e.g. 560001').waitFor();
    await shot(page, 'add-customer-refused');

    await primary.getByLabel('Pincode', { exact: true }).fill('560011');
    await form.getByRole('button', { name: 'Add secondary location' }).click();
    const secondary = form.getByRole('group', { name: 'Secondary location 1' });
    await customers.fill(secondary, {
      Label: 'Office',
      Address: 'Level 3, Prestige Meridian, MG Road',
      Pincode: '560001',
      City: 'Bengaluru',
      State: 'Karnataka',
      Latitude: '12.9756',
      Longitude: '77.6066',
    });
    await shot(page, 'add-customer-secondary');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expectMessage(page, `Customer '${name}' created`);
    await form.waitFor({ state: 'hidden' });

    // Found by the phone as a co-ordinator types it, with the trunk 0.
    await customers.search().fill(`0${phone.slice(0, 6)}`);
    await expect.poll(() => customers.names()).toEqual([name]);
    const row = customers.row(name);
    // Shown in the one international format.
    await row.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`).waitFor();
    await row.getByText('+1 more location').waitFor();
    await row.getByRole('button', { name: `View ${name}` }).click();
    const card = customers.dialog(name);
    const locations = card.getByRole('list', { name: 'Locations' });
    await locations
      .getByRole('listitem', { name: 'Primary location' })
      .getByText('22, 5th Main, Jayanagar 4th Block, Bengaluru 560011, Karnataka')
      .waitFor();
    await locations.getByRole('listitem', { name: 'Office' }).getByText('12.97560, 77.60660').waitFor();
    await card.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`).waitFor();
    await shot(page, 'customer-card');

    // Removing a location asks first; Cancel keeps it.
    await locations.getByRole('button', { name: 'Remove Office' }).click();
    const confirm = customers.dialog('Remove secondary location?');
    await confirm.getByText(`will be removed from ${name}`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await locations.getByRole('listitem', { name: 'Office' }).waitFor();
    await locations.getByRole('button', { name: 'Remove Office' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectMessage(page, `Location removed from '${name}'`);
    // The card is hidden from the accessibility tree while the confirmation is open.
    await confirm.waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        locations
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
      )
      .toEqual(['Primary location']);
    await context.close();
  });

  it('imports a workbook with good and bad rows and shows the report', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/CustomersView');
    const customers = customersPage(page);
    await customers.table.waitFor();

    const batch = `imp${tag}`;
    const good = ['Arvind Nair', 'Hotel Blue Lagoon', 'Sunita Joshi'].map((name) => `${name} ${batch}`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Customers');
    sheet.addRow(CUSTOMER_IMPORT.columns.map((column) => column.header));
    const row = (values: Record<string, string>) =>
      sheet.addRow(CUSTOMER_IMPORT.columns.map((column) => values[column.key] ?? ''));
    const place = { address: '4, Anna Salai', pincode: '600002', city: 'Chennai', state: 'Tamil Nadu' };
    row({ customer_name: good[0], customer_phone: mobile(), customer_category: 'Residential', ...place });
    row({ customer_name: `Broken Phone ${tag}`, customer_phone: '12345', ...place }); // row 3
    row({
      customer_name: good[1],
      customer_phone: mobile(),
      customer_email: `sunita.${tag}@example.com`,
      ...place,
    });
    row({ customer_name: `Broken Pincode ${tag}`, customer_phone: mobile(), ...place, pincode: '6000' }); // row 5
    row({ customer_name: good[2], customer_phone: mobile(), customer_category: 'Commercial', ...place });
    const file = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-import-')),
      `customers-${tag}.xlsx`,
    );
    await book.xlsx.writeFile(file);

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = customers.dialog('Import customers');
    await dialog.getByRole('button', { name: 'Download template' }).waitFor();
    await dialog.getByLabel('Workbook to import').setInputFiles(file);
    await dialog.getByText('3 rows ready to import, 2 with errors').waitFor({ timeout: 30_000 });
    const summary = dialog.getByLabel('Summary');
    await summary.getByText('Rows: 5').waitFor();
    await summary.getByText('Ready to import: 3').waitFor();
    await summary.getByText('With errors: 2').waitFor();
    const errors = dialog.getByRole('table', { name: 'Rows with errors' });
    const errorRows = await errors.getByRole('row').allTextContents();
    expect(errorRows).toEqual([
      'RowColumnReason',
      '3PhonePhone number is too short for India (+91)',
      '5PincodePincode must be 6 digits, e.g. 560001',
    ]);
    const first = dialog.getByRole('table', { name: 'First rows to import' });
    expect(await first.getByRole('row').count()).toBe(4);
    await shot(page, 'import-preview');

    await dialog.getByRole('button', { name: 'Import 3 customers' }).click();
    await dialog
      .getByText('3 customers imported, 2 rows not imported', { exact: true })
      .waitFor({ timeout: 30_000 });
    await summary.getByText('Imported: 3').waitFor();
    await dialog.getByRole('heading', { name: 'Rows not imported' }).waitFor();
    await shot(page, 'import-report');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await customers.search().fill(batch);
    await expect.poll(() => customers.names()).toEqual(good);
    await context.close();
  });

  it('searches the list and exports exactly the customers found', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/CustomersView');
    const customers = customersPage(page);
    await customers.search().fill('Ananya Krishnan');
    await expect.poll(() => customers.names()).toEqual(['Ananya Krishnan']);
    // By phone, as typed with the country code: the demo's Hotel Sea Breeze is +91 22 2202 3344.
    await customers.search().fill('+91 22 2202');
    await expect.poll(() => customers.names()).toEqual(['Hotel Sea Breeze']);
    await customers.search().fill('hotel');
    await expect.poll(async () => (await customers.names()).length).toBeGreaterThan(1);
    const shown = await customers.names();
    expect(shown).toContain('Hotel Sea Breeze');
    expect(shown.every((name) => name.toLowerCase().includes('hotel'))).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Customers-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-export-')), 'customers.xlsx');
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const exported: unknown[] = [];
    book.worksheets[0].eachRow((row, number) => number > 1 && exported.push(row.getCell(1).value));
    expect(exported).toEqual(shown);
    await expectMessage(page, `Downloaded ${download.suggestedFilename()}`);

    await customers.search().fill('zzzz nobody');
    await page.getByText('Nothing matches your search or filter').waitFor();
    await context.close();
  });

  it("shows a dealer only the dealer's customers", async () => {
    const { page, context } = await newPage();
    await openAs(page, 'DEALER_OWNER', '/MyCustomer');
    const customers = customersPage(page, 'My Customers');
    await page.getByRole('heading', { name: 'My Customers' }).waitFor();
    await customers.search().fill('Suresh Patil');
    await expect.poll(() => customers.names()).toEqual(['Suresh Patil']);
    await customers.search().fill('Ananya Krishnan');
    await page.getByText('Nothing matches your search or filter').waitFor();
    await context.close();
  });

  it('fits a narrow screen: the list keeps name and phone, the status is under Details, the form goes full screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 860 });
    await openAs(page, 'OWNER', '/CustomersView');
    const customers = customersPage(page);
    await customers.search().fill('Ananya Krishnan');
    await expect.poll(() => customers.names()).toEqual(['Ananya Krishnan']);
    const headers = await customers.table.getByRole('columnheader').allTextContents();
    // The whole international number keeps its room; the status gives way to it.
    expect(headers.map((header) => header.trim())).toEqual(['Name', 'Phone', 'Actions']);
    await customers.row('Ananya Krishnan').getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Details of Ananya Krishnan' }).click();
    const details = page.getByRole('dialog', { name: 'Ananya Krishnan' });
    await details.getByText('Status', { exact: true }).waitFor();
    await details.getByText('Active', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await shot(page, 'list-narrow');
    await page.getByRole('button', { name: 'Add customer' }).click();
    await customers.dialog('Add customer').getByLabel('Name', { exact: true }).waitFor();
    // The dialog fades in; the picture is of the open dialog.
    await page.waitForTimeout(500);
    await shot(page, 'add-narrow');
    await context.close();
  });
});
