import type { Locator, Page } from 'playwright-core';

/**
 * Product Replacement (features/fgr/) as a person uses it: the list, a replacement's details and
 * the forms that generate and change one.
 */
export function fgrScreen(page: Page) {
  const list = page.getByRole('grid', { name: 'Product replacements' });
  return {
    list,
    row: (number: string) => list.getByRole('row').filter({ hasText: number }),
    generateButton: () => page.getByRole('button', { name: 'Generate replacement' }),
    /** The number of the first row that shows `text` (a state, a serial). */
    async numberOf(text: string) {
      const row = list.getByRole('row').filter({ hasText: text }).first();
      return ((await row.getByRole('button').first().textContent()) ?? '').trim();
    },
    /** Opens a replacement of the list by its number: the number is a button of its row. */
    async open(number: string) {
      await list.getByRole('button', { name: number, exact: true }).click();
      return fgrDetails(page, number);
    },
  };
}

/** A replacement's details dialog, named by its number, once it shows its facts. */
export async function fgrDetails(page: Page, number: string) {
  const details = page.getByRole('dialog', { name: `Replacement ${number}` });
  await definition(details, 'Replacement').waitFor();
  return details;
}

/** A form dialog ("Generate replacement", "Change FGR/…", "Claim of FGR/…") and its fields by name. */
export function replacementForm(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    field: (name: string) => dialog.getByRole('textbox', { name, exact: true }),
    /** The message under a field: its accessible description. */
    async messageOf(name: string) {
      const id = await dialog.getByRole('textbox', { name, exact: true }).getAttribute('aria-describedby');
      return ((await dialog.locator(`[id="${id}"]`).textContent()) ?? '').trim();
    },
    ticket: () => dialog.getByRole('group', { name: 'Ticket' }),
    button: (name: string) => dialog.getByRole('button', { name, exact: true }),
  };
}

/** The value of a details list's entry by its label (a dt and its dd). */
export function definition(scope: Locator, label: string): Locator {
  return scope.locator(`dt:text-is("${label}") + dd`).first();
}

/**
 * Waits until nothing on the page is moving (a dialog's fade, a chip's colour) before a screenshot;
 * a spinner, which never ends, does not count.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}
