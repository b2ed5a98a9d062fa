import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { DEMO, newestInMail, newPage } from '../support/browser.ts';
import { expectPath, loginPage } from '../support/login-page.ts';

/** Signs in (a demo role or an e2e person) at a width and opens a route. */
export async function signIn(
  who: string,
  route: string,
  width = 1366,
  options: { serviceWorker?: boolean } = {},
) {
  const { page, context } = await newPage({ width, height: width < 500 ? 760 : 850, ...options });
  const login = loginPage(page);
  await login.open();
  await login.signIn(who.includes('@') ? who : DEMO.email(who), DEMO.password);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
  await page.goto(route);
  await expectPath(page, route.split('?')[0]);
  return { page, context };
}

/** Into /tmp/shots/tickets, where people look at the screens. */
export async function shot(page: Page, name: string) {
  await fs.mkdir('/tmp/shots/tickets', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/tickets/e2e-${name}.png`, fullPage: true });
}

/**
 * A photo from the phone's camera, for the Photo input's `setInputFiles`: a small PNG, big enough
 * to be seen on the timeline. The phone makes it a JPEG before it is sent, named `<name>.jpg`
 * (docs/product.md#working-offline).
 */
export const cameraPhoto = (name: string) => ({ name, mimeType: 'image/png', buffer: gradientPng(160, 120) });

/** An RGB PNG of a blue-to-green gradient, written by hand: the journeys need no image library. */
function gradientPng(width: number, height: number): Buffer {
  const rowLength = 1 + width * 3;
  const pixels = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter byte, 0: none.
    for (let x = 0; x < width; x++) {
      const at = y * rowLength + 1 + x * 3;
      pixels[at] = 30 + Math.round((60 * x) / width);
      pixels[at + 1] = 90 + Math.round((110 * y) / height);
      pixels[at + 2] = 200 - Math.round((140 * y) / height);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A run's own numbers and names: the e2e database lives for the whole run. */
const tag = Date.now().toString(36).slice(-5);
let counter = Number(String(Date.now()).slice(-7));
export const uniqueMobile = () => `98${String((counter += 7919) % 100_000_000).padStart(8, '0')}`;
export const uniqueName = (name: string) => `${name} ${tag}`;

/** The closure code mailed to a customer for a ticket, read from the console outbox in the server's output. */
export function mailedClosureCode(email: string, ticketNumber: string): Promise<string> {
  return newestInMail(
    email,
    (mail) =>
      mail.subject === `Closure code for your service request ${ticketNumber}`
        ? /Your closure code is (\d{6})\./.exec(mail.text)?.[1]
        : undefined,
    `closure code for ${ticketNumber}`,
  );
}

/** Chooses an option of a select (MUI) by its field's label. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The New ticket dialog, with a new customer added inline. */
export async function createTicket(
  page: Page,
  values: {
    customer: string;
    phone: string;
    email: string;
    address: string;
    pincode: string;
    city: string;
    state: string;
    service: string;
    note: string;
    priority?: string;
    /** 'YYYY-MM-DD' */
    visitDate?: string;
    /** A choice of the Assignment radio group (its label, e.g. 'Float it: …'), instead of the organization's mode. */
    assignment?: string | RegExp;
    /** With assignment 'Assign it now': the technician's or partner's name. */
    assignTo?: string;
  },
  onForm?: (form: Locator) => Promise<void>,
): Promise<string> {
  await page.getByRole('button', { name: 'New ticket' }).first().click();
  const form = page.getByRole('dialog', { name: 'New ticket' });
  await form.waitFor();
  await onForm?.(form);
  await form.getByRole('button', { name: 'New customer' }).click();
  const customer = page.getByRole('dialog', { name: 'Add new customer' });
  await customer.getByLabel('Name', { exact: true }).fill(values.customer);
  await customer.getByLabel('Phone', { exact: true }).fill(values.phone);
  await customer.getByLabel('Email', { exact: true }).fill(values.email);
  const primary = customer.getByRole('group', { name: 'Primary location' });
  await primary.getByLabel('Address', { exact: true }).fill(values.address);
  await primary.getByLabel('Pincode', { exact: true }).fill(values.pincode);
  await primary.getByLabel('City', { exact: true }).fill(values.city);
  await primary.getByLabel('State', { exact: true }).fill(values.state);
  await customer.getByRole('button', { name: 'Use this customer' }).click();
  await customer.waitFor({ state: 'hidden' });
  await form.getByText(values.customer, { exact: true }).waitFor();
  await form.getByRole('combobox', { name: 'Service' }).fill(values.service);
  await page.getByRole('option', { name: values.service, exact: true }).click();
  await form.getByLabel('Problem note', { exact: true }).fill(values.note);
  if (values.priority) await choose(page, form, 'Priority', values.priority);
  if (values.visitDate) await form.getByLabel('Preferred visit date').fill(values.visitDate);
  if (values.assignment) {
    await form
      .getByRole('radiogroup', { name: 'How this ticket is given out' })
      .getByRole('radio', { name: values.assignment })
      .check();
  }
  if (values.assignTo) {
    await form
      .getByRole('radiogroup', { name: 'Assign to' })
      .getByRole('radio', { name: values.assignTo })
      .check();
  }
  await form.getByRole('button', { name: 'Create ticket' }).click();
  const created = page.getByText(/^Ticket [A-Z]+-\d+ created$/).first();
  await created.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    // Say what the page showed instead: a refusal's snackbar, a field's error, or nothing at all.
    const said = [
      ...(await page.getByRole('alert').allTextContents()),
      ...(await form.locator('.Mui-error').allTextContents()),
    ].filter((text) => text.trim());
    const shown = said.join(' | ') || 'nothing';
    throw new Error(`No "Ticket … created" after Create ticket; the page showed: ${shown}`, { cause: error });
  });
  const number = /Ticket ([A-Z]+-\d+) created/.exec((await created.textContent()) ?? '')![1];
  await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
  return number;
}

/** Today on the demo organization's calendar (Asia/Kolkata), 'YYYY-MM-DD'. */
export const todayInKolkata = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The ticket page's action buttons. */
export const actions = (page: Page) => page.getByRole('group', { name: 'Ticket actions' });

/** The technician's other actions, below the ticket's facts. */
export const moreActions = (page: Page) => page.getByRole('group', { name: 'More actions' });

/** Opens a ticket from a list by searching its number. */
export async function openFromList(page: Page, listTitle: string, number: string) {
  await page.getByRole('searchbox', { name: 'Search by ticket, customer, phone or serial' }).fill(number);
  const grid = page.getByRole('grid', { name: listTitle });
  await grid.getByRole('link', { name: number, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `Ticket ${number}` }).waitFor();
}
