import type { Page } from 'playwright-core';
import { DEMO } from '../support/browser.ts';
import { expectPath, loginPage } from '../support/login-page.ts';

/** An approvals screen (features/approvals/approvals-page.tsx) as a person uses it. */
export function approvalsScreen(page: Page, title = 'Product Fleet Approvals') {
  const tab = (name: 'Waiting for me' | 'Raised by me' | 'All') =>
    page.getByRole('tab', { name: new RegExp(`^${name}`) });
  const table = page.getByRole('grid', { name: new RegExp(`^${title}: `) });
  const request = page.getByRole('dialog');
  return {
    tab,
    table,
    /** The open request's dialog (named by its summary). */
    request,
    /** A request's summary in the list: a button that opens it. */
    open: (summary: string) => table.getByRole('button', { name: summary, exact: true }),
    row: (summary: string) => table.getByRole('row').filter({ hasText: summary }),
    level: (number: number) => request.getByRole('listitem', { name: `Level ${number}` }),
    history: () => request.getByRole('region', { name: 'History' }),
    comment: () => request.getByRole('textbox', { name: 'Comment' }),
    button: (name: 'Approve' | 'Reject' | 'Withdraw request' | 'Close') =>
      request.getByRole('button', { name, exact: true }),
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
