import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { MSG } from '@fieldport/contract/messages';
import { checkAccessibilityNow } from '../support/axe-gate.ts';
import { closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectPath, loginPage } from '../support/login-page.ts';
import { checkEveryList, listTabs, PHONE, settled, signIn, WIDE } from './list-widths-page.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('every list fits the screen (1366 px and a 360 px phone)', () => {
  // The owner's menu is long: half of it here, the other half in list-widths-more.e2e.ts, which
  // runs beside this file (scripts/e2e-shards.mjs).
  it("OWNER (half the menu): no list scrolls sideways and the first row's actions are in view", async () => {
    const { problems, lists } = await checkEveryList('OWNER', '/Dashboard', { index: 0, of: 2 });
    expect(problems).toEqual([]);
    // The menus hold lists: if none was found, the check above checked nothing.
    expect(lists).toBeGreaterThan(0);
  }, 600_000);

  it('a list loading its next page passes axe too: its loading bar is for the eye, the list is busy', async () => {
    const { page, context } = await newPage(WIDE);
    await signIn(page, 'OWNER', '/Dashboard');
    await page.goto('/ProductCatalogue');
    await settled(page);
    // The server's answers wait until the check is done, so the list stays loading meanwhile.
    let holdAnswers = true;
    await page.route('**/graphql', async (route) => {
      while (holdAnswers) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue();
    });
    const [, secondTab] = await listTabs(page);
    await secondTab.click();
    await page.locator('.MuiDataGrid-overlay .MuiLinearProgress-root').waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor();
    // The gate skips a loading screen: this one is checked on purpose.
    expect((await checkAccessibilityNow(page)).violations).toEqual([]);
    holdAnswers = false;
    await settled(page);
    await context.close();
  });

  it('on a phone, what gives way is under the row Details, reached by keyboard', async () => {
    const { page, context } = await newPage(PHONE);
    await signIn(page, 'OWNER', '/Dashboard');
    await page.goto('/TerritoriesView');
    const table = page.getByRole('grid', { name: 'Territories' });
    const row = table.getByRole('row').filter({ hasText: 'Bengaluru Central' });
    await row.waitFor();
    const headers = (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim());
    // The pincodes keep their room; the status gives way to them.
    expect(headers).toEqual(['Name', 'Pincodes', 'Actions']);
    // By keyboard: into the row's menu button, open it, choose Details.
    const more = row.getByRole('button', { name: 'more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Details of Bengaluru Central' }).waitFor();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Bengaluru Central' });
    await details.getByText('Technicians', { exact: true }).waitFor();
    await details.getByText('Tarun Technician').waitFor();
    await details.getByText('Created on', { exact: true }).waitFor();
    await details.getByText('Status', { exact: true }).waitFor();
    await details.getByText('Active', { exact: true }).waitFor();
    await screenshot(page, 'list-widths-details-360');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    // The focus is back on the menu button whose item opened the dialog.
    await expect.poll(() => more.evaluate((button) => button === document.activeElement)).toBe(true);

    // The dealer tabs of Organization Settings: a dealer's switches are under its Details.
    await page.goto('/OrganizationSettings');
    const dealers = page.getByRole('grid', { name: 'Dealer tabs' });
    const dealer = dealers.getByRole('row').filter({ hasText: 'Sharma Appliances' });
    await dealer.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Details of Sharma Appliances' }).click();
    const switches = page.getByRole('dialog', { name: 'Sharma Appliances' });
    await switches.getByRole('switch', { name: 'Reports tab for Sharma Appliances' }).waitFor();
    expect(await switches.getByRole('switch').count()).toBe(5);
    await context.close();
  });

  it('the dealer tabs headers are not cut off at 1366 px', async () => {
    const { page, context } = await newPage(WIDE);
    await signIn(page, 'OWNER', '/Dashboard');
    await page.goto('/OrganizationSettings');
    const grid = page.getByRole('grid', { name: 'Dealer tabs' });
    await grid.getByRole('row').filter({ hasText: 'Sharma Appliances' }).waitFor();
    const cut = await grid
      .locator('.MuiDataGrid-columnHeaderTitle')
      .evaluateAll((titles) =>
        titles
          .filter((title) => title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight)
          .map((title) => title.textContent),
      );
    expect(cut).toEqual([]);
    await context.close();
  });

  it('the side drawer reaches the bottom of a long page', async () => {
    const { page, context } = await newPage(WIDE);
    await signIn(page, 'OWNER', '/Dashboard');
    await page.goto('/OrganizationSettings');
    await settled(page);
    const drawer = await page.locator('.MuiDrawer-docked').evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      page: document.scrollingElement!.scrollHeight,
      background: getComputedStyle(element).backgroundColor,
    }));
    expect(drawer.page).toBeGreaterThan(WIDE.height);
    expect(drawer.height).toBeGreaterThanOrEqual(drawer.page - 1);
    expect(drawer.background).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: 'e2e/screenshots/list-widths-drawer-full-page.png', fullPage: true });
    await context.close();
  });
});

/** An element's box once it stops moving (an entering snackbar's transition has ended). */
async function settledBox(locator: Locator) {
  let last = (await locator.boundingBox())!;
  for (;;) {
    await locator.page().waitForTimeout(100);
    const now = (await locator.boundingBox())!;
    if (now.x === last.x && now.y === last.y && now.width === last.width && now.height === last.height) {
      return now;
    }
    last = now;
  }
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('snackbars on a phone', () => {
  it('do not cover the top bar buttons, nor the sign-in card', async () => {
    const { page, context } = await newPage(PHONE);
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('OWNER'), 'not the password');
    // The login page's snackbar (ui/light-snackbar.tsx) is not notistack's: found by its role.
    const error = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await error.waitFor();
    const card = (await login.signInForm.boundingBox())!;
    const heading = (await page.getByRole('heading', { name: 'Sign In' }).boundingBox())!;
    const errorBox = (await error.boundingBox())!;
    expect(overlaps(errorBox, card)).toBe(false);
    expect(overlaps(errorBox, heading)).toBe(false);
    await screenshot(page, 'list-widths-snackbar-login-360');

    await login.signIn(DEMO.email('OWNER'), DEMO.password);
    const success = page.locator('.notistack-MuiContent').filter({ hasText: MSG.loggedIn });
    await expectPath(page, '/Dashboard', 15_000);
    await success.waitFor();
    // The earlier error gave its place to the success message.
    await expect.poll(() => page.locator('.notistack-MuiContent').count()).toBe(1);
    // Where it settles: it slides in from under the top bar, and a busy machine may catch it mid-way.
    const successBox = await settledBox(success);
    const buttons = await page.getByRole('banner').getByRole('button').all();
    expect(buttons.length).toBeGreaterThan(1);
    for (const button of buttons) {
      expect(overlaps(successBox, (await button.boundingBox())!)).toBe(false);
    }
    await screenshot(page, 'list-widths-snackbar-shell-360');
    await context.close();
  });
});
