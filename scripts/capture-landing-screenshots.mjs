// The landing page's screenshots of the real product (docs/landing.md#screenshots): starts the demo
// portal on a fresh embedded database, signs in as the demo owner (the dashboard, Active Tickets, a
// ticket's page at 1200 x 750) and as the demo technician (the field app at 390 x 844, a phone),
// and writes them as JPEG into apps/web/public/landing/, where Vite copies them into the build.
//
//   npm run build && node scripts/capture-landing-screenshots.mjs
//
// WEB_DIST_DIR serves another build (default apps/web/dist); CHROMIUM_PATH another Chromium
// (default Debian's /usr/bin/chromium).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'apps/web/public/landing');
const WEB_DIST_DIR = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// As the browser journeys start it (e2e/support/chromium.ts): no downloads, no background traffic.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PASSWORD = 'Demo@1234';
/** JPEG quality: the screens stay readable, each file well under the 120 kB the page allows itself. */
const QUALITY = 70;
const LIMIT_BYTES = 120_000;
const DESKTOP = { width: 1200, height: 750 };
const PHONE = { width: 390, height: 844 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The demo portal as `npm start` runs it, on a fresh data folder and a free port. */
async function startPortal() {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(`The web app is not built in ${WEB_DIST_DIR}: run \`npm run build\` first.`);
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fieldport-shots-'));
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '1',
      WEB_DIST_DIR,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    log.end();
    await fsp.rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) {
      const output = await fsp.readFile(logFile, 'utf8');
      await stop();
      throw new Error(`The portal exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The portal did not start within 3 minutes.');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, stop };
}

/** Waits until the screen has loaded its data and stopped moving (charts animate in). */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const loading = page
    .locator('[aria-busy="true"], [role="progressbar"], .MuiSkeleton-root, [data-testid="loading-overlay"]')
    .filter({ visible: true });
  const deadline = Date.now() + 15_000;
  while ((await loading.count()) > 0) {
    if (Date.now() > deadline) {
      console.warn(`  (${page.url()} still shows a loading sign; taken anyway)`);
      break;
    }
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(1500);
}

async function signIn(browser, baseUrl, email, viewport) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    // The service worker would download the whole app for offline use: not wanted here.
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 30_000 });
  return { context, page };
}

async function shoot(page, name) {
  const file = path.join(OUT_DIR, `${name}.jpg`);
  await page.screenshot({ path: file, type: 'jpeg', quality: QUALITY });
  const bytes = (await fsp.stat(file)).size;
  const over =
    bytes > LIMIT_BYTES ? `  OVER ${LIMIT_BYTES / 1000} kB: lower the quality or pick a quieter screen` : '';
  console.log(`  ${path.relative(ROOT, file)}: ${(bytes / 1000).toFixed(1)} kB${over}`);
}

async function main() {
  await fsp.mkdir(OUT_DIR, { recursive: true });
  console.log('Starting the demo portal ...');
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const owner = await signIn(browser, portal.baseUrl, 'owner@demo.local', DESKTOP);
    // Each screen opened afresh: no "Logged in" snackbar over it.
    await owner.page.goto('/Dashboard');
    await settle(owner.page);
    await shoot(owner.page, 'dashboard');

    await owner.page.goto('/ActiveTickets');
    const grid = owner.page.getByRole('grid', { name: 'Active Tickets' });
    await grid.getByRole('row').nth(1).waitFor({ timeout: 20_000 });
    await settle(owner.page);
    await shoot(owner.page, 'active-tickets');

    // A ticket under way (an engineer on it, a history to show), opened from the list as a person does.
    await grid.getByRole('row').filter({ hasText: 'In Progress' }).first().getByRole('link').first().click();
    await owner.page.getByRole('heading', { level: 1, name: /^Ticket / }).waitFor({ timeout: 20_000 });
    await settle(owner.page);
    await shoot(owner.page, 'ticket');
    await owner.context.close();

    const technician = await signIn(browser, portal.baseUrl, 'technician@demo.local', PHONE);
    await technician.page.goto('/Technician');
    await settle(technician.page);
    await shoot(technician.page, 'field-app');
    await technician.context.close();
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
