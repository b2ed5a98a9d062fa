import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { APPROVAL_REQUESTS } from './approval-fixtures.ts';
import { approvalsScreen, openAs } from './approvals-screen-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The demo's fleet workflow: level 1 the Service Manager (Manoj Manager), level 2 the owner or an
// admin (docs/approvals.md#the-approvals-screens). Each journey decides requests of its own
// (approval-fixtures.ts).

describe('Product Fleet Approvals', () => {
  it('takes a request up both levels: the Service Manager by keyboard, then an admin', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'MANAGER', '/ProductFleetApprovals');
    const screen = approvalsScreen(page);
    await screen.tab('Waiting for me').waitFor();
    expect(await screen.tab('Waiting for me').getAttribute('aria-selected')).toBe('true');

    // Opened from the keyboard: the summary is a button of its row.
    await screen.open(APPROVAL_REQUESTS.approve).focus();
    await page.keyboard.press('Enter');
    const request = page.getByRole('dialog', { name: APPROVAL_REQUESTS.approve });
    await screen.level(1).getByText('Waits for: Manoj Manager (Service Manager)').waitFor();
    await screen.level(1).getByText('Approvers: Service Manager (designation)').waitFor();
    await screen.level(2).getByText('Not reached yet').waitFor();
    await screen.history().getByText('Raised by Deepak Dealer').waitFor();
    // The record as the fleet area describes it.
    await request.getByText('E2E-APR-101 · AC Repair', { exact: true }).first().waitFor();
    await request.getByText('Sharma Appliances').waitFor();
    await screenshot(page, 'approvals-request-desktop');

    await screen.comment().fill('Serial checked against the invoice.');
    await screen.button('Approve').focus();
    await page.keyboard.press('Enter');
    await expectMessage(page, 'Approved. The request moves to level 2.');
    await request.waitFor({ state: 'detached' });
    // Decided: it no longer waits for the Service Manager; All shows where it stands.
    await screen.row(APPROVAL_REQUESTS.approve).waitFor({ state: 'detached' });
    await screen.tab('All').click();
    await screen.row(APPROVAL_REQUESTS.approve).getByText('Level 2 of 2').waitFor();
    await context.close();

    const admin = await newPage();
    await openAs(admin.page, 'ADMIN', '/ProductFleetApprovals');
    const adminScreen = approvalsScreen(admin.page);
    await adminScreen.open(APPROVAL_REQUESTS.approve).click();
    await adminScreen.history().getByText('Approved at level 1 by Manoj Manager').waitFor();
    await adminScreen.history().getByText('“Serial checked against the invoice.”').waitFor();
    await adminScreen.button('Approve').click();
    await expectMessage(admin.page, 'Approved. The request is approved.');
    await adminScreen.tab('All').click();
    await adminScreen.row(APPROVAL_REQUESTS.approve).getByText('Approved').waitFor();
    await admin.context.close();
  });

  it('asks for a comment to reject, then finds the request by its state', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'MANAGER', '/ProductFleetApprovals');
    const screen = approvalsScreen(page);
    await screen.open(APPROVAL_REQUESTS.reject).click();
    await screen.button('Reject').click();
    await screen.request.getByText('Comment is required to reject a request: say why').waitFor();
    expect(await screen.comment().evaluate((field) => field === document.activeElement)).toBe(true);
    await screen.comment().fill('The serial does not match the invoice.');
    await screen.button('Reject').click();
    await expectMessage(page, 'Rejected. The requester is told.');

    await screen.tab('All').click();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Rejected', exact: true }).click();
    await screen.open(APPROVAL_REQUESTS.reject).click();
    await screen.history().getByText('Rejected at level 1 by Manoj Manager').waitFor();
    // Ended: nobody may decide it, and the dialog has nothing to decide.
    expect(await screen.button('Approve').count()).toBe(0);
    await context.close();
  });

  it('tells the second of two approvers that the first decided, and shows the request anew', async () => {
    const owner = await newPage();
    const admin = await newPage();
    await openAs(owner.page, 'OWNER', '/ProductFleetApprovals');
    await openAs(admin.page, 'ADMIN', '/ProductFleetApprovals');
    const ownerScreen = approvalsScreen(owner.page);
    const adminScreen = approvalsScreen(admin.page);
    await ownerScreen.open(APPROVAL_REQUESTS.twoApprovers).click();
    await adminScreen.open(APPROVAL_REQUESTS.twoApprovers).click();
    await ownerScreen.level(2).getByText('Waiting here').waitFor();
    await adminScreen.level(2).getByText('Waiting here').waitFor();

    await adminScreen.button('Approve').click();
    await expectMessage(admin.page, 'Approved. The request is approved.');

    await ownerScreen.button('Approve').click();
    await ownerScreen.request
      .getByRole('alert')
      .getByText('This request was already decided at level 2 by Arjun Admin (approved): it is approved.')
      .waitFor();
    // Read again: approved, and no button to decide it any more.
    await ownerScreen.request.getByText('Approved', { exact: true }).first().waitFor();
    await expect.poll(() => ownerScreen.button('Approve').count()).toBe(0);
    await screenshot(owner.page, 'approvals-two-approvers');
    await owner.context.close();
    await admin.context.close();
  });

  it('lets the requester withdraw a pending request, with a reason, and says why they cannot decide it', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/ProductFleetApprovals');
    const screen = approvalsScreen(page);
    await screen.tab('Raised by me').click();
    await screen.open(APPROVAL_REQUESTS.withdraw).click();
    await screen.request.getByText('You raised this request: another approver must decide it.').waitFor();
    expect(await screen.button('Approve').count()).toBe(0);

    await screen.button('Withdraw request').click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw this request?' });
    await confirm.getByRole('textbox', { name: 'Reason (optional)' }).fill('Entered twice');
    await confirm.getByRole('button', { name: 'Withdraw request' }).click();
    await expectMessage(page, 'Request withdrawn');

    await screen.row(APPROVAL_REQUESTS.withdraw).getByText('Withdrawn').waitFor();
    await screen.open(APPROVAL_REQUESTS.withdraw).click();
    await screen.history().getByText('Withdrawn by Olivia Owner').waitFor();
    await screen.history().getByText('“Entered twice”').waitFor();
    await context.close();
  });

  it('fits a phone: the row keeps its summary and state, the request opens full screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAs(page, 'MANAGER', '/ProductFleetApprovals');
    const screen = approvalsScreen(page);
    const row = screen.row(APPROVAL_REQUESTS.phone);
    await row.getByText('Pending').waitFor();
    await row.getByText('Level 1 of 2').waitFor();
    await row.getByText(/^Deepak Dealer · /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'approvals-narrow');

    await row.click();
    const box = await page.getByRole('dialog', { name: APPROVAL_REQUESTS.phone }).boundingBox();
    expect(box?.width).toBe(400);
    await screen.button('Approve').waitFor();
    await screenshot(page, 'approvals-request-narrow');
    await context.close();
  });
});
