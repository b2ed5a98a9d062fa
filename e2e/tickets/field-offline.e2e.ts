import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AttendanceStatus, TicketDetails } from '@fieldport/contract/operations/tickets';
import { closeBrowser, DEMO, launchBrowser } from '../support/browser.ts';
import { expectMessage } from '../support/login-page.ts';
import { TICKET_USERS } from './ticket-fixtures.ts';
import {
  actions,
  cameraPhoto,
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
const TECHNICIAN = DEMO.email('TECHNICIAN');

/** The ticket's way back to the list. */
const backToMyWork = (page: Page) => page.getByRole('main').getByRole('link', { name: 'My Work' });

/** A ticket's card in the list on screen. */
const ticketCard = (page: Page, number: string) => page.getByRole('article', { name: `Ticket ${number}` });

/** Opens a ticket from its card in the list on screen. */
async function openTicket(page: Page, number: string) {
  await ticketCard(page, number).getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
}

/**
 * The field app on the technician's phone, signed in at a route, with the service worker that keeps
 * it for no signal, and `readKept` to read what it keeps.
 */
async function openOnPhone(who: string, route: string) {
  const phone = await signIn(who, route, PHONE.width, { serviceWorker: true });
  await phone.page.setViewportSize(PHONE);
  await phone.page.addInitScript(READ_KEPT);
  await phone.page.reload();
  return phone;
}

/**
 * Waits until the service worker has the app's files and the field app's answers are on the phone:
 * today's attendance and, for a ticket, the list it is in (My tickets, or the floating pool) with
 * it and the ticket itself.
 */
async function readyForNoSignal(page: Page, ticketNumber?: string, list: 'MINE' | 'FLOATING' = 'MINE') {
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
        const has = (key: string, text?: string) =>
          Boolean(
            kept?.clientState.queries.some(
              (query) =>
                JSON.stringify(query.queryKey).includes(key) &&
                query.state.data !== undefined &&
                (text === undefined || JSON.stringify(query.state.data).includes(text)),
            ),
          );
        return {
          attendance: has('"attendance"'),
          ...(ticketNumber
            ? { list: has(`"${list}"`, ticketNumber), ticket: has('"ticket"', ticketNumber) }
            : {}),
        };
      },
      { timeout: 10_000 },
    )
    .toEqual({ attendance: true, ...(ticketNumber ? { list: true, ticket: true } : {}) });
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

/** The actions waiting on the phone for a person, in the order taken. */
const keptOutbox = (page: Page, email: string) =>
  page.evaluate((key) => readKept(key), `fieldport-outbox:${email}`) as Promise<KeptEntry[]>;

