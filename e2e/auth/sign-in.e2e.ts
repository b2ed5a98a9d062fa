import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { REMEMBER_ME_STORAGE_KEY } from '@fieldport/contract/auth';
import { checkAccessibilityNow } from '../support/axe-gate.ts';
import { alertsOf, closeBrowser, DEMO, launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { expectMessage, expectPath, loginPage } from '../support/login-page.ts';
import { E2E_USERS } from '../support/fixtures.ts';

beforeAll(launchBrowser);
afterAll(closeBrowser);

describe('password sign-in', () => {
  it('shows the inherited validation messages and keeps Remember Me disabled while a field is empty', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await screenshot(page, 'login-desktop');
    expect(await login.rememberMe().isDisabled()).toBe(true);
    await login.signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectMessage(page, MSG.mandatoryFields);
    await login.email().fill('not-an-email');
    await login.password().fill('x');
    expect(await login.rememberMe().isDisabled()).toBe(false);
    await login.signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectMessage(page, MSG.emailInvalid);
    await login.email().fill('owner@demo.local');
    await login.password().fill('');
    expect(await login.rememberMe().isDisabled()).toBe(true);
    await login.signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectMessage(page, MSG.passwordRequired);
    await context.close();
  });

  it('shows the identity message for a wrong password and stays on the login page', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn('owner@demo.local', 'Wrong@1234');
    await expectMessage(page, 'Invalid email or password');
    await expectPath(page, '/');
    await context.close();
  });

  it('lands an owner on /Dashboard with the full menu, and remembers only the email', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.email().fill('  OWNER@demo.local ');
    await login.password().fill(DEMO.password);
    await login.rememberMe().check();
    await login.signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectMessage(page, MSG.loggedIn);
    // The green snackbar is readable: WCAG 2.1 AA contrast, as axe-core checks it.
    // It shows only for a moment, so it is checked now rather than left to the gate: held
    // under the pointer (which pauses its timer) and once its entrance has finished, since axe
    // cannot judge the contrast of text that is still fading in.
    const snackbar = page.locator('.notistack-MuiContent-success');
    await snackbar.hover();
    await snackbar.evaluate((element) =>
      Promise.all(
        element.ownerDocument
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const contrast = await checkAccessibilityNow(page, {
      include: '.notistack-MuiContent-success',
      rules: ['color-contrast'],
    });
    expect(contrast.violations).toEqual([]);
    expect(contrast.passes).toContain('color-contrast');
    await expectPath(page, '/Dashboard');
    await page.getByText('Demo Service Co').first().waitFor();
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).toContain('owner@demo.local');
    expect(stored).not.toContain(DEMO.password);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), REMEMBER_ME_STORAGE_KEY)).toContain(
      'owner@demo.local',
    );
    await screenshot(page, 'owner-dashboard-desktop');
    await context.close();
  });

  it('lands a Service Co-Ordinator (access control on) on /ActiveTickets', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('AGENT'), DEMO.password);
    await expectPath(page, '/ActiveTickets', 15_000);
    await page.getByText('Service Co-Ordinator').first().waitFor();
    await context.close();
  });

  it('lands a technician on /Technician', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('TECHNICIAN'), DEMO.password);
    await expectPath(page, '/Technician');
    await context.close();
  });

  it('refuses a member of a suspended organization with Temporarily Suspended', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(E2E_USERS.suspended, DEMO.password);
    await expectMessage(page, MSG.organizationSuspended);
    await expectPath(page, '/');
    await context.close();
  });

  it('refuses a manager without a designation with the exact alert and sends them back to the login', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(E2E_USERS.noDesignation, DEMO.password);
    await expect.poll(() => alertsOf(page), { timeout: 10_000 }).toContain(MSG.missingDesignation);
    await expectPath(page, '/');
    await context.close();
  });

  it('signs out and ends the session: the shell then sends the browser back to the login', async () => {
    const { page, context } = await newPage();
    const login = loginPage(page);
    await login.open();
    await login.signIn(DEMO.email('ADMIN'), DEMO.password);
    await expectPath(page, '/Dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'SignOut' }).click();
    await expectPath(page, '/');
    await page.goto('/Dashboard');
    await expectPath(page, '/');
    await context.close();
  });
});
