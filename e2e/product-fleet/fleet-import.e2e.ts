import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_IMPORT } from '@fieldport/contract/fleet-import';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { FLEET_CUSTOMER } from './fleet-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The fleet's bulk import (docs/product-fleet.md#bulk-import): the shared import dialog with the
// fleet's sheet, its preview of every invalid row, and the items in the list afterwards.

describe('Fleet import', () => {
  it('previews a workbook of serials with its errors, imports the good rows, and lists them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Fleet items');
    sheet.addRow(FLEET_IMPORT.columns.map((column) => column.header));
    const row = (values: Record<string, string>) =>
      sheet.addRow(FLEET_IMPORT.columns.map((column) => values[column.key] ?? ''));
    row({
      serial_number: 'E2E-IMP-401',
      product: 'AC Repair',
      customer_phone: FLEET_CUSTOMER.phone,
      warranty_months: '12',
      installation_date: '01/11/2026',
    });
    row({ serial_number: 'E2E-IMP-402', product: 'AC Repair', dealer: 'Sharma Appliances' });
    row({ serial_number: 'E2E-IMP-403', product: 'Time Machine' }); // row 4
    row({ serial_number: 'E2E-IMP-401', product: 'AC Repair' }); // row 5
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-fleet-')), 'serials.xlsx');
    await book.xlsx.writeFile(file);

    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/ProductFleet');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import fleet items' });
    await dialog.getByRole('button', { name: 'Download template' }).waitFor();
    await dialog.getByLabel('Workbook to import').setInputFiles(file);
    await dialog.getByText('2 rows ready to import, 2 with errors').waitFor({ timeout: 30_000 });
    const errors = await dialog
      .getByRole('table', { name: 'Rows with errors' })
      .getByRole('row')
      .allTextContents();
    expect(errors).toEqual([
      'RowColumnReason',
      "4ProductThere is no active product named 'Time Machine'",
      '5Serial numberThe same serial number of this product is in row 2',
    ]);
    const first = await dialog
      .getByRole('table', { name: 'First rows to import' })
      .getByRole('row')
      .allTextContents();
    expect(first).toEqual([
      'RowSerial numberProductCustomerWarranty until',
      `2E2E-IMP-401AC Repair${FLEET_CUSTOMER.name}31 Oct 2027`,
      '3E2E-IMP-402AC RepairIn stock—',
    ]);
    await screenshot(page, 'fleet-import-preview');
    await dialog.getByRole('button', { name: 'Import 2 fleet items' }).click();
    await dialog
      .getByText('2 fleet items imported, 2 rows not imported', { exact: true })
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: /^Search by serial number/ }).fill('E2E-IMP');
    const imported = page.getByRole('row').filter({ hasText: 'E2E-IMP-401' });
    await imported.getByText(FLEET_CUSTOMER.name).waitFor();
    await imported.getByText('until 31 Oct 2027').waitFor();
    await page.getByRole('row').filter({ hasText: 'E2E-IMP-402' }).getByText('In stock').waitFor();
    await context.close();
  }, 120_000);
});
