import type { Locator, Page } from 'playwright-core';

/**
 * The Service Partner Payout screen (features/payouts/payouts-page.tsx) as a person reads it: the
 * list, a payout's details with its totals and tickets.
 */
export function payoutsScreen(page: Page, title = 'Service Partner Payout') {
  const list = page.getByRole('grid', { name: title });
  return {
    list,
    row: (invoiceNumber: string) => list.getByRole('row').filter({ hasText: invoiceNumber }),
    generateButton: () => page.getByRole('button', { name: 'Generate payout' }),
    /** Opens a payout of the list by its invoice number: the number is a button of its row. */
    async open(invoiceNumber: string) {
      await list.getByRole('button', { name: invoiceNumber, exact: true }).click();
      const details = page.getByRole('dialog', { name: `Payout ${invoiceNumber}` });
      await details.waitFor();
      return details;
    },
  };
}

/** '₹1,23,456.50' -> 12345650 paise. */
export function paiseOf(text: string): number {
  const match = /₹([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  return Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]);
}

/** A description list's amounts by their labels (ui/tax-totals.tsx): { Taxable: 90000, ... }. */
export async function amountsOf(list: Locator): Promise<Record<string, number>> {
  const labels = await list.getByRole('term').allTextContents();
  const values = await list.getByRole('definition').allTextContents();
  return Object.fromEntries(labels.map((label, index) => [label.trim(), paiseOf(values[index])]));
}

/** The texts of one column of a grid's rows, found by the column's header. */
export async function columnTexts(grid: Locator, header: string): Promise<string[]> {
  const headers = (await grid.getByRole('columnheader').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`);
  const rows = await grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('gridcell') })
    .all();
  return Promise.all(
    rows.map(async (row) => (await row.getByRole('gridcell').nth(index).textContent()) ?? ''),
  );
}
