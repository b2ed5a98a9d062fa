import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, formatRupees, shiftDay } from '@fieldport/contract/fields';
import { gstinProblem } from '@fieldport/contract/gst';
import { DEFAULT_PAGE_SIZE } from '@fieldport/contract/lists';
import { approvalsScreen, openAs } from '../approvals/approvals-screen-page.ts';
import { choose, optionsClosed } from '../inventory/parts-journey-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { amountsOf, columnTexts, paiseOf, payoutsScreen } from './payouts-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// A service partner's payout in the browser (docs/payouts.md#payouts): the owner gives the
// organization and CoolFix Services other GSTINs of Karnataka (so CGST + SGST still); the admin
// generates CoolFix's payout for the last 30 days with a travel extra (the demo's closed CoolFix
// tickets the demo's own payout left, priced by its rate cards), reads it and its PDF; the owner
// approves it (a kind without a workflow needs the owner or an admin, never the requester:
// docs/approvals.md#levels) and pays the balance; CoolFix's owner reads it paid, on a laptop and
// on a phone.

const ORGANIZATION_GSTIN = '29ABCDE1234F1ZW';
const COOLFIX_GSTIN = '29AABCC4321K1ZQ';
const PARTNER = 'CoolFix Services';
const EXTRA = { description: 'Travel to the Hosur site', rupees: '350', paise: 35_000 };
/** The demo organization's time zone: its calendar decides the days of closing. */
const TIME_ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };

