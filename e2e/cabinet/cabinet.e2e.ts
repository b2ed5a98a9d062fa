import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CABINET_MESSAGES, quotaWords, type CabinetSummary } from '@fieldport/contract/operations/cabinet';
import { FILE_PURPOSE_RULES } from '@fieldport/contract/operations/files';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { optionsClosed } from '../inventory/parts-journey-page.ts';
import { focusedLabel } from '../requests/requests-page.ts';
import { still } from '../schedules/schedules-page.ts';
import { checkAccessibilityNow } from '../support/axe-gate.ts';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { openAsOwner } from '../support/master-page.ts';
import {
  buttonsNamed,
  cabinetScreen,
  documentDialog,
  folderDialog,
  folderInAddress,
  tabUntil,
} from './cabinet-page.ts';
import { simplePdf } from '../../apps/server/src/modules/cabinet/demo-cabinet.ts';
import { callAs } from '../support/page-operations.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The cabinet in the browser (docs/cabinet.md): the owner makes a folder shared with the demo's
// dealer and another shared with its service partner, and adds a real PDF to the first (a file of
// another type refused first); the quota grows by it. The dealer's owner finds the first folder
// from the menu and downloads the PDF, and neither sees the partner's folder nor any button to
// change the cabinet; the partner sees its folder and not the dealer's. A folder is made and
// deleted by keyboard alone. Both the owner's and the dealer's screens pass axe at 1280 and 390 px.

const DESK = { width: 1280, height: 850 };
const PHONE = { width: 390, height: 844 };
const DEALER = 'Sharma Appliances';
const PARTNER = 'CoolFix Services';

/** Names no other run or journey uses: the demo's own folders are left as they are. */
const stamp = Date.now().toString(36);
const DEALER_FOLDER = `Dealer price lists ${stamp}`;
const PARTNER_FOLDER = `Partner circulars ${stamp}`;
const KEYBOARD_FOLDER = `Keyboard notes ${stamp}`;
const FILE_NAME = `Price list ${stamp}.pdf`;
const PDF = simplePdf([`Sharma Appliances price list ${stamp}`]);

const summaryOf = (page: Page) => callAs<CabinetSummary>(page, 'GetCabinetSummary', {});

