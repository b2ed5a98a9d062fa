import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

const level = (page: Page, number: number) => page.getByRole('listitem', { name: `Level ${number}` });

async function choose(
  page: Page,
  number: number,
  field: 'Designations' | 'People' | 'Roles',
  option: string,
) {
  await level(page, number)
    .getByRole('combobox', { name: `${field}, Level ${number}` })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function levelNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Levels' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

describe('Workflow Settings', () => {
  it('lets the owner build a kind’s levels with a preview of who approves, reorder, save, and remove them again', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('OWNER'), DEMO.password);
    await expectPath(page, '/Dashboard');
    await page.goto('/WorkflowSettings');
    await page.getByRole('heading', { level: 1, name: 'Workflow Settings' }).waitFor();

    // The demo's fleet approvals: the Service Manager first, then the owner or an admin.
    await level(page, 1).getByText('Approved by any one of: Manoj Manager (Service Manager)').waitFor();
    await level(page, 2)
      .getByText(/Approved by any one of: .*Arjun Admin \(ADMIN\)/)
      .waitFor();

    // Fleet tagging has no workflow: the owner or an admin approves once.
    await page.getByRole('combobox', { name: 'Approval kind' }).click();
    await page.getByRole('option', { name: 'Product fleet tagging' }).click();
    const none = page.getByRole('region', { name: 'No levels' });
    await none
      .getByText(/One approval by the owner or an admin decides each request: .*Olivia Owner/)
      .waitFor();

    // A level with nobody named cannot be saved, and says why.
    await page.getByRole('button', { name: 'Add level' }).click();
    await page.getByText('Level 1 names no approver: choose a designation, a person or a role.').waitFor();
    expect(await page.getByRole('button', { name: 'Save workflow' }).isDisabled()).toBe(true);
    await choose(page, 1, 'Roles', 'ADMIN');
    await level(page, 1).getByText('Approved by any one of: Arjun Admin (ADMIN)').waitFor();

    // A second level: the Service Manager designation, all of them.
    await page.getByRole('button', { name: 'Add level' }).click();
    await choose(page, 2, 'Designations', 'Service Manager');
    await level(page, 2).getByRole('radio', { name: 'All of them' }).check();
    await level(page, 2)
      .getByText('Approved when all of these approve: Manoj Manager (Service Manager)')
      .waitFor();
    await screenshot(page, 'workflow-settings-edited-desktop');

    // The Service Manager first: moved up by keyboard.
    await page.getByRole('button', { name: 'Move Level 2 up' }).focus();
    await page.keyboard.press('Enter');
    await level(page, 1)
      .getByText('Approved when all of these approve: Manoj Manager (Service Manager)')
      .waitFor();
    await level(page, 2).getByText('Approved by any one of: Arjun Admin (ADMIN)').waitFor();

    await page.getByRole('button', { name: 'Save workflow' }).click();
    await expectMessage(page, 'Workflow saved: 2 levels');

    // Saved as ordered: read again after a reload.
    await page.reload();
    await page.getByRole('combobox', { name: 'Approval kind' }).click();
    await page.getByRole('option', { name: 'Product fleet tagging' }).click();
    await level(page, 1)
      .getByText('Approved when all of these approve: Manoj Manager (Service Manager)')
      .waitFor();
    expect(await levelNames(page)).toEqual(['Level 1', 'Level 2']);
    await page.getByText(/Last changed .* by Olivia Owner\./).waitFor();

    // Removing levels asks first, then the kind goes back to the owner or an admin.
    await page.getByRole('button', { name: 'Remove Level 2' }).click();
    await page.getByRole('button', { name: 'Remove Level 1' }).click();
    await page.getByRole('button', { name: 'Save workflow' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save with fewer levels?' });
    await confirm
      .getByText(/will climb 0 levels instead of 2: the owner or an admin approves them/)
      .waitFor();
    await confirm.getByRole('button', { name: 'Save workflow' }).click();
    await expectMessage(page, 'Workflow removed: the owner or an admin approves');
    await page.getByRole('region', { name: 'No levels' }).waitFor();
    await context.close();
  });

  it('fits a narrow screen: each level’s fields stack', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('ADMIN'), DEMO.password);
    await expectPath(page, '/Dashboard');
    await page.goto('/WorkflowSettings');
    await level(page, 1).getByText('Approved by any one of: Manoj Manager (Service Manager)').waitFor();
    const designations = await level(page, 1)
      .getByRole('combobox', { name: 'Designations, Level 1' })
      .boundingBox();
    const people = await level(page, 1).getByRole('combobox', { name: 'People, Level 1' }).boundingBox();
    expect(people!.y).toBeGreaterThan(designations!.y + designations!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'workflow-settings-narrow');
    await context.close();
  });
});
