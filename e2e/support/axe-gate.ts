import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import {
  axeGateInPage,
  type AxeGateInPage,
  type AxeGatePageConfig,
  type AxeGateReport,
  type AxeGateViolation,
} from './axe-gate-page.ts';

/**
 * The accessibility gate (docs/architecture.md#the-accessibility-gate): every page a journey opens
 * with `newPage()` checks each new screen with axe-core, WCAG 2.1 A and AA, and the e2e setup file
 * (axe-setup.ts) fails the test that saw a violation.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const BINDING = '__axeGateReport';
const CONFIG: AxeGatePageConfig = {
  tags: WCAG_TAGS,
  quietMs: 200,
  maxWaitMs: 500,
  bindingName: BINDING,
  narrowBelow: 850,
};

let initScript: string | undefined;
function axeGateScript(): string {
  const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  initScript ??= `${axeSource}\n;(${axeGateInPage.toString()})(${JSON.stringify(CONFIG)});`;
  return initScript;
}

export interface AxeFinding {
  test: string;
  url: string;
  screen: string;
  violation: AxeGateViolation;
  /** The reason given to allowViolationsFor(), when the page was let off. */
  allowedBecause?: string;
}

/** What this test file's journeys saw so far. */
export const axeTally = { screens: 0, violations: 0, allowed: 0, errors: 0 };
let findings: AxeFinding[] = [];
const openPages = new Set<Page>();
const allowed = new WeakMap<Page, string>();
let currentTest = '';

export function setCurrentTest(name: string): void {
  currentTest = name;
}

function record(page: Page, report: AxeGateReport): void {
  if (report.kind === 'error') {
    // axe could not finish (the page went away under it): not a finding, but counted and said.
    axeTally.errors += 1;
    console.warn(`[axe] not checked: ${report.screen} (${report.url}): ${report.message}`);
    return;
  }
  const violations = report.kind === 'focus' ? [report.violation] : report.violations;
  if (report.kind === 'checked') axeTally.screens += 1;
  // AXE_GATE_VERBOSE=1 lists every screen checked, to see what a journey covers.
  if (process.env.AXE_GATE_VERBOSE && report.kind === 'checked') {
    console.log(`[axe] ${report.screen}: ${violations.length} violations`);
  }
  const allowedBecause = allowed.get(page);
  for (const violation of violations) {
    if (allowedBecause) axeTally.allowed += 1;
    else axeTally.violations += 1;
    findings.push({ test: currentTest, url: report.url, screen: report.screen, violation, allowedBecause });
  }
}

/** Installs the gate in a new context, before its first page. */
export async function installAxeGate(context: BrowserContext): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, report: AxeGateReport) => record(page, report));
  await context.addInitScript({ content: axeGateScript() });
  context.on('page', (page) => {
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
  });
  // A journey closes its context when it is done: its last screen is checked first.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(context.pages().map(flushAxeGate));
    return close(options);
  };
}

/** Checks the page's screen now if it is new (its quiet time need not have passed). */
export async function flushAxeGate(page: Page): Promise<void> {
  if (page.isClosed()) return;
  try {
    await page.evaluate(() => (window as unknown as { __axeGate?: AxeGateInPage }).__axeGate?.flush());
  } catch (error) {
    // The page navigated or closed meanwhile: the next screen is checked on its own.
    if (!page.isClosed()) console.warn(`[axe] could not flush ${page.url()}: ${String(error)}`);
  }
}

export function flushAllAxeGates(): Promise<void[]> {
  return Promise.all([...openPages].map(flushAxeGate));
}

/**
 * Lets a page off the gate from now on, for a page the test deliberately breaks or leaves
 * mid-action: what axe finds there is printed with the reason, and does not fail the test.
 */
export function allowViolationsFor(page: Page, reason: string): void {
  allowed.set(page, reason);
}

/**
 * One axe run now, loading or not (for a state the gate skips, such as a list loading), through
 * the page's gate so it never runs beside a gate check. Its violations count like the gate's.
 */
export async function checkAccessibilityNow(
  page: Page,
  options: { include?: string; rules?: string[] } = {},
): Promise<{ violations: AxeGateViolation[]; passes: string[] }> {
  const results = await page.evaluate(
    ([include, rules]) =>
      (window as unknown as { __axeGate: AxeGateInPage }).__axeGate.runNow(include, rules),
    [options.include ?? null, options.rules ?? null] as const,
  );
  record(page, {
    kind: 'checked',
    url: page.url(),
    screen: `${page.url()} (checked now)`,
    violations: results.violations,
  });
  return results;
}

/** The findings since the last call, and forgets them. */
export function takeAxeFindings(): AxeFinding[] {
  const taken = findings;
  findings = [];
  return taken;
}

/** A finding as a person reads it: rule, impact, where, and what to change. */
export function describeFinding(finding: AxeFinding): string {
  const { violation } = finding;
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target}\n      ${node.summary.replace(/\n/g, '\n      ')}`)
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : '';
  return `  ${violation.id} (${violation.impact}): ${violation.help}\n    at ${finding.screen}\n    ${finding.url}\n${nodes}${more}`;
}
