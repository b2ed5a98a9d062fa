import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { masterPage, openAsOwner } from '../support/master-page.ts';
import { choose } from '../tickets/tickets-page.ts';

// Rate cards (docs/payouts.md#rate-cards) on the Cost Configuration screen. The card added here is
// for a service no other journey closes a CoolFix ticket for, so their amounts stay the demo's.

beforeAll(launchBrowser);
afterAll(closeBrowser);

const TITLE = 'Cost Configuration';

describe('rate cards in the browser', () => {
  it('adds a card: one that would price the same tickets as another on the same days is refused on its dates', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/CostConfiguration');
    const cards = masterPage(page, { title: TITLE, noun: 'rate card', nouns: 'rate cards' });
    await expect
      .poll(() => cards.names('Rate card'))
      .toContainEqual(expect.stringContaining('CoolFix standard visit'));
    await cards.row('CoolFix split AC installation').getByText('₹700.00').waitFor();
    await cards.row('CoolFix split AC installation').getByText('Service + service type').waitFor();

    await cards.addButton().click();
    const dialog = page.getByRole('dialog', { name: 'Add rate card' });
    await dialog.getByLabel('Name').fill('CoolFix gas refills');
    await dialog.getByLabel('Service partner').click();
    await page.getByRole('option', { name: 'CoolFix Services' }).click();
    await dialog.getByLabel('Amount per closed ticket').fill('650');
    await dialog.getByLabel('Valid from').fill('2026-10-01');
    // First without a service: the partner's default, which CoolFix has from April on.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog
      .getByText(
        "Rate card 'CoolFix standard visit' already prices the same partner, service, service type and territory category from 2026-04-01 on, with no end. Change the dates so they do not overlap, or deactivate it first.",
      )
      .waitFor();
    await screenshot(page, 'rate-card-clash');

    await dialog.getByLabel('Service', { exact: true }).click();
    await page.getByRole('option', { name: 'AC Gas Refill' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectMessage(page, "Rate card 'CoolFix gas refills' created");
    await dialog.waitFor({ state: 'hidden' });
    const added = cards.row('CoolFix gas refills');
    await added.getByText('₹650.00').waitFor();
    // The service's category is the card's.
    await added.getByText('AC Gas Refill').waitFor();
    await screenshot(page, 'rate-cards-desktop');

    // Every demo CoolFix ticket is priced already: nothing waits for a card.
    await page.getByRole('button', { name: 'Price flagged tickets' }).click();
    const confirm = page.getByRole('dialog', { name: 'Price the flagged tickets?' });
    await confirm.getByRole('button', { name: 'Price them' }).click();
    await expectMessage(page, 'No ticket is waiting for a rate card: every closed partner ticket is priced.');
    await confirm.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows on a closed CoolFix ticket what CoolFix earns for it, and finds the ones no card priced', async () => {
    const { page, context } = await newPage();
    await openAsOwner(page, '/ClosedTickets');
    const grid = page.getByRole('grid', { name: 'Closed Tickets' });
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('group', { name: 'Filters' });
    await choose(page, filters, 'Service partner', 'CoolFix Services');
    const first = grid.getByRole('link', { name: /^[A-Z]+-\d+$/ }).first();
    const number = (await first.textContent())!.trim();
    await first.click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    const assignment = page.getByRole('region', { name: 'Assignment' });
    await assignment.getByText('Partner earns').waitFor();
    // The demo's closed CoolFix tickets are priced by its cards (docs/payouts.md#the-demo).
    await assignment.getByText(/^₹[\d,]+\.\d{2} \(rate card 'CoolFix [^']+'\)$/).waitFor();
    await screenshot(page, 'ticket-partner-amount');

    // Every demo CoolFix ticket is priced: the flagged ones' filter finds none.
    await page.goto('/ClosedTickets');
    await page.getByRole('button', { name: 'Filters' }).click();
    await choose(
      page,
      page.getByRole('group', { name: 'Filters' }),
      'Partner amount',
      'Not priced: no rate card',
    );
    await page.getByText('Nothing matches your search or filter').waitFor();
    await context.close();
  });

  it('below 850 px the list fits the screen', async () => {
    const { page, context } = await newPage({ width: 400, height: 800 });
    await openAsOwner(page, '/CostConfiguration');
    const cards = masterPage(page, { title: TITLE, noun: 'rate card', nouns: 'rate cards' });
    await expect
      .poll(() => cards.names('Rate card'))
      .toContainEqual(expect.stringContaining('CoolFix standard visit'));
    const overflow = await sideways(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'rate-cards-narrow');
    await context.close();
  });
});
