import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { choose, optionsClosed } from '../inventory/parts-journey-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { PURCHASE_JOURNEY } from './purchase-order-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// A purchase order in the browser (docs/purchasing.md#purchase-orders): the store manager orders ten
// scroll compressors from a vendor in another state (IGST), the owner approves it from the order's
// details, its PDF is opened and read, and the goods come in two deliveries.

const { vendor, store, part } = PURCHASE_JOURNEY;
const partName = `${part.part_number} ${part.name}`;

/** Opens an order of the list by its number. */
async function openOrder(page: Page, poNumber: string) {
  await page.getByRole('button', { name: poNumber, exact: true }).click();
  const details = page.getByRole('dialog', { name: `Purchase order ${poNumber}` });
  await details.waitFor();
  return details;
}

/** Receives some of the part against the order, with the vendor's invoice. */
async function receive(page: Page, poNumber: string, quantity: number, reference: string) {
  const details = await openOrder(page, poNumber);
  await details.getByRole('button', { name: 'Receive goods' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive goods against ${poNumber}` });
  await dialog.getByRole('spinbutton', { name: partName }).fill(String(quantity));
  await dialog.getByRole('textbox', { name: 'Reference' }).fill(reference);
  return { details, dialog };
}

describe('A purchase order', () => {
  it('is raised, approved, read as a PDF and received in two parts', async () => {
    // The store manager raises it: the part's price comes with it, IGST across states.
    const desk = await newPage();
    await openAs(desk.page, 'STORE_MANAGER', '/PurchaseOrder');
    await desk.page.getByRole('heading', { name: 'Purchase Orders' }).waitFor();
    await desk.page.getByRole('button', { name: 'Raise purchase order' }).click();
    const raise = desk.page.getByRole('dialog', { name: 'Raise purchase order' });
    await choose(raise, desk.page, 'Vendor', vendor.name);
    await choose(raise, desk.page, 'Deliver to store', store);
    const line = raise.getByRole('group', { name: 'Line 1' });
    await choose(line, desk.page, 'Component', part.name);
    await expect.poll(() => line.getByRole('textbox', { name: 'Unit price' }).inputValue()).toBe('9500.00');
    await line.getByRole('spinbutton', { name: 'Quantity' }).fill('10');
    await raise.getByRole('textbox', { name: 'Terms and notes' }).fill('Deliver with the test certificate.');
    const totals = raise.getByRole('region', { name: 'Totals' });
    await totals.getByText('IGST', { exact: true }).waitFor();
    await totals.getByText('₹1,12,100.00').waitFor();
    await optionsClosed(desk.page);
    await screenshot(desk.page, 'purchase-order-raise');
    await raise.getByRole('button', { name: 'Raise', exact: true }).click();
    const raised = await desk.page
      .getByText(/^Purchase order PO\/\d{4}-\d{2}\/\d{6} raised\. It waits for approval\.$/)
      .textContent();
    const poNumber = /PO\/\d{4}-\d{2}\/\d{6}/.exec(raised ?? '')![0];
    await desk.page
      .getByRole('row')
      .filter({ hasText: poNumber })
      .getByText('Waiting for approval')
      .waitFor();
    await screenshot(desk.page, 'purchase-order-list');
    await desk.context.close();

    // The owner approves it from its details, through the workflow's request.
    const owner = await newPage();
    await openAs(owner.page, 'OWNER', '/PurchaseOrder');
    const pending = await openOrder(owner.page, poNumber);
    await pending.getByRole('button', { name: 'Open approval' }).click();
    const approval = owner.page.getByRole('dialog', { name: `${poNumber} to ${vendor.name}: ₹1,12,100.00` });
    await approval.getByText(`${partName} × 10 at ₹9,500.00, GST 18%: ₹1,12,100.00`).waitFor();
    await screenshot(owner.page, 'purchase-order-approval');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expectMessage(owner.page, 'Approved. The request is approved.');
    const approved = owner.page.getByRole('dialog', { name: `Purchase order ${poNumber}` });
    await approved.getByText('Approved', { exact: true }).first().waitFor();

    // Its PDF, as the vendor will read it: the first page rendered to PNG beside the screenshots.
    const pdfLink = approved.getByRole('link', { name: 'Open PDF' });
    const href = await pdfLink.getAttribute('href');
    const answer = await owner.page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-pdf-'));
    const file = path.join(dir, 'order.pdf');
    fs.writeFileSync(file, await answer.body());
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const expected of [poNumber, vendor.name, store, 'Across states: IGST', '₹1,12,100.00', part.name]) {
      expect(text).toContain(expected);
    }
    const shots = path.resolve(import.meta.dirname, '../screenshots');
    fs.mkdirSync(shots, { recursive: true });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      file,
      path.join(shots, 'purchase-order-pdf'),
    ]);
    const png = fs
      .readdirSync(shots)
      .find((name) => name.startsWith('purchase-order-pdf') && name.endsWith('.png'));
    expect(png).toBeDefined();
    // An A4 page at 80 dpi: 662 × 936 pixels, read from the PNG's header.
    const header = fs.readFileSync(path.join(shots, png!)).subarray(16, 24);
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([662, 936]);
    fs.rmSync(dir, { recursive: true, force: true });
    await owner.context.close();

    // The store manager receives four, then the other six.
    const stores = await newPage();
    await openAs(stores.page, 'STORE_MANAGER', '/PurchaseOrder');
    const first = await receive(stores.page, poNumber, 4, 'PNQ/INV/101');
    await screenshot(stores.page, 'purchase-order-receive');
    await first.dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expectMessage(stores.page, `Goods received against ${poNumber}. The order is partly received.`);
    await first.details.getByText('Partly received', { exact: true }).first().waitFor();
    await first.details.getByText('4 of 10 received').waitFor();
    await first.details.getByRole('button', { name: 'Close' }).click();

    const second = await receive(stores.page, poNumber, 6, 'PNQ/INV/117');
    await second.dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expectMessage(stores.page, `Goods received against ${poNumber}. The order is received.`);
    const received = second.details;
    await received.getByText('Received', { exact: true }).first().waitFor();
    await received.getByText('Reference PNQ/INV/101').waitFor();
    await received.getByText('Reference PNQ/INV/117').waitFor();
    // Nothing pending: no more receipts.
    expect(await received.getByRole('button', { name: 'Receive goods' }).count()).toBe(0);
    await screenshot(stores.page, 'purchase-order-received');
    await received.getByRole('button', { name: 'Close' }).click();

    // The ledger has both receipts, the PO as their reference.
    await stores.page.goto('/ComponentsTransactionHistory');
    await stores.page
      .getByRole('searchbox', { name: 'Search component or part number' })
      .fill(part.part_number);
    const ledger = stores.page.getByRole('grid', { name: 'Components Transaction History' });
    await ledger.getByRole('row').filter({ hasText: poNumber }).getByText('+4').waitFor();
    await ledger.getByRole('row').filter({ hasText: poNumber }).getByText('+6').waitFor();
    await stores.context.close();
  }, 240_000);
});
