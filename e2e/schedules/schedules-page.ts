import type { Page } from 'playwright-core';

/**
 * The Scheduled Service screen (features/schedules/schedules-page.tsx) as a person reads it: the
 * tabs, their lists, the screen's buttons and the dialogs of a plan.
 */
export function schedulesScreen(page: Page) {
  const grid = (name: string) => page.getByRole('grid', { name, exact: true });
  return {
    heading: () => page.getByRole('heading', { level: 1, name: 'Scheduled Service' }),
    tab: (name: 'Plans' | 'Upcoming' | 'Raised' | 'Missed') => page.getByRole('tab', { name, exact: true }),
    plans: grid('Maintenance plans'),
    upcoming: grid('Upcoming visits'),
    raised: grid('Raised tickets'),
    missed: grid('Missed dates'),
    /** A list's row that names a serial number. */
    row: (
      list: 'Maintenance plans' | 'Upcoming visits' | 'Raised tickets' | 'Missed dates',
      serial: string,
    ) => grid(list).getByRole('row').filter({ hasText: serial }),
    /** The toolbar's (an empty list offers it too, in its message). */
    planButton: () => page.getByRole('search').getByRole('button', { name: 'Plan maintenance' }),
    raiseButton: () => page.getByRole('button', { name: 'Raise due tickets now' }),
    stopButton: (serial: string) => page.getByRole('button', { name: `Stop maintenance of ${serial}` }),
    resetButton: (serial: string) => page.getByRole('button', { name: `Reset maintenance of ${serial}` }),
  };
}

/** Plan maintenance (features/schedules/plan-maintenance-dialog.tsx). */
export function planDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Plan maintenance' });
  return {
    dialog,
    product: () => dialog.getByRole('combobox', { name: 'Product' }),
    chosenProduct: () => dialog.getByRole('group', { name: 'Product' }),
    repeat: () => dialog.getByRole('combobox', { name: 'Repeat' }),
    every: () => dialog.getByRole('textbox', { name: 'Every' }),
    firstVisit: () => dialog.getByLabel('First visit'),
    raiseAhead: () => dialog.getByRole('textbox', { name: 'Raise ahead (days)' }),
    submit: () => dialog.getByRole('button', { name: 'Plan maintenance' }),
    cancel: () => dialog.getByRole('button', { name: 'Cancel' }),
    /**
     * Finds a product by the start of its serial number and takes the first offered, by keyboard;
     * answers its serial number.
     */
    async chooseProductStartingWith(typed: string): Promise<string> {
      await dialog.getByRole('combobox', { name: 'Product' }).fill(typed);
      const first = page.getByRole('option').first();
      await first.waitFor();
      const serial = /^\S+/.exec(((await first.textContent()) ?? '').trim())![0];
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await dialog.getByRole('group', { name: 'Product' }).waitFor();
      return serial;
    },
  };
}

/**
 * Waits until the screen is still, before a screenshot: no list loading (aria-busy, the grid's
 * bar), no transition but the endless ones (a focused button's pulsing ripple).
 */
export async function still(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .MuiDataGrid-overlay .MuiLinearProgress-root') &&
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
  );
}
