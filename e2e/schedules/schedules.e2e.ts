import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '@fieldport/contract/fields';
import { SCHEDULES_MESSAGES } from '@fieldport/contract/operations/schedules';
import { addMonths } from '../../apps/server/src/modules/schedules/due-dates.ts';
import { dayWords } from '../contracts/contracts-page.ts';
import { choose, optionsClosed } from '../inventory/parts-journey-page.ts';
import { closeBrowser, launchBrowser, newPage, screenshot, sideways } from '../support/browser.ts';
import { expectMessage, expectPath } from '../support/login-page.ts';
import { openAsOwner } from '../support/master-page.ts';
import { planDialog, schedulesScreen, still } from './schedules-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Scheduled maintenance in the browser (docs/schedules.md): the owner plans a demo customer's
// product every 3 months from today with its tickets raised on the day, so that its first date's
// day has already come (no waiting for the clock); raises the due tickets now rather than by the
// hourly job, follows the raised ticket to its page; then stops the plan with a reason and resets it.

/** The demo organization's time zone: its calendar decides the plans' days. */
const TIME_ZONE = 'Asia/Kolkata';
const PHONE = { width: 400, height: 844 };

describe('Scheduled service', () => {
  it('a plan due today raises its ticket, and is stopped and reset', async () => {
    const today = dayIn(TIME_ZONE);
    const { page, context } = await newPage();
    await openAsOwner(page, '/ScheduleServices');
    const screen = schedulesScreen(page);
    await screen.heading().waitFor();
    expect(await screen.tab('Plans').getAttribute('aria-selected')).toBe('true');
    // The demo's plans (modules/schedules/demo-schedules.ts) are listed.
    await screen.plans
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .first()
      .waitFor();

    // Planned by keyboard where a person would type; Every left empty is said under the field.
    await screen.planButton().click();
    const plan = planDialog(page);
    // The demo's seventh product, a washing machine in warranty (seedDemoFleet): no other journey's.
    const serial = await plan.chooseProductStartingWith('WA240043');
    expect(serial).toBe('WA240043');
    expect(await plan.repeat().textContent()).toBe('Every N months');
    // The AMC's visits follow a contract covering the product: this one has none.
    await choose(plan.dialog, page, 'Repeat', "The AMC's visits");
    await plan.dialog
      .getByText(`No running AMC contract covers ${serial}: plan every N months instead`)
      .waitFor();
    expect(await plan.every().count()).toBe(0);
    await choose(plan.dialog, page, 'Repeat', 'Every N months');
    await optionsClosed(page);
    expect(await plan.firstVisit().inputValue()).toBe(today);
    await plan.raiseAhead().fill('0');
    await plan.submit().click();
    await plan.dialog.getByText('Every is required', { exact: true }).waitFor();
    expect(await plan.every().getAttribute('aria-invalid')).toBe('true');
    // Its message is the field's description: read with it.
    const describedBy = (await plan.every().getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Every is required');
    await plan.dialog
      .getByText('The first is due now: it is raised within the hour.', { exact: false })
      .waitFor();
    await still(page);
    await screenshot(page, 'schedules-plan-error');
    await plan.every().fill('3');
    await plan.submit().click();
    await expectMessage(page, SCHEDULES_MESSAGES.created(serial, dayWords(today)));
    await plan.dialog.waitFor({ state: 'hidden' });

    // The plan, due today: its ticket is due now.
    const planRow = screen.row('Maintenance plans', serial);
    await planRow.getByText('Every 3 months').waitFor();
    await planRow.getByText(`From ${dayWords(today)}, no last day`).waitFor();
    await planRow.getByText(dayWords(today), { exact: true }).waitFor();
    await planRow.getByText('Ticket due now').waitFor();
    await planRow.getByText('On the due date').waitFor();
    await planRow.getByText('0 raised', { exact: true }).waitFor();
    await planRow.getByText('0 missed', { exact: true }).waitFor();
    await planRow.getByText('Active', { exact: true }).waitFor();
    await still(page);
    await screenshot(page, 'schedules-plans');

    // Coming up: today's date, its ticket due now.
    await screen.tab('Upcoming').click();
    const upcomingRow = screen.row('Upcoming visits', serial);
    await upcomingRow.getByText(dayWords(today), { exact: true }).waitFor();
    await upcomingRow.getByText('Ticket due now').waitFor();

    // The raising, run now rather than by the hourly job.
    await screen.raiseButton().click();
    await expectMessage(page, '1 ticket raised.');
    expect(SCHEDULES_MESSAGES.ran(1, 0)).toBe('1 ticket raised.');

    // Its ticket, listed with its state; its number opens it.
    await screen.tab('Raised').click();
    const raisedRow = screen.row('Raised tickets', serial);
    await raisedRow.getByText(dayWords(today), { exact: true }).waitFor();
    // The latest first, whichever tab was open before.
    expect(
      await screen.raised.getByRole('columnheader', { name: 'Due date' }).getAttribute('aria-sort'),
    ).toBe('descending');
    const ticketLink = raisedRow.getByRole('link');
    const ticketNumber = ((await ticketLink.textContent()) ?? '').trim();
    expect(ticketNumber).not.toBe('');
    await raisedRow.getByText(/^(Open|Assigned)$/).waitFor();
    await still(page);
    await screenshot(page, 'schedules-raised');
    await ticketLink.click();
    await expectPath(page, '/ActiveTickets');
    expect(new URL(page.url()).searchParams.get('ticket_id')).not.toBeNull();
    await page.getByRole('heading', { level: 1, name: `Ticket ${ticketNumber}` }).waitFor();
    await page
      .getByText(`Scheduled maintenance due on ${dayWords(today)}.`)
      .first()
      .waitFor();
    await page.goBack();
    await expectPath(page, '/ScheduleServices');

    // The plan goes on to its next date, three months on.
    await screen.tab('Plans').click();
    await planRow.getByText('1 raised', { exact: true }).waitFor();
    await planRow.getByText(dayWords(addMonths(today, 3)), { exact: true }).waitFor();

    // Stopped, saying why: no tickets until it is reset.
    await screen.stopButton(serial).click();
    const stop = page.getByRole('dialog', { name: `Stop maintenance of ${serial}` });
    await stop.getByRole('textbox', { name: 'Reason' }).fill('Customer away until next quarter');
    await still(page);
    await screenshot(page, 'schedules-stop');
    await stop.getByRole('button', { name: 'Stop plan' }).click();
    await expectMessage(page, SCHEDULES_MESSAGES.stopped(serial));
    await stop.waitFor({ state: 'hidden' });
    await planRow.getByText('Stopped', { exact: true }).waitFor();
    await planRow.getByText('Customer away until next quarter').waitFor();
    await planRow.getByText('None while stopped').waitFor();

    // Reset, by keyboard: no date passed meanwhile, so nothing is missed.
    await screen.resetButton(serial).focus();
    await page.keyboard.press('Enter');
    const reset = page.getByRole('dialog', { name: `Reset maintenance of ${serial}?` });
    await reset
      .getByText('It was stopped because: Customer away until next quarter', { exact: false })
      .waitFor();
    await reset.getByRole('button', { name: 'Reset plan' }).focus();
    await page.keyboard.press('Enter');
    await expectMessage(page, SCHEDULES_MESSAGES.reset(serial, 0));
    await reset.waitFor({ state: 'hidden' });
    await planRow.getByText('Active', { exact: true }).waitFor();
    await planRow.getByText(dayWords(addMonths(today, 3)), { exact: true }).waitFor();

    // Nothing of it was missed: the tab holds only the demo's paused plan's dates.
    await screen.tab('Missed').click();
    await screen.missed
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .first()
      .waitFor();
    expect(await screen.row('Missed dates', serial).count()).toBe(0);
    await still(page);
    await screenshot(page, 'schedules-missed');

    // On a phone: the lists fit the width; the dialog takes the screen.
    await page.setViewportSize(PHONE);
    await screen.tab('Plans').click();
    await planRow.getByText('Active', { exact: true }).waitFor();
    await planRow.getByText(`Every 3 months · next ${dayWords(addMonths(today, 3))}`).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const headers = (await screen.plans.getByRole('columnheader').allTextContents()).map((text) =>
      text.trim(),
    );
    expect(headers.slice(0, 2)).toEqual(['Product', 'State']);
    await still(page);
    await screenshot(page, 'schedules-plans-phone');
    await screen.tab('Raised').click();
    await raisedRow.getByRole('link', { name: ticketNumber }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await still(page);
    await screenshot(page, 'schedules-raised-phone');
    await screen.planButton().click();
    const box = await plan.dialog.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    await plan.product().waitFor();
    await still(page);
    await screenshot(page, 'schedules-plan-phone');
    await plan.cancel().click();
    await plan.dialog.waitFor({ state: 'hidden' });
    await context.close();
  }, 180_000);
});
