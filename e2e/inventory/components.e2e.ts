import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COMPONENT_IMPORT } from '@fieldport/contract/component-import';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { masterPage } from '../support/master-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Spare parts in the browser (docs/inventory.md): a component fitted to a product, components
// imported from .xlsx, a store run by the demo's service partner, and that partner's view of
// /ServiceCenter (its own stores only).

async function choose(dialog: Locator, page: Page, field: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A row's action: a button at desktop width, an item of the row's menu below 850 px. */
async function rowAction(page: Page, row: Locator, name: string, narrow: boolean) {
  if (narrow) {
    await row.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name }).click();
  } else {
    await row.getByRole('button', { name }).click();
  }
}

async function partsWorkbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(COMPONENT_IMPORT.sheet);
  sheet.addRow(COMPONENT_IMPORT.columns.map((column) => column.header));
  const row = (values: Record<string, string>) =>
    sheet.addRow(COMPONENT_IMPORT.columns.map((column) => values[column.key] ?? ''));
  row({
    part_number: 'E2E-FLT-01',
    component_name: 'Carbon filter cartridge',
    unit: 'Nos',
    component_price: '275',
    tax_rate: '18',
    hsn_code: '84212190',
    products: 'RO Filter Replacement',
    reorder_level: '25',
  });
  // A demo part: the row reprices it.
  row({
    part_number: 'CAP-35-5-440',
    component_name: 'Dual run capacitor 35+5 MFD 440V',
    component_price: '475',
    tax_rate: '18',
  });
  row({
    part_number: 'E2E-FLT-02',
    component_name: 'Mystery part',
    component_price: '10',
    tax_rate: '18',
    products: 'Time Machine',
  });
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-parts-')), 'parts.xlsx');
  await book.xlsx.writeFile(file);
  return file;
}

