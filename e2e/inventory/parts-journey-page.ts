import type { Locator, Page } from 'playwright-core';
import { DEMO, newPage } from '../support/browser.ts';
import { expectPath, loginPage } from '../support/login-page.ts';

/** Picks an option of a form's select or lookup by its exact name. */
export async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * A journey's own technician on a phone, signed in, on the one ticket of their work: the page, its
 * number and the ticket's Parts card (docs/inventory.md#parts-for-a-ticket).
 */
export async function onlyTicketOnPhone(email: string) {
  const phone = await newPage({ width: 390, height: 844 });
  const login = loginPage(phone.page);
  await login.open();
  await login.signIn(email, DEMO.password);
  await expectPath(phone.page, '/Technician');
  const card = phone.page.getByRole('article', { name: /^Ticket / });
  const ticketNumber = ((await card.getAttribute('aria-label')) ?? '').replace('Ticket ', '');
  await card.getByRole('link').click();
  await phone.page.getByRole('heading', { level: 1, name: `Ticket ${ticketNumber}` }).waitFor();
  return { ...phone, ticketNumber, parts: phone.page.getByRole('region', { name: 'Parts' }) };
}

/** Waits until a form's list of options has gone (its fade-out done), before a screenshot. */
export async function optionsClosed(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.MuiPopover-root, .MuiPopper-root'));
}
