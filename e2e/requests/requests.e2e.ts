import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_FORM_PATH,
  REQUEST_MESSAGES,
  REQUEST_STATE_LABELS,
  REQUEST_STATUS_PATH,
  requestFormPath,
  type PublicRequestInput,
} from '@fieldport/contract/operations/requests';
import type { TicketItem } from '@fieldport/contract/operations/tickets';
import { checkPhone } from '@fieldport/contract/phone';
import { OPEN_TICKET_STATES, TICKET_STATES, ticketStateLabel } from '@fieldport/contract/ticket-states';
import { DEMO_ORGANIZATION_SLUG } from '../../apps/server/src/db/seed/demo.ts';
import { openAs } from '../approvals/approvals-screen-page.ts';
import { optionsClosed } from '../inventory/parts-journey-page.ts';
import { still } from '../schedules/schedules-page.ts';
import {
  baseUrl,
  closeBrowser,
  launchBrowser,
  newestInMail,
  newPage,
  screenshot,
  sideways,
} from '../support/browser.ts';
import { expectMessage, expectPath } from '../support/login-page.ts';
import { callAs } from '../support/page-operations.ts';
import { openAsOwner } from '../support/master-page.ts';
import {
  focusedLabel,
  newIndianMobile,
  publicForm,
  raiseScreen,
  statusPage,
  triageScreen,
  type RequestEntry,
} from './requests-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

// Requests for service in the browser (docs/requests.md): a customer sends the demo organization's
// public form (a wrong phone said under its field first), follows the status link it is shown and
// mailed; the owner, co-ordinating, converts it to a ticket for a new customer, and the customer's
// link shows the ticket. Another request is rejected with a reason the customer reads, another
// merged into an open ticket; the dealer raises one on /RFS and sees it in its list; the form is
// sent by keyboard alone, and a bot's submission (the hidden field filled) is answered but not kept.

const ORGANIZATION = 'Demo Service Co';
const FORM = requestFormPath(DEMO_ORGANIZATION_SLUG);
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 850 };
const TICKET_STATE_LABELS = TICKET_STATES.map(ticketStateLabel);