/** What axe finds on the page as it is now (the gate checks each screen too): nothing. */
async function expectAccessible(page: Page) {
  await still(page);
  const { violations } = await checkAccessibilityNow(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('Cabinet', () => {
  it('the owner shares a folder with the dealer, who downloads its PDF; a partner not chosen does not see it', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-cabinet-')), FILE_NAME);
    await fs.writeFile(file, PDF);

    // The owner: the quota, and the demo's folders.
    const owner = await newPage(DESK);
    await openAsOwner(owner.page, '/Cabinet');
    const cabinet = cabinetScreen(owner.page);
    await cabinet.heading().waitFor();
    const before = await summaryOf(owner.page);
    expect(before.may_manage).toBe(true);
    expect(await cabinet.quota().getAttribute('aria-valuetext')).toBe(
      quotaWords(before.used_bytes, before.quota_bytes),
    );
    await owner.page.getByText(quotaWords(before.used_bytes, before.quota_bytes), { exact: true }).waitFor();
    await cabinet.folders.getByRole('link').first().waitFor();

    // A folder for the dealer's people, and one for the partner's.
    await cabinet.newFolder().click();
    let dialog = folderDialog(owner.page, 'New folder');
    await dialog.save('Create folder').click();
    await dialog.dialog.getByText('Folder name is required', { exact: false }).waitFor();
    await dialog.name().fill(DEALER_FOLDER);
    await dialog.description().fill('Price lists and schemes for Sharma Appliances.');
    await dialog.shareWith(DEALER);
    await optionsClosed(owner.page);
    await dialog.dialog.getByRole('button', { name: DEALER }).waitFor();
    await still(owner.page);
    await screenshot(owner.page, 'cabinet-new-folder');
    await dialog.save('Create folder').click();
    await expectMessage(owner.page, CABINET_MESSAGES.folderCreated(DEALER_FOLDER));
    await dialog.dialog.waitFor({ state: 'hidden' });
    await cabinet.folderHeading(DEALER_FOLDER).waitFor();
    await expect.poll(() => folderInAddress(owner.page)).not.toBeNull();
    const dealerFolderId = folderInAddress(owner.page)!;

    await cabinet.newFolder().click();
    dialog = folderDialog(owner.page, 'New folder');
    await dialog.name().fill(PARTNER_FOLDER);
    await dialog.shareWith(PARTNER);
    await optionsClosed(owner.page);
    await dialog.save('Create folder').click();
    await expectMessage(owner.page, CABINET_MESSAGES.folderCreated(PARTNER_FOLDER));
    await cabinet.folderHeading(PARTNER_FOLDER).waitFor();
    await expect.poll(() => folderInAddress(owner.page)).not.toBe(dealerFolderId);
    const partnerFolderId = folderInAddress(owner.page)!;

    // Edit shows whom it is shared with; a name another folder has is refused under the field.
    await cabinet.editFolder().click();
    const edit = folderDialog(owner.page, `Edit folder '${PARTNER_FOLDER}'`);
    await edit.dialog.getByRole('button', { name: PARTNER }).waitFor();
    await edit.name().fill(DEALER_FOLDER);
    await edit.save('Save folder').click();
    await edit.dialog.getByText(CABINET_MESSAGES.folderNameTaken(DEALER_FOLDER), { exact: true }).waitFor();
    expect(await edit.name().getAttribute('aria-invalid')).toBe('true');
    await edit.name().fill(PARTNER_FOLDER);
    await edit.description().fill('Circulars for the service partner.');
    await edit.save('Save folder').click();
    await expectMessage(owner.page, CABINET_MESSAGES.folderUpdated(PARTNER_FOLDER));
    await edit.dialog.waitFor({ state: 'hidden' });
    await owner.page.getByText('Circulars for the service partner.', { exact: true }).waitFor();

    // Both are listed with whom they are shared; the dealer's is chosen from the list.
    await cabinet.searchFolders().fill(stamp);
    await expect.poll(() => cabinet.folders.getByRole('link').count()).toBe(2);
    await cabinet.folder(DEALER_FOLDER).getByText(DEALER, { exact: true }).waitFor();
    await cabinet.folder(PARTNER_FOLDER).getByText(PARTNER, { exact: true }).waitFor();
    await cabinet.folder(DEALER_FOLDER).click();
    await cabinet.folderHeading(DEALER_FOLDER).waitFor();
    expect(folderInAddress(owner.page)).toBe(dealerFolderId);
    expect(await cabinet.folder(DEALER_FOLDER).getAttribute('aria-current')).toBe('true');
    await owner.page.getByText('No documents in this folder yet', { exact: true }).waitFor();

    // A file of another type is refused before it travels, with the rule's words.
    await cabinet.addDocument().click();
    const adding = documentDialog(owner.page, DEALER_FOLDER);
    await adding.choose({
      name: 'installer.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await adding.dialog
      .getByText(FILE_PURPOSE_RULES.CABINET_DOCUMENT.typesMessage, { exact: true })
      .waitFor();
    await adding.add().click();
    await adding.dialog
      .getByText(FILE_PURPOSE_RULES.CABINET_DOCUMENT.typesMessage, { exact: true })
      .waitFor();
    await still(owner.page);
    await screenshot(owner.page, 'cabinet-document-refused');

    // The PDF: uploaded, added, listed; the quota grows by its size.
    await adding.choose(file);
    await adding.dialog.getByText(FILE_NAME, { exact: true }).waitFor();
    await adding.description().fill('Prices from 1 April, for the dealer’s counter.');
    await still(owner.page);
    await screenshot(owner.page, 'cabinet-add-document');
    await adding.add().click();
    await expectMessage(owner.page, CABINET_MESSAGES.documentAdded(FILE_NAME));
    await adding.dialog.waitFor({ state: 'hidden' });
    const row = cabinet.documentRow(DEALER_FOLDER, FILE_NAME);
    await row.getByText(`PDF · ${PDF.length} bytes`, { exact: true }).waitFor();
    await row.getByText('Olivia Owner', { exact: true }).waitFor();
    await cabinet
      .folder(DEALER_FOLDER)
      .getByText(`1 document · ${PDF.length} bytes`, { exact: true })
      .waitFor();
    await expect
      .poll(async () => (await summaryOf(owner.page)).used_bytes)
      .toBe(before.used_bytes + PDF.length);
    const after = await summaryOf(owner.page);
    await expect
      .poll(() => cabinet.quota().getAttribute('aria-valuetext'))
      .toBe(quotaWords(after.used_bytes, after.quota_bytes));
    await owner.page
      .getByRole('region', { name: DEALER_FOLDER, exact: true })
      .getByText('Shared with', { exact: true })
      .waitFor();
    // Its name is the folder's own now: the same file again is refused, on the file.
    await cabinet.addDocument().click();
    await adding.choose(file);
    await adding.add().click();
    await adding.dialog.getByText(CABINET_MESSAGES.documentNameTaken(FILE_NAME), { exact: true }).waitFor();
    await adding.dialog.getByRole('button', { name: 'Cancel' }).click();
    await adding.dialog.waitFor({ state: 'hidden' });

    // Read again, without the messages over it.
    await owner.page.reload();
    await cabinet.documentRow(DEALER_FOLDER, FILE_NAME).waitFor();
    await expectAccessible(owner.page);
    await screenshot(owner.page, 'cabinet-owner');

    // The dealer's owner: from the menu to the folder, and the PDF downloaded.
    const dealer = await newPage(DESK);
    const login = loginPage(dealer.page);
    await login.open();
    await login.signIn(DEMO.email('DEALER_OWNER'), DEMO.password);
    // Its landing page first: a menu click before the sign-in's own move to it would be undone.
    await expectPath(dealer.page, '/ActiveTickets', 15_000);
    await dealer.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByText('Cabinet', { exact: true })
      .click();
    await expectPath(dealer.page, '/Cabinet');
    const shared = cabinetScreen(dealer.page);
    await shared.heading().waitFor();
    await shared.folders.getByRole('link').first().waitFor();
    expect(await shared.folders.getByRole('link').count()).toBeGreaterThan(0);
    expect(await shared.quota().count()).toBe(0);
    await shared.searchFolders().fill(stamp);
    await shared.folder(DEALER_FOLDER).waitFor();
    await expect.poll(() => shared.folders.getByRole('link').count()).toBe(1);
    expect(await shared.folder(PARTNER_FOLDER).count()).toBe(0);
    await shared.folder(DEALER_FOLDER).click();
    await shared.folderHeading(DEALER_FOLDER).waitFor();
    expect(folderInAddress(dealer.page)).toBe(dealerFolderId);
    await shared.documentRow(DEALER_FOLDER, FILE_NAME).waitFor();
    const [download] = await Promise.all([
      dealer.page.waitForEvent('download'),
      shared.download(FILE_NAME).click(),
    ]);
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const fetched = await dealer.page.request.get(download.url());
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await fetched.body()).equals(PDF)).toBe(true);
    // Nothing to change the cabinet with.
    for (const name of [/New folder/, /Add document/, /Edit folder/, /^Delete/]) {
      expect(await buttonsNamed(dealer.page, name).count(), String(name)).toBe(0);
    }
    await expectAccessible(dealer.page);
    await screenshot(dealer.page, 'cabinet-dealer');

    // The partner's folder, even by its address, is not the dealer's to read.
    await dealer.page.goto(`/Cabinet?folder=${partnerFolderId}`);
    await dealer.page.getByText(CABINET_MESSAGES.folderNotFound, { exact: true }).waitFor();
    await still(dealer.page);
    await screenshot(dealer.page, 'cabinet-dealer-not-shared');

    // The service partner sees its own folder and not the dealer's.
    const partner = await newPage(DESK);
    await openAs(partner.page, 'SERVICE_PARTNER', '/Cabinet');
    const theirs = cabinetScreen(partner.page);
    await theirs.heading().waitFor();
    await theirs.searchFolders().fill(stamp);
    await theirs.folder(PARTNER_FOLDER).waitFor();
    await expect.poll(() => theirs.folders.getByRole('link').count()).toBe(1);
    expect(await theirs.folder(DEALER_FOLDER).count()).toBe(0);
    await partner.page.goto(`/Cabinet?folder=${dealerFolderId}`);
    await partner.page.getByText(CABINET_MESSAGES.folderNotFound, { exact: true }).waitFor();
    await partner.context.close();

    // On a phone: the folders over the chosen folder, nothing wider than the screen.
    for (const [who, page] of [
      ['owner', owner.page],
      ['dealer', dealer.page],
    ] as const) {
      await page.setViewportSize(PHONE);
      await page.goto(`/Cabinet?folder=${dealerFolderId}`);
      await cabinetScreen(page).folderHeading(DEALER_FOLDER).waitFor();
      await cabinetScreen(page).documentRow(DEALER_FOLDER, FILE_NAME).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await screenshot(page, `cabinet-${who}-phone`);
      await cabinetScreen(page).folderHeading(DEALER_FOLDER).scrollIntoViewIfNeeded();
      await still(page);
      await screenshot(page, `cabinet-${who}-phone-folder`);
    }
    await dealer.context.close();

    // Deleting the dealer's folder names the document that goes with it; the quota gives it back.
    await owner.page.setViewportSize(DESK);
    await cabinet.folderHeading(DEALER_FOLDER).waitFor();
    await cabinet.deleteFolder().click();
    const confirm = owner.page.getByRole('dialog', { name: `Delete folder '${DEALER_FOLDER}'?` });
    await confirm.getByText('Its 1 document is deleted with it.', { exact: false }).waitFor();
    await still(owner.page);
    await screenshot(owner.page, 'cabinet-delete-folder');
    await confirm.getByRole('button', { name: 'Delete folder and 1 document' }).click();
    await expectMessage(owner.page, CABINET_MESSAGES.folderDeleted(DEALER_FOLDER, 1));
    await expect.poll(async () => (await summaryOf(owner.page)).used_bytes).toBe(before.used_bytes);
    await expect.poll(() => folderInAddress(owner.page)).not.toBe(dealerFolderId);
    await owner.page.goto(`/Cabinet?folder=${partnerFolderId}`);
    await cabinet.folderHeading(PARTNER_FOLDER).waitFor();
    await cabinet.deleteFolder().click();
    await owner.page
      .getByRole('dialog', { name: `Delete folder '${PARTNER_FOLDER}'?` })
      .getByRole('button', { name: 'Delete folder', exact: true })
      .click();
    await expectMessage(owner.page, CABINET_MESSAGES.folderDeleted(PARTNER_FOLDER, 0));
    await owner.context.close();
  }, 240_000);

  it('a folder is made, shared and deleted with the keyboard alone', async () => {
    const { page, context } = await newPage(DESK);
    await openAsOwner(page, '/Cabinet');
    const cabinet = cabinetScreen(page);
    await cabinet.heading().waitFor();
    await cabinet.newFolder().waitFor();

    await tabUntil(page, 'New folder', focusedLabel);
    await page.keyboard.press('Enter');
    const dialog = folderDialog(page, 'New folder');
    await dialog.dialog.waitFor();
    expect(await focusedLabel(page)).toBe('Folder name');
    await page.keyboard.type(KEYBOARD_FOLDER);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Description');
    await page.keyboard.type('Made without a mouse.');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Shared with');
    await page.keyboard.type('Sharma');
    await page.getByRole('option', { name: DEALER, exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.dialog.getByRole('button', { name: DEALER }).waitFor();
    await optionsClosed(page);
    await still(page);
    await screenshot(page, 'cabinet-keyboard-folder');
    await tabUntil(page, 'Create folder', focusedLabel, 6);
    await page.keyboard.press('Enter');
    await expectMessage(page, CABINET_MESSAGES.folderCreated(KEYBOARD_FOLDER));
    await dialog.dialog.waitFor({ state: 'hidden' });
    await cabinet.folderHeading(KEYBOARD_FOLDER).waitFor();
    await page
      .getByRole('region', { name: KEYBOARD_FOLDER, exact: true })
      .getByText(DEALER, { exact: true })
      .waitFor();

    // And deleted: Cancel has the focus in the question, the next Tab the deletion.
    await tabUntil(page, 'Delete folder', focusedLabel);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Delete folder '${KEYBOARD_FOLDER}'?` });
    await confirm.waitFor();
    expect(await focusedLabel(page)).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Delete folder');
    await page.keyboard.press('Enter');
    await expectMessage(page, CABINET_MESSAGES.folderDeleted(KEYBOARD_FOLDER, 0));
    await cabinet.searchFolders().fill(KEYBOARD_FOLDER);
    await page.getByText('No folder matches your search', { exact: true }).waitFor();
    await context.close();
  }, 120_000);
});
