import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The login page as a person uses it: fields by label, buttons by name (the six steps of
 * docs/product.md#signing-in).
 */
export function loginPage(page: Page) {
  const signInForm = page.getByRole('form', { name: 'Sign In' });
  return {
    signInForm,
    async open() {
      await page.goto('/');
      await signInForm.waitFor();
    },
    email: () => signInForm.getByLabel('Email'),
    password: () => signInForm.getByLabel('Password'),
    rememberMe: () => signInForm.getByRole('checkbox', { name: 'Remember Me' }),
    async signIn(email: string, password: string) {
      await signInForm.getByLabel('Email').fill(email);
      await signInForm.getByLabel('Password').fill(password);
      await signInForm.getByRole('button', { name: 'Sign In', exact: true }).click();
    },
  };
}

/** Waits until the browser shows a path, and says which one it showed instead. */
export async function expectPath(page: Page, path: string, timeout = 10_000) {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout });
  } catch {
    expect(new URL(page.url()).pathname).toBe(path);
  }
}

/** A snackbar or alert with exactly this text. */
export async function expectMessage(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
}

/** The names of the top-level items of the sidebar, in order. */
export async function sideMenuNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  return (
    nav
      // A group's sub-menu is an item of the list too (MUI Collapse): not a top-level name.
      .locator(':scope > ul > li:not(.MuiCollapse-root), :scope > ul > div > li')
      .evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()).filter(Boolean))
  );
}
