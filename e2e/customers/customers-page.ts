import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { DEMO } from '../support/browser.ts';
import { expectPath, loginPage } from '../support/login-page.ts';

/** The customers screen (features/customers/) as a person uses it: labels, roles, button names. */
export function customersPage(page: Page, title = 'Customers') {
  const table = page.getByRole('grid', { name: title });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  return {
    table,
    dialog,
    search: () => page.getByRole('searchbox', { name: 'Search by name, phone or email' }),
    row: (text: string) => table.getByRole('row').filter({ hasText: text }),
    /** The names of the rows shown, in order (the first line of the Name column). */
    async names(): Promise<string[]> {
      await table.waitFor();
      return table
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') })
        .evaluateAll((rows) =>
          rows.map((row) => (row.querySelector('[role="gridcell"] p')?.textContent ?? '').trim()),
        );
    },
    /** Types into a labelled field of a form (or of one part of it, e.g. a secondary location). */
    async fill(scope: Locator, values: Record<string, string>) {
      for (const [label, value] of Object.entries(values)) {
        await scope.getByLabel(label, { exact: true }).fill(value);
      }
    },
  };
}

/** Signs in as a demo person and opens a route. */
export async function openAs(page: Page, role: string, route: string) {
  const login = loginPage(page);
  await login.open();
  await login.signIn(DEMO.email(role), DEMO.password);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
  await page.goto(route);
  await expectPath(page, route);
}

/** Also into /tmp/shots/customers, where people look at the screens. */
export async function shot(page: Page, name: string) {
  await fs.mkdir('/tmp/shots/customers', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/customers/e2e-${name}.png` });
}
