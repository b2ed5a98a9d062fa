import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, type PageData } from '@fieldport/contract/lists';
import type { CustomerItem } from '@fieldport/contract/operations/customers';
import { SEARCH_KIND_LABELS, SEARCH_MESSAGES, type SearchKind } from '@fieldport/contract/operations/search';
import type { TicketItem } from '@fieldport/contract/operations/tickets';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { still } from '../schedules/schedules-page.ts';
import { checkAccessibilityNow } from '../support/axe-gate.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectPath } from '../support/login-page.ts';
import { openAsOwner } from '../support/master-page.ts';
import { callAs } from '../support/page-operations.ts';
import { addressOf, allSearchScreen, searchAs, topBarSearch } from './all-search-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// All Search in the browser (docs/search.md#the-screens): the owner presses Ctrl+K, types a demo
// ticket's digits, sees the results grouped by kind and opens the ticket with ArrowDown and Enter;
// types a customer's phone digits and opens the customer's details. On /AllModules a too-short
// term is refused with the contract's words, "Show all" pages through one kind and comes back. A
// dealer's owner has no search at all; the co-ordinator searches only the kinds their menu
// allows (no purchase orders). At 390 px the top bar has a button to the page. The keyboard alone
// does it all ("/", the arrows, Enter, Escape, Tab). Every screen passes axe (the gate), the
// popup by an explicit check.

const DESK = { width: 1350, height: 850 };
const PHONE = { width: 390, height: 844 };

