import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { flushAxeGate } from '../support/axe-gate.ts';
import { DEMO, newPage, screenshot } from '../support/browser.ts';
import { expectPath, loginPage } from '../support/login-page.ts';

/**
 * The narrow layout (below 850 px, docs/product.md#constants) at a small phone, and a common
 * laptop.
 */
export const WIDE = { width: 1366, height: 850 };
export const PHONE = { width: 360, height: 740 };

/** The roles whose menus hold every list between them: the organization's, a partner's and a dealer's. */
export const ROLES = [
  { role: 'OWNER', landing: '/Dashboard' },
  { role: 'SERVICE_PARTNER', landing: '/ActiveTickets' },
  { role: 'DEALER_OWNER', landing: '/ActiveTickets' },
] as const;

export async function signIn(page: Page, role: string, landing: string) {
  const login = loginPage(page);
  await login.open();
  await login.signIn(DEMO.email(role), DEMO.password);
  await expectPath(page, landing, 15_000);
}

/**
 * Every route of the signed-in person's menu (the contract's menu, as the sidebar draws it), so
 * that a new list screen is checked as soon as it is in a menu.
 */
async function menuRoutes(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  const expand = nav.getByRole('button', { name: /^Expand / });
  while ((await expand.count()) > 0) await expand.first().click();
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs)];
}

/** Waits until the page has settled: its title is shown and a list has rows or says it is empty. */
export async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  // Nothing is loading: no busy region and no grid's loading bar (a tab's list starts loading a
  // moment after the click).
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .MuiDataGrid-overlay .MuiLinearProgress-root'),
    undefined,
    { timeout: 10_000 },
  );
}

/** What overflows sideways at the current size: the page, a table, or a row's actions. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const page = document.scrollingElement!;
    if (page.scrollWidth > page.clientWidth) {
      problems.push(`the page scrolls sideways (${page.scrollWidth} > ${page.clientWidth})`);
    }
    for (const grid of Array.from(document.querySelectorAll('[role="grid"]'))) {
      const box = grid.getBoundingClientRect();
      const name = grid.getAttribute('aria-label');
      if (box.right > viewport + 0.5) problems.push(`table ${name} ends at ${box.right} of ${viewport}`);
      for (const header of Array.from(grid.querySelectorAll('[role="columnheader"]'))) {
        const right = header.getBoundingClientRect().right;
        // A column beyond the table's right edge is reached only by scrolling the table.
        if (right > box.right + 1) {
          problems.push(`column ${header.textContent} of ${name} ends at ${right}, past ${box.right}`);
        }
      }
      const action = grid.querySelector('[role="row"][data-rowindex="0"] [data-field="__actions"] button');
      if (action) {
        const at = action.getBoundingClientRect();
        if (at.left < box.left || at.right > Math.min(box.right, viewport)) {
          problems.push(`the first row's actions of ${name} are at ${at.left}-${at.right}, out of view`);
        }
      }
    }
    return problems;
  });
}

/** The tabs of a screen that keeps several lists (?tab=), not the ticket lists' tabs, which are routes. */
export async function listTabs(page: Page): Promise<Locator[]> {
  const tabs = page.getByRole('main').getByRole('tab');
  const all = await tabs.all();
  const ownTabs: Locator[] = [];
  for (const tab of all) if ((await tab.getAttribute('href')) === null) ownTabs.push(tab);
  return ownTabs;
}

async function checkBothSizes(page: Page, where: string, shots: string) {
  const problems: string[] = [];
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    // The columns are fitted after the resize is measured.
    await expect
      .poll(() => overflows(page), { timeout: 5_000 })
      .toEqual([])
      .catch(async () => {
        problems.push(
          ...(await overflows(page)).map((problem) => `${where} at ${size.width} px: ${problem}`),
        );
      });
    // WCAG 2.1 AA at both sizes: the accessibility gate checks this screen now, before the next
    // size or route (docs/architecture.md#the-accessibility-gate).
    await flushAxeGate(page);
    await screenshot(page, `${shots}-${size.width}`);
  }
  return problems;
}

/**
 * Opens every list of the role's menu at both sizes and returns what overflows. `part` checks one
 * share of the menu's routes (every `of`-th from `index`), so a long menu can be split between
 * journey files that run side by side.
 */
export async function checkEveryList(
  role: string,
  landing: string,
  part: { index: number; of: number } = { index: 0, of: 1 },
) {
  const { page, context } = await newPage(WIDE);
  await signIn(page, role, landing);
  const allRoutes = await menuRoutes(page);
  expect(allRoutes.length).toBeGreaterThan(2);
  const routes = allRoutes.filter((_, at) => at % part.of === part.index);
  const problems: string[] = [];
  let lists = 0;
  for (const route of routes) {
    await page.setViewportSize(WIDE);
    await page.goto(route);
    await settled(page);
    // A screen that is not built yet shows the placeholder: nothing to fit.
    if (await page.getByText(/ is on its way$/).count()) continue;
    const name = `list-widths-${role.toLowerCase()}${route.replace(/\W/g, '-')}`;
    const tabs = await listTabs(page);
    if (tabs.length === 0) {
      lists += await page.getByRole('grid').count();
      problems.push(...(await checkBothSizes(page, route, name)));
      continue;
    }
    for (const [index, tab] of tabs.entries()) {
      await page.setViewportSize(WIDE);
      const label = (await tab.textContent()) ?? `tab ${index}`;
      await tab.click();
      await settled(page);
      lists += await page.getByRole('grid').count();
      problems.push(...(await checkBothSizes(page, `${route} (${label})`, `${name}-${index}`)));
    }
  }
  await context.close();
  return { problems, lists };
}
