import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { approvalsScreen, openAs } from '../approvals/approvals-screen-page.ts';
import { FLEET_CUSTOMER } from './fleet-fixtures.ts';
import { actions, mailedClosureCode, signIn, todayInKolkata } from '../tickets/tickets-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// The installed fleet (docs/product-fleet.md): a dealer's new item waits for the demo's two-level
// fleet workflow (the Service Manager, then the owner or an admin), then serves tickets.

const SERIAL = 'E2E-FLT-201';
const CUSTOMER = FLEET_CUSTOMER.name;
const CUSTOMER_EMAIL = FLEET_CUSTOMER.email;
const SUMMARY = `${SERIAL} · AC Repair · ${CUSTOMER}`;

describe('Product fleet', () => {
  it('a dealer adds an item, it is approved, a ticket is raised from its serial and closed, and the item lists it', async () => {
    // The dealer adds the item at one of the dealer's customers.
    const dealer = await newPage();
    await openAs(dealer.page, 'DEALER_OWNER', '/DealerProducts');
    await dealer.page.getByRole('button', { name: 'Add fleet item' }).first().click();
    const form = dealer.page.getByRole('dialog', { name: 'Add fleet item' });
    await form.getByText('The organization approves a new item before it can be used for tickets.').waitFor();
    await form.getByRole('textbox', { name: 'Serial number' }).fill(SERIAL.toLowerCase());
    await form.getByRole('combobox', { name: 'Product' }).click();
    await dealer.page.getByRole('option', { name: 'AC Repair', exact: true }).click();
    await form.getByLabel('Invoice date').fill('2026-11-20');
    await form.getByLabel('Installation date').fill('2026-11-22');
    await form.getByRole('combobox', { name: 'Customer' }).fill('Kavya Fleet');
    await dealer.page.getByRole('option', { name: new RegExp(`^${CUSTOMER}`) }).click();
    await form.getByRole('combobox', { name: 'Location' }).waitFor();
    await screenshot(dealer.page, 'fleet-dealer-add');
    await form.getByRole('button', { name: 'Send for approval' }).click();
    await expectMessage(dealer.page, `Fleet item '${SERIAL}' sent for approval`);
    await dealer.page.getByRole('searchbox', { name: /^Search by serial number/ }).fill(SERIAL);
    const dealerRow = dealer.page.getByRole('row').filter({ hasText: SERIAL });
    await dealerRow.getByText('Pending approval').waitFor();
    await dealer.context.close();

    // Level 1: the Service Manager.
    const manager = await newPage();
    await openAs(manager.page, 'MANAGER', '/ProductFleetApprovals');
    const managerScreen = approvalsScreen(manager.page);
    await managerScreen.open(SUMMARY).click();
    await managerScreen.request.getByText(CUSTOMER, { exact: false }).first().waitFor();
    await managerScreen.button('Approve').click();
    await expectMessage(manager.page, 'Approved. The request moves to level 2.');
    await manager.context.close();

    // Level 2: the owner; then the item is approved and in warranty for a year from installation.
    const owner = await newPage();
    await openAs(owner.page, 'OWNER', '/ProductFleetApprovals');
    const ownerScreen = approvalsScreen(owner.page);
    await ownerScreen.open(SUMMARY).click();
    await ownerScreen.history().getByText('Approved at level 1 by Manoj Manager').waitFor();
    await ownerScreen.button('Approve').click();
    await expectMessage(owner.page, 'Approved. The request is approved.');

    await owner.page.goto('/ProductFleet');
    await owner.page.getByRole('searchbox', { name: /^Search by serial number/ }).fill(SERIAL);
    const row = owner.page.getByRole('row').filter({ hasText: SERIAL });
    await row.getByText('In warranty', { exact: true }).waitFor();
    await row.getByText('until 21 Nov 2027').waitFor();
    expect(await row.getByText('Pending approval').count()).toBe(0);
    await row.getByRole('button', { name: `View ${SERIAL}` }).click();
    const details = owner.page.getByRole('dialog', { name: `${SERIAL} · AC Repair` });
    await details.getByText('In warranty until 21 Nov 2027').waitFor();
    await details.getByText('Approved', { exact: true }).waitFor();
    await details.getByText('Sharma Appliances').waitFor();
    await screenshot(owner.page, 'fleet-item-details');
    await owner.context.close();

    // A co-ordinator raises a ticket from the serial number: the item fills the ticket and says
    // it is in warranty; the ticket is floated for today.
    const agent = await signIn('AGENT', '/ActiveTickets');
    await agent.page.getByRole('button', { name: 'New ticket' }).first().click();
    const ticketForm = agent.page.getByRole('dialog', { name: 'New ticket' });
    await ticketForm.getByRole('combobox', { name: 'Start from a serial number' }).fill('e2e-flt-2');
    await agent.page.getByRole('option', { name: new RegExp(`^${SERIAL} · AC Repair`) }).click();
    const chosen = ticketForm.getByRole('group', { name: 'Fleet item' });
    await chosen.getByText('In warranty until 21 Nov 2027').waitFor();
    await chosen.getByText(CUSTOMER, { exact: false }).waitFor();
    await ticketForm.getByLabel('Problem note', { exact: true }).fill('Not cooling since Monday');
    await ticketForm.getByLabel('Preferred visit date').fill(todayInKolkata());
    await ticketForm
      .getByRole('radiogroup', { name: 'How this ticket is given out' })
      .getByRole('radio', { name: /^Float it/ })
      .check();
    await screenshot(agent.page, 'fleet-ticket-from-serial');
    await ticketForm.getByRole('button', { name: 'Create ticket' }).click();
    const created = agent.page.getByText(/^Ticket [A-Z]+-\d+ created$/).first();
    await created.waitFor({ timeout: 15_000 });
    const number = /Ticket ([A-Z]+-\d+) created/.exec((await created.textContent()) ?? '')![1];
    await agent.page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    await agent.page.getByText('In warranty until 21 Nov 2027').waitFor();
    await agent.page.getByText('Free of charge').first().waitFor();
    await agent.context.close();

    // The technician claims it from the floating pool and closes it with the customer's code.
    const tech = await signIn('TECHNICIAN', '/Technician?tab=pool', 360);
    await tech.page
      .getByRole('article', { name: `Ticket ${number}` })
      .getByRole('link')
      .click();
    await actions(tech.page).getByRole('button', { name: 'Claim' }).click();
    await expectMessage(tech.page, `Ticket ${number} is yours`);
    await actions(tech.page).getByRole('button', { name: 'Start work' }).click();
    const start = tech.page.getByRole('dialog', { name: 'Start work' });
    await start.getByRole('button', { name: 'Start work' }).click();
    await start.waitFor({ state: 'hidden' });
    const closing = tech.page.getByRole('group', { name: 'Close with the closure code' });
    await closing.getByRole('button', { name: 'Send the closure code' }).click();
    const code = await mailedClosureCode(CUSTOMER_EMAIL, number);
    await closing.getByRole('textbox', { name: 'Closure code' }).fill(code);
    await closing.getByRole('button', { name: 'Close ticket' }).click();
    await tech.page.getByText('Closed', { exact: true }).first().waitFor();
    await tech.context.close();

    // The item's page lists the closed ticket.
    const again = await newPage();
    await openAs(again.page, 'OWNER', '/ProductFleet');
    await again.page.getByRole('searchbox', { name: /^Search by serial number/ }).fill(SERIAL);
    await again.page
      .getByRole('row')
      .filter({ hasText: SERIAL })
      .getByRole('button', { name: `View ${SERIAL}` })
      .click();
    const item = again.page.getByRole('dialog', { name: `${SERIAL} · AC Repair` });
    const tickets = item.getByRole('list', { name: 'Tickets' });
    await tickets
      .getByRole('listitem')
      .filter({ hasText: number })
      .getByText('Closed', { exact: true })
      .waitFor();
    await item.getByText('Tickets (1)').waitFor();
    await screenshot(again.page, 'fleet-item-with-ticket');
    await again.context.close();
  }, 240_000);

  it('lets the dealer withdraw its own waiting item from the item itself', async () => {
    const serial = 'E2E-FLT-WD1';
    const dealer = await newPage();
    await openAs(dealer.page, 'DEALER_OWNER', '/DealerProducts');
    await dealer.page.getByRole('button', { name: 'Add fleet item' }).first().click();
    const form = dealer.page.getByRole('dialog', { name: 'Add fleet item' });
    await form.getByRole('textbox', { name: 'Serial number' }).fill(serial);
    await form.getByRole('combobox', { name: 'Product' }).click();
    await dealer.page.getByRole('option', { name: 'AC Repair', exact: true }).click();
    await form.getByRole('button', { name: 'Send for approval' }).click();
    await expectMessage(dealer.page, `Fleet item '${serial}' sent for approval`);
    await dealer.page.getByRole('searchbox', { name: /^Search by serial number/ }).fill(serial);
    await dealer.page
      .getByRole('row')
      .filter({ hasText: serial })
      .getByRole('button', { name: `View ${serial}` })
      .click();
    const details = dealer.page.getByRole('dialog', { name: `${serial} · AC Repair` });
    await details.getByRole('button', { name: 'Withdraw request' }).click();
    const confirm = dealer.page.getByRole('dialog', { name: 'Withdraw the request?' });
    await confirm.getByRole('textbox', { name: 'Reason' }).fill('Wrong product chosen');
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expectMessage(dealer.page, 'Request withdrawn');
    await details.getByText('Withdrawn: Wrong product chosen').waitFor();
    expect(await details.getByRole('button', { name: 'Withdraw request' }).count()).toBe(0);
    await dealer.context.close();
  });

  it('attaches an invoice to an item, which its details list as a link', async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/ProductFleet');
    await page.getByRole('searchbox', { name: /^Search by serial number/ }).fill('E2E-TRF-301');
    const row = page.getByRole('row').filter({ hasText: 'E2E-TRF-301' });
    await row.getByRole('button', { name: 'Edit E2E-TRF-301' }).click();
    const form = page.getByRole('dialog', { name: /^Edit E2E-TRF-301/ });
    await form.getByLabel('Choose files').setInputFiles({
      name: 'invoice-301.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await form.getByRole('list', { name: 'Files: attached' }).getByText('invoice-301.pdf').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectMessage(page, "Fleet item 'E2E-TRF-301' saved");
    await row.getByRole('button', { name: 'View E2E-TRF-301' }).click();
    const details = page.getByRole('dialog', { name: 'E2E-TRF-301 · AC Repair' });
    const link = details.getByRole('link', { name: 'invoice-301.pdf' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBeTruthy();
    await details.getByText('Files: none → invoice-301.pdf').waitFor();
    await context.close();
  });

  it("filters the fleet by dealer: only that dealer's items remain", async () => {
    const { page, context } = await newPage();
    await openAs(page, 'OWNER', '/ProductFleet');
    await page.getByRole('combobox', { name: 'Dealer' }).click();
    await page.getByRole('option', { name: 'Sharma Appliances' }).click();
    await expect
      .poll(async () => {
        const cells = await page.getByRole('row').locator('[data-field="dealer_name"]').allTextContents();
        return cells.length > 1 && cells.slice(1).every((text) => text === 'Sharma Appliances');
      })
      .toBe(true);
    await context.close();
  });

  it('fits a phone: the list keeps serial, customer and coverage, and an item opens full screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAs(page, 'OWNER', '/ProductFleet');
    const first = page.getByRole('row').nth(1);
    await first
      .getByText(/In warranty|Under AMC|Out of warranty/)
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'fleet-narrow');
    await page.getByRole('tab', { name: 'AMC types' }).click();
    await page.getByText('Comprehensive AMC').waitFor();
    await context.close();
  });
});
