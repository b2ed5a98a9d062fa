import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import {
  actions,
  createTicket,
  moreActions,
  shot,
  signIn,
  todayInKolkata,
  uniqueMobile,
  uniqueName,
} from './tickets-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

/** The technician's phone. */
const PHONE = { width: 390, height: 760 };
const SAVED = 'Saved on this phone — it will be sent when you are back online.';
/** "Offline · as of 10:42 am", in the organization's time zone. */
const AS_OF = /^Offline · as of \d{1,2}:\d{2}\s[ap]m$/i;

/** The ticket's way back to the list. */
const backToMyWork = (page: Page) => page.getByRole('main').getByRole('link', { name: 'My Work' });

/**
 * Waits until the service worker has the app's files and the field app's answers are on the phone:
 * My tickets with the ticket, and the ticket itself.
 */
async function readyForNoSignal(page: Page, ticketNumber: string) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
      timeout: 20_000,
    })
    .toBe('activated');
  await expect
    .poll(
      async () => {
        const kept = (await page.evaluate(() => readKept('fieldport-query-cache'))) as {
          clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
        } | null;
        const has = (view: string) =>
          kept?.clientState.queries.some(
            (query) =>
              JSON.stringify(query.queryKey).includes(view) &&
              JSON.stringify(query.state.data).includes(ticketNumber),
          );
        return { mine: has('"MINE"'), ticket: has('"ticket"') };
      },
      { timeout: 10_000 },
    )
    .toEqual({ mine: true, ticket: true });
}

/** What the app keeps in IndexedDB (idb-keyval's store), read in the page. */
declare function readKept(key: string): Promise<unknown>;
const READ_KEPT = `window.readKept = (key) => new Promise((resolve, reject) => {
  const open = indexedDB.open('keyval-store');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction('keyval').objectStore('keyval').get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  };
});`;

interface KeptEntry {
  summary: string;
  taken_at: string;
}

async function newTicket(assignment: { assignTo?: string; float?: boolean }) {
  const agent = await signIn('AGENT', '/ActiveTickets');
  const number = await createTicket(agent.page, {
    customer: uniqueName('Meera Rao'),
    phone: uniqueMobile(),
    email: `meera.${Date.now().toString(36)}@example.com`,
    address: '7, 12th Main, Indiranagar',
    pincode: '560038',
    city: 'Bengaluru',
    state: 'Karnataka',
    service: 'AC Gas Refill',
    note: 'Not cooling in the basement office',
    visitDate: todayInKolkata(),
    ...(assignment.float
      ? { assignment: /^Float it/ }
      : { assignment: 'Assign it now', assignTo: assignment.assignTo }),
  });
  return { agent, number };
}

