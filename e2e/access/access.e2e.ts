import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@fieldport/contract/messages';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage, sideMenuNames } from '../support/login-page.ts';
import { ACCESS_DESIGNATION, ACCESS_USERS } from '../support/access-fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** Screenshots go beside the others (e2e/screenshots) and to /tmp/shots/access for review. */
async function shot(page: Page, name: string) {
  await screenshot(page, `access-${name}`);
  await fs.mkdir('/tmp/shots/access', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/access/e2e-${name}.png` });
}

async function signedIn(email: string, options: { width?: number } = {}) {
  const { page, context } = await newPage({ width: options.width });
  const login = loginPage(page);
  await login.open();
  await login.signIn(email, DEMO.password);
  await expectPath(page, '/Dashboard', 15_000);
  return { page, context };
}

/** What the server answers to an operation called from the signed-in page, as the web client calls it. */
async function callFromPage(page: Page, operation: string, kind: 'query' | 'mutation' = 'query') {
  return page.evaluate(
    async ({ operation, kind }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `${kind} Call($input: JSON) { ${operation}(input: $input) }`,
          variables: { input: {} },
        }),
      });
      const body = (await response.json()) as {
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      return body.errors?.[0] ?? null;
    },
    { operation, kind },
  );
}

describe('organization settings, designations and the audit log', () => {
  it('an admin turns credits recharge off: Transactions leaves the menu at once, and the audit log shows it', async () => {
    const { page, context } = await signedIn(ACCESS_USERS.admin);
    expect(await sideMenuNames(page)).toContain('Transactions');

    await page.goto('/OrganizationSettings');
    const credits = page.getByRole('switch', { name: 'Credits recharge' });
    await credits.waitFor();
    expect(await credits.isChecked()).toBe(true);
    await credits.click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectMessage(page, 'Organization settings saved');
    // The current user is fetched again after saving: the menu follows without a reload.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByText('Transactions')
      .waitFor({ state: 'detached', timeout: 10_000 });
    expect(await sideMenuNames(page)).not.toContain('Transactions');
    await shot(page, 'settings-saved-1366');

    await page.goto('/AuditLogs');
    const operation = page.getByRole('combobox', { name: 'Operation' });
    await operation.fill('UpdateOrganizationSettings');
    await page.getByRole('option', { name: 'UpdateOrganizationSettings' }).click();
    const grid = page.getByRole('grid', { name: 'Audit Logs' });
    await grid.getByText('enable_credits_recharge: true → false').waitFor();
    expect(await grid.getByText(ACCESS_USERS.admin).count()).toBe(1);
    await shot(page, 'audit-settings-change-1366');

    await operation.fill('Signed in');
    await page.getByRole('option', { name: 'Signed in' }).click();
    await grid.getByRole('row').filter({ hasText: ACCESS_USERS.admin }).first().waitFor();
    expect(await grid.getByText('Signed in').count()).toBeGreaterThan(0);
    await shot(page, 'audit-sign-in-1366');
    await context.close();
  });

  it("a designation loses a module's View: the manager's menu drops it at the next load, and the server refuses it", async () => {
    const manager = await signedIn(ACCESS_USERS.manager);
    expect(await sideMenuNames(manager.page)).toEqual(['Dashboard', 'Tickets', 'Cabinet', 'Audit Logs']);
    expect(await callFromPage(manager.page, 'List_Logs')).toBeNull();

    const admin = await signedIn(ACCESS_USERS.admin);
    await admin.page.goto('/DesignationsView');
    await admin.page.getByRole('button', { name: `Edit ${ACCESS_DESIGNATION}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Edit designation' });
    await dialog.getByRole('checkbox', { name: 'View on Tickets', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'View on Audit Logs', exact: true }).uncheck();
    await shot(admin.page, 'designation-editor-1366');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectMessage(admin.page, `Designation '${ACCESS_DESIGNATION}' saved`);
    await admin.context.close();

    // The server follows at once: the next call to an Audit Logs operation is refused.
    expect(await callFromPage(manager.page, 'List_Logs')).toMatchObject({
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
    await manager.page.reload();
    await expectPath(manager.page, '/Dashboard');
    expect(await sideMenuNames(manager.page)).toEqual(['Dashboard', 'Cabinet']);
    await manager.page.goto('/ActiveTickets');
    await manager.page.getByRole('alert').getByText('You do not have access to this page').waitFor();
    await shot(manager.page, 'manager-without-tickets-1366');
    await manager.context.close();
  });

  it('at 400 px: the settings, the designation editor and the audit log fit, and Transactions comes back', async () => {
    const { page, context } = await signedIn(ACCESS_USERS.admin, { width: 400 });
    await page.goto('/OrganizationSettings');
    const credits = page.getByRole('switch', { name: 'Credits recharge' });
    await credits.waitFor();
    await shot(page, 'settings-400');
    await credits.click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectMessage(page, 'Organization settings saved');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const transactions = page.getByRole('navigation', { name: 'Main menu' }).getByText('Transactions');
    await transactions.waitFor();
    await transactions.scrollIntoViewIfNeeded();
    // The drawer slides in; the picture is taken once it is in place.
    await page.waitForTimeout(400);
    await shot(page, 'menu-with-transactions-400');
    await page.keyboard.press('Escape');

    await page.goto('/DesignationsView');
    await page
      .getByRole('row', { name: new RegExp(ACCESS_DESIGNATION) })
      .getByRole('button')
      .last()
      .click();
    await page.getByRole('menuitem', { name: `Edit ${ACCESS_DESIGNATION}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit designation' });
    await dialog.getByRole('checkbox', { name: 'View on Cabinet', exact: true }).waitFor();
    await shot(page, 'designation-editor-400');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/AuditLogs');
    await page.getByRole('grid', { name: 'Audit Logs' }).getByText('Signed in').first().waitFor();
    await shot(page, 'audit-400');
    await context.close();
  });
});
