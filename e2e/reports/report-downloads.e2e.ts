import fsp from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '@fieldport/contract/lists';
import { REPORT_DOWNLOAD_MESSAGES } from '@fieldport/contract/operations/report-downloads';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { openAsOwner } from '../support/master-page.ts';
import { callAs } from '../support/page-operations.ts';
import { axeClean, PHONE } from './reports-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Download Reports in the browser (docs/reports.md#downloads): the owner asks for the closed
// tickets' workbook by keyboard, sees it generated in the background and listed Ready with its
// rows and size, downloads it through the signed link and finds in it every closed ticket the
// list shows; a period that ends before it starts is caught before anything is asked; at 1280 px
// and on a 390 px phone.

const DESK = { width: 1280, height: 900 };
const GENERATED = { timeout: 60_000 };

describe('Download Reports', () => {
  it('the owner generates the closed tickets workbook in the background and downloads it', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/TicketReports');
    await page.getByRole('heading', { name: 'New download' }).waitFor();
    await page.getByText('No downloads yet.').waitFor();
    await axeClean(page);
    await screenshot(page, 'reports-downloads-empty');

    // A period ending before it starts is marked on its end, and nothing can be asked.
    const from = page.getByLabel('Created from');
    const to = page.getByLabel('Created to');
    await from.fill('2026-11-20');
    await to.fill('2026-11-10');
    await page.getByText('Created to must be on or after Created from').waitFor();
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    await from.fill('');
    await to.fill('');

    // The closed tickets, chosen and asked for by keyboard.
    await page.getByRole('combobox', { name: 'Report' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Closed tickets', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Report' }).textContent())
      .toBe('Closed tickets');
    await page.getByRole('button', { name: 'Generate' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(REPORT_DOWNLOAD_MESSAGES.requested, { exact: true }).waitFor();

    // Listed at once; the job makes it Ready without the page being reloaded.
    const row = page.getByRole('row').filter({ hasText: 'Closed tickets' });
    await row.waitFor();
    await row.getByText('Ready', { exact: true }).waitFor(GENERATED);
    const closed = await callAs<PageData<unknown>>(page, 'List_closed_Tickets', {
      list: 'CLOSED',
      page_size: 10,
    });
    expect(closed.total_count).toBeGreaterThan(0);
    const rowsText = `${new Intl.NumberFormat('en-IN').format(closed.total_count)} rows`;
    await row.getByText(rowsText, { exact: true }).waitFor();
    await row.getByText(/KB · until /).waitFor();
    await axeClean(page);
    await screenshot(page, 'reports-downloads-ready-desk');

    // The signed link downloads the workbook: a header and one row per closed ticket.
    const link = row.getByRole('link', { name: /^Download Closed-tickets-as-of-\d{4}-\d{2}-\d{2}\.xlsx$/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^Closed-tickets-as-of-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const body = await fsp.readFile(await download.path());
    expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount - 1).toBe(closed.total_count);
    expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/Ticket/);

    // The status filter: nothing is waiting now.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Waiting', exact: true }).click();
    await page.getByText('Nothing matches your search or filter').waitFor();
    await context.close();

    // On a phone: the form wraps, the list keeps what matters, nothing scrolls sideways.
    const phone = await newPage(PHONE);
    await openAsOwner(phone.page, '/TicketReports');
    const phoneRow = phone.page.getByRole('row').filter({ hasText: 'Closed tickets' });
    await phoneRow.getByText('Ready', { exact: true }).waitFor();
    await phoneRow.getByRole('link', { name: /^Download / }).waitFor();
    expect(await sideways(phone.page)).toBeLessThanOrEqual(0);
    await axeClean(phone.page);
    await screenshot(phone.page, 'reports-downloads-phone');
    await phone.context.close();
  });
});