describe('the field app without a signal', () => {
  it('reads the tickets offline, queues start work and a note, and sends them in order with their times', async () => {
    const { agent, number } = await newTicket({ float: true });
    await agent.context.close();

    const tech = await signIn('TECHNICIAN', '/Technician?tab=pool', PHONE.width, { serviceWorker: true });
    const page = tech.page;
    await page.setViewportSize(PHONE);
    await page.addInitScript(READ_KEPT);
    await page.reload();
    // Online: claim it from the pool and open it, as the day starts.
    await page
      .getByRole('article', { name: `Ticket ${number}` })
      .getByRole('link')
      .click();
    await actions(page).getByRole('button', { name: 'Claim' }).click();
    await expectMessage(page, `Ticket ${number} is yours`);
    await actions(page).getByRole('button', { name: 'Start work' }).waitFor();
    await backToMyWork(page).click();
    await page.getByRole('article', { name: `Ticket ${number}` }).waitFor();
    await page
      .getByRole('article', { name: `Ticket ${number}` })
      .getByRole('link')
      .click();
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    await readyForNoSignal(page, number);

    // The basement: no signal. A reload still shows the ticket, with when it was read.
    await tech.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor({ timeout: 15_000 });
    await page.getByText(AS_OF).waitFor();
    await page.getByRole('link', { name: /^Call / }).waitFor();

    // The list, opened by its address without a signal (the service worker answers the page).
    await page.goto('/Technician');
    const card = page.getByRole('article', { name: `Ticket ${number}` });
    await card.waitFor({ timeout: 15_000 });
    await page.getByText(AS_OF).waitFor();
    await shot(page, 'field-offline-list-390');
    await card.getByRole('link').click();

    // Start work and a note, offline: both kept on the phone and shown as waiting.
    await actions(page).getByRole('button', { name: 'Start work' }).click();
    const start = page.getByRole('dialog', { name: 'Start work' });
    await expect
      .poll(async () => start.getByRole('combobox', { name: 'Sub-stage' }).textContent())
      .toBe('Inspection');
    await start.getByRole('button', { name: 'Start work' }).click();
    await start.waitFor({ state: 'hidden' });
    await expectMessage(page, SAVED);
    await moreActions(page).getByRole('button', { name: 'Add note' }).click();
    const note = page.getByRole('dialog', { name: 'Add a note' });
    await note.getByLabel('Note', { exact: true }).fill('Gas pressure low; leak near the valve');
    await note.getByRole('button', { name: 'Add note' }).click();
    await note.waitFor({ state: 'hidden' });
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByRole('listitem', { name: 'Start work: Inspection, waiting to send' }).waitFor();
    await timeline.getByRole('listitem', { name: 'Note, waiting to send' }).waitFor();
    await page.getByText('2 actions waiting for a signal').waitFor();
    await shot(page, 'field-offline-queued-390');
    await page.setViewportSize({ width: 1366, height: 850 });
    await shot(page, 'field-offline-queued-1366');
    await page.setViewportSize(PHONE);
    const queued = (await page.evaluate(() =>
      readKept('fieldport-outbox:technician@demo.local'),
    )) as KeptEntry[];
    expect(queued.map((entry) => entry.summary)).toEqual(['Start work: Inspection', 'Note']);

    // The signal is back: both go, in order, and the ticket is read again.
    await tech.context.setOffline(false);
    await page.getByText('2 actions waiting for a signal').waitFor({ state: 'hidden', timeout: 20_000 });
    await timeline.getByRole('listitem', { name: 'Note', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    const labels = await timeline
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    // Newest first: the note, then the start of the work, then the claim.
    expect(labels.slice(0, 3)).toEqual(['Note', 'Work updated', 'Claimed']);
    await page.getByText('Gas pressure low; leak near the valve').waitFor();
    await shot(page, 'field-offline-sent-390');

    // The server has them as taken on the phone, not as received.
    const details = (await page.evaluate(async (ticketNumber) => {
      const call = async (name: string, input: unknown) => {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: `query ${name}($input: JSON!) { ${name}(input: $input) }`,
            variables: { input },
          }),
        });
        const body = (await response.json()) as { data: Record<string, string> };
        return JSON.parse(body.data[name]) as { data: { items: Record<string, unknown>[] } };
      };
      const id = new URL(location.href).searchParams.get('ticket_id');
      const ticket = (await call('Get_Ticket_Details', { ticket_id: id })).data.items[0];
      return { number: ticket.ticket_number === ticketNumber, timeline: ticket.timeline };
    }, number)) as { number: boolean; timeline: { kind: string; created_on: string }[] };
    expect(details.number).toBe(true);
    const taken = (kind: string) => details.timeline.find((event) => event.kind === kind)?.created_on;
    expect(new Date(taken('WORK_UPDATED')!).getTime()).toBe(new Date(queued[0].taken_at).getTime());
    expect(new Date(taken('NOTE')!).getTime()).toBe(new Date(queued[1].taken_at).getTime());
    await tech.context.close();
  }, 180_000);

  it('shows a queued action the server refused, with its reason, until the technician dismisses it', async () => {
    const { agent, number } = await newTicket({ assignTo: 'Tarun Technician' });

    const tech = await signIn('TECHNICIAN', '/Technician', PHONE.width, { serviceWorker: true });
    const page = tech.page;
    await page.setViewportSize(PHONE);
    await page.addInitScript(READ_KEPT);
    await page.reload();
    await page
      .getByRole('article', { name: `Ticket ${number}` })
      .getByRole('link')
      .click();
    await actions(page).getByRole('button', { name: 'Accept' }).click();
    await actions(page).getByRole('button', { name: 'Start work' }).click();
    await page
      .getByRole('dialog', { name: 'Start work' })
      .getByRole('button', { name: 'Start work' })
      .click();
    await page.getByRole('dialog', { name: 'Start work' }).waitFor({ state: 'hidden' });
    const closing = page.getByRole('group', { name: 'Close with the closure code' });
    await closing.getByRole('button', { name: 'Send the closure code' }).waitFor();
    await readyForNoSignal(page, number);

    // Offline, closing with the code needs the server and says so; a note waits on the phone.
    await tech.context.setOffline(true);
    await closing.getByText('You are offline: closing with the closure code needs a signal.').waitFor();
    expect(await closing.getByRole('button', { name: 'Send the closure code' }).isDisabled()).toBe(true);
    // The buttons' colours change over MUI's 250 ms transition.
    await page.waitForTimeout(300);
    await shot(page, 'field-offline-closing-390');
    await moreActions(page).getByRole('button', { name: 'Add note' }).click();
    const note = page.getByRole('dialog', { name: 'Add a note' });
    await note.getByLabel('Note', { exact: true }).fill('Customer not at home');
    await note.getByRole('button', { name: 'Add note' }).click();
    await note.waitFor({ state: 'hidden' });
    await page.getByText('1 action waiting for a signal').waitFor();

    // Meanwhile the co-ordinator gives the ticket to someone else.
    await agent.page.reload();
    await agent.page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    await actions(agent.page).getByRole('button', { name: 'Reassign' }).click();
    const reassign = agent.page.getByRole('dialog', { name: `Reassign ${number}` });
    await reassign.getByRole('radio').first().waitFor();
    await reassign
      .getByRole('radio', { name: /^(?!Tarun Technician)/ })
      .first()
      .check();
    await reassign.getByRole('button', { name: 'Assign', exact: true }).click();
    await reassign.waitFor({ state: 'hidden' });
    await agent.context.close();

    // Back online: the note is refused, and the technician reads why.
    await tech.context.setOffline(false);
    await backToMyWork(page).click();
    const refused = page.getByRole('alert').filter({ hasText: `Not sent: Note on ${number}` });
    await refused.waitFor({ timeout: 20_000 });
    const reason = ((await refused.textContent()) ?? '').replace(/.*taken at \d{1,2}:\d{2}\s[ap]m\.\s*/i, '');
    console.log(`The server refused the queued note: ${reason}`);
    expect(reason.replace('Dismiss', '').trim().length).toBeGreaterThan(0);
    await shot(page, 'field-offline-refused-390');
    await page.setViewportSize({ width: 1366, height: 850 });
    await shot(page, 'field-offline-refused-1366');
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await refused.waitFor({ state: 'hidden' });
    await tech.context.close();
  }, 180_000);
});
