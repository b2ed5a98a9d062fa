import type { Page } from 'playwright-core';
import { DEMO } from './browser.ts';
import { expectPath, loginPage } from './login-page.ts';

/** A master screen (ui/master-page.tsx) as a person uses it: by labels and button names. */
export function masterPage(page: Page, options: { title: string; noun: string; nouns: string }) {
  const table = page.getByRole('grid', { name: options.title });
  return {
    table,
    search: () => page.getByRole('searchbox', { name: `Search ${options.nouns}` }),
    status: () => page.getByRole('combobox', { name: 'Status' }),
    exportButton: () => page.getByRole('button', { name: 'Export' }),
    addButton: () => page.getByRole('button', { name: `Add ${options.noun}` }),
    dialog: () => page.getByRole('dialog'),
    /** The names in the table's first text column, in order. */
    async names(column = 'Name'): Promise<string[]> {
      await table.waitFor();
      const headers = await table.getByRole('columnheader').allTextContents();
      const index = headers.findIndex((header) => header.trim() === column);
      return table
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') })
        .evaluateAll(
          (rows, at) =>
            rows.map((row) => (row.querySelectorAll('[role="gridcell"]')[at]?.textContent ?? '').trim()),
          index,
        );
    },
    row: (name: string) => table.getByRole('row').filter({ hasText: name }),
    async chooseStatus(label: 'All' | 'Active' | 'Inactive') {
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    },
  };
}

/** Signs in as the demo owner and opens a route. */
export async function openAsOwner(page: Page, route: string) {
  const login = loginPage(page);
  await login.open();
  await login.signIn(DEMO.email('OWNER'), DEMO.password);
  await expectPath(page, '/Dashboard', 15_000);
  await page.goto(route);
  await expectPath(page, route);
}
