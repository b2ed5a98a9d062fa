import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowViolationsFor, flushAxeGate, takeAxeFindings } from '../support/axe-gate.ts';
import { closeBrowser, launchBrowser, newPage } from '../support/browser.ts';

// The accessibility gate itself (docs/architecture.md#the-accessibility-gate): a colour caught
// between two states is not a finding, a colour the screen settles on is.

beforeAll(launchBrowser);
afterAll(closeBrowser);

// A status chip whose new text comes at once and whose background follows over a transition longer
// than the gate waits for (as on a slow machine). steps(1, end) holds the old colour until the end.
const PAGE = `<!doctype html><html lang="en"><head><title>Gate</title><style>
  body { font: 13px sans-serif; background: #fff; }
  .chip { padding: 4px 8px; border-radius: 12px; color: #fff; background: #1747a6; }
  .chip.in-progress { color: rgba(0, 0, 0, 0.87); background: #fff3c4; transition: background-color 8s steps(1, end); }
  .chip.faded { color: rgba(0, 0, 0, 0.87); background: #1747a6; }
  .slide { transition: opacity 8s steps(1, end); }
  .slide.out { opacity: 0.9; }
</style></head><body><main><h1>Ticket</h1><p><span class="chip">Accepted</span></p>
<p class="slide">Something else that moves</p></main></body></html>`;

async function openGatePage(): Promise<Page> {
  const { page } = await newPage();
  await page.route('**/axe-gate-page', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  await page.goto('/axe-gate-page');
  await flushAxeGate(page);
  return page;
}

const contrastFindings = () =>
  takeAxeFindings().filter((finding) => finding.violation.id === 'color-contrast');

describe('the accessibility gate', () => {
  it('judges a colour still moving when it looks by the colour the screen settles on', async () => {
    const page = await openGatePage();
    expect(contrastFindings()).toEqual([]);
    // A new screen (its heading changed) whose chip is mid-way from blue to pale yellow.
    await page.evaluate(() => {
      document.querySelector('h1')!.textContent = 'Ticket, in progress';
      const chip = document.querySelector('.chip')!;
      chip.textContent = 'In Progress';
      chip.classList.add('in-progress');
    });
    await flushAxeGate(page);
    // It was still moving when the gate looked; the gate judged the pale yellow all the same.
    expect(contrastFindings()).toEqual([]);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await page.context().close();
  });

  it('still finds a colour the screen settles on, while something else moves', async () => {
    const page = await openGatePage();
    allowViolationsFor(page, 'the gate’s own test: a violation it must find');
    await page.evaluate(() => {
      document.querySelector('h1')!.textContent = 'Ticket, faded';
      const chip = document.querySelector('.chip')!;
      chip.textContent = 'Faded';
      chip.classList.add('faded');
      document.querySelector('.slide')!.classList.add('out');
    });
    await flushAxeGate(page);
    const findings = contrastFindings();
    expect(findings.map((finding) => [finding.screen, finding.violation.nodes[0]?.html])).toEqual([
      [expect.stringContaining('"Ticket, faded"'), '<span class="chip faded">Faded</span>'],
    ]);
    await page.context().close();
  });
});
