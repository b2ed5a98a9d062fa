import type { Locator, Page } from 'playwright-core';

/** The landing page as a person uses it (docs/landing.md): by role and label, selectors kept here. */
export function landingPage(page: Page) {
  const contactForm = page.getByRole('form', { name: 'Contact us' });
  const signInDialog = page.getByRole('dialog', { name: 'Sign in to Fieldport' });
  return {
    hero: () => page.getByRole('heading', { level: 1, name: 'Empower your Field Engineers' }),
    headerSignIn: () => page.getByRole('banner').getByRole('button', { name: 'Sign in' }),
    signInDialog,
    contactForm,
    name: () => contactForm.getByLabel('Name'),
    email: () => contactForm.getByLabel('E-Mail'),
    country: () => contactForm.getByLabel('Country code'),
    phone: () => contactForm.getByLabel('Phone'),
    message: () => contactForm.getByLabel('Message'),
    send: () => contactForm.getByRole('button', { name: 'Send message' }),
    status: () => contactForm.getByRole('status'),
  };
}

/** What a field is described by (its hint and its message), as a screen reader reads it. */
export async function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

/** The accessible name of the focused element, or its tag. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(nothing)';
    const label =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
        ? (element.labels?.[0]?.textContent ?? '')
        : (element.textContent ?? ''));
    return label.replace(/\s*\*\s*$/, '').trim() || element.tagName.toLowerCase();
  });
}

/** Whether the page scrolls sideways (it must not, at any width). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