describe('Components and stores', () => {
  it('adds a component for a product, imports components, adds a partner’s store; the partner sees only its stores', async () => {
    for (const width of [1366, 420]) {
      const narrow = width < 850;
      const { page, context } = await newPage({ width, height: narrow ? 860 : 850 });
      await openAs(page, 'OWNER', '/ComponentsView');
      const parts = masterPage(page, { title: 'Components', noun: 'component', nouns: 'components' });
      await parts.row('CAP-35-5-440').waitFor();
      await screenshot(page, `inventory-components-${width}`);

      // A component fitted to a product, priced in rupees.
      const partNumber = narrow ? 'E2E-MTR-02' : 'E2E-MTR-01';
      await parts.addButton().click();
      const dialog = page.getByRole('dialog', { name: 'Add component' });
      await dialog.getByLabel('Part number').fill(partNumber.toLowerCase());
      await dialog.getByLabel('Name').fill('Outdoor fan motor 60W');
      await dialog.getByLabel('Price').fill('2,150.50');
      await dialog.getByRole('combobox', { name: 'Products it fits' }).fill('AC Rep');
      await page.getByRole('option', { name: 'AC Repair', exact: true }).click();
      await dialog.getByLabel('HSN code').fill('85013119');
      await screenshot(page, `inventory-add-component-${width}`);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectMessage(page, "Component 'Outdoor fan motor 60W' created");
      await dialog.waitFor({ state: 'hidden' });
      await parts.search().fill(partNumber);
      const found = parts.table.getByRole('row').filter({ has: page.getByRole('gridcell') });
      await expect.poll(() => found.count()).toBe(1);
      await parts.row(partNumber).getByText('₹2,150.50').waitFor();
      if (!narrow) await parts.row(partNumber).getByText('AC Repair').waitFor();

      if (!narrow) {
        // Imported from a workbook: one new part, one repriced, one refused with its reason.
        await page.getByRole('button', { name: 'Import' }).click();
        const importing = page.getByRole('dialog', { name: 'Import components' });
        await importing.getByLabel('Workbook to import').setInputFiles(await partsWorkbook());
        await importing.getByText('2 rows ready to import, 1 with errors').waitFor({ timeout: 30_000 });
        expect(
          await importing.getByRole('table', { name: 'Rows with errors' }).getByRole('row').allTextContents(),
        ).toEqual(['RowColumnReason', "4ProductsThere is no active product named 'Time Machine'"]);
        expect(
          await importing
            .getByRole('table', { name: 'First rows to import' })
            .getByRole('row')
            .allTextContents(),
        ).toEqual([
          'RowActionPart numberNamePriceProducts',
          '2AddE2E-FLT-01Carbon filter cartridge₹275.00RO Filter Replacement',
          '3UpdateCAP-35-5-440Dual run capacitor 35+5 MFD 440V₹475.00Unchanged',
        ]);
        await screenshot(page, 'inventory-components-import-preview');
        await importing.getByRole('button', { name: 'Import 2 components' }).click();
        await importing
          .getByText('2 components imported, 1 row not imported', { exact: true })
          .waitFor({ timeout: 30_000 });
        await importing.getByRole('button', { name: 'Close' }).click();
        await importing.waitFor({ state: 'hidden' });
        await parts.search().fill('E2E-FLT');
        await parts.row('E2E-FLT-01').getByText('₹275.00').waitFor();
        await parts.search().fill('CAP-35-5-440');
        await parts.row('CAP-35-5-440').getByText('₹475.00').waitFor();
      }

      // A store the demo's service partner runs, kept by its owner.
      await page.goto('/ServiceCenter');
      const stores = masterPage(page, { title: 'Store/Service Center', noun: 'store', nouns: 'stores' });
      await stores.row('Main Store, Peenya').waitFor();
      await screenshot(page, `inventory-stores-${width}`);
      const storeName = narrow ? 'CoolFix Jayanagar' : 'CoolFix Whitefield';
      await stores.addButton().click();
      const add = page.getByRole('dialog', { name: 'Add store' });
      await add.getByLabel('Name').fill(storeName);
      await choose(add, page, 'Run by service partner', 'CoolFix Services');
      await add.getByLabel('Address').fill('22, ITPL Main Road');
      await add.getByLabel('City').fill('Bengaluru');
      await choose(add, page, 'State', 'Karnataka');
      await add.getByLabel('Pincode').fill('560066');
      await add.getByRole('combobox', { name: 'Managers' }).fill('Prakash');
      await page.getByRole('option', { name: 'Prakash Partner (CoolFix Services)' }).click();
      await screenshot(page, `inventory-add-store-${width}`);
      await add.getByRole('button', { name: 'Add', exact: true }).click();
      await expectMessage(page, `Store '${storeName}' created`);
      await add.waitFor({ state: 'hidden' });
      if (!narrow) await stores.row(storeName).getByText('CoolFix Services').waitFor();
      // Its edit form shows what was saved.
      await rowAction(page, stores.row(storeName), `Edit ${storeName}`, narrow);
      const edit = page.getByRole('dialog', { name: 'Edit store' });
      await edit.getByRole('button', { name: 'Prakash Partner (CoolFix Services)' }).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    }

    // The partner's user: its own stores, none of the organization's, and no partner to choose.
    const { page, context } = await newPage();
    await openAs(page, 'SERVICE_PARTNER', '/ServiceCenter');
    const stores = masterPage(page, { title: 'Store/Service Center', noun: 'store', nouns: 'stores' });
    await stores.row('CoolFix Whitefield').waitFor();
    const listed = stores.table.getByRole('row').filter({ has: page.getByRole('gridcell') });
    expect(await listed.count()).toBe(3);
    for (const name of ['CoolFix Jayanagar', 'CoolFix Service Centre, Koramangala'])
      await stores.row(name).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Run by' }).count()).toBe(0);
    await stores.addButton().click();
    const add = page.getByRole('dialog', { name: 'Add store' });
    await add.getByLabel('Name').waitFor();
    expect(await add.getByRole('combobox', { name: 'Run by service partner' }).count()).toBe(0);
    await screenshot(page, 'inventory-stores-partner');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  }, 240_000);
});
