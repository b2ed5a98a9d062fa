import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../apps/server/src/db/seed/demo.ts';
import { raiseDemoComponentRequests } from '../apps/server/src/modules/inventory/demo-requests.ts';
import { raiseDemoPurchaseOrders } from '../apps/server/src/modules/purchasing/demo-orders.ts';
import { setDemoRateCards } from '../apps/server/src/modules/payouts/demo-rate-cards.ts';
import { raiseDemoPayout } from '../apps/server/src/modules/payouts/demo-payouts.ts';
import { raiseDemoQuotations } from '../apps/server/src/modules/quotations/demo-quotations.ts';
import { raiseDemoReplacements } from '../apps/server/src/modules/fgr/demo-fgr.ts';
import { raiseDemoPlans } from '../apps/server/src/modules/schedules/demo-schedules.ts';
import { raiseDemoAttendance } from '../apps/server/src/modules/reports/demo-attendance.ts';
import { raiseDemoRequests } from '../apps/server/src/modules/requests/demo-requests.ts';
import { raiseDemoFleetRequests } from '../apps/server/src/modules/product-fleet/demo-requests.ts';
import { seedE2eFixtures } from './support/fixtures.ts';
import { fillDemoCabinet } from '../apps/server/src/modules/cabinet/demo-cabinet.ts';
import { raiseDemoLeads } from '../apps/server/src/modules/leads/demo-leads.ts';
import { createLocalFileStore } from '../apps/server/src/platform/files.ts';
import { codesIn } from '../apps/server/src/modules/mail-outbox/list-outbox-mails.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** Where each journey file appends its accessibility gate's counts (e2e/support/axe-setup.ts). */
    axeTallyFile: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The accessibility gate's total over every journey file of the run: the line CI's log shows. */
function printAxeTotal(tallyFile: string) {
  if (!fs.existsSync(tallyFile)) return;
  const files = fs
    .readFileSync(tallyFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) => JSON.parse(line) as { screens: number; violations: number; allowed: number; errors: number },
    );
  const sum = (key: 'screens' | 'violations' | 'allowed' | 'errors') =>
    files.reduce((total, file) => total + file[key], 0);
  console.log(
    `[axe] total over ${files.length} journey files: ${sum('screens')} screens checked, ${sum('violations')} violations` +
      `, ${sum('allowed')} allowed, ${sum('errors')} not finished`,
  );
}

/**
 * The server's JSON log of the whole run (docs/operations.md#logs) must hold no password, phone
 * number or email address of anyone in the database, and no code the run mailed: the journeys
 * typed all of them. Mails printed for reading (the journeys have no SMTP server) are not JSON
 * lines and are not checked.
 */
async function checkLogHoldsNoPersonalData(serverLog: string, pgliteDir: string) {
  const jsonLines = (await fsp.readFile(serverLog, 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('{'));
  const database = await openDatabase({ dataDir: pgliteDir });
  const secrets = new Set<string>([DEMO_PASSWORD]);
  try {
    const rows = await database.query<{ value: string | null }>(
      `select phone_national as value from customer union select email from customer
       union select email from "user" union select substr(phone_number, 4) from member`,
    );
    for (const { value } of rows) if (value && value.length >= 6) secrets.add(value);
    // Every code and temporary password the run mailed, found as the Mail Outbox finds them.
    const mails = await database.query<{ body_text: string | null }>('select body_text from mail_outbox');
    for (const { body_text } of mails) for (const code of codesIn(body_text ?? '')) secrets.add(code);
  } finally {
    await database.close();
  }
  // Digits count only as a whole word: a code may be part of a timestamp or of a request id's hex.
  const holds = (line: string, secret: string) =>
    /^\d+$/.test(secret)
      ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(line)
      : line.includes(secret);
  const found = [...secrets].filter((secret) => jsonLines.some((line) => holds(line, secret)));
  console.log(
    `[log] ${jsonLines.length} JSON log lines checked for ${secrets.size} passwords, phone numbers, emails and mailed codes`,
  );
  if (found.length > 0) {
    const example = jsonLines.find((line) => holds(line, found[0]))!;
    // An error thrown here is printed but does not fail the run: the exit code says it.
    process.exitCode = 1;
    throw new Error(
      `The server's log holds personal data (${found.length} values, e.g. ${found[0].slice(0, 3)}…): ${example.slice(0, 300)}`,
    );
  }
}

/**
 * Starts the real portal as a user would (`npm start` without the build step): its own process, an
 * embedded database with the demo and the journeys' extra people, the built web app.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR lets two journey runs on one machine each serve their own build.
  const webDist = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `The web app is not built in ${webDist}: run \`npm run build\` first (npm test does it in pretest).`,
    );
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fieldport-e2e-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  await seedDemoIfEmpty(database.db);
  await raiseDemoFleetRequests(database.db);
  await raiseDemoComponentRequests(database.db);
  await raiseDemoPurchaseOrders(database.db);
  await setDemoRateCards(database.db);
  await raiseDemoPayout(database.db);
  await raiseDemoQuotations(database.db);
  await raiseDemoReplacements(database.db);
  await raiseDemoPlans(database.db);
  await raiseDemoAttendance(database.db);
  await raiseDemoRequests(database.db);
  await raiseDemoLeads(database.db);
  // The server's file store (DATA_DIR/files); writing needs no signing secret.
  await fillDemoCabinet(database.db, createLocalFileStore(path.join(dataDir, 'files'), 'unused'));
  await seedE2eFixtures(database.db);
  await database.close();

  const port = await freePort();
  const serverLog = path.join(dataDir, 'server.log');
  const log = fs.createWriteStream(serverLog);
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '1',
      AUTH_RATE_LIMIT_IP_PER_MINUTE: '10000',
      AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '1000',
      AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited early:\n${await fsp.readFile(serverLog, 'utf8')}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not start:\n${await fsp.readFile(serverLog, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  const axeTallyFile = path.join(dataDir, 'axe-tally.jsonl');
  project.provide('axeTallyFile', axeTallyFile);

  return async () => {
    printAxeTotal(axeTallyFile);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise((resolve) => log.end(resolve));
    try {
      await checkLogHoldsNoPersonalData(serverLog, path.join(dataDir, 'pglite'));
    } finally {
      if (!process.env.E2E_KEEP) await fsp.rm(dataDir, { recursive: true, force: true });
    }
  };
}
