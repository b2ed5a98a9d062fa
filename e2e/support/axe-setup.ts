import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, expect, inject } from 'vitest';
import { axeTally, describeFinding, flushAllAxeGates, setCurrentTest, takeAxeFindings } from './axe-gate.ts';

/**
 * The accessibility gate's test side (docs/architecture.md#the-accessibility-gate), for every
 * journey file: a test fails when a screen it showed has a violation, and each file prints what
 * was checked.
 */
beforeEach((context) => {
  setCurrentTest(context.task.name);
});

afterEach(async () => {
  // The screen a test ended on is checked even if the test did not wait on it.
  await flushAllAxeGates();
  const findings = takeAxeFindings();
  for (const finding of findings.filter((one) => one.allowedBecause)) {
    console.warn(`[axe] allowed (${finding.allowedBecause}):\n${describeFinding(finding)}`);
  }
  const failing = findings.filter((finding) => !finding.allowedBecause);
  if (failing.length > 0) {
    throw new Error(
      `[axe] ${failing.length} accessibility violation(s) (WCAG 2.1 A/AA, docs/architecture.md#the-accessibility-gate):\n` +
        failing.map(describeFinding).join('\n'),
    );
  }
});

afterAll(() => {
  const file = path.relative(process.cwd(), expect.getState().testPath ?? 'e2e');
  const allowed = axeTally.allowed ? `, ${axeTally.allowed} allowed` : '';
  const errors = axeTally.errors ? `, ${axeTally.errors} not finished` : '';
  console.log(
    `[axe] ${file}: ${axeTally.screens} screens checked, ${axeTally.violations} violations${allowed}${errors}`,
  );
  // global-setup.ts adds the files' lines up for the run's total.
  fs.appendFileSync(inject('axeTallyFile'), `${JSON.stringify({ file, ...axeTally })}\n`);
});
