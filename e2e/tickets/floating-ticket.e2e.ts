import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import {
  actions,
  choose,
  createTicket,
  mailedClosureCode,
  openFromList,
  shot,
  signIn,
  uniqueMobile,
  uniqueName,
} from './tickets-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/**
 * A co-ordinator raises a ticket, it floats, the technician claims it on a
 * phone, works it and closes it with the code the customer received; it is then among the closed
 * tickets and on the dashboard.
 */
describe('a floating ticket, claimed and closed with the customer’s code', () => {
  it('goes from the co-ordinator to the technician’s phone and back to the closed list', async () => {
    // The owner lets technicians claim new tickets.
    const owner = await signIn('OWNER', '/OrganizationSettings');
    await owner.page.getByRole('radio', { name: 'Floating: eligible technicians claim tickets' }).check();
    await owner.page.getByRole('button', { name: 'Save settings' }).click();
    await owner.page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'hidden' });
    await owner.context.close();

    // The co-ordinator: the form refuses an empty ticket, naming what is missing.
    const agent = await signIn('AGENT', '/ActiveTickets');
    await agent.page
      .getByRole('grid', { name: 'Active Tickets' })
      .or(agent.page.getByRole('status'))
      .first()
      .waitFor();
    await shot(agent.page, 'a-active-list-1366');
    const customer = uniqueName('Lakshmi Iyer');
    const email = `lakshmi.${Date.now().toString(36)}@example.com`;
    const phone = uniqueMobile();
    const number = await createTicket(
      agent.page,
      {
        customer,
        phone,
        email,
        address: '14, 2nd Cross, Indiranagar',
        pincode: '560038',
        city: 'Bengaluru',
        state: 'Karnataka',
        service: 'AC Gas Refill',
        note: 'Indoor unit blows warm air since Monday',
        priority: 'High',
      },
      async (form) => {
        await form.getByRole('button', { name: 'Create ticket' }).click();
        await form.getByText('Choose a customer or add a new one').waitFor();
        await form.getByText('Service is required').waitFor();
        await shot(agent.page, 'a-create-refused-1366');
      },
    );
    expect(number).toMatch(/^AC-\d+$/);
    const page = agent.page;
    await page.getByText('Floating', { exact: true }).first().waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByText('Created').first().waitFor();
    await shot(page, 'a-ticket-floating-1366');

    // The technician, on a 360 px phone: checks in, finds it in the floating pool and claims it.
    const tech = await signIn('TECHNICIAN', '/Technician', 360);
    const attendance = tech.page.getByRole('region', { name: 'Attendance' });
    await attendance.getByText(/Checked in|Not checked in|Checked out/).waitFor();
    if (await attendance.getByRole('button', { name: 'Check in' }).isVisible()) {
      await attendance.getByRole('button', { name: 'Check in' }).click();
    }
    await attendance.getByText('Checked in', { exact: true }).waitFor();
    await tech.page.getByRole('tab', { name: 'Floating pool' }).click();
    const card = tech.page.getByRole('article', { name: `Ticket ${number}` });
    await card.waitFor();
    await shot(tech.page, 'a-floating-pool-360');
    await card.getByRole('link').click();
    await tech.page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    await actions(tech.page).getByRole('button', { name: 'Claim' }).click();
    await actions(tech.page).getByRole('button', { name: 'Start work' }).waitFor();
    await shot(tech.page, 'a-claimed-360');

    // Starts work at a sub-stage, then asks for the customer's code.
    await actions(tech.page).getByRole('button', { name: 'Start work' }).click();
    const start = tech.page.getByRole('dialog', { name: 'Start work' });
    await choose(tech.page, start, 'Sub-stage', 'Inspection');
    await start.getByRole('button', { name: 'Start work' }).click();
    await start.waitFor({ state: 'hidden' });
    await tech.page.getByText('In Progress', { exact: true }).first().waitFor();
    const closing = tech.page.getByRole('group', { name: 'Close with the closure code' });
    await closing.getByRole('button', { name: 'Send the closure code' }).click();
    await expectMessage(tech.page, `Closure code sent to ${email} by email (no SMS provider is configured)`);

    // A wrong code is refused; the customer's code closes the ticket.
    const code = await mailedClosureCode(email, number);
    await closing.getByLabel('Closure code').fill('12');
    await closing.getByRole('button', { name: 'Close ticket' }).click();
    await closing.getByText('Closure code must be the 6 digits the customer received').waitFor();
    await shot(tech.page, 'a-otp-refused-360');
    await closing.getByLabel('Closure code').fill(code);
    await closing.getByRole('button', { name: 'Close ticket' }).click();
    await tech.page.getByText('Closed', { exact: true }).first().waitFor();
    await shot(tech.page, 'a-closed-360');
    await tech.page.goto('/Technician?tab=done');
    await tech.page.getByRole('article', { name: `Ticket ${number}` }).waitFor();
    await tech.context.close();

    // Back at the desk: the ticket is among the closed ones, with its whole story.
    // The filters choose on the server: not among the urgent ones, among the high-priority ones.
    await page.goto('/ClosedTickets');
    await page.getByRole('searchbox', { name: 'Search by ticket, customer, phone or serial' }).fill(number);
    await page.getByRole('grid', { name: 'Closed Tickets' }).getByRole('link', { name: number }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('group', { name: 'Filters' });
    await choose(page, filters, 'Priority', 'Urgent');
    await page.getByText('Nothing matches your search or filter').waitFor();
    await choose(page, filters, 'Priority', 'High');
    await shot(page, 'a-closed-filtered-1366');
    await openFromList(page, 'Closed Tickets', number);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    for (const event of ['Created', 'Claimed', 'Work updated', 'Closure code sent', 'Closed']) {
      await timeline.getByRole('listitem', { name: event }).first().waitFor();
    }
    await shot(page, 'a-closed-ticket-1366');
    await agent.context.close();

    // And on the dashboard: closed today.
    const boss = await signIn('OWNER', '/Dashboard');
    const closedToday = boss.page.getByRole('link', { name: /^Closed today: \d+$/ });
    await closedToday.waitFor();
    const closed = Number(/(\d+)$/.exec((await closedToday.getAttribute('aria-label')) ?? '')![1]);
    expect(closed).toBeGreaterThanOrEqual(1);
    await shot(boss.page, 'a-dashboard-1366');
    await boss.page.setViewportSize({ width: 800, height: 900 });
    await shot(boss.page, 'a-dashboard-800');
    await boss.context.close();
  }, 180_000);

  it('can be installed on a phone: the app links its manifest, which opens My Work', async () => {
    const tech = await signIn('TECHNICIAN', '/Technician', 360);
    const href = await tech.page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await tech.page.evaluate(async (url) => (await fetch(url!)).json(), href);
    expect(manifest).toMatchObject({ name: 'Fieldport', start_url: '/Technician', display: 'standalone' });
    // Every icon the manifest names is served with its declared type (an install prompt needs a PNG).
    const icons = manifest.icons as { src: string; type: string }[];
    expect(icons.map((icon) => icon.type)).toContain('image/png');
    for (const icon of icons) {
      const served = await tech.page.evaluate(
        async (url) => (await fetch(url)).headers.get('content-type'),
        icon.src,
      );
      expect(served, icon.src).toBe(icon.type);
    }
    await tech.context.close();
  });
});
