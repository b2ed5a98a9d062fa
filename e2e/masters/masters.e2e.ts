import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { masterPage, openAsOwner } from '../support/master-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** Also into /tmp/shots/masters for people to look at (where screenshots are collected). */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  await fs.mkdir('/tmp/shots/masters', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/masters/e2e-${name}.png`, fullPage: true });
}

describe('settings masters in the browser', () => {
  it('deactivates a closure remark after confirming, and activates it again', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/ClosureRemarks');
    const remarks = masterPage(page, {
      title: 'Closure Remarks',
      noun: 'closure remark',
      nouns: 'closure remarks',
    });
    await page.getByRole('heading', { name: 'Closure Remarks' }).waitFor();
    expect(await remarks.names()).toContain('Customer not available');
    await shot(page, 'closure-remarks-desktop');

    const row = remarks.row('Customer not available');
    await row.getByRole('button', { name: 'Deactivate Customer not available' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate closure remark?' });
    await confirm
      .getByText("'Customer not available' will no longer be offered for new work.", { exact: false })
      .waitFor();
    await shot(page, 'closure-remarks-confirm');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('Active', { exact: true }).waitFor();

    // By keyboard: Enter opens the confirmation, Escape closes it, and the focus is back on the
    // button that opened it (docs/architecture.md#the-accessibility-gate).
    const deactivate = row.getByRole('button', { name: 'Deactivate Customer not available' });
    await deactivate.focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => deactivate.evaluate((button) => button === document.activeElement)).toBe(true);

    await row.getByRole('button', { name: 'Deactivate Customer not available' }).click();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectMessage(page, "Closure remark 'Customer not available' deactivated");
    await row.getByText('Inactive', { exact: true }).waitFor();

    await remarks.chooseStatus('Inactive');
    await expect.poll(() => remarks.names()).toEqual(['Closed by phone', 'Customer not available']);

    await row.getByRole('button', { name: 'Activate Customer not available' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate closure remark?' });
    await activate.getByRole('button', { name: 'Activate' }).click();
    await expectMessage(page, "Closure remark 'Customer not available' activated");
    await expect.poll(() => remarks.names()).toEqual(['Closed by phone']);
    await context.close();
  });

  it('searches problem descriptions and exports exactly the rows found to .xlsx', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/ProblemDescription');
    const problems = masterPage(page, {
      title: 'Problem Description',
      noun: 'problem description',
      nouns: 'problem descriptions',
    });
    await problems.table.waitFor();
    await problems.search().fill('  water ');
    await expect.poll(() => problems.names()).toEqual(['Water leakage']);
    await problems.search().fill('no');
    const found = [
      'Drum not spinning',
      'Not cooling',
      'Not powering on',
      'Remote not working',
      'Unusual noise',
    ];
    await expect.poll(() => problems.names()).toEqual(found);

    const [download] = await Promise.all([page.waitForEvent('download'), problems.exportButton().click()]);
    expect(download.suggestedFilename()).toMatch(/^Problem-Descriptions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-export-')), 'export.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1, 3)));
    expect(rows).toEqual([['Name', 'Status'], ...found.map((name) => [name, 'Active'])]);
    await expectMessage(page, `Downloaded ${download.suggestedFilename()}`);

    await problems.search().fill('zzzz nothing');
    await page.getByText('Nothing matches your search or filter').waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(async () => (await problems.names()).length).toBe(10);
    await context.close();
  });

  it('adds an additional part: field errors first, a duplicate name refused on its field, then saved', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/AdditionalParts');
    const parts = masterPage(page, {
      title: 'Additional Parts',
      noun: 'additional part',
      nouns: 'additional parts',
    });
    await parts.addButton().click();
    const dialog = page.getByRole('dialog', { name: 'Add additional part' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Part code is required').waitFor();
    await dialog.getByText('Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals').waitFor();
    await shot(page, 'additional-part-errors');

    await dialog.getByLabel('Name').fill('Outdoor unit stand');
    await dialog.getByLabel('Part code').fill('ac-stand-xl');
    await dialog.getByLabel('Price').fill('1,850.5');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    // The server's CONFLICT lands under the field it names.
    await dialog.getByText("An additional part named 'Outdoor unit stand' already exists.").waitFor();
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Name').fill('Outdoor unit stand (XL)');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectMessage(page, "Additional part 'Outdoor unit stand (XL)' created");
    await dialog.waitFor({ state: 'hidden' });
    const row = parts.row('Outdoor unit stand (XL)');
    await row.getByText('₹1,850.50').waitFor();
    await row.getByText('AC-STAND-XL').waitFor();
    await context.close();
  });

  it('adds a second-level escalation rule for urgent air-conditioner tickets, by keyboard where it can', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/EscalationNotification');
    const rules = masterPage(page, {
      title: 'Escalation Notification',
      noun: 'escalation notification',
      nouns: 'escalation notifications',
    });
    await page
      .getByText(/the portal mails the rule.s people and notes it on the ticket.s timeline/)
      .waitFor();
    await expect.poll(() => rules.names()).toContain('Unassigned for 4 hours');
    await rules.row('Unassigned for 4 hours').getByText('All tickets').waitFor();

    await rules.addButton().click();
    const dialog = page.getByRole('dialog', { name: 'Add escalation notification' });
    await dialog.getByLabel('Name').fill('Urgent AC waiting 2 hours');
    await dialog.getByLabel('After (hours)').fill('2');
    await dialog.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Level 2' }).click();
    await dialog.getByRole('combobox', { name: 'Only of priority' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Urgent' }).click();
    await dialog.getByRole('combobox', { name: 'Only of category' }).click();
    await page.getByRole('option', { name: 'Air Conditioner', exact: true }).click();
    await dialog.getByLabel('Notify emails').fill('service.head@demo.local');
    await shot(page, 'escalation-rule-form');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectMessage(page, "Escalation notification 'Urgent AC waiting 2 hours' created");
    const row = rules.row('Urgent AC waiting 2 hours');
    await row.getByText('Urgent · Air Conditioner').waitFor();
    await shot(page, 'escalation-rules-desktop');
    await context.close();
  });

  it('below 850 px: the list fits, row actions fold into a menu, sub-stages open full screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAsOwner(page, '/WipState');
    const states = masterPage(page, { title: 'WIP State', noun: 'WIP state', nouns: 'WIP states' });
    await expect.poll(() => states.names()).toEqual(['Diagnosis', 'Parts', 'Repair', 'Installation']);
    const overflow = await sideways(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'wip-states-narrow');

    await states.row('Diagnosis').getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Sub-stages of Diagnosis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sub-stages of Diagnosis' });
    const stages = masterPage(page, {
      title: 'Sub-stages of Diagnosis',
      noun: 'WIP sub-stage',
      nouns: 'WIP sub-stages',
    });
    await expect.poll(() => stages.names()).toEqual(['Inspection', 'Awaiting customer approval']);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(400);
    await shot(page, 'wip-sub-stages-narrow');
    await context.close();
  });
});
