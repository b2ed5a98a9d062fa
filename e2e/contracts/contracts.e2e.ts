import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, formatRupees, rupeesToPaise, shiftDay } from '@fieldport/contract/fields';
import { lastDayOfMonths } from '@fieldport/contract/operations/product-fleet';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { choose, optionsClosed } from '../inventory/parts-journey-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { contractEntry, contractsScreen, dayWords, detailOf } from './contracts-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// AMC contracts in the browser (docs/contracts.md): the admin finds the demo's AMC sold at the door
// under "Renewal due", renews it (the same customer, type, product and amount, from the day after
// it ends) and sees the renewal wait for its first day; then enters a contract for an
// out-of-warranty product of a demo customer, which is under AMC at once with its visits to use.

/** The demo organization's time zone: its calendar decides the contracts' days and states. */
const TIME_ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };
const CONTRACT_NUMBER = /AMC\/\d{4}-\d{2}\/\d{6}/;
const ENTERED = /^Contract (AMC\/\d{4}-\d{2}\/\d{6}) entered: 1 product under AMC\.$/;

describe('AMC contracts', () => {
  it('a contract due for renewal is renewed, and a new one is entered for a product out of warranty', async () => {
    const today = dayIn(TIME_ZONE);
    // The demo's contract: 'Basic AMC' (12 months, 2 visits) from 340 days ago (seed of demo-quotations.ts).
    const soldOn = shiftDay(today, -340);
    const endsOn = lastDayOfMonths(soldOn, 12);
    const renewalStart = shiftDay(endsOn, 1);
    const renewalEnd = lastDayOfMonths(renewalStart, 12);

    const { page, context } = await newPage();
    await openAs(page, 'ADMIN', '/ContractsList');
    const screen = contractsScreen(page);
    await screen.heading().waitFor();

    // The renewals to chase, on their own tab with their count.
    await screen.tab('Renewal due').click();
    await expect.poll(() => screen.tab('Renewal due').getAttribute('aria-selected')).toBe('true');
    // The demo's two due for renewal (demo-quotations.ts), the one sold at the door ending first.
    await expect.poll(() => screen.numbers()).toHaveLength(2);
    const [demoNumber] = await screen.numbers();
    const demoRow = screen.row(demoNumber);
    await demoRow.getByText('Renewal due', { exact: true }).waitFor();
    await demoRow.getByText(`${dayWords(soldOn)} – ${dayWords(endsOn)}`).waitFor();
    await demoRow
      .getByText(`Ends in ${Math.round((Date.parse(endsOn) - Date.parse(today)) / 86_400_000)} days`)
      .waitFor();
    await screen.tab('Renewal due').getByText('2 contracts').waitFor();
    await screenshot(page, 'contracts-renewal-due');

    // Its details: the product with its visits, the note, who entered it.
    let details = await screen.open(demoNumber);
    await details.getByText(`It ends on ${dayWords(endsOn)}.`, { exact: false }).waitFor();
    expect(await detailOf(details, 'AMC type')).toBe('Basic AMC2 visits a product');
    expect(await detailOf(details, 'Period')).toBe(`${dayWords(soldOn)} – ${dayWords(endsOn)}`);
    expect(await detailOf(details, 'Note')).toBe('Sold by the engineer at the door.');
    expect(await detailOf(details, 'Source')).toBe('Entered on the Contracts screen');
    expect(await detailOf(details, 'Entered')).toMatch(/^By Arjun Admin on .+ \(Asia\/Kolkata\)$/);
    const customer = await detailOf(details, 'Customer');
    const amount = await detailOf(details, 'Amount');
    const product = details.getByRole('list', { name: `Products of ${demoNumber}` }).getByRole('listitem');
    await expect.poll(() => product.count()).toBe(1);
    const productText = (await product.textContent()) ?? '';
    const serial = /^[A-Z]{2}\d{6}/.exec(productText)?.[0];
    expect(serial).toBeDefined();
    expect(productText).toMatch(/[0-2] of 2 visits used$/);
    await screenshot(page, 'contract-details');

    // Renew: the entry starts from the same customer, type, product and amount, the day after it ends.
    await details.getByRole('button', { name: 'Renew' }).click();
    const renewal = contractEntry(page, `Renew ${demoNumber}`);
    await expect.poll(() => renewal.customer().inputValue()).toBe(customer.replace('+', ' · +'));
    // Shown once the active AMC types are read.
    await expect.poll(() => renewal.amcType().textContent()).toContain('Basic AMC');
    expect(await renewal.startDate().inputValue()).toBe(renewalStart);
    await renewal.dialog.getByText(`Runs to ${dayWords(renewalEnd)}, 2 visits a product`).waitFor();
    expect(await renewal.product(serial!).isChecked()).toBe(true);
    expect(formatRupees(rupeesToPaise(await renewal.amount().inputValue()))).toBe(amount);
    await screenshot(page, 'contract-renew');
    await renewal.enter().click();
    const renewedMessage = page.getByText(ENTERED).first();
    await renewedMessage.waitFor();
    const renewalNumber = ENTERED.exec((await renewedMessage.textContent()) ?? '')![1];
    expect(renewalNumber).not.toBe(demoNumber);
    await renewal.dialog.waitFor({ state: 'hidden' });
    await details.waitFor({ state: 'hidden' });

    // The renewal waits for its first day; the running contract stays as it is until it ends.
    await screen.tab('All').click();
    const renewalRow = screen.row(renewalNumber);
    await renewalRow.getByText('Starts later', { exact: true }).waitFor();
    await renewalRow.getByText(`${dayWords(renewalStart)} – ${dayWords(renewalEnd)}`).waitFor();
    await renewalRow.getByText(serial!).waitFor();
    // Renewed, the running contract is no longer due: it says what renewed it.
    const renewedRow = screen.row(demoNumber);
    await renewedRow.getByText(`Renewed by ${renewalNumber}`).waitFor();
    await renewedRow.getByText('Active', { exact: true }).waitFor();
    await screenshot(page, 'contracts-renewed');
    details = await screen.open(renewalNumber);
    await details.getByText(`It starts on ${dayWords(renewalStart)}`, { exact: false }).waitFor();
    await details.getByText(`Visits counted from ${dayWords(renewalStart)}`).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    // A demo customer's product out of warranty, found on Product Fleet.
    await page.goto('/ProductFleet');
    const fleet = page.getByRole('grid', { name: 'Product Fleet' });
    await fleet.getByRole('row').nth(1).waitFor();
    await choose(page.getByRole('search'), page, 'Coverage today', 'Out of warranty');
    await choose(page.getByRole('search'), page, 'Approval', 'Approved');
    const fleetRows = fleet.getByRole('row').filter({ has: page.getByRole('gridcell') });
    await expect
      .poll(async () => {
        const texts = await fleetRows.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('Out of warranty'));
      })
      .toBe(true);
    const cells = await fleetRows
      .filter({ hasText: /^[A-Z]{2}\d{6}/ })
      .first()
      .getByRole('gridcell')
      .allTextContents();
    const outSerial = /^[A-Z]{2}\d{6}/.exec(cells[0])![0];
    // The customer's name, then the phone in its national form ('Ravi Sharma071509 73027').
    const [, ownerName, ownerPhone] = /^(.+?)(\d[\d ]+)$/.exec(cells[1].trim())!;
    // The phone's last group, as the customer search writes it in the international form too.
    const phoneEnd = ownerPhone.trim().split(' ').at(-1)!;

    // The new contract: said before sending that a product must be chosen; the type's price fills the amount.
    await page.goto('/ContractsList');
    await screen.newButton().click();
    const entry = contractEntry(page, 'New contract');
    expect(await entry.startDate().inputValue()).toBe(today);
    await entry.chooseCustomer(ownerName, phoneEnd);
    await entry.chooseAmcType('Comprehensive AMC');
    expect(await entry.amount().inputValue()).toBe('3999.00');
    await entry.product(outSerial).waitFor();
    await optionsClosed(page);
    await entry.enter().click();
    await entry.products().getByText("Products: choose at least one of the customer's products").waitFor();
    await entry.products().getByText('Out of warranty', { exact: true }).first().waitFor();
    await entry.product(outSerial).check();
    await entry.dialog
      .getByRole('textbox', { name: 'Note' })
      .fill('Sold on the phone after the warranty ended.');
    await screenshot(page, 'contract-new');
    await entry.enter().click();
    const enteredMessage = page.getByText(ENTERED).first();
    await enteredMessage.waitFor();
    const newNumber = ENTERED.exec((await enteredMessage.textContent()) ?? '')![1];
    expect(newNumber).toMatch(CONTRACT_NUMBER);
    await entry.dialog.waitFor({ state: 'hidden' });

    // Active from today, with the product's four visits to use.
    const newRow = screen.row(newNumber);
    await newRow.getByText('Active', { exact: true }).waitFor();
    await newRow.getByText(ownerName).waitFor();
    details = await screen.open(newNumber);
    expect(await detailOf(details, 'AMC type')).toBe('Comprehensive AMC4 visits a product');
    expect(await detailOf(details, 'Amount')).toBe('₹3,999.00');
    const newProduct = details.getByRole('list', { name: `Products of ${newNumber}` }).getByRole('listitem');
    expect(await newProduct.textContent()).toMatch(new RegExp(`^${outSerial}.+0 of 4 visits used$`));
    await screenshot(page, 'contract-new-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    // On a phone: the list fits the width; the contract and its state stay in view.
    await page.setViewportSize(PHONE);
    await newRow.getByText('Active', { exact: true }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(
      (await screen.list.getByRole('columnheader').allTextContents()).map((text) => text.trim()),
    ).toEqual(['Contract', 'State']);
    await screenshot(page, 'contracts-phone');
    await context.close();
  }, 180_000);
});
