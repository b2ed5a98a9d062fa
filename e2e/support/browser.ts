import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import { installAxeGate } from './axe-gate.ts';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.ts';

export const baseUrl = () => inject('baseUrl');

let browser: Browser | undefined;

/**
 * Debian's Chromium with the flags this machine needs (no downloads, no background networking).
 * playwright-core starts it on a fresh, empty profile of its own every time.
 */
export async function launchBrowser(): Promise<Browser> {
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
}

export async function newPage(
  options: { width?: number; height?: number; serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  if (!browser) throw new Error('launchBrowser() first');
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1366, height: options.height ?? 850 },
    // The service worker downloads the whole app for offline use (docs/architecture.md#working-offline);
    // only the journeys about working offline need it, the others would wait for that download.
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  // Every screen of every journey is checked for accessibility (docs/architecture.md#the-accessibility-gate).
  await installAxeGate(context);
  const page = await context.newPage();
  // Alerts are part of what the user sees (docs/product.md#signing-in); collect them instead of
  // blocking.
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  (page as Page & { alerts: string[] }).alerts = alerts;
  return { context, page };
}

export function alertsOf(page: Page): string[] {
  return (page as Page & { alerts?: string[] }).alerts ?? [];
}

export interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails the console outbox printed to the server's output, as readable blocks, oldest first. */
async function mailsTo(email: string): Promise<LoggedMail[]> {
  const log = await fs.readFile(inject('serverLog'), 'utf8');
  // A mail with a document (a quotation, a purchase order) has its attachments' lines before the text.
  return [
    ...log.matchAll(
      /\[mail outbox\] \S+\nTo: +(\S+)\nSubject: ([^\n]*)\n(?:Attached: [^\n]*\n)*\n([\s\S]*?)\n={20,}\n/g,
    ),
  ]
    .map((match) => ({ to: match[1], subject: match[2], text: match[3] }))
    .filter((mail) => mail.to === email);
}

/** Waits up to 10 s for the newest value `find` reads in a mail to an address. */
export async function newestInMail(
  email: string,
  find: (mail: LoggedMail) => string | undefined,
  what: string,
  notBefore?: string,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailsTo(email))
      .map(find)
      .filter((value): value is string => Boolean(value))
      .at(-1);
    if (found && found !== notBefore) return found;
    if (Date.now() > deadline) throw new Error(`No ${what} was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest code mailed to an address, read from the console outbox in the server's output. */
export function mailedCode(email: string, notBefore?: string): Promise<string> {
  return newestInMail(
    email,
    (mail) => /Your code to [^\n]*? is (\d{6})\./.exec(mail.text)?.[1],
    'code',
    notBefore,
  );
}

/**
 * The temporary password of the newest invitation mailed to an address, read from the console
 * outbox as the person would read the mail.
 */
export function mailedTemporaryPassword(email: string, notBefore?: string): Promise<string> {
  return newestInMail(
    email,
    (mail) => /Temporary password: (\S+)/.exec(mail.text)?.[1],
    'temporary password',
    notBefore,
  );
}

/** The token of the newest invitation link mailed to an address, read from the console outbox. */
export function mailedInvitationToken(email: string): Promise<string> {
  return newestInMail(
    email,
    (mail) => /\/AcceptInvitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1],
    'invitation link',
  );
}

/** The token of the newest quotation link mailed to an address (docs/quotations.md#the-customers-link). */
export function mailedQuotationToken(email: string, notBefore?: string): Promise<string> {
  return newestInMail(
    email,
    (mail) => /\/Quotation\?token=([A-Za-z0-9._~%-]+)/.exec(mail.text)?.[1],
    'quotation link',
    notBefore,
  );
}

export const DEMO = { password: DEMO_PASSWORD, email: (role: string) => `${role.toLowerCase()}@demo.local` };

/** Takes a screenshot into e2e/screenshots/ (not committed) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // A picture for people is not an assertion: a capture the browser does not deliver in time (it
  // happens now and then on a busy machine) is tried once more and then said, not failed on.
  for (const attempt of [1, 2]) {
    try {
      await page.screenshot({ path: file, fullPage: false, timeout: 15_000 });
      return;
    } catch (error) {
      if (attempt === 2) console.warn(`[screenshot] ${name} not taken: ${(error as Error).message}`);
    }
  }
}

/**
 * How far the page is wider than the window (a sideways scroll), 0 or less when it fits. A list that
 * drops columns at a narrower width does so on a render after the resize, so this first gives the
 * page up to 5 s to fit; a page that never fits reports how far it overflows.
 */
export async function sideways(page: Page): Promise<number> {
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