/** What the server has now: one of its queries' items, asked from the page with its session. */
function fromServer<Item>(page: Page, name: string, input: Record<string, unknown>): Promise<Item[]> {
  return page.evaluate(
    async ({ name, input }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query ${name}($input: JSON!) { ${name}(input: $input) }`,
          variables: { input },
        }),
      });
      const body = (await response.json()) as { data: Record<string, string> };
      return (JSON.parse(body.data[name]) as { data: { items: Item[] } }).data.items;
    },
    { name, input },
  );
}

/** The ticket open on the page, as the server has it. */
async function ticketOnServer(page: Page): Promise<TicketDetails> {
  const ticketId = new URL(page.url()).searchParams.get('ticket_id');
  const [ticket] = await fromServer<TicketDetails>(page, 'Get_Ticket_Details', { ticket_id: ticketId });
  return ticket;
}

/** Start work from the ticket's next step, at the first sub-stage (chosen before the dialog opens). */
async function startWork(page: Page) {
  await actions(page).getByRole('button', { name: 'Start work' }).click();
  const start = page.getByRole('dialog', { name: 'Start work' });
  await expect
    .poll(async () => start.getByRole('combobox', { name: 'Sub-stage' }).textContent())
    .toBe('Inspection');
  await start.getByRole('button', { name: 'Start work' }).click();
  await start.waitFor({ state: 'hidden' });
}

/** The same instant, whatever its notation. */
const sameInstant = (a: string | null | undefined, b: string) =>
  new Date(a ?? 0).getTime() === new Date(b).getTime();

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

    const tech = await openOnPhone('TECHNICIAN', '/Technician?tab=pool');
    const page = tech.page;
    // Online: claim it from the pool and open it, as the day starts.
    await openTicket(page, number);
    await actions(page).getByRole('button', { name: 'Claim' }).click();
    await expectMessage(page, `Ticket ${number} is yours`);
    await actions(page).getByRole('button', { name: 'Start work' }).waitFor();
    await backToMyWork(page).click();
    await openTicket(page, number);
    await readyForNoSignal(page, number);

    // The basement: no signal. A reload still shows the ticket, with when it was read.
    await tech.context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor({ timeout: 15_000 });
    await page.getByText(AS_OF).waitFor();
    await page.getByRole('link', { name: /^Call / }).waitFor();

    // The list, opened by its address without a signal (the service worker answers the page).
    await page.goto('/Technician');
    await ticketCard(page, number).waitFor({ timeout: 15_000 });
    await page.getByText(AS_OF).waitFor();
    await shot(page, 'field-offline-list-390');
    await openTicket(page, number);

    // Start work and a note, offline: both kept on the phone and shown as waiting.
    await startWork(page);
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
    const queued = await keptOutbox(page, TECHNICIAN);
    expect(queued.map((entry) => entry.summary)).toEqual(['Start work: Inspection', 'Note']);

    // The signal is back: both go, in order, and the ticket is read again.
    await tech.context.setOffline(false);
    await page.getByText('2 actions waiting for a signal').waitFor({ state: 'hidden', timeout: 20_000 });
    await timeline.getByRole('listitem', { name: 'Note', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
    // The page may first draw the ticket as the phone kept it, then as the server has it now.
    await timeline.getByRole('listitem', { name: 'Note', exact: true }).waitFor();
    const labels = await timeline
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    // Newest first: the note, then the start of the work, then the claim.
    expect(labels.slice(0, 3)).toEqual(['Note', 'Work updated', 'Claimed']);
    await page.getByText('Gas pressure low; leak near the valve').waitFor();
    await shot(page, 'field-offline-sent-390');

    // The server has them as taken on the phone, not as received.
    const onServer = await ticketOnServer(page);
    expect(onServer.ticket_number).toBe(number);
    const taken = (kind: string) => onServer.timeline.find((event) => event.kind === kind)?.created_on;
    expect(sameInstant(taken('WORK_UPDATED'), queued[0].taken_at)).toBe(true);
    expect(sameInstant(taken('NOTE'), queued[1].taken_at)).toBe(true);
    await tech.context.close();
  }, 180_000);

  it('shows a queued action the server refused, with its reason, until the technician dismisses it', async () => {
    const { agent, number } = await newTicket({ assignTo: 'Tarun Technician' });

    const tech = await openOnPhone('TECHNICIAN', '/Technician');
    const page = tech.page;
    await openTicket(page, number);
    await actions(page).getByRole('button', { name: 'Accept' }).click();
    await startWork(page);
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

  it('checks in without a signal, shows it checked in waiting to send, and sends it with its time', async () => {
    // A technician not checked in today: the demo's may be, by another journey of the run.
    const tech = await openOnPhone(TICKET_USERS.offlineTechnician, '/Technician');
    const page = tech.page;
    const attendance = page.getByRole('region', { name: 'Attendance' });
    await attendance.getByText('Not checked in', { exact: true }).waitFor();
    await readyForNoSignal(page);

    // The day starts in a basement: the check-in waits on the phone, shown done and waiting.
    await tech.context.setOffline(true);
    await attendance.getByRole('button', { name: 'Check in' }).click();
    await expectMessage(page, SAVED);
    await attendance.getByText('Checked in', { exact: true }).waitFor();
    await attendance.getByText(/^In at \d{1,2}:\d{2}\s[ap]m · waiting to send$/i).waitFor();
    expect(await attendance.getByRole('button', { name: 'Check in' }).count()).toBe(0);
    await page.getByText('1 action waiting for a signal').waitFor();
    await shot(page, 'field-offline-check-in-queued-390');
    const queued = await keptOutbox(page, TICKET_USERS.offlineTechnician);
    expect(queued.map((entry) => entry.summary)).toEqual(['Check in']);

    // Back online: it is sent, and the server counts it at the time it was taken.
    await tech.context.setOffline(false);
    await page.getByText('1 action waiting for a signal').waitFor({ state: 'hidden', timeout: 20_000 });
    await attendance.getByText(/waiting to send/).waitFor({ state: 'hidden' });
    await page.reload();
    await attendance.getByText('Checked in', { exact: true }).waitFor();
    await attendance.getByText(/^In at \d{1,2}:\d{2}\s[ap]m$/i).waitFor();
    await attendance.getByRole('button', { name: 'Check out' }).waitFor();
    await shot(page, 'field-offline-check-in-sent-390');
    const [today] = await fromServer<AttendanceStatus>(page, 'Get_Attendance_Status', {});
    expect(today.available).toBe(true);
    expect(sameInstant(today.checked_in_at, queued[0].taken_at)).toBe(true);
    await tech.context.close();
  }, 180_000);

  it('keeps a photo taken without a signal and puts it on the timeline once sent', async () => {
    const { agent, number } = await newTicket({ assignTo: 'Tarun Technician' });
    await agent.context.close();

    const tech = await openOnPhone('TECHNICIAN', '/Technician');
    const page = tech.page;
    await openTicket(page, number);
    await readyForNoSignal(page, number);

    // Offline, the photo is made smaller on the phone and waits there, under its JPEG name.
    await tech.context.setOffline(true);
    await page.getByLabel('Photo', { exact: true }).setInputFiles(cameraPhoto('gas-meter.png'));
    await expectMessage(page, SAVED);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const waiting = timeline.getByRole('listitem', { name: 'Photo, waiting to send' });
    await waiting.getByText(/ · gas-meter\.jpg$/).waitFor();
    await page.getByText('1 action waiting for a signal').waitFor();
    await shot(page, 'field-offline-photo-queued-390');
    const queued = await keptOutbox(page, TECHNICIAN);
    expect(queued.map((entry) => entry.summary)).toEqual(['Photo']);

    // Back online: uploaded and sent; the timeline shows the server's photo, read again too.
    await tech.context.setOffline(false);
    await page.getByText('1 action waiting for a signal').waitFor({ state: 'hidden', timeout: 20_000 });
    await waiting.waitFor({ state: 'hidden' });
    const sentPhoto = timeline
      .getByRole('listitem', { name: 'Photo', exact: true })
      .getByRole('img', { name: 'gas-meter.jpg' });
    await sentPhoto.waitFor();
    await page.reload();
    await sentPhoto.waitFor();
    await expect.poll(() => sentPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    await shot(page, 'field-offline-photo-sent-390');
    const photo = (await ticketOnServer(page)).timeline.find((event) => event.kind === 'PHOTO');
    expect(photo?.file_name).toBe('gas-meter.jpg');
    expect(sameInstant(photo?.created_on, queued[0].taken_at)).toBe(true);
    await tech.context.close();
  }, 180_000);

  it('disables claiming and sending the closure code without a signal, and says why', async () => {
    const { agent, number } = await newTicket({ float: true });
    await agent.context.close();

    const tech = await openOnPhone('TECHNICIAN', '/Technician?tab=pool');
    const page = tech.page;
    await openTicket(page, number);
    const claim = actions(page).getByRole('button', { name: 'Claim' });
    await claim.waitFor();
    await readyForNoSignal(page, number, 'FLOATING');

    // A claim needs the server (another technician may be first): disabled offline, with why.
    await tech.context.setOffline(true);
    await page.getByText('You are offline: Claim needs a signal.', { exact: true }).waitFor();
    expect(await claim.isDisabled()).toBe(true);
    // The buttons' colours change over MUI's 250 ms transition.
    await page.waitForTimeout(300);
    await shot(page, 'field-offline-claim-390');
    await tech.context.setOffline(false);
    await page.getByText('You are offline: Claim needs a signal.').waitFor({ state: 'hidden' });
    expect(await claim.isEnabled()).toBe(true);
    await claim.click();
    await expectMessage(page, `Ticket ${number} is yours`);
    await startWork(page);

    // Sending the closure code needs the server too.
    const closing = page.getByRole('group', { name: 'Close with the closure code' });
    const sendCode = closing.getByRole('button', { name: 'Send the closure code' });
    await sendCode.waitFor();
    await tech.context.setOffline(true);
    await closing.getByText('You are offline: closing with the closure code needs a signal.').waitFor();
    expect(await sendCode.isDisabled()).toBe(true);
    await tech.context.setOffline(false);
    await closing.getByText(/^You are offline/).waitFor({ state: 'hidden' });
    expect(await sendCode.isEnabled()).toBe(true);

    // The server has the claim and the start of the work, and no closure code: nothing was sent offline.
    const onServer = await ticketOnServer(page);
    expect(onServer.state).toBe('IN_PROGRESS');
    expect(onServer.technician_name).toBe('Tarun Technician');
    expect(onServer.timeline.map((event) => event.kind)).not.toContain('OTP_SENT');
    await tech.context.close();
  }, 180_000);

  it('shows a ticket whose start of work waits on the phone as in progress, waiting to send', async () => {
    const { agent, number } = await newTicket({ assignTo: 'Tarun Technician' });
    await agent.context.close();

    const tech = await openOnPhone('TECHNICIAN', '/Technician');
    const page = tech.page;
    await openTicket(page, number);
    await actions(page).getByRole('button', { name: 'Accept' }).click();
    await actions(page).getByRole('button', { name: 'Start work' }).waitFor();
    // My tickets read again after the Accept, as the phone keeps it.
    await backToMyWork(page).click();
    await ticketCard(page, number).getByText('Accepted', { exact: true }).waitFor();
    await openTicket(page, number);
    await readyForNoSignal(page, number);

    // Offline, the work starts: the ticket shows the state it will have, marked as waiting.
    await tech.context.setOffline(true);
    await startWork(page);
    await expectMessage(page, SAVED);
    const waitingChip = (scope: Page | Locator) =>
      scope.getByText('In Progress · waiting to send', { exact: true });
    await waitingChip(page).waitFor();
    expect(await page.getByText('Accepted', { exact: true }).count()).toBe(0);
    await shot(page, 'field-offline-start-work-queued-390');
    await backToMyWork(page).click();
    await waitingChip(ticketCard(page, number)).waitFor();
    await shot(page, 'field-offline-start-work-list-390');

    // Back online: sent, and the ticket is in progress on the server.
    await tech.context.setOffline(false);
    await ticketCard(page, number).getByText('In Progress', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await waitingChip(page).count()).toBe(0);
    await openTicket(page, number);
    await page.getByText('In Progress', { exact: true }).waitFor();
    expect(await waitingChip(page).count()).toBe(0);
    expect((await ticketOnServer(page)).state).toBe('IN_PROGRESS');
    await tech.context.close();
  }, 180_000);
});
