import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import ExcelJS from 'exceljs';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  REPORT_LAYOUTS,
  shiftMonth,
  type ReportLayout,
  type ReportName,
} from '@fieldport/contract/operations/reports';
import { checkAccessibilityNow } from '../support/axe-gate.ts';

/**
 * A report's screen (features/reports/report-page.tsx) as a person uses it: the filters by their
 * labels, the chart by its caption, the table by the report's title, Export by its name.
 */
export function reportScreen(page: Page, name: ReportName) {
  const layout: ReportLayout = REPORT_LAYOUTS[name];
  // A variant (layout.variants) is drawn on its route's screen, under the first variant's title.
  const title = layout.variants
    ? REPORT_LAYOUTS[layout.variants[0].report as ReportName].title
    : layout.title;
  const table = page.getByRole('table', { name: layout.title });
  const filters = page.getByRole('group', { name: 'Filters' });
  const cells = (selector: string) =>
    table
      .locator(selector)
      .evaluateAll((rows) =>
        rows.map((row) =>
          Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()),
        ),
      );
  const screen = {
    layout,
    table,
    filters,
    heading: () => page.getByRole('heading', { level: 1, name: title }),
    chart: () => page.getByRole('figure', { name: new RegExp(`^${layout.chart.title}`) }),
    exportButton: () => page.getByRole('button', { name: 'Export' }),
    combobox: (label: string) => filters.getByRole('combobox', { name: label, exact: true }),
    day: (label: string) => filters.getByLabel(label, { exact: true }),
    /**
     * Waits until the screen has loaded: the figures, or what it says instead. (Right after a
     * filter changes, the old figures may still be there: a journey waits for the new ones.)
     */
    async settled() {
      await screen.heading().waitFor();
      await page.waitForFunction(
        () =>
          !document.querySelector('[aria-busy="true"]') &&
          (Boolean(document.querySelector('main table')) ||
            /No tickets in this period\.|No attendance in this period\.|No active tickets\.|Choose a period|could not be loaded/.test(
              document.querySelector('main')?.textContent ?? '',
            )),
        undefined,
        { timeout: 15_000 },
      );
    },
    /**
     * Does what changes the figures (a filter), and waits until the new ones are shown: the
     * report's answer to them, then the screen settled. (The old figures stay on screen for a
     * moment after the change: figures equal to them would not tell the two apart.)
     */
    async changing(change: () => Promise<void>) {
      const answered = page.waitForResponse(
        (answer) =>
          answer.url().endsWith('/graphql') && (answer.request().postData() ?? '').includes(`query ${name}(`),
      );
      await change();
      await answered;
      await screen.settled();
    },
    /** Chooses an option of a filter's list. */
    async choose(label: string, option: string) {
      await screen.combobox(label).click();
      await page.getByRole('option', { name: option, exact: true }).click();
      // Until the menu has faded out it is still on the page, hidden from its role but not from axe.
      await page.getByRole('listbox', { includeHidden: true }).waitFor({ state: 'detached' });
    },
    headers: async () => (await cells('thead tr'))[0],
    /** The page of rows as shown: each row's cells' text. */
    rows: () => cells('tbody tr'),
    /** The totals row as shown. */
    totals: async () => (await cells('tfoot tr'))[0],
    /** A figure of the totals row, as a number: '₹1,200.00' is 1200. */
    async total(column: string): Promise<number> {
      const index = (await screen.headers()).indexOf(column);
      expect(index, `column ${column}`).toBeGreaterThan(-1);
      return Number((await screen.totals())[index].replace(/[₹,%]/g, ''));
    },
    /** Exports, and answers the download and the export's HTTP response. */
    async export(): Promise<{ response: Response; file: string; body: Buffer }> {
      const [response, download] = await Promise.all([
        page.waitForResponse((answer) => answer.url().includes(`/api/exports/${name}.xlsx`)),
        page.waitForEvent('download'),
        screen.exportButton().click(),
      ]);
      const path = await download.path();
      return { response, file: download.suggestedFilename(), body: await readFile(path) };
    },
  };
  return screen;
}

/** The address's query as an object, for what the filters wrote into it. */
export function addressOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

// Shared by the report journeys (reports.e2e.ts, people-reports.e2e.ts).

export const DESK = { width: 1350, height: 900 };
export const PHONE = { width: 390, height: 844 };
const TIME_ZONE = 'Asia/Kolkata';
/** How long new figures may take to come on this busy machine (expect.poll waits 1 s by default). */
export const FIGURES = { timeout: 15_000 };

/** The demo's tickets were raised over the last four weeks: a period that holds them all. */
export const today = () => dayIn(TIME_ZONE);
export const recentDays = () => ({ from_date: shiftDay(today(), -45), to_date: today() });
/** 'YYYY-MM' some months before the current one. */
export const monthsBack = (months: number) => shiftMonth(today().slice(0, 7), -months);

/** No violation on the page as it is now (the gate checks every screen too; this says where). */
export async function axeClean(page: Page) {
  const { violations } = await checkAccessibilityNow(page);
  expect(violations.map((violation) => violation.id)).toEqual([]);
}

/** The export is the workbook of every row with the totals last, those the screen shows. */
export async function expectWorkbook(body: Buffer, totals: string[]) {
  // An .xlsx is a zip: it starts with 'PK'.
  expect(body.length).toBeGreaterThan(1000);
  expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('Total');
  // The screen's figures as the workbook holds them: 1,200.00 in rupees, counts as numbers.
  const figure = (text: string) => (/\d/.test(text) ? Number(text.replace(/[₹,%]/g, '')) : null);
  totals.slice(1).forEach((text, index) => {
    const value = last.getCell(index + 2).value;
    if (figure(text) !== null) expect(Number(value), `column ${index + 2}`).toBe(figure(text));
  });
}