describe('A service partner payout', () => {
  it('is generated, read as a PDF, approved, paid, and read by the partner', async () => {
    expect(gstinProblem(ORGANIZATION_GSTIN)).toBeNull();
    expect(gstinProblem(COOLFIX_GSTIN)).toBeNull();

    // The organization's GSTIN: its state and the partner's decide the tax.
    const owner = await newPage();
    const { page } = owner;
    await openAs(page, 'OWNER', '/OrganizationSettings');
    await page.getByRole('textbox', { name: 'GSTIN' }).fill(ORGANIZATION_GSTIN);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectMessage(page, 'Organization settings saved');
    await screenshot(page, 'payout-organization-gstin');

    // CoolFix's GSTIN, on its partner record.
    await page.goto('/ServicePartners');
    await page.getByRole('button', { name: `Edit ${PARTNER}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit service partner' });
    await edit.getByRole('textbox', { name: 'GSTIN' }).fill(COOLFIX_GSTIN);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectMessage(page, `Service partner '${PARTNER}' saved`);
    await page.getByRole('grid', { name: 'Service Partners' }).getByText(`GSTIN ${COOLFIX_GSTIN}`).waitFor();
    await screenshot(page, 'service-partners-gstin');
    await owner.context.close();

    // The admin generates the payout: what it would hold is shown before it is generated.
    const admin = await newPage();
    const { page: desk } = admin;
    await openAs(desk, 'ADMIN', '/ServicePartnerPayout');
    await desk.getByRole('heading', { level: 1, name: 'Service Partner Payout' }).waitFor();
    const screen = payoutsScreen(desk);
    await screen.generateButton().first().click();
    const generate = desk.getByRole('dialog', { name: 'Generate payout' });
    await choose(generate, desk, 'Service partner', PARTNER);
    const today = dayIn(TIME_ZONE);
    await generate.getByLabel('Period from').fill(shiftDay(today, -30));
    await generate.getByLabel('Period to').fill(today);
    const preview = generate.getByRole('region', { name: 'What the payout holds' });
    const counted = preview.getByText(/tickets? closed in the period/);
    await counted.waitFor();
    const previewWords = (await counted.textContent()) ?? '';
    const [, ticketCount] = /^(\d+) tickets? closed in the period, /.exec(previewWords) ?? [];
    const ticketAmount = paiseOf(previewWords);
    // The demo's closed CoolFix tickets of the last weeks, each priced by a rate card.
    expect(Number(ticketCount)).toBeGreaterThan(0);
    // All on the details' first page, to be added up there.
    expect(Number(ticketCount)).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
    expect(ticketAmount).toBeGreaterThan(0);
    await preview.getByText('Within the state: CGST + SGST (GST 18%)').waitFor();
    await generate.getByRole('button', { name: 'Add extra' }).click();
    const extra = generate.getByRole('group', { name: 'Line 1' });
    await extra.getByRole('textbox', { name: 'Description' }).fill(EXTRA.description);
    await extra.getByRole('textbox', { name: 'Amount' }).fill(EXTRA.rupees);
    await generate.getByRole('textbox', { name: 'Note' }).fill('November visits, with the Hosur trip.');
    await optionsClosed(desk);
    await screenshot(desk, 'payout-generate');
    await generate.getByRole('button', { name: 'Generate', exact: true }).click();
    const generated = await desk
      .getByText(/^Payout INV\/\d{4}-\d{2}\/\d{6} generated with \d+ tickets?: it waits for approval\.$/)
      .textContent();
    const invoiceNumber = /INV\/\d{4}-\d{2}\/\d{6}/.exec(generated ?? '')![0];
    expect(generated).toContain(`with ${ticketCount} ticket`);
    await generate.waitFor({ state: 'hidden' });
    await screen.row(invoiceNumber).getByText('Waiting for approval').waitFor();
    await screenshot(desk, 'payouts-list');

    // Its details: the totals are the tickets' frozen amounts and the extra, with 18% GST.
    let details = await screen.open(invoiceNumber);
    await details.getByText(`GSTIN ${COOLFIX_GSTIN} · Karnataka`).waitFor();
    await details.getByText(`GSTIN ${ORGANIZATION_GSTIN} · Karnataka`).waitFor();
    const tickets = details.getByRole('grid', { name: `Tickets of ${invoiceNumber}` });
    await tickets.getByRole('row').nth(1).waitFor();
    const ticketAmounts = (await columnTexts(tickets, 'Amount')).map(paiseOf);
    const ticketTotals = (await columnTexts(tickets, 'Total')).map(paiseOf);
    expect(ticketAmounts).toHaveLength(Number(ticketCount));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(ticketAmounts)).toBe(ticketAmount);
    await details.getByText(EXTRA.description).waitFor();
    const totals = await amountsOf(details.getByLabel('Totals of the payout'));
    const extraTax = Math.round(EXTRA.paise * 0.18);
    expect(totals.Taxable).toBe(ticketAmount + EXTRA.paise);
    expect(totals.CGST + totals.SGST).toBe(sum(ticketTotals) - sum(ticketAmounts) + extraTax);
    expect(totals.Total).toBe(sum(ticketTotals) + EXTRA.paise + extraTax);
    expect(totals.Total).toBe(totals.Taxable + totals.CGST + totals.SGST);
    const total = totals.Total;
    // Nothing is paid before it is approved.
    expect(await details.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    await screenshot(desk, 'payout-details');

    // Its invoice as the partner will read it: the first page rendered to PNG beside the screenshots.
    await readInvoicePdf(desk, details, [
      invoiceNumber,
      PARTNER,
      COOLFIX_GSTIN,
      ORGANIZATION_GSTIN,
      EXTRA.description,
      formatRupees(total),
    ]);
    await details.getByRole('button', { name: 'Close' }).click();
    await admin.context.close();

    // The owner approves it: the admin raised it, so the admin may not.
    const approver = await newPage();
    await openAs(approver.page, 'OWNER', '/PayoutApprovals');
    const approvals = approvalsScreen(approver.page, 'Payout Approvals');
    await approvals
      .open(
        `${invoiceNumber} to ${PARTNER}: ${formatRupees(total)} for ${ticketCount} ${ticketCount === '1' ? 'ticket' : 'tickets'}`,
      )
      .click();
    await approvals.request.waitFor();
    await screenshot(approver.page, 'payout-approval');
    await approvals.button('Approve').click();
    await expectMessage(approver.page, 'Approved. The request is approved.');
    await approvals.request.waitFor({ state: 'detached' });

    // The owner pays the balance, the whole of it, in the same visit.
    await approver.page.goto('/ServicePartnerPayout');
    const approverScreen = payoutsScreen(approver.page);
    await approverScreen.row(invoiceNumber).getByText('Approved', { exact: true }).waitFor();
    details = await approverScreen.open(invoiceNumber);
    await details.getByRole('button', { name: 'Record payment' }).click();
    const pay = approver.page.getByRole('dialog', { name: `Record a payment against ${invoiceNumber}` });
    expect(paiseOf(`₹${await pay.getByRole('textbox', { name: 'Amount' }).inputValue()}`)).toBe(total);
    await choose(pay, approver.page, 'Mode', 'UPI');
    await pay.getByRole('textbox', { name: 'Reference' }).fill('UPI-E2E-448812');
    await optionsClosed(approver.page);
    await screenshot(approver.page, 'payout-payment');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expectMessage(
      approver.page,
      `${formatRupees(total)} paid against ${invoiceNumber}. Balance ₹0.00.`,
    );
    await pay.waitFor({ state: 'hidden' });
    await details.getByText(`${formatRupees(total)} paid on`).waitFor();
    await details.getByText('Reference UPI-E2E-448812', { exact: false }).waitFor();
    expect((await amountsOf(details.getByLabel('Totals of the payout'))).Balance).toBe(0);
    // Paid in full: nothing more to record.
    expect(await details.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    await screenshot(approver.page, 'payout-paid');
    await details.getByRole('button', { name: 'Close' }).click();

    // On a phone: the list, and a new payout for the same days, which has nothing left to pay.
    await approver.page.setViewportSize(PHONE);
    await payoutsScreen(approver.page)
      .row(invoiceNumber)
      .getByText('Paid', { exact: true })
      .first()
      .waitFor();
    await screenshot(approver.page, 'payouts-phone');
    await payoutsScreen(approver.page).generateButton().click();
    const again = approver.page.getByRole('dialog', { name: 'Generate payout' });
    await choose(again, approver.page, 'Service partner', PARTNER);
    await again.getByLabel('Period from').fill(shiftDay(today, -30));
    await again.getByLabel('Period to').fill(today);
    await again
      .getByRole('region', { name: 'What the payout holds' })
      .getByText(/^No closed, priced ticket of 'CoolFix Services' from .+ is waiting for a payout\.$/)
      .waitFor();
    await optionsClosed(approver.page);
    await screenshot(approver.page, 'payout-generate-phone');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await approver.context.close();

    // CoolFix's owner reads it on their own menu item, paid; they generate nothing.
    const partner = await newPage();
    await openAs(partner.page, 'SERVICE_PARTNER', '/ServicePartnerPayout');
    await partner.page.getByRole('heading', { level: 1, name: 'Partner Payout' }).waitFor();
    const partnerScreen = payoutsScreen(partner.page, 'Partner Payout');
    const row = partnerScreen.row(invoiceNumber);
    // Paid in the state's column and nothing owed in the amounts'.
    await row.getByText('Paid', { exact: true }).first().waitFor();
    expect(await partnerScreen.generateButton().count()).toBe(0);
    expect(await partnerScreen.list.getByRole('columnheader', { name: 'Service partner' }).count()).toBe(0);
    await screenshot(partner.page, 'partner-payouts');
    details = await partnerScreen.open(invoiceNumber);
    await details.getByRole('link', { name: 'Invoice PDF' }).waitFor();
    expect(await details.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    await screenshot(partner.page, 'partner-payout-details');
    await partner.context.close();

    // On a phone: the list fits the width, and the details fill the screen.
    const phone = await newPage(PHONE);
    await openAs(phone.page, 'SERVICE_PARTNER', '/ServicePartnerPayout');
    const phoneScreen = payoutsScreen(phone.page, 'Partner Payout');
    await phoneScreen.row(invoiceNumber).waitFor();
    const overflow = await sideways(phone.page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'partner-payouts-phone');
    details = await phoneScreen.open(invoiceNumber);
    await details
      .getByRole('grid', { name: `Tickets of ${invoiceNumber}` })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await screenshot(phone.page, 'partner-payout-details-phone');
    const phoneTickets = details.getByRole('grid', { name: `Tickets of ${invoiceNumber}` });
    await phoneTickets.scrollIntoViewIfNeeded();
    // Below 850 px the ticket, its day and service, and its total: the rest under its Details.
    expect(
      (await phoneTickets.getByRole('columnheader').allTextContents()).map((text) => text.trim()),
    ).toEqual(['Ticket', 'Total', 'Actions']);
    await screenshot(phone.page, 'partner-payout-tickets-phone');
    await phone.context.close();
  }, 300_000);
});

/**
 * Fetches the payout's invoice PDF as the signed-in person, checks its text, and renders its first
 * page to e2e/screenshots/payout-invoice-pdf-1.png (an A4 page at 80 dpi).
 */
async function readInvoicePdf(page: Page, details: Locator, expected: string[]) {
  const href = await details.getByRole('link', { name: 'Invoice PDF' }).getAttribute('href');
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-pdf-'));
  const file = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(file, await answer.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  for (const words of expected) expect(text).toContain(words);
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
    path.join(shots, 'payout-invoice-pdf'),
  ]);
  const png = fs
    .readdirSync(shots)
    .find((name) => name.startsWith('payout-invoice-pdf') && name.endsWith('.png'));
  expect(png).toBeDefined();
  const header = fs.readFileSync(path.join(shots, png!)).subarray(16, 24);
  expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([662, 936]);
  fs.rmSync(dir, { recursive: true, force: true });
}