/** No violation on the page as it is now (the gate does not see the popup: it is not a screen). */
async function axeClean(page: Page) {
  await still(page);
  const { violations } = await checkAccessibilityNow(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** A demo ticket and the digits of its number ('AC-000043' -> '000043'). */
async function demoTicket(page: Page) {
  const tickets = await callAs<PageData<TicketItem>>(page, 'List_Open_Tickets', {
    list: 'ACTIVE',
    page_size: 10,
  });
  const ticket = tickets.items[0];
  return { ticket, digits: ticket.ticket_number.replace(/\D/g, '') };
}

/** A demo customer with a +91 98 mobile, and its ten digits as people type them. */
async function demoCustomer(page: Page) {
  const customers = await callAs<PageData<CustomerItem>>(page, 'ListCustomers', {
    page_size: 100,
    sort_by: 'customer_name',
  });
  const customer = customers.items.find((item) => item.customer_phone.startsWith('+9198'));
  if (!customer) throw new Error('The demo has no customer with a +91 98 mobile');
  return { customer, digits: customer.customer_phone.slice(3) };
}

/** What the screens say when nothing matches: the kinds searched, as a sentence. */
function noMatch(kinds: readonly SearchKind[], term: string) {
  const words = kinds.map((kind) => SEARCH_KIND_LABELS[kind].toLowerCase());
  const what = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
  return `No ${what} match '${term}'`;
}

/** Presses a key until the box's active option holds `text` (at most `limit` times). */
async function arrowTo(page: Page, key: 'ArrowDown' | 'ArrowUp', text: string, limit = 20) {
  const search = topBarSearch(page);
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press(key);
    if ((await search.activeOption()).includes(text)) return;
  }
  throw new Error(`No option with ${text} became active`);
}

describe('All Search', () => {
  it('the owner finds a ticket by its digits and a customer by phone from the top bar', async () => {
    const { page } = await newPage(DESK);
    await openAsOwner(page, '/Dashboard');
    const search = topBarSearch(page);
    const { ticket, digits } = await demoTicket(page);

    // Ctrl+K focuses the box; the digits show the results grouped by kind, as the server answers.
    await search.box.waitFor();
    await page.keyboard.press('Control+k');
    await expect.poll(() => search.box.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await search.box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.type(digits);
    await search.option(ticket.ticket_number).waitFor();
    const answer = await searchAs(page, digits);
    expect(await search.groupLabels()).toEqual(answer.groups.map((group) => group.label));
    await search.group('Tickets').getByRole('option').filter({ hasText: ticket.ticket_number }).waitFor();
    expect(await search.box.getAttribute('aria-expanded')).toBe('true');
    expect(await search.box.getAttribute('aria-controls')).toBe(await search.results.getAttribute('id'));

    // ArrowDown makes the ticket the active option; the popup passes axe as it is.
    await arrowTo(page, 'ArrowDown', ticket.ticket_number);
    const activeId = await search.box.getAttribute('aria-activedescendant');
    expect(await search.option(ticket.ticket_number).first().getAttribute('id')).toBe(activeId);
    expect(await search.option(ticket.ticket_number).first().getAttribute('aria-selected')).toBe('true');
    await axeClean(page);
    await screenshot(page, 'all-search-top-bar');

    // Enter opens it on the ticket's page.
    await page.keyboard.press('Enter');
    await expectPath(page, '/ActiveTickets');
    expect(addressOf(page).params.get('ticket_id')).toBe(ticket.ticket_id);
    await page.getByRole('heading', { level: 1, name: `Ticket ${ticket.ticket_number}` }).waitFor();
    await search.results.waitFor({ state: 'detached' });

    // A customer's phone digits: the customer is under Customers, and opens in their details.
    const { customer, digits: phone } = await demoCustomer(page);
    await search.box.click();
    await search.box.fill(phone);
    const found = search.group('Customers').getByRole('option').filter({ hasText: customer.customer_name });
    await found.first().waitFor();
    await found.first().click();
    await expectPath(page, '/CustomersView');
    expect(addressOf(page).params.get('customer_id')).toBe(customer.customer_id);
    const details = page.getByRole('dialog', { name: customer.customer_name });
    await details.waitFor();
    await screenshot(page, 'all-search-customer');
    // Closing drops the customer from the address, so that a reload does not open it again.
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await details.waitFor({ state: 'detached' });
    await expect.poll(() => addressOf(page).params.has('customer_id')).toBe(false);
  }, 120_000);

  it('the page refuses a too-short term, pages through one kind with Show all and comes back', async () => {
    const { page } = await newPage(DESK);
    await openAsOwner(page, '/AllModules');
    const screen = allSearchScreen(page);

    // Before a term: what can be searched; the field has the focus.
    await screen.searchable.waitFor();
    expect(await screen.searchable.getByRole('listitem').allTextContents()).toContain('Tickets');
    await expect.poll(() => screen.field.evaluate((field) => field === document.activeElement)).toBe(true);

    // One character: the contract's message under the field, and nothing searched.
    await screen.field.fill('A');
    await page.getByText(SEARCH_MESSAGES.tooShort, { exact: true }).waitFor();
    await expect.poll(() => addressOf(page).params.get('q')).toBe('A');
    await screen.searchable.waitFor();

    // Two: the first few of every kind that matched, each with its total, the term in the address.
    await screen.field.fill('AC');
    await expect.poll(() => addressOf(page).params.get('q')).toBe('AC');
    const answer = await searchAs(page, 'AC');
    const tickets = answer.groups.find((group) => group.kind === 'TICKETS')!;
    expect(tickets.total_count).toBeGreaterThan(10);
    await screen.group('Tickets').waitFor();
    expect(await screen.groupLabels()).toEqual(answer.groups.map((group) => group.label));
    expect(await screen.hits('Tickets').count()).toBe(5);
    await screenshot(page, 'all-search-page');

    // Show all: the tickets alone, a page at a time, counted as far as the lists count (the first
    // view counts to SEARCH_PREVIEW_COUNT_CAP).
    const showAll = `Show all ${formatCount(tickets.total_count, tickets.total_capped)} tickets`;
    const whole = (await searchAs(page, 'AC', 'TICKETS')).groups[0];
    expect(whole.total_count).toBeGreaterThanOrEqual(tickets.total_count);
    await screen.showAll(showAll).click();
    await expect.poll(() => addressOf(page).params.get('kind')).toBe('TICKETS');
    await screen.back.waitFor();
    await page.getByRole('combobox', { name: /Per page/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect
      .poll(screen.pagerLabel)
      .toBe(`1–10 of ${formatCount(whole.total_count, whole.total_capped)}`);
    const firstPage = await screen.hits('Tickets').allTextContents();
    expect(firstPage).toHaveLength(10);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect
      .poll(screen.pagerLabel)
      .toBe(`11–20 of ${formatCount(whole.total_count, whole.total_capped)}`);
    expect(addressOf(page).params.get('page')).toBe('2');
    const secondPage = await screen.hits('Tickets').allTextContents();
    expect(secondPage).toHaveLength(10);
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
    const pageTwo = await searchAs(page, 'AC', 'TICKETS');
    expect(pageTwo.groups[0].total_count).toBe(whole.total_count);
    await screenshot(page, 'all-search-show-all');

    // Back to all results; a term that matches nothing names every kind searched.
    await screen.back.click();
    await expect.poll(() => addressOf(page).params.has('kind')).toBe(false);
    await screen.group('Tickets').waitFor();
    const nothing = `zq${Date.now().toString(36)}`;
    await screen.field.fill(nothing);
    await page.getByText(noMatch(answer.searched, nothing), { exact: true }).waitFor();
  }, 120_000);

  it("a dealer's owner has no search; the co-ordinator searches only what their menu allows", async () => {
    const dealer = await newPage(DESK);
    await openAs(dealer.page, 'DEALER_OWNER', '/Dashboard');
    await dealer.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await topBarSearch(dealer.page).box.count()).toBe(0);
    expect(await topBarSearch(dealer.page).pageLink().count()).toBe(0);
    await dealer.page.goto('/AllModules');
    await dealer.page.getByText('You do not have access to this page', { exact: true }).waitFor();

    const { page } = await newPage(DESK);
    await openAs(page, 'AGENT', '/ActiveTickets');
    const search = topBarSearch(page);
    await search.box.waitFor();
    const answer = await searchAs(page, 'PO');
    expect(answer.searched).not.toContain('PURCHASE_ORDERS');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('PO');
    await search.results.waitFor();
    expect(await search.groupLabels()).toEqual(answer.groups.map((group) => group.label));
    expect(await search.groupLabels()).not.toContain('Purchase orders');

    // The page lists what they may search (from the answer), and refuses a kind they may not.
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'All Search' })
      .click();
    await expectPath(page, '/AllModules');
    const screen = allSearchScreen(page);
    await screen.searchable.waitFor();
    expect(await screen.searchable.getByRole('listitem').allTextContents()).toEqual(
      answer.searched.map((kind) => SEARCH_KIND_LABELS[kind]),
    );
    await page.goto('/AllModules?q=PO&kind=PURCHASE_ORDERS');
    await page
      .getByRole('alert')
      .filter({ hasText: SEARCH_MESSAGES.kindNotAllowed(SEARCH_KIND_LABELS.PURCHASE_ORDERS) })
      .waitFor();
  }, 120_000);

  it('at 390 px the top bar has a button to the page, which finds and opens a customer', async () => {
    const { page } = await newPage(PHONE);
    await openAsOwner(page, '/Dashboard');
    const search = topBarSearch(page);
    await search.pageLink().waitFor();
    expect(await search.box.count()).toBe(0);
    await search.pageLink().click();
    await expectPath(page, '/AllModules');

    const screen = allSearchScreen(page);
    const { customer, digits } = await demoCustomer(page);
    await screen.field.fill(digits);
    const link = screen.hits('Customers').filter({ hasText: customer.customer_name });
    await link.waitFor();
    await still(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'all-search-phone');

    // Show all on a phone: the pager fits.
    await screen.field.fill('AC');
    await screen.group('Tickets').waitFor();
    await page.getByRole('link', { name: /^Show all [\d,]+ tickets$/ }).click();
    await screen.back.waitFor();
    await still(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await page.goBack();
    await screen.field.fill(digits);
    await link.click();
    await expectPath(page, '/CustomersView');
    await page.getByRole('dialog', { name: customer.customer_name }).waitFor();
  }, 120_000);

  it('works by keyboard alone: "/", the arrows, Enter, Escape and Tab', async () => {
    const { page } = await newPage(DESK);
    await openAsOwner(page, '/Dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const search = topBarSearch(page);
    const { ticket, digits } = await demoTicket(page);

    // "/" focuses the box; Escape closes the popup, then clears the box.
    await page.keyboard.press('/');
    await expect.poll(() => search.box.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.type(digits);
    await search.results.waitFor();
    await page.keyboard.press('Escape');
    await search.results.waitFor({ state: 'detached' });
    expect(await search.box.getAttribute('aria-expanded')).toBe('false');
    expect(await search.box.inputValue()).toBe(digits);
    await page.keyboard.press('ArrowDown');
    await search.results.waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await search.box.inputValue()).toBe('');

    // ArrowUp from the box goes round to the last option, All results; Enter opens the page.
    await page.keyboard.type(digits);
    await search.results.waitFor();
    await arrowTo(page, 'ArrowUp', `All results for ‘${digits}’`, 1);
    await page.keyboard.press('Enter');
    await expectPath(page, '/AllModules');
    expect(addressOf(page).params.get('q')).toBe(digits);
    const screen = allSearchScreen(page);
    await screen.group('Tickets').waitFor();

    // Ctrl+K on the page focuses its own field, where "/" is typed as any character.
    await page.keyboard.press('Control+k');
    await expect.poll(() => screen.field.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.press('/');
    expect(await screen.field.inputValue()).toBe(`${digits}/`);
    await page.keyboard.press('Backspace');

    // Tab from the field reaches the ticket's link; Enter opens it.
    for (let step = 0; step < 15; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused.includes(ticket.ticket_number)) break;
    }
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    await page.keyboard.press('Enter');
    await expectPath(page, '/ActiveTickets');
    await page.getByRole('heading', { level: 1, name: `Ticket ${ticket.ticket_number}` }).waitFor();
  }, 120_000);
});
