import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';

export const baseUrl = () => inject('baseUrl');

let browser: Browser | undefined;

/**
 * Debian's Chromium with the flags this machine needs (no downloads, no background networking).
 * playwright-core starts it on a fresh, empty profile of its own every time.
 */
export async function launchBrowser(): Promise<Browser> {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
}

export async function newPage(
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  if (!browser) throw new Error('launchBrowser() first');
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1366, height: options.height ?? 850 },
  });
  const page = await context.newPage();
  // Alerts are part of what the user sees (SPEC section 8); collect them instead of blocking.
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

/** The newest code mailed to an address, read from the console outbox in the server log. */
export async function mailedCode(email: string, notBefore?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await fs.readFile(inject('serverLog'), 'utf8');
    const codes = [
      ...log.matchAll(
        /\[mail outbox\] To: ([^ ]+) \| Subject: [^\\\n]*(?:\\n|\n)Your code to [^\n]*? is (\d{6})\./g,
      ),
    ]
      .filter((match) => match[1] === email)
      .map((match) => match[2]);
    const code = codes.at(-1);
    if (code && code !== notBefore) return code;
    if (Date.now() > deadline) throw new Error(`No code was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The temporary password of the newest invitation mailed to an address (issue 5 item 1), read from
 * the console outbox in the server log as the person would read the mail.
 */
export async function mailedTemporaryPassword(email: string, notBefore?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await fs.readFile(inject('serverLog'), 'utf8');
    const passwords = log
      .split('\n')
      .filter((line) => line.includes(`[mail outbox] To: ${email} |`))
      .map((line) => /Temporary password: ([^\s\\"]+)/.exec(line)?.[1])
      .filter((password): password is string => Boolean(password));
    const password = passwords.at(-1);
    if (password && password !== notBefore) return password;
    if (Date.now() > deadline) throw new Error(`No temporary password was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The token of the newest invitation link mailed to an address, read from the console outbox. */
export async function mailedInvitationToken(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const log = await fs.readFile(inject('serverLog'), 'utf8');
    const token = log
      .split('\n')
      .filter((line) => line.includes(`[mail outbox] To: ${email} |`))
      .map((line) => /\/AcceptInvitation\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1])
      .filter((found): found is string => Boolean(found))
      .at(-1);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`No invitation link was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const DEMO = { password: DEMO_PASSWORD, email: (role: string) => `${role.toLowerCase()}@demo.local` };

/** Takes a screenshot into e2e/screenshots/ (not committed) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
