import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import {
  actions,
  createTicket,
  mailedClosureCode,
  shot,
  signIn,
  todayInKolkata,
  uniqueMobile,
  uniqueName,
} from './tickets-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** The technician's phone: 360 x 740 CSS pixels. */
const PHONE = { width: 360, height: 740 };
/** From the technician's home screen to a closed ticket, in at most this many actions. */
const MOST_ACTIONS = 8;

/**
 * Every click, fill and key press the technician makes, counted; before each, the control must be
 * on the screen as it is (no scrolling needed to reach it).
 */
function counted(page: Page) {
  let count = 0;
  async function onScreen(control: Locator, step: string) {
    await control.waitFor();
    const box = await control.boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(box, `${step}: the control has no box`).not.toBeNull();
    expect(
      { step, top: box!.y >= 0, bottom: box!.y + box!.height <= PHONE.height, scrolled },
      `${step}: the control must be on screen without scrolling`,
    ).toEqual({ step, top: true, bottom: true, scrolled: 0 });
    expect(box!.x >= 0 && box!.x + box!.width <= PHONE.width, `${step}: inside the width`).toBe(true);
  }
  return {
    async click(control: Locator, step: string) {
      await onScreen(control, step);
      count += 1;
      await control.click();
    },
    async fill(control: Locator, value: string, step: string) {
      await onScreen(control, step);
      count += 1;
      await control.fill(value);
    },
    get count() {
      return count;
    },
  };
}

