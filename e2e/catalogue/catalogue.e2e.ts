import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { masterPage, openAsOwner } from '../support/master-page.ts';

// The catalogue, files and territories in the browser: a service with an attached file, a territory with pincodes.

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** Also into /tmp/shots/catalogue for people to look at (where screenshots are collected). */
async function shot(page: Page, name: string) {
  await screenshot(page, `catalogue-${name}`);
  await fs.mkdir('/tmp/shots/catalogue', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/catalogue/e2e-${name}.png`, fullPage: true });
}

async function choose(dialog: Locator, page: Page, field: string, option: string) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('product catalogue and territories in the browser', () => {
  it('creates a service with an attached file and sees it listed, with the file readable', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-e2e-')), 'Duct AC manual.pdf');
    await fs.writeFile(file, PDF);
    for (const width of [1366, 400]) {
      const { page, context } = await newPage({ width, height: width > 500 ? 850 : 860 });
      await openAsOwner(page, '/ProductCatalogue');
      const services = masterPage(page, { title: 'Services', noun: 'service', nouns: 'services' });
      await services.table.waitFor();
      await services.row('AC Gas Refill').waitFor();
      if (width > 500) await shot(page, 'services-1366');

      const name = width > 500 ? 'Duct AC Installation' : 'Cassette AC Installation';
      await services.addButton().click();
      const dialog = page.getByRole('dialog', { name: 'Add service' });
      await choose(dialog, page, 'Category', 'Air Conditioner');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Price').fill('3,499.50');
      await dialog.getByLabel('Manufacturer').fill('Daikin');
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Attach files' }).click();
      await (await chooser).setFiles(file);
      const attached = dialog.getByRole('link', { name: 'Duct AC manual.pdf' });
      await attached.waitFor();
      await dialog.getByText(`${PDF.length} bytes`, { exact: true }).waitFor();
      await shot(page, `add-service-${width}`);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectMessage(page, `Service '${name}' created`);
      await dialog.waitFor({ state: 'hidden' });

      await services.search().fill(name);
      // Wait for the search itself, not only the row: the new row is already in the unfiltered
      // list, and the refetch that the search starts would close a row menu opened before it.
      const found = services.table.getByRole('row').filter({ has: page.getByRole('gridcell') });
      await expect.poll(() => found.count()).toBe(1);
      const row = services.row(name);
      await row.getByText('₹3,499.50').waitFor();
      if (width > 500) {
        // The files column: one file, named for assistive technology.
        await row.getByLabel('1 files: Duct AC manual.pdf').waitFor();
      }
      await shot(page, `service-listed-${width}`);

      // Edit shows the file, whose address reads back the very bytes uploaded.
      if (width > 500) {
        await row.getByRole('button', { name: `Edit ${name}` }).click();
      } else {
        // Below 850 px a row's actions fold into one menu.
        await row.getByRole('button', { name: 'more' }).click();
        await page.getByRole('menuitem', { name: `Edit ${name}` }).click();
      }
      const edit = page.getByRole('dialog', { name: 'Edit service' });
      const link = edit.getByRole('link', { name: 'Duct AC manual.pdf' });
      await link.waitFor();
      const response = await page.request.get((await link.getAttribute('href'))!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    }
  });

  it('refuses a file of another type before uploading, with the reason', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-e2e-'));
    const file = path.join(dir, 'notes.txt');
    await fs.writeFile(file, 'not a picture');
    const { page, context } = await newPage();
    await openAsOwner(page, '/ProductCatalogue');
    await page.getByRole('button', { name: 'Add service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service' });
    await choose(dialog, page, 'Category', 'Microwave');
    await dialog.getByLabel('Name').fill('Microwave Installation');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles(file);
    await dialog
      .getByText('notes.txt: Only images (PNG, JPEG, WebP) and PDF documents can be attached', {
        exact: true,
      })
      .waitFor();
    expect(await dialog.getByRole('link').count()).toBe(0);
    await context.close();
  });

  it('creates a territory with pincodes, and refuses a pincode that already has a territory', async () => {
    for (const width of [1366, 400]) {
      const { page, context } = await newPage({ width, height: width > 500 ? 850 : 860 });
      await openAsOwner(page, '/TerritoriesView');
      const territories = masterPage(page, { title: 'Territories', noun: 'territory', nouns: 'territories' });
      await territories.row('Bengaluru Central').waitFor();
      if (width > 500) await shot(page, 'territories-1366');

      const name = width > 500 ? 'Hyderabad Central' : 'Pune City';
      const pincodes = width > 500 ? ['500001', '500002', '500004'] : ['411001', '411002'];
      await territories.addButton().click();
      const dialog = page.getByRole('dialog', { name: 'Add territory' });
      await dialog.getByLabel('Name').fill(name);
      await choose(dialog, page, 'Territory category', 'Metro');
      await dialog.getByLabel('Pincodes').fill(`${pincodes.join(', ')}\n560001`);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      // Bengaluru Central has 560001: the message says where it is, under the field.
      await dialog
        .getByText("Pincode 560001 already belongs to territory 'Bengaluru Central'. Remove it there first.")
        .waitFor();
      await shot(page, `territory-pincode-taken-${width}`);
      await dialog.getByLabel('Pincodes').fill(pincodes.join(' '));
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectMessage(page, `Territory '${name}' created`);
      const row = territories.row(name);
      await row.waitFor();
      for (const pincode of pincodes) await row.getByText(pincode, { exact: true }).waitFor();
      await shot(page, `territory-listed-${width}`);

      // The pincodes tab finds each one in its territory.
      await page.getByRole('tab', { name: 'Pincodes' }).click();
      await page.getByRole('searchbox', { name: 'Search pincode or area' }).fill(pincodes[0]);
      const pincodeRow = page
        .getByRole('grid', { name: 'Pincodes' })
        .getByRole('row')
        .filter({ hasText: pincodes[0] });
      await pincodeRow.getByText(name).waitFor();
      await shot(page, `pincodes-${width}`);

      if (width > 500) {
        // The demo technician now covers the new territory too.
        await page.getByRole('tab', { name: 'Technicians' }).click();
        await page.getByRole('button', { name: 'Edit territories of Tarun Technician' }).click();
        const coverage = page.getByRole('dialog', { name: 'Territories and expertise of Tarun Technician' });
        await coverage.getByRole('combobox', { name: 'Territories' }).click();
        await page.getByRole('option', { name, exact: true }).click();
        await coverage.getByRole('button', { name: 'Save' }).click();
        await expectMessage(page, 'Territories and expertise of Tarun Technician saved');
        const technician = page
          .getByRole('grid', { name: 'Technicians' })
          .getByRole('row')
          .filter({ hasText: 'Tarun Technician' });
        await technician.getByText(name, { exact: true }).waitFor();
        await shot(page, 'technician-mapped-1366');
      }
      await context.close();
    }
  });
});
