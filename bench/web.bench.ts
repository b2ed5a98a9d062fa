import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { LANDING_PATH } from '@fieldport/contract/contact';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { checkBudgets } from '../scripts/web-budget.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from '../e2e/support/chromium.ts';
import { defineBenchmark } from './lib/benchmark.ts';

/**
 * Lighthouse on the sign-in page, the public landing page (/Welcome), the dashboard, a ticket list
 * (/ActiveTickets) and the field app (/Technician): performance, accessibility, best practices
 * scores printed (docs/benchmarks.md#web). Lighthouse (the npm package) drives Debian's Chromium
 * against the built portal served by the app on a fresh demo database, with its default mobile
 * settings (simulated slow 4G and a 4x slower CPU) and again with its desktop settings. The
 * dashboard and the ticket list are opened signed in as the demo owner, the field app as the demo
 * technician (the session cookie is sent as a header).
 * Beside the scores: FCP, LCP, TBT, CLS, the bytes transferred, and the gzip sizes the build's
 * size budget counts (scripts/web-budget.mjs).
 */

const CHROMIUM = chromiumPath();
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

interface Audit {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] };
}

/**
 * Lighthouse now and then fails to record a page load's trace on a busy machine (NO_NAVSTART,
 * NO_FCP): such a run measured nothing, so it is run once more before the benchmark gives up.
 */
async function auditWithRetry(...args: Parameters<typeof audit>): Promise<string> {
  try {
    return await audit(...args);
  } catch (error) {
    if (!/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
    return audit(...args);
  }
}

/** One Lighthouse run of `url` in a fresh Chromium profile; returns the printed line. */
async function audit(url: string, formFactor: 'mobile' | 'desktop', cookie?: string): Promise<string> {
  const userDataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fieldport-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const config: Config | undefined =
      formFactor === 'desktop'
        ? { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: CATEGORIES } }
        : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
    };
    const audits = lhr.audits as Record<string, Audit>;
    const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? NaN)} ms`;
    const requests = audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    const bytes = (items: typeof requests) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const decoded = (items: typeof requests) =>
      items.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0);
    const kB = (value: number) => `${(value / 1000).toFixed(1)} kB`;
    // What the largest paint was, and how its time splits (time to first byte, the wait before the
    // element's resource or render, its load, the render itself): what to shorten next.
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { nodeLabel?: string }; phase?: string; timing?: number }[] }[] }
      | undefined;
    const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node?.nodeLabel;
    const lcpPhases = (lcpDetails?.items?.[1]?.items ?? [])
      .filter((item) => item.phase && typeof item.timing === 'number')
      .map((item) => `${item.phase} ${Math.round(item.timing ?? 0)} ms`)
      .join(', ');
    return (
      `performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
      `best practices ${score('best-practices')}; FCP ${ms('first-contentful-paint')}, ` +
      `LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, ` +
      `CLS ${(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}; transferred ` +
      `${kB(audits['total-byte-weight']?.numericValue ?? NaN)} in ${requests.length} requests, of which ` +
      `JavaScript ${kB(bytes(scripts))} on the wire (${kB(decoded(scripts))} decoded) in ${scripts.length} files` +
      (lcpNode ? `; largest paint: "${lcpNode.slice(0, 60)}"${lcpPhases ? ` (${lcpPhases})` : ''}` : '')
    );
  } finally {
    chrome.kill();
    await fsp.rm(userDataDir, { recursive: true, force: true });
  }
}

export const benchmark = defineBenchmark({
  name: 'web',
  title:
    'Lighthouse scores of sign-in, the landing page, the dashboard, a ticket list and the field app (mobile and desktop settings)',
  async run({ env, note, progress }) {
    // One run is enough: the pages do not depend on the database, and each run takes minutes.
    if (env.kind !== 'pglite') {
      note('measured on PGlite only (the pages are the same on PostgreSQL)');
      return;
    }
    const dist = env.config.webDistDir;
    const manifestFile = path.join(dist, '.vite/manifest.json');
    if (!fs.existsSync(manifestFile))
      throw new Error(`${manifestFile} is missing: run \`npm run build\` first.`);
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium.`);

    const budget = checkBudgets(
      JSON.parse(fs.readFileSync(manifestFile, 'utf8')),
      (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length,
    );
    for (const screen of budget.screens) {
      note(
        `${screen.name}: ${(screen.totalBytes / 1000).toFixed(1)} kB of JavaScript (gzip) in ${screen.chunks.length} files, budget ${(screen.limitBytes / 1000).toFixed(1)} kB`,
      );
    }

    const cookie = await env.signIn(demoEmail('OWNER'));
    const technicianCookie = await env.signIn(demoEmail('TECHNICIAN'));
    const pages = [
      { name: 'sign-in', url: `${env.baseUrl}/` },
      { name: 'landing', url: `${env.baseUrl}${LANDING_PATH}` },
      { name: 'dashboard', url: `${env.baseUrl}/Dashboard`, cookie },
      { name: 'ticket list', url: `${env.baseUrl}/ActiveTickets`, cookie },
      { name: 'field app', url: `${env.baseUrl}/Technician`, cookie: technicianCookie },
    ];
    // BENCH_WEB_PAGES=landing,sign-in audits only those pages (each takes a minute or two).
    const only = (process.env.BENCH_WEB_PAGES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = only.filter((name) => !pages.some((page) => page.name === name));
    if (unknown.length) {
      throw new Error(
        `BENCH_WEB_PAGES names no page ${unknown.join(', ')}; the pages: ${pages.map((page) => page.name).join(', ')}.`,
      );
    }
    for (const page of pages.filter((one) => only.length === 0 || only.includes(one.name))) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        progress(`Lighthouse: ${page.name} (${formFactor}) ...`);
        note(`${page.name} (${formFactor}): ${await auditWithRetry(page.url, formFactor, page.cookie)}`);
      }
    }
  },
});
