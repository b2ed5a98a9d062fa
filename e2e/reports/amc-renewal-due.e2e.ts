import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS_MESSAGES } from '@fieldport/contract/operations/contracts';
import type { QuotationDetails } from '@fieldport/contract/operations/quotations';
import type { ReportData } from '@fieldport/contract/operations/reports';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { openAsOwner } from '../support/master-page.ts';
import { callAs } from '../support/page-operations.ts';
import { addressOf, axeClean, expectWorkbook, FIGURES, PHONE, reportScreen } from './reports-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// AMC Renewal Due in the browser (docs/reports.md#amc-renewal-due): the owner opens the report over
// the demo's contracts, looks 60 days ahead instead of 30 by keyboard, exports the .xlsx (its totals
// the screen's), raises a renewal quotation from a row and lands on the draft, whose renewal the
// report then names and will not raise twice; at 1280 px and on a 390 px phone.

const DESK = { width: 1280, height: 900 };
const REPORT = 'GetAmcRenewalDueReport';

describe('AMC Renewal Due', () => {
  it('the owner finds the renewals to offer, looks further ahead, exports them and raises a quotation', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/AmcRenewalDue');
    const report = reportScreen(page, REPORT);
    await report.settled();
    expect(await report.headers()).toEqual([
      'Contract',
      // The row's action, beside the contract it is for.
      'Action',
      'Customer',
      'Contact',
      'Products',
      'AMC type',
      'Ends on',
      'Days left',
      'Amount',
      'Renewal quotation',
    ]);
    // The next 30 days by default: the demo's contracts due for renewal, as the server answers them.
    const month = await callAs<ReportData>(page, REPORT, {});
    expect(month.total_count).toBeGreaterThan(0);
    expect((await report.rows()).map((row) => row[0])).toEqual(month.rows.map((row) => row.contract_number));
    await report.chart().waitFor();
    await axeClean(page);
    await screenshot(page, 'reports-amc-renewal-desk');

    // 60 days ahead, chosen by keyboard: more contracts, and the address says so.
    const further = await callAs<ReportData>(page, REPORT, { days_ahead: 60 });
    expect(further.total_count).toBeGreaterThan(month.total_count);
    await report.changing(async () => {
      await report.combobox('Ending within').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('option', { name: '60 days', exact: true }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    });
    expect(addressOf(page)).toMatchObject({ days_ahead: '60' });
    await expect
      .poll(async () => (await report.rows()).map((row) => row[0]), FIGURES)
      .toEqual(further.rows.map((row) => row.contract_number));
    expect(await report.total('Amount')).toBe(
      further.rows.reduce((sum, row) => sum + Number(row.amount), 0) / 100,
    );
    await axeClean(page);

    const exported = await report.export();
    expect(exported.response.status()).toBe(200);
    expect(new URL(exported.response.url()).searchParams.get('days_ahead')).toBe('60');
    expect(exported.file).toMatch(/^AMC-Renewal-Due-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // The workbook has the report's columns, not the screen's action.
    await expectWorkbook(
      exported.body,
      (await report.totals()).filter((_, index) => index !== 1),
    );

    // A contract without an open renewal quotation: raised from its row, by keyboard.
    const open = further.rows.find((row) => row.renewal_quotation === null);
    expect(open, 'a contract without a renewal quotation').toBeDefined();
    const number = String(open!.contract_number);
    const raise = page.getByRole('button', { name: `Raise renewal quotation for ${number}` });
    await raise.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/QuotationsView\?quotation_id=/, { timeout: 15_000 });
    const quotationId = addressOf(page).quotation_id;
    const quotation = (
      await callAs<{ items: QuotationDetails[] }>(page, 'GetQuotation', { quotation_id: quotationId })
    ).items[0];
    expect(quotation).toMatchObject({ state: 'DRAFT', customer_name: open!.customer_name });
    expect(quotation.taxable_amount).toBe(open!.amount);
    await page
      .getByText(CONTRACTS_MESSAGES.renewalRaised(quotation.quotation_number, number), { exact: true })
      .waitFor();
    const article = page.getByRole('article', {
      name: new RegExp(quotation.quotation_number.replace(/\//g, '\\/')),
    });
    await article.waitFor();
    for (const line of quotation.lines) await article.getByText(line.fleet_item_serial!).first().waitFor();
    await axeClean(page);
    await screenshot(page, 'reports-amc-renewal-quotation');

    // Back on the report: the row names its quotation, and a second raise is refused.
    await page.goBack();
    await report.settled();
    const row = page.getByRole('row').filter({ hasText: number });
    await row.getByText(quotation.quotation_number).waitFor();
    await row.getByRole('button', { name: `Raise renewal quotation for ${number}` }).click();
    const refusal = page.getByText(CONTRACTS_MESSAGES.renewalOpen(number, quotation.quotation_number));
    await refusal.waitFor();
    expect(new URL(page.url()).pathname).toBe('/AmcRenewalDue');
    // The messages go after five seconds; the phone's picture shows the table under them.
    await refusal.waitFor({ state: 'detached', timeout: 15_000 });

    // On a phone the page keeps to the screen's width; the table scrolls inside its card.
    await page.setViewportSize(PHONE);
    await report.settled();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await axeClean(page);
    await report.table.scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-amc-renewal-phone');
    await context.close();
  });
});
