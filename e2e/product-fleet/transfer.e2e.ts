import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, launchBrowser, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { FLEET_CUSTOMER, TRANSFER_CUSTOMER, TRANSFER_SERIALS } from './fleet-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Transfer Product Fleet (docs/product-fleet.md#transfers): items chosen with checkboxes move to
// another customer, or to a dealer's stock, with a reason kept in each item's history.

const [FIRST, SECOND] = TRANSFER_SERIALS;

describe('Transfer Product Fleet', () => {
  it('moves two items to another customer, then one to a dealer’s stock by keyboard; each history says so', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/ProductFleetInventory');
    await page.getByText('No items chosen').waitFor();
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expectMessage(page, 'Choose the items to transfer first: tick them in the list.');
    await page.getByRole('searchbox', { name: /^Search by serial number/ }).fill('E2E-TRF');
    const row = (serial: string) => page.getByRole('row').filter({ hasText: serial });
    await row(SECOND).getByText(TRANSFER_CUSTOMER.name).waitFor();

    await row(FIRST).getByRole('checkbox', { name: 'Select row' }).check();
    await row(SECOND).getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByText('2 items chosen').waitFor();
    await page.getByRole('button', { name: 'Transfer 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer 2 fleet items' });
    await dialog.getByText(`Moving ${FIRST}, ${SECOND}.`).waitFor();
    // The reason is asked for before anything is sent.
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText('Choose the customer the items go to').waitFor();
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('Kavya Fleet');
    await page.getByRole('option', { name: new RegExp(`^${FLEET_CUSTOMER.name}`) }).click();
    await dialog.getByRole('combobox', { name: 'Location' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Sold with the house');
    await screenshot(page, 'fleet-transfer-dialog');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expectMessage(page, `2 fleet items transferred to ${FLEET_CUSTOMER.name}`);
    await row(FIRST).getByText(FLEET_CUSTOMER.name).waitFor();
    await row(SECOND).getByText(FLEET_CUSTOMER.name).waitFor();
    await page.getByText('No items chosen').waitFor();

    // By keyboard: the row's checkbox, then the Transfer button, a dealer's stock, the reason.
    await row(SECOND).getByRole('checkbox', { name: 'Select row' }).focus();
    await page.keyboard.press('Space');
    await page.getByText('1 item chosen').waitFor();
    const transfer = page.getByRole('button', { name: 'Transfer 1' });
    await transfer.focus();
    await page.keyboard.press('Enter');
    const single = page.getByRole('dialog', { name: `Transfer ${SECOND}` });
    await single.getByRole('combobox', { name: 'Move to' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: /A dealer's stock/ }).press('Enter');
    await single.getByRole('combobox', { name: 'Dealer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Sharma Appliances' }).press('Enter');
    await single.getByRole('textbox', { name: 'Reason' }).fill('Returned to the dealer for refurbishing');
    await single.getByRole('textbox', { name: 'Reason' }).press('Tab');
    await single.getByRole('button', { name: 'Transfer' }).press('Enter');
    await expectMessage(page, `Fleet item '${SECOND}' transferred to Sharma Appliances's stock`);
    await row(SECOND).getByText('In stock').waitFor();

    // The item's history keeps each owner, newest first.
    await row(SECOND)
      .getByRole('button', { name: `View ${SECOND}` })
      .click();
    const details = page.getByRole('dialog', { name: `${SECOND} · AC Repair` });
    await details.getByText(/Reason: Sold with the house$/).waitFor();
    const history = await details.getByText(/^Transferred: From .* Reason: /).allTextContents();
    expect(history).toEqual([
      `Transferred: From ${FLEET_CUSTOMER.name} (098450 77123), Bengaluru to Sharma Appliances's stock. Reason: Returned to the dealer for refurbishing`,
      `Transferred: From ${TRANSFER_CUSTOMER.name} (098450 77456), Bengaluru to ${FLEET_CUSTOMER.name} (098450 77123), Bengaluru. Reason: Sold with the house`,
    ]);
    await screenshot(page, 'fleet-transfer-history');
    await context.close();
  }, 180_000);

  it('fits a phone: the chosen count and the Transfer button stay in reach, no sideways scroll', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAs(page, 'OWNER', '/ProductFleetInventory');
    const first = page.getByRole('row').nth(1);
    await first.getByRole('checkbox', { name: 'Select row' }).check();
    await page.getByText('1 item chosen').waitFor();
    await page.getByRole('button', { name: 'Transfer 1' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'fleet-transfer-narrow');
    await context.close();
  });
});

describe('Customer products', () => {
  it("lists a customer's products on the customer's details and in Customer Products, with coverage and tickets", async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/CustomersView');
    await page.getByRole('searchbox').first().fill('Kavya Fleet');
    await page.getByRole('button', { name: `View ${FLEET_CUSTOMER.name}` }).click();
    const card = page.getByRole('dialog', { name: FLEET_CUSTOMER.name });
    const products = card.getByRole('grid', { name: `Products of ${FLEET_CUSTOMER.name}` });
    const item = products.getByRole('row').filter({ hasText: FIRST });
    await item.getByText('In warranty', { exact: true }).waitFor();
    await item.getByText('12, 100 Feet Road, Indiranagar, Bengaluru').waitFor();
    await screenshot(page, 'customer-products-card');
    await card.getByRole('link', { name: 'Open in Customer Products' }).click();

    await page.getByRole('heading', { name: 'Customer Products' }).waitFor();
    expect(new URL(page.url()).searchParams.get('customer')).toBeTruthy();
    await page.getByRole('heading', { name: FLEET_CUSTOMER.name }).waitFor();
    const row = page.getByRole('row').filter({ hasText: FIRST });
    await row.getByRole('gridcell', { name: '0', exact: true }).waitFor();
    await row.getByRole('button', { name: `View ${FIRST}` }).click();
    await page
      .getByRole('dialog', { name: `${FIRST} · AC Repair` })
      .getByText('Tickets (0)')
      .waitFor();
    await page.keyboard.press('Escape');

    // Another customer, chosen by search: the choice is kept in the address.
    await page.getByRole('combobox', { name: 'Customer' }).fill('Ravi Transfer');
    await page.getByRole('option', { name: new RegExp(`^${TRANSFER_CUSTOMER.name}`) }).click();
    await page.getByText('No products recorded').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: TRANSFER_CUSTOMER.name }).waitFor();
    await screenshot(page, 'customer-products-empty');
    await context.close();
  }, 120_000);

  it('fits a phone', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAs(page, 'OWNER', '/CustomerProducts');
    await page.getByText('Choose a customer').waitFor();
    await page.getByRole('combobox', { name: 'Customer' }).fill('Kavya Fleet');
    await page.getByRole('option', { name: new RegExp(`^${FLEET_CUSTOMER.name}`) }).click();
    await page.getByRole('row').filter({ hasText: FIRST }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'customer-products-narrow');
    await context.close();
  });
});
