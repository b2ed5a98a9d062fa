import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { masterPage, openAsOwner } from '../support/master-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('vendors in the browser', () => {
  it('adds a vendor: a mistyped GSTIN and a state that is not its own are refused on their fields', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/VendorsView');
    const vendors = masterPage(page, { title: 'Vendors', noun: 'vendor', nouns: 'vendors' });
    // The demo's vendor.
    await expect.poll(() => vendors.names()).toContain('CoolAir Spares Pvt Ltd');

    await vendors.addButton().click();
    const dialog = page.getByRole('dialog', { name: 'Add vendor' });
    await dialog.getByLabel('Name').fill('Deccan Compressor Works');
    await dialog.getByLabel('GSTIN').fill('27aapfu0939f1zw');
    await dialog.getByLabel('Address').fill('Plot 7, MIDC Bhosari');
    await dialog.getByLabel('City').fill('Pune');
    await dialog.getByLabel('Pincode').fill('411026');
    await dialog.getByLabel('State').click();
    await page.getByRole('option', { name: 'Karnataka' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByText('GSTIN check character does not match; check the number for a typing mistake')
      .waitFor();
    await screenshot(page, 'vendor-gstin-error');

    await dialog.getByLabel('GSTIN').fill('27aapfu0939f1zv');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('State must be Maharashtra, where GSTIN 27AAPFU0939F1ZV is registered').waitFor();
    await dialog.getByLabel('State').click();
    await page.getByRole('option', { name: 'Maharashtra' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectMessage(page, "Vendor 'Deccan Compressor Works' created");
    await dialog.waitFor({ state: 'hidden' });
    await vendors.row('Deccan Compressor Works').getByText('27AAPFU0939F1ZV').waitFor();
    await screenshot(page, 'vendors-desktop');
    await context.close();
  });

  it('below 850 px the list fits the screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAsOwner(page, '/VendorsView');
    const vendors = masterPage(page, { title: 'Vendors', noun: 'vendor', nouns: 'vendors' });
    await expect.poll(() => vendors.names()).toContain('CoolAir Spares Pvt Ltd');
    const overflow = await sideways(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'vendors-narrow');
    await context.close();
  });
});
