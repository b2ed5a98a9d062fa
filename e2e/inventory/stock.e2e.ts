import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { STOCK_JOURNEY } from './stock-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The stock ledger in the browser (docs/inventory.md): the owner receives a part into a store,
// transfers some to another store, counts one store short and adjusts it with a reason, sees it
// flagged below the reorder level, and finds every movement in the Components Transaction History.

const { from, to, part } = STOCK_JOURNEY;

async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Stock', () => {
  it('receives, transfers and adjusts a part; flags it below reorder; lists every movement', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/InventoryView');
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    const rowAt = (store: string) =>
      page.getByRole('row').filter({ hasText: part.part_number }).filter({ hasText: store });

    // Received: 12 at ₹125.50 into the Whitefield store.
    await page.getByRole('button', { name: 'Receive stock' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receive stock' });
    await choose(receipt, page, 'Store', from);
    const line = receipt.getByRole('group', { name: 'Line 1' });
    await choose(line, page, 'Component', part.name);
    await line.getByRole('spinbutton', { name: 'Quantity' }).fill('12');
    await line.getByRole('textbox', { name: 'Unit cost' }).fill('125.50');
    await receipt.getByRole('textbox', { name: 'Reference' }).fill('INV-E2E-118');
    await screenshot(page, 'stock-receive-dialog');
    await receipt.getByRole('button', { name: 'Receive' }).click();
    await expectMessage(page, `1 component received into ${from}`);

    await page.getByRole('searchbox', { name: 'Search component or part number' }).fill(part.part_number);
    await rowAt(from).getByText('12 Nos').waitFor();
    await rowAt(from).getByText('₹1,506.00').waitFor();

    // Transferred: 6 to Hebbal, from the row (its store and part are filled in).
    await rowAt(from)
      .getByRole('button', { name: `Transfer ${part.name} from ${from}` })
      .click();
    const transfer = page.getByRole('dialog', { name: 'Transfer stock' });
    await choose(transfer, page, 'To store', to);
    await transfer
      .getByRole('group', { name: 'Line 1' })
      .getByRole('spinbutton', { name: 'Quantity' })
      .fill('6');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expectMessage(page, `1 component transferred from ${from} to ${to}`);
    await rowAt(to).getByText('6 Nos').waitFor();

    // Adjusted: 2 fewer counted at Whitefield, by keyboard, with the reason.
    await rowAt(from)
      .getByRole('button', { name: `Adjust ${part.name} at ${from}` })
      .click();
    const adjust = page.getByRole('dialog', { name: `Adjust ${part.name} at ${from}` });
    await adjust.getByText('In stock now: 6 Nos').waitFor();
    await adjust.getByRole('spinbutton', { name: 'Change' }).fill('-2');
    await adjust.getByText('In stock now: 6 Nos · after this change: 4 Nos').waitFor();
    await adjust.getByRole('textbox', { name: 'Reason' }).fill('Two damaged in the monsoon leak');
    await screenshot(page, 'stock-adjust-dialog');
    await adjust.getByRole('textbox', { name: 'Reason' }).press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Adjust');
    await page.keyboard.press('Enter');
    await expectMessage(page, `Stock of ${part.part_number} ${part.name} at ${from} is now 4`);

    // At or below the reorder level (5): Whitefield's 4 is flagged, Hebbal's 6 is not.
    await rowAt(from).getByText('Below reorder').waitFor();
    await rowAt(to).getByText('6 Nos').waitFor();
    expect(await rowAt(to).getByText('Below reorder').count()).toBe(0);
    await screenshot(page, 'stock-inventory');
    await page.getByRole('switch', { name: 'Below reorder only' }).check();
    await rowAt(to).waitFor({ state: 'detached' });
    await rowAt(from).getByText('4 Nos').waitFor();

    // Every movement in the ledger, newest first, with the store's balance after each.
    await page.goto('/ComponentsTransactionHistory');
    await page.getByRole('heading', { name: 'Components Transaction History' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search component or part number' }).fill(part.part_number);
    const ledger = page.getByRole('grid', { name: /^Components Transaction History/ });
    const rows = ledger.getByRole('row').filter({ hasText: part.part_number });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
    const kinds = await Promise.all(
      [0, 1, 2, 3].map(
        async (n) => (await rows.nth(n).getByRole('gridcell').nth(1).innerText()).split('\n')[0],
      ),
    );
    expect(kinds).toEqual(['Adjusted', 'Transferred in', 'Transferred out', 'Received']);
    await rows.nth(0).getByText('−2').waitFor();
    await rows.nth(0).getByText('Two damaged in the monsoon leak').waitFor();
    await rows.nth(3).getByText('INV-E2E-118').waitFor();
    await screenshot(page, 'stock-movements');
    await context.close();
  }, 180_000);

  it('fits a phone: the stock and the ledger without sideways scroll, the receipt full screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAs(page, 'OWNER', '/InventoryView');
    await page.getByRole('searchbox', { name: 'Search component or part number' }).fill(part.part_number);
    await page.getByRole('row').filter({ hasText: from }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'stock-inventory-narrow');
    await page.getByRole('button', { name: 'Receive stock' }).click();
    await page
      .getByRole('dialog', { name: 'Receive stock' })
      .getByRole('group', { name: 'Line 1' })
      .waitFor();
    await screenshot(page, 'stock-receive-narrow');
    await page.keyboard.press('Escape');
    await page.goto('/ComponentsTransactionHistory');
    await page.getByRole('row').filter({ hasText: part.part_number }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'stock-movements-narrow');
    await context.close();
  });
});
