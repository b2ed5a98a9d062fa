import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, formatRupees, rupeesToPaise, shiftDay } from '@fieldport/contract/fields';
import { rateToBasisPoints } from '@fieldport/contract/gst';
import { QUOTATIONS_MESSAGES } from '@fieldport/contract/operations/quotations';
import { taxLine, taxTotals } from '@fieldport/contract/tax';
import { approvalsScreen, openAs } from '../approvals/approvals-screen-page.ts';
import { choose, optionsClosed } from '../inventory/parts-journey-page.ts';
import { amountsOf } from '../payouts/payouts-page.ts';
import {
  closeBrowser,
  launchBrowser,
  mailedQuotationToken,
  newPage,
  screenshot,
  sideways,
} from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { customerPage, definitionOf, draftForm, quotationsScreen } from './quotations-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Quotations in the browser (docs/quotations.md): the admin (the co-ordinator here) drafts a
// quotation from one of Ananya Krishnan's tickets with a service and a spare part, and sends it for
// approval; the owner approves it (never the one who submitted it); the admin mails it to the
// customer, who opens the mailed link with no session, reads it and accepts it; back in the portal
// it is accepted with the ticket it raised. Its PDF is read as the customer would. A template's
// texts, validity and lines fill a new quotation.

/** The demo's organization (Karnataka) and a customer of it in Bengaluru: CGST + SGST. */
const ORGANIZATION = 'Demo Service Co';
const CUSTOMER = 'Ananya Krishnan';
const PART = 'R32 refrigerant gas';
/** The demo organization's time zone: its calendar decides the valid-until days. */
const TIME_ZONE = 'Asia/Kolkata';
const PHONE = { width: 390, height: 844 };
const NUMBER = /QT\/\d{4}-\d{2}\/\d{6}/;

/** A contract message with a quotation's number in it, as a pattern that finds the number. */
const messagePattern = (message: (number: string) => string) =>
  new RegExp(
    `^${message('NUMBER')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('NUMBER', NUMBER.source)}$`,
  );

