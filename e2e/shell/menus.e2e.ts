import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectPath, loginPage, sideMenuNames } from '../support/login-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

async function menuOf(role: string, landing: string) {
  const { page, context } = await newPage();
  const login = loginPage(page);
  await login.open();
  await login.signIn(DEMO.email(role), DEMO.password);
  await expectPath(page, landing, 15_000);
  const names = await sideMenuNames(page);
  return { page, context, names };
}

describe('menus by role', () => {
  it('owner: the full menu, with Transactions (credits recharge on) and without the partners report', async () => {
    const { page, context, names } = await menuOf('OWNER', '/Dashboard');
    expect(names).toEqual([
      'Dashboard',
      'Reports',
      'All Search',
      'Tickets',
      'MRF Tickets',
      'Requests',
      'Scheduled Service',
      'Approvals',
      'Masters',
      'Inventory',
      'Store/Service Center',
      'Leads',
      'Cabinet',
      'Audit Logs',
      'Quotations',
      'Purchase Order',
      'Product Replacement',
      'Settings',
      'Transactions',
      // No mail server in the journeys: the kept mails have their screen.
      'Mail Outbox',
    ]);
    await page.getByRole('button', { name: 'Expand Reports' }).click();
    const reports = page.getByRole('list', { name: 'Reports' });
    await reports.getByText('Download Reports').waitFor();
    expect(await reports.getByText('Partners Closed Ticket Reports').count()).toBe(0);
    await screenshot(page, 'owner-menu-reports');
    await context.close();
  });

  it('agent with access control: only the modules its designation may VIEW', async () => {
    const { context, names } = await menuOf('AGENT', '/ActiveTickets');
    expect(names).toEqual(['All Search', 'Tickets', 'Requests', 'Scheduled Service', 'Masters']);
    await context.close();
  });

  it('access-controlled manager: the designation decides, not the role default', async () => {
    const { context, names } = await menuOf('MANAGER', '/Dashboard');
    expect(names).toEqual(['Dashboard', 'Reports', 'Tickets', 'Approvals', 'Masters']);
    await context.close();
  });

  it('service partner: the partner menu', async () => {
    const { context, names } = await menuOf('SERVICE_PARTNER', '/ActiveTickets');
    expect(names).toEqual([
      'Dashboard',
      'Reports',
      'Tickets',
      'Customers',
      'Service Co-Ordinators',
      'Partner Payout',
      'Representatives',
      'Store/Service Center',
      'Inventory',
      'Components Transaction History',
      'Cabinet',
    ]);
    await context.close();
  });

  it('dealer owner: the dealer menu and the Dealer Portal badge', async () => {
    const { page, context, names } = await menuOf('DEALER_OWNER', '/ActiveTickets');
    expect(names).toEqual([
      'Dashboard',
      'Reports',
      'My Tickets',
      'RFS',
      'My Product Fleet',
      'My Customers',
      'Service Co-Ordinators',
      'Representatives',
      'Cabinet',
    ]);
    await page.getByText('Dealer Portal').first().waitFor();
    await page.getByText('DEALER OWNER').first().waitFor();
    await screenshot(page, 'dealer-owner-desktop');
    await context.close();
  });

  it('a page outside the menu is not shown, and the Tickets menu opens /ActiveTickets', async () => {
    const { page, context } = await menuOf('AGENT', '/ActiveTickets');
    await page.goto('/AuditLogs');
    await page.getByText('You do not have access to this page').first().waitFor();
    await page.goto('/Dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Tickets', { exact: true }).click();
    await expectPath(page, '/ActiveTickets');
    await context.close();
  });
});