/** A request's words, with a phone no customer of the demo has. */
const entry = (name: string, seed: number, more: Partial<RequestEntry> = {}): RequestEntry => ({
  name,
  phone: newIndianMobile(seed),
  address: '12, 4th Cross, Indiranagar',
  pincode: '560038',
  city: 'Bengaluru',
  state: 'Karnataka',
  product: 'Split AC 1.5 ton',
  problem: 'Cooling is weak and the unit makes a rattling noise.',
  ...more,
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The number in a heading 'Request RFS/… sent'. */
async function sentNumber(page: Page): Promise<string> {
  const heading = (await publicForm(page).sentHeading().textContent()) ?? '';
  return /^Request (\S+) sent$/.exec(heading.trim())![1];
}

/**
 * A request sent to the public route as the form sends it (for the requests this journey decides
 * on, not for the form itself): its number and its status page's path.
 */
async function sendThroughTheForm(page: Page, input: PublicRequestInput) {
  const answer = await page.request.post('/api/service-request', { data: input });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { request_number: string; status_url: string };
  const url = new URL(body.status_url);
  return { number: body.request_number, statusPath: `${url.pathname}${url.search}` };
}

describe('Requests for service', () => {
  it('a request sent on the public form becomes a ticket its customer follows', async () => {
    const request = entry('Kavya Raman', 1);
    const email = `kavya.${request.phone}@example.com`;
    const customer = await newPage(PHONE);
    const { page } = customer;
    await page.goto(FORM);
    const form = publicForm(page);
    await form.form.waitFor();
    await page.getByText(ORGANIZATION, { exact: true }).first().waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'requests-public-form-phone');

    // A phone too short for India is said under its field, read with it, and nothing is sent.
    await form.fields.fill({ ...request, phone: '98450', email });
    await form.send().click();
    const tooShort = checkPhone('98450', 'IN');
    expect(tooShort.ok).toBe(false);
    const phoneMessage = tooShort.ok ? '' : tooShort.message;
    await form.form.getByText(phoneMessage, { exact: true }).waitFor();
    expect(await form.fields.phone().getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await form.fields.phone().getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(phoneMessage);
    await screenshot(page, 'requests-public-form-error-phone');
    await form.fields.phone().fill(request.phone);
    await form.send().click();

    // Sent: its number, the organization's words and the link to follow it, which is mailed too.
    await form.sentHeading().waitFor();
    const number = await sentNumber(page);
    expect(number).toMatch(/^RFS\//);
    await page.getByText(REQUEST_MESSAGES.raisedPublic(ORGANIZATION), { exact: true }).waitFor();
    const shownLink = ((await page.getByText(/\/RequestStatus\?token=/).textContent()) ?? '').trim();
    const mailedLink = await newestInMail(
      email,
      (mail) => /(\S+\/RequestStatus\?token=\S+)/.exec(mail.text)?.[1],
      'status link',
    );
    expect(mailedLink).toBe(shownLink);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'requests-public-sent-phone');
    await form.follow().click();
    await expectPath(page, REQUEST_STATUS_PATH);
    const status = statusPage(page);
    await status.heading(number).waitFor();
    await page.getByText(REQUEST_STATE_LABELS.NEW, { exact: true }).first().waitFor();
    expect(await status.fact('Problem')).toBe(request.problem);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'requests-status-new-phone');

    // The owner, co-ordinating: the new request waits on the New tab, the first.
    const desk = await newPage(DESK);
    await openAsOwner(desk.page, '/RequestForServices');
    const triage = triageScreen(desk.page);
    await triage.heading().waitFor();
    expect(await triage.tab('New').getAttribute('aria-selected')).toBe('true');

    // The public form's link, to share.
    await triage.publicFormButton().click();
    const share = desk.page.getByRole('dialog', { name: 'Public request form' });
    expect(await share.getByRole('textbox', { name: 'Link to the form' }).inputValue()).toBe(
      `${baseUrl()}${FORM}`,
    );
    expect(FORM.startsWith(REQUEST_FORM_PATH)).toBe(true);
    await still(desk.page);
    await screenshot(desk.page, 'requests-public-form-link');
    await share.getByRole('button', { name: 'Close' }).click();
    await share.waitFor({ state: 'hidden' });

    await triage.search().fill(request.phone);
    await triage.row('New', number).getByText(request.name).waitFor();
    await still(desk.page);
    await screenshot(desk.page, 'requests-triage');
    const details = await triage.open('New', number);
    await details.getByText('A new customer, made from the details above', { exact: false }).waitFor();
    await details.getByText(request.problem, { exact: true }).waitFor();
    await screenshot(desk.page, 'requests-details');

    // Converted for a new customer made from the request (its phone is new); the service is chosen.
    await details.getByRole('button', { name: 'Convert to ticket' }).click();
    const convert = desk.page.getByRole('dialog', { name: `Convert ${number} to a ticket` });
    await convert.getByRole('group', { name: 'Customer' }).getByText(request.name, { exact: true }).waitFor();
    expect(await convert.getByRole('textbox', { name: 'Problem note' }).inputValue()).toBe(request.problem);
    await convert.getByRole('button', { name: 'Convert to ticket' }).click();
    await convert.getByText('Service is required', { exact: true }).waitFor();
    await convert.getByRole('combobox', { name: 'Service' }).click();
    await desk.page.getByRole('option').first().click();
    await optionsClosed(desk.page);
    await still(desk.page);
    await screenshot(desk.page, 'requests-convert');
    await convert.getByRole('button', { name: 'Convert to ticket' }).click();
    const converted = new RegExp(`^Request ${escaped(number)} converted to ticket (\\S+)\\.$`);
    const message = (await desk.page.getByText(converted).first().textContent()) ?? '';
    const ticket = converted.exec(message)![1];
    expect(message).toBe(REQUEST_MESSAGES.converted(number, ticket));
    await convert.waitFor({ state: 'hidden' });
    await details.waitFor({ state: 'hidden' });
    // The message opens the ticket, whose timeline says where it came from.
    await desk.page.getByRole('button', { name: 'Open ticket' }).click();
    await expectPath(desk.page, '/ActiveTickets');
    await desk.page.getByRole('heading', { level: 1, name: `Ticket ${ticket}` }).waitFor();
    await desk.page.getByText(`From request ${number}`, { exact: false }).first().waitFor();
    await desk.page.goBack();
    await expectPath(desk.page, '/RequestForServices');
    await triage.show('Converted');
    await triage.search().fill(number);
    await triage.row('Converted', number).getByText(`Ticket ${ticket}`).waitFor();
    await desk.context.close();

    // The customer's link now shows the ticket and where it stands.
    await page.reload();
    await status.heading(number).waitFor();
    await page.getByText(REQUEST_STATE_LABELS.CONVERTED, { exact: true }).first().waitFor();
    expect(await status.fact('Ticket')).toBe(ticket);
    expect(TICKET_STATE_LABELS).toContain(await status.fact('Ticket state'));
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'requests-status-converted-phone');
    await page.setViewportSize(DESK);
    await status.heading(number).waitFor();
    await screenshot(page, 'requests-status-converted');
    await customer.context.close();
  }, 240_000);

  it('a request is rejected with a reason the customer reads; another is merged into an open ticket', async () => {
    const desk = await newPage(DESK);
    await openAsOwner(desk.page, '/RequestForServices');
    const triage = triageScreen(desk.page);
    await triage.heading().waitFor();
    // An open ticket of the demo: the second request is its customer's, about the same visit.
    const open = await callAs<{ items: TicketItem[] }>(desk.page, 'List_Open_Tickets', {
      list: 'ACTIVE',
      page_size: 25,
    });
    const target = open.items.find((item) => (OPEN_TICKET_STATES as readonly string[]).includes(item.state))!;
    expect(target).toBeDefined();

    const customer = await newPage(PHONE);
    await customer.page.goto(FORM);
    await publicForm(customer.page).form.waitFor();
    const place = {
      org: DEMO_ORGANIZATION_SLUG,
      address: '7, Richmond Road',
      pincode: '560025',
      city: 'Bengaluru',
      state: 'Karnataka',
    };
    const refused = await sendThroughTheForm(customer.page, {
      ...place,
      customer_name: 'Ganesh Rao',
      customer_phone: newIndianMobile(2),
      problem: 'The television needs wall mounting in the new flat.',
    });
    const followUp = await sendThroughTheForm(customer.page, {
      ...place,
      customer_name: target.customer_name,
      customer_phone: target.customer_phone,
      problem: 'Following up: is the engineer still coming this week?',
    });

    // Rejected: a reason is needed, of 5 characters at least.
    await triage.search().fill(refused.number);
    let details = await triage.open('New', refused.number);
    await details.getByRole('button', { name: 'Reject' }).click();
    const reject = desk.page.getByRole('dialog', { name: `Reject request ${refused.number}` });
    const reasonField = reject.getByRole('textbox', { name: 'Reason' });
    await reasonField.fill('No');
    await reject.getByRole('button', { name: 'Reject request' }).click();
    await reject.getByText('Reason must be at least 5 characters', { exact: true }).waitFor();
    const reason = 'We do not mount televisions; a carpenter can help.';
    await reasonField.fill(reason);
    await screenshot(desk.page, 'requests-reject');
    await reject.getByRole('button', { name: 'Reject request' }).click();
    await expectMessage(desk.page, REQUEST_MESSAGES.rejected(refused.number));
    await reject.waitFor({ state: 'hidden' });
    await details.waitFor({ state: 'hidden' });
    await triage.show('Rejected');
    await triage.search().fill(refused.number);
    details = await triage.open('Rejected', refused.number);
    await details.getByText(reason, { exact: true }).waitFor();
    expect(await details.getByRole('button', { name: 'Convert to ticket' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Close' }).click();

    await customer.page.goto(refused.statusPath);
    const status = statusPage(customer.page);
    await status.heading(refused.number).waitFor();
    await customer.page.getByText(REQUEST_STATE_LABELS.REJECTED, { exact: true }).first().waitFor();
    await customer.page.getByText(`Reason: ${reason}`, { exact: true }).waitFor();
    expect(await sideways(customer.page)).toBeLessThanOrEqual(0);
    await screenshot(customer.page, 'requests-status-rejected-phone');

    // Merged: the ticket is chosen among the open tickets of the request's phone.
    await triage.show('New');
    await triage.search().fill(followUp.number);
    details = await triage.open('New', followUp.number);
    await details
      .getByText(`${target.customer_name}, the customer with this phone`, { exact: true })
      .waitFor();
    await details.getByRole('button', { name: 'Merge into a ticket' }).click();
    const merge = desk.page.getByRole('dialog', { name: `Merge request ${followUp.number} into a ticket` });
    await merge.getByRole('combobox', { name: 'Ticket' }).click();
    await desk.page.getByRole('option', { name: new RegExp(`^${escaped(target.ticket_number)} · `) }).click();
    await optionsClosed(desk.page);
    await screenshot(desk.page, 'requests-merge');
    await merge.getByRole('button', { name: 'Merge into ticket' }).click();
    await expectMessage(desk.page, REQUEST_MESSAGES.merged(followUp.number, target.ticket_number));
    await merge.waitFor({ state: 'hidden' });
    await triage.show('Merged');
    await triage.search().fill(followUp.number);
    await triage.row('Merged', followUp.number).getByText(`Ticket ${target.ticket_number}`).waitFor();
    await still(desk.page);
    await screenshot(desk.page, 'requests-merged');

    await customer.page.goto(followUp.statusPath);
    await status.heading(followUp.number).waitFor();
    await customer.page.getByText(REQUEST_STATE_LABELS.MERGED, { exact: true }).first().waitFor();
    expect(await status.fact('Ticket')).toBe(target.ticket_number);
    await customer.context.close();
    await desk.context.close();
  }, 180_000);

  it('the dealer raises a request on RFS and finds it in its list', async () => {
    const { page, context } = await newPage(DESK);
    await openAs(page, 'DEALER_OWNER', '/RFS');
    const rfs = raiseScreen(page);
    await rfs.form.waitFor();
    const request = entry('Suresh Menon', 3, { problem: 'Too short' });
    await rfs.fields.fill(request);
    await rfs.raise().click();
    await rfs.form.getByText('Describe the problem in at least 10 characters', { exact: true }).waitFor();
    await rfs.fields.problem().fill('Washing machine leaks water from the door during the rinse.');
    await screenshot(page, 'requests-rfs-filled');
    await rfs.raise().click();
    const raised = /^Request (\S+) raised\.$/;
    const message = (await page.getByText(raised).first().textContent()) ?? '';
    const number = raised.exec(message)![1];
    // The form starts afresh; the request is in the list below, new.
    await expect.poll(() => rfs.fields.name().inputValue()).toBe('');
    await rfs.row(number).getByText(REQUEST_STATE_LABELS.NEW, { exact: true }).waitFor();
    await rfs.row(number).getByText(request.name).waitFor();
    await still(page);
    await screenshot(page, 'requests-rfs');
    await page.setViewportSize(PHONE);
    await rfs.row(number).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await still(page);
    await screenshot(page, 'requests-rfs-phone');
    await context.close();

    // The organization sees it among the dealers' requests.
    const desk = await newPage(DESK);
    await openAsOwner(desk.page, '/RequestForServices');
    const triage = triageScreen(desk.page);
    await triage.heading().waitFor();
    await desk.page.getByRole('combobox', { name: 'Source' }).click();
    await desk.page.getByRole('option', { name: 'Dealer', exact: true }).click();
    await triage.search().fill(number);
    const details = await triage.open('New', number);
    await details.getByText(/· Dealer: /).waitFor();
    await desk.context.close();
  }, 120_000);

  it('the public form is sent by keyboard alone; a wrong link says so; a bot that fills the hidden field is answered, not kept', async () => {
    const { page, context } = await newPage(DESK);
    await page.goto(FORM);
    const form = publicForm(page);
    await form.form.waitFor();
    await screenshot(page, 'requests-public-form');

    // Each field in turn by Tab, as a person without a mouse goes; the hidden field is never reached.
    const request = entry('Lata Iyer', 4, {
      product: 'Water purifier',
      problem: 'Water tastes salty since Monday.',
    });
    const steps: [label: string, typed?: string][] = [
      ['Name', request.name],
      ['Phone country'],
      ['Phone', request.phone],
      ['Email'],
      ['Address', request.address],
      ['Pincode', request.pincode],
      ['City', request.city],
      ['State', request.state],
      ['Country'],
      ['Product', request.product],
      ['Serial number'],
      ['Problem', request.problem],
      ['Preferred visit date'],
      ['Send request'],
    ];
    for (const [label, typed] of steps) {
      await tabTo(page, label);
      if (typed) await page.keyboard.type(typed);
    }
    await page.keyboard.press('Enter');
    await form.sentHeading().waitFor();
    const number = await sentNumber(page);
    await tabTo(page, 'Follow your request');
    await page.keyboard.press('Enter');
    await statusPage(page).heading(number).waitFor();

    // A form or a link that does not exist says so, in the server's words.
    await page.goto(requestFormPath('no-such-organization'));
    await page.getByText(REQUEST_MESSAGES.formNotFound, { exact: true }).waitFor();
    await page.goto(`${REQUEST_STATUS_PATH}?token=not-a-token`);
    await page.getByText(REQUEST_MESSAGES.linkNotValid, { exact: true }).waitFor();

    // A bot fills every field it finds, the hidden one too: it is told what a person is told.
    await page.goto(FORM);
    await form.form.waitFor();
    const bot = entry('Bulk Offers Bot', 5);
    await form.fields.fill(bot);
    await page.evaluate(() => {
      const field = document.querySelector<HTMLInputElement>('input[name="website"]')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
        field,
        'https://offers.example',
      );
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await form.send().click();
    await page.getByRole('heading', { level: 1, name: 'Request sent', exact: true }).waitFor();
    await page.getByText(REQUEST_MESSAGES.raisedPublic(ORGANIZATION), { exact: true }).waitFor();
    expect(await form.follow().count()).toBe(0);
    await context.close();

    // Nothing of it was kept; the keyboard's request was.
    const desk = await newPage(DESK);
    await openAsOwner(desk.page, '/RequestForServices');
    const triage = triageScreen(desk.page);
    await triage.show('All');
    await triage.search().fill(bot.phone);
    await desk.page.getByText('Nothing matches your search or filter', { exact: true }).waitFor();
    await triage.search().fill(request.phone);
    await triage.row('All', number).getByText(request.name).waitFor();
    await desk.context.close();
  }, 120_000);
});

/**
 * Presses Tab once and expects the field or button named `label` to have the focus; a date's
 * parts are stops of one field, pressed through.
 */
async function tabTo(page: Page, label: string) {
  const before = await focusedLabel(page);
  for (let presses = 0; presses < 4; presses++) {
    await page.keyboard.press('Tab');
    const now = await focusedLabel(page);
    if (now === label) return;
    if (now !== before) throw new Error(`Tab went from "${before}" to "${now}", not to "${label}"`);
  }
  throw new Error(`Tab did not leave "${before}" for "${label}"`);
}
