import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { REPORT_LAYOUTS, type ReportName } from '@fieldport/contract/operations/reports';

/**
 * A report's screen (features/reports/report-page.tsx) as a person uses it: the filters by their
 * labels, the chart by its caption, the table by the report's title, Export by its name.
 */
export function reportScreen(page: Page, name: ReportName) {
  const layout = REPORT_LAYOUTS[name];
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
    heading: () => page.getByRole('heading', { level: 1, name: layout.title }),
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
            /No tickets in this period\.|No active tickets\.|Choose a period|could not be loaded/.test(
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