describe('A quotation', () => {
  it('is drafted from a ticket, approved, sent, accepted by the customer, and read as a PDF', async () => {
    // The admin opens one of the customer's open tickets and drafts a quotation from it.
    const admin = await newPage();
    const { page: desk } = admin;
    await openAs(desk, 'ADMIN', '/ActiveTickets');
    await desk.getByRole('searchbox', { name: /^Search/ }).fill(CUSTOMER);
    const tickets = desk.getByRole('grid', { name: 'Active Tickets' });
    const firstTicket = tickets
      .getByRole('row')
      .filter({ hasText: CUSTOMER })
      .first()
      .getByRole('link')
      .first();
    const ticketNumber = ((await firstTicket.textContent()) ?? '').trim();
    await firstTicket.click();
    await desk.getByRole('heading', { level: 1, name: `Ticket ${ticketNumber}` }).waitFor();
    const email = await definitionOf(desk.getByRole('region', { name: 'Customer' }), 'Email');
    const service = (await definitionOf(desk.getByRole('region', { name: 'Work' }), 'Service')).replace(
      / \([^)]*\)$/,
      '',
    );
    expect(email).toContain('@');
    await desk.getByRole('link', { name: 'Draft quotation' }).click();

    // The form starts with the ticket's customer and the ticket.
    const draft = draftForm(desk);
    await draft.dialog.getByRole('group', { name: 'Ticket' }).getByText(ticketNumber).waitFor();
    expect(await draft.dialog.getByRole('combobox', { name: 'Customer' }).inputValue()).toContain(CUSTOMER);
    await draft.totals
      .getByText('Within the state: CGST + SGST (organization in Karnataka, customer in Karnataka)')
      .waitFor();

    // A visit for the ticket's service, priced from the catalogue, and two of a spare part, which
    // brings its price and GST rate.
    await draft.chooseItem(1, 'Service', service);
    await expect
      .poll(() => draft.line(1).getByRole('textbox', { name: 'Unit price' }).inputValue())
      .not.toBe('');
    await draft.line(1).getByRole('textbox', { name: 'Discount' }).fill('50');
    await choose(draft.line(1), desk, 'GST %', '18%');
    await draft.dialog.getByRole('button', { name: 'Add line' }).click();
    await draft.chooseItem(2, 'Spare part', PART);
    await expect
      .poll(() => draft.line(2).getByRole('textbox', { name: 'Unit price' }).inputValue())
      .not.toBe('');
    await expect.poll(async () => (await draft.figures(2)).taxRate).toMatch(/%$/);
    expect(await draft.line(2).getByRole('textbox', { name: 'Description' }).inputValue()).toContain(PART);
    await draft.line(2).getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    const today = dayIn(TIME_ZONE);
    await draft.dialog.getByLabel('Valid until', { exact: true }).fill(shiftDay(today, 10));
    await draft.dialog
      .getByRole('textbox', { name: 'Terms' })
      .fill('Half in advance, the rest on completion.');

    // The totals as typed are the lines' amounts as the contract's tax rule makes them.
    const expected = taxTotals(
      await Promise.all(
        [1, 2].map(async (number) => {
          const figures = await draft.figures(number);
          return taxLine(
            {
              quantity: figures.quantity,
              unit_price: rupeesToPaise(figures.unitPrice),
              discount: rupeesToPaise(figures.discount || '0'),
              tax_rate_bp: rateToBasisPoints(Number(figures.taxRate.replace('%', ''))),
            },
            'INTRA_STATE',
          );
        }),
      ),
    );
    await expect
      .poll(async () => (await amountsOf(draft.totals.getByLabel('Totals of the quotation'))).Total)
      .toBe(expected.total);
    const typed = await amountsOf(draft.totals.getByLabel('Totals of the quotation'));
    expect(typed).toEqual({
      Taxable: expected.taxable,
      CGST: expected.cgst,
      SGST: expected.sgst,
      Total: expected.total,
    });
    await optionsClosed(desk);
    await screenshot(desk, 'quotation-draft');
    await draft.dialog.getByRole('button', { name: 'Save draft' }).click();

    // Saved, it opens in its details, where it is sent for approval.
    const saved = await desk.getByText(messagePattern(QUOTATIONS_MESSAGES.saved)).first().textContent();
    const number = NUMBER.exec(saved ?? '')![0];
    let details = desk.getByRole('dialog', { name: `Quotation ${number}` });
    await details.getByRole('link', { name: ticketNumber }).waitFor();
    expect((await amountsOf(details.getByLabel('Totals of the quotation'))).Total).toBe(expected.total);
    await details.getByRole('button', { name: 'Send for approval' }).click();
    await expectMessage(desk, QUOTATIONS_MESSAGES.submitted(number));
    await details.getByText('Waiting for approval', { exact: true }).first().waitFor();
    expect(await details.getByRole('button', { name: 'Send to customer' }).count()).toBe(0);
    await screenshot(desk, 'quotation-waiting');
    await details.getByRole('button', { name: 'Close' }).click();
    await quotationsScreen(desk).row(number).getByText('Waiting for approval').waitFor();

    // The owner approves it on Quotation Approvals.
    const owner = await newPage();
    await openAs(owner.page, 'OWNER', '/QuotationApprovals');
    const approvals = approvalsScreen(owner.page, 'Quotation Approvals');
    await approvals.row(number).getByRole('button').first().click();
    await approvals.request.getByText(CUSTOMER).first().waitFor();
    await screenshot(owner.page, 'quotation-approval');
    await approvals.button('Approve').click();
    await expectMessage(owner.page, 'Approved. The request is approved.');
    await approvals.request.waitFor({ state: 'detached' });
    await owner.context.close();

    // The admin sends it to the customer's address.
    await desk.reload();
    const list = quotationsScreen(desk);
    await list.row(number).getByText('Approved', { exact: true }).waitFor();
    details = await list.open(number);
    await details.getByRole('button', { name: 'Send to customer' }).click();
    const share = desk.getByRole('dialog', { name: `Send ${number} to ${CUSTOMER}` });
    expect(await share.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    await share.getByRole('textbox', { name: 'Message' }).fill('As discussed on the phone this morning.');
    await share.getByRole('button', { name: 'Send', exact: true }).click();
    await expectMessage(desk, QUOTATIONS_MESSAGES.shared(number, email));
    await details.getByText('Sent to customer', { exact: true }).first().waitFor();

    // Its PDF, as the customer will read it: the first page rendered to PNG.
    await readQuotationPdf(desk, details, [number, ORGANIZATION, CUSTOMER, formatRupees(expected.total)]);
    await details.getByRole('button', { name: 'Close' }).click();

    // The customer opens the mailed link with no session: on a phone first, then a laptop.
    const token = await mailedQuotationToken(email);
    const customer = await newPage(PHONE);
    const link = customerPage(customer.page);
    await customer.page.goto(`/Quotation?token=${token}`);
    await link.heading(number).waitFor();
    await customer.page.getByText(ORGANIZATION, { exact: true }).first().waitFor();
    await customer.page.getByText(CUSTOMER, { exact: true }).first().waitFor();
    await customer.page.getByText(PART, { exact: false }).first().waitFor();
    expect((await amountsOf(customer.page.getByLabel('Totals', { exact: true }))).Total).toBe(expected.total);
    const overflow = await sideways(customer.page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(customer.page, 'quotation-customer-phone');
    await customer.page.setViewportSize({ width: 1366, height: 850 });
    await link.pdf().waitFor();
    await screenshot(customer.page, 'quotation-customer');

    // Rejecting needs a reason; the customer accepts instead, with a comment, asked first.
    await link.reject().click();
    await customer.page.getByText(QUOTATIONS_MESSAGES.rejectNeedsComment).waitFor();
    await link.comment().fill('Please come on Saturday morning.');
    await link.accept().click();
    await link.confirm(number).getByRole('button', { name: 'Accept quotation' }).click();
    await expectMessage(customer.page, QUOTATIONS_MESSAGES.accepted(number, ORGANIZATION));
    await customer.page.getByText('The quotation is now accepted.').waitFor();
    expect(await link.accept().count()).toBe(0);
    await screenshot(customer.page, 'quotation-customer-accepted');
    // Opened again, the link says it was answered, with the comment.
    await customer.page.reload();
    await customer.page.getByText(/^You accepted this quotation on /).waitFor();
    await customer.page.getByText('Your comment: “Please come on Saturday morning.”').waitFor();
    await customer.context.close();

    // Back in the portal: accepted, with the customer's words and the ticket it raised.
    await desk.reload();
    await list.row(number).getByText('Accepted', { exact: true }).waitFor();
    details = await list.open(number);
    await details.getByText(/Accepted by the customer on .*: “Please come on Saturday morning\.”/).waitFor();
    const made = details.getByRole('region', { name: 'What accepting it made' });
    const raised = made.getByRole('link');
    await raised.first().waitFor();
    const raisedNumber = ((await raised.first().textContent()) ?? '').trim();
    expect(raisedNumber).toMatch(/^[A-Z]+-\d{6}$/);
    expect(await details.getByRole('button', { name: 'Record payment' }).count()).toBe(1);
    await screenshot(desk, 'quotation-accepted');
    await raised.first().click();
    await desk.getByRole('heading', { level: 1, name: `Ticket ${raisedNumber}` }).waitFor();
    await admin.context.close();
  }, 300_000);

  it('starts from a template: its lines, terms and validity', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'ADMIN', '/TemplateList');
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    await page.getByRole('button', { name: 'Add template' }).click();
    const add = draftForm(page, 'Add template');
    const name = 'E2E gas top-up visit';
    const terms = 'Gas charged by weight; the rest at the rates above.';
    await add.dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await add.dialog.getByRole('spinbutton', { name: 'Valid for (days)' }).fill('20');
    await add.dialog.getByRole('textbox', { name: 'Header' }).fill('Our engineer found the gas low.');
    await add.dialog.getByRole('textbox', { name: 'Terms' }).fill(terms);
    await add.dialog.getByRole('button', { name: 'Add line' }).click();
    await add.chooseItem(1, 'Spare part', PART);
    await expect
      .poll(() => add.line(1).getByRole('textbox', { name: 'Unit price' }).inputValue())
      .not.toBe('');
    await add.line(1).getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await optionsClosed(page);
    await screenshot(page, 'quotation-template-add');
    await add.dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectMessage(page, `Template '${name}' created`);
    await page
      .getByRole('grid', { name: 'Templates' })
      .getByRole('row')
      .filter({ hasText: name })
      .getByText('1 line')
      .waitFor();

    // A new quotation from it: the template's line, terms and validity from today.
    await page.goto('/QuotationsList');
    await quotationsScreen(page).newButton().click();
    const draft = draftForm(page);
    await draft.dialog.getByRole('combobox', { name: 'Customer' }).fill(CUSTOMER);
    await page
      .getByRole('option', { name: new RegExp(`^${CUSTOMER}`) })
      .first()
      .click();
    await choose(draft.dialog, page, 'Template', name);
    await expect
      .poll(() => draft.dialog.getByLabel('Valid until', { exact: true }).inputValue())
      .toBe(shiftDay(dayIn(TIME_ZONE), 20));
    expect(await draft.dialog.getByRole('textbox', { name: 'Terms' }).inputValue()).toBe(terms);
    expect(await draft.dialog.getByRole('textbox', { name: 'Header' }).inputValue()).toBe(
      'Our engineer found the gas low.',
    );
    // The blank first line gave way to the template's.
    expect(await draft.dialog.getByRole('group', { name: /^Line \d+$/ }).count()).toBe(1);
    await expect
      .poll(() => draft.line(1).getByRole('combobox', { name: 'Spare part' }).textContent())
      .toBe(PART);
    expect((await draft.figures(1)).quantity).toBe(2);
    await draft.totals.getByText('Within the state: CGST + SGST', { exact: false }).waitFor();
    await optionsClosed(page);
    await screenshot(page, 'quotation-from-template');
    await draft.dialog.getByRole('button', { name: 'Cancel' }).click();
    await draft.dialog.waitFor({ state: 'hidden' });
    await context.close();
  }, 120_000);
});

/**
 * Fetches the quotation's PDF as the signed-in person, checks its text (the amount in words too),
 * and renders its first page to PNG beside the screenshots and in /tmp.
 */
async function readQuotationPdf(page: Page, details: Locator, expected: string[]) {
  const href = await details.getByRole('link', { name: 'PDF' }).getAttribute('href');
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quotation-pdf-'));
  const file = path.join(dir, 'quotation.pdf');
  fs.writeFileSync(file, await answer.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  for (const words of expected) expect(text).toContain(words);
  expect(text).toMatch(/Rupees [A-Za-z ]+/);
  const shots = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(shots, { recursive: true });
  for (const prefix of [path.join(shots, 'quotation-pdf'), '/tmp/quotation-pdf']) {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, prefix]);
  }
  const png = fs.readdirSync(shots).find((name) => name.startsWith('quotation-pdf') && name.endsWith('.png'));
  expect(png).toBeDefined();
  // An A4 page at 80 dpi: 662 × 936 pixels, read from the PNG's header.
  const header = fs.readFileSync(path.join(shots, png!)).subarray(16, 24);
  expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([662, 936]);
  fs.rmSync(dir, { recursive: true, force: true });
}
