import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { E2E_USERS, SWITCH_ORGANIZATION } from '../support/fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('the shell', () => {
  it('switches organization: lands on /Dashboard with the new name and its menu', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('OWNER'), DEMO.password);
    await expectPath(page, '/Dashboard');
    await page.goto('/ActiveTickets');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Demo Partner Org' }).click();
    await expectPath(page, '/Dashboard');
    await page.getByRole('banner').getByText('Demo Partner Org').waitFor();
    // Demo Partner Org has credits recharge off: no Transactions item.
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Dashboard').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).getByText('Transactions').count()).toBe(
      0,
    );
    await screenshot(page, 'switched-organization');
    await context.close();
  });

  it('below 850 px: the menu is a drawer behind a button, and scroll-to-top appears after scrolling', async () => {
    const { page, context } = await newPage({ width: 400, height: 760 });
    const login = loginPage(page);
    await login.open();
    await screenshot(page, 'login-narrow');
    await login.signIn(E2E_USERS.narrow, DEMO.password);
    await expectPath(page, '/Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    expect(await nav.isVisible()).toBe(false);
    await screenshot(page, 'dashboard-narrow');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.waitFor({ state: 'visible' });
    const drawerWidth = await nav.evaluate(
      (element) => element.closest('.MuiDrawer-paper')?.getBoundingClientRect().width,
    );
    expect(drawerWidth).toBe(270);
    await screenshot(page, 'menu-narrow');
    await nav.getByText('Audit Logs').click();
    await expectPath(page, '/AuditLogs');
    await nav.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Scroll to top' }).isVisible()).toBe(false);
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 200);
    });
    await page.getByRole('button', { name: 'Scroll to top' }).waitFor({ state: 'visible' });
    await context.close();
  });

  it('switches to an organization where the role has no Dashboard: lands on its start page, not a refusal', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(E2E_USERS.switcher, DEMO.password);
    await expectPath(page, '/Dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: SWITCH_ORGANIZATION }).click();
    // A co-ordinator (AGENT) starts on the active tickets.
    await expectPath(page, '/ActiveTickets');
    await page.getByRole('banner').getByText(SWITCH_ORGANIZATION).waitFor();
    await page.getByRole('heading', { name: 'Active Tickets' }).waitFor();
    expect(await page.getByText('You do not have access to this page').count()).toBe(0);
    // A page outside the new menu refuses, with the way back to the start page.
    await page.goto('/Dashboard');
    await page.getByText('You do not have access to this page').waitFor();
    await page.getByRole('link', { name: 'Go to my start page' }).click();
    await expectPath(page, '/ActiveTickets');
    await screenshot(page, 'switched-to-agent');
    await context.close();
  });

  it.each(['DEALER_OWNER', 'DEALER_AGENT', 'REPRESENTATIVE', 'SERVICE_PARTNER', 'PARTNER_AGENT'])(
    '%s reaches every tab of their own tickets',
    async (role) => {
      const { page, context } = await newPage();
      const login = loginPage(page);
      await login.open();
      await login.signIn(DEMO.email(role), DEMO.password);
      await expectPath(page, '/ActiveTickets');
      for (const tab of [
        'Active Tickets',
        'Partially Closed Tickets',
        'Closed Tickets',
        'Inactive Tickets',
      ]) {
        await page.goto(`/${tab.replace(/ /g, '')}`);
        await page.getByRole('heading', { name: tab }).waitFor();
        // The list itself loads: its first ticket, or the words of an empty list.
        await page
          .getByRole('grid', { name: tab })
          .getByRole('row')
          .nth(1)
          .or(page.getByText(/^No [a-z ]+ tickets$/))
          .waitFor();
        expect(await page.getByText('You do not have access to this page').count(), `${role} ${tab}`).toBe(0);
      }
      // The page's own tabs lead there too.
      await page.getByRole('tab', { name: /^Active/ }).click();
      await expectPath(page, '/ActiveTickets');
      // The address changes before the page does (the route change is a transition): wait for the
      // new page, so that the next click is not aimed at a tab on its way out.
      await page.getByRole('heading', { name: 'Active Tickets' }).waitFor();
      await page.getByRole('tab', { name: /^Active/, selected: true }).waitFor();
      await page.getByRole('tab', { name: /^Inactive/ }).click();
      await expectPath(page, '/InactiveTickets');
      await page.getByRole('heading', { name: 'Inactive Tickets' }).waitFor();
      await context.close();
    },
  );

  it('reports an issue: screenshot after 2 s, drawing, description rules, stored by the server', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(E2E_USERS.reporter, DEMO.password);
    await expectPath(page, '/Dashboard');
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Report an issue' }).click();
    await expectPath(page, '/ReportIssue', 20_000);
    const tookMs = Date.now() - clickedAt;
    expect(tookMs).toBeGreaterThanOrEqual(2000);
    // Measured, not asserted: the capture after the 2 s delay (docs/architecture.md#waits).
    console.log(`report an issue: ${tookMs} ms from the click to the form (capture ${tookMs - 2000} ms)`);
    const form = page.getByRole('form', { name: 'Report an issue' });
    const canvas = page.getByRole('img', { name: 'Screenshot of the page; draw on it to mark the problem' });
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 80, { steps: 8 });
    await page.mouse.up();
    await form.getByRole('button', { name: 'Report' }).click();
    await expectMessage(page, MSG.invalidInputs);
    await form.getByLabel('Description').fill('x'.repeat(1001));
    await expectMessage(page, MSG.descriptionTooLong);
    await form
      .getByLabel('Description')
      .fill('The dashboard shows the wrong organization name after switching.');
    await screenshot(page, 'report-issue-desktop');
    await form.getByRole('button', { name: 'Report' }).click();
    await page
      .getByText(/Your issue was reported/)
      .first()
      .waitFor();
    await expectPath(page, '/Dashboard');
    await context.close();
  });
});