describe('the technician closes a floating ticket on a phone', () => {
  it(`takes at most ${MOST_ACTIONS} actions from My Work to closed, each on screen without scrolling`, async () => {
    // A co-ordinator floats a ticket for today (whatever the organization's mode).
    const agent = await signIn('AGENT', '/ActiveTickets');
    const email = `anil.${Date.now().toString(36)}@example.com`;
    const number = await createTicket(agent.page, {
      customer: uniqueName('Anil Kumar'),
      phone: uniqueMobile(),
      email,
      address: '22, 80 Feet Road, Indiranagar',
      pincode: '560038',
      city: 'Bengaluru',
      state: 'Karnataka',
      service: 'AC Gas Refill',
      note: 'Not cooling',
      visitDate: todayInKolkata(),
      assignment: /^Float it/,
    });
    await agent.context.close();

    const tech = await signIn('TECHNICIAN', '/Technician', PHONE.width);
    const page = tech.page;
    await page.setViewportSize(PHONE);
    await page.getByRole('region', { name: 'Attendance' }).waitFor();
    const user = counted(page);

    // 1, 2: the floating pool, nearest visit first, and the ticket.
    await user.click(page.getByRole('tab', { name: 'Floating pool' }), 'Floating pool tab');
    const card = page.getByRole('article', { name: `Ticket ${number}` });
    await card.waitFor();
    // Visiting today: the first in the pool.
    await expect
      .poll(async () => page.getByRole('article').first().getAttribute('aria-label'))
      .toBe(`Ticket ${number}`);
    await shot(page, 'technician-pool-360');
    await user.click(card.getByRole('link'), 'the ticket');
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    await shot(page, 'technician-ticket-360');

    // 3: claim, without a confirmation; the snackbar offers to undo it.
    await user.click(actions(page).getByRole('button', { name: 'Claim' }), 'Claim');
    await expectMessage(page, `Ticket ${number} is yours`);
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await shot(page, 'technician-claimed-360');

    // 4, 5: start work: the first sub-stage is chosen already.
    await user.click(actions(page).getByRole('button', { name: 'Start work' }), 'Start work');
    const start = page.getByRole('dialog', { name: 'Start work' });
    await expect
      .poll(async () => start.getByRole('combobox', { name: 'Sub-stage' }).textContent())
      .toBe('Inspection');
    await shot(page, 'technician-start-work-360');
    await user.click(start.getByRole('button', { name: 'Start work' }), 'Start work (dialog)');
    await start.waitFor({ state: 'hidden' });
    await page.getByText('In Progress', { exact: true }).first().waitFor();

    // 6, 7, 8: send the closure code and enter it, on the same screen.
    const closing = page.getByRole('group', { name: 'Close with the closure code' });
    await user.click(closing.getByRole('button', { name: 'Send the closure code' }), 'Send the closure code');
    await expectMessage(page, `Closure code sent to ${email} by email (no SMS provider is configured)`);
    const code = await mailedClosureCode(email, number);
    await user.fill(closing.getByRole('textbox', { name: 'Closure code' }), code, 'Closure code');
    await shot(page, 'technician-closure-code-360');
    await user.click(closing.getByRole('button', { name: 'Close ticket' }), 'Close ticket');
    await page.getByText('Closed', { exact: true }).first().waitFor();
    await shot(page, 'technician-closed-360');

    console.log(`The technician closed ${number} in ${user.count} actions from My Work.`);
    expect(user.count).toBeLessThanOrEqual(MOST_ACTIONS);
    await tech.context.close();
  }, 180_000);

  it('can undo a claim from the snackbar, and refuses a wrong closure code in the same words', async () => {
    const agent = await signIn('AGENT', '/ActiveTickets');
    const email = `bina.${Date.now().toString(36)}@example.com`;
    const number = await createTicket(agent.page, {
      customer: uniqueName('Bina Shah'),
      phone: uniqueMobile(),
      email,
      address: '5, Double Road, Indiranagar',
      pincode: '560038',
      city: 'Bengaluru',
      state: 'Karnataka',
      service: 'AC Gas Refill',
      note: 'Water leaking',
      visitDate: todayInKolkata(),
      assignment: /^Float it/,
    });
    await agent.context.close();

    const tech = await signIn('TECHNICIAN', '/Technician?tab=pool', 360);
    const page = tech.page;
    await page
      .getByRole('article', { name: `Ticket ${number}` })
      .getByRole('link')
      .click();
    await actions(page).getByRole('button', { name: 'Claim' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectMessage(page, `Ticket ${number} is back in the floating pool`);
    await actions(page).getByRole('button', { name: 'Claim' }).waitFor();
    await page
      .getByRole('list', { name: 'Timeline' })
      .getByRole('listitem', { name: 'Back in the floating pool' })
      .waitFor();

    // Claimed again and started: the sub-stage's groups are headers, not choices.
    await actions(page).getByRole('button', { name: 'Claim' }).click();
    await actions(page).getByRole('button', { name: 'Start work' }).click();
    const start = page.getByRole('dialog', { name: 'Start work' });
    const subStage = start.getByRole('combobox', { name: 'Sub-stage' });
    await expect.poll(async () => subStage.textContent()).toBe('Inspection');
    await subStage.click();
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: 'Testing', exact: true }).waitFor();
    const options = await listbox.getByRole('option').allTextContents();
    expect(options).not.toContain('Diagnosis');
    expect(options).not.toContain('Repair');
    expect(options).toEqual(expect.arrayContaining(['Inspection', 'Part ordered', 'Testing']));
    await shot(page, 'technician-sub-stages-360');
    // A click on a header chooses nothing and leaves the menu open.
    await listbox.getByText('Repair', { exact: true }).click();
    await listbox.getByRole('option', { name: 'Testing', exact: true }).waitFor();
    expect(await listbox.getByRole('option', { selected: true }).allTextContents()).toEqual(['Inspection']);
    await listbox.getByRole('option', { name: 'Inspection', exact: true }).focus();
    // The keyboard goes from option to option, over the headers.
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Awaiting customer approval');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Part ordered');
    await page.keyboard.press('Enter');
    await expect.poll(async () => subStage.textContent()).toBe('Part ordered');
    await start.getByRole('button', { name: 'Start work' }).click();
    await start.waitFor({ state: 'hidden' });

    const closing = page.getByRole('group', { name: 'Close with the closure code' });
    await closing.getByRole('button', { name: 'Send the closure code' }).click();
    await closing.getByRole('textbox', { name: 'Closure code' }).fill('12');
    await closing.getByRole('button', { name: 'Close ticket' }).click();
    await closing.getByText('Closure code must be the 6 digits the customer received').waitFor();
    const code = await mailedClosureCode(email, number);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await closing.getByRole('textbox', { name: 'Closure code' }).fill(wrong);
    await closing.getByRole('button', { name: 'Close ticket' }).click();
    await closing.getByText('The closure code is wrong. 2 attempts left.').waitFor();
    await shot(page, 'technician-wrong-code-360');
    await closing.getByRole('textbox', { name: 'Closure code' }).fill(code);
    await closing.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByText('Closed', { exact: true }).first().waitFor();
    await tech.context.close();
  }, 180_000);
});
