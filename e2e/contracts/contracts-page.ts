import type { Locator, Page } from 'playwright-core';

/**
 * The Contracts screen (features/contracts/contracts-page.tsx) as a person reads it: the tabs by
 * state, the list, a contract's details and the entry of a contract.
 */
export function contractsScreen(page: Page) {
  const list = page.getByRole('grid', { name: 'Contracts' });
  return {
    list,
    heading: () => page.getByRole('heading', { level: 1, name: 'Contracts' }),
    tab: (name: 'All' | 'Renewal due' | 'Active' | 'Starts later' | 'Expired') =>
      // "Renewal due" carries its count ("Renewal due 1 1 contract").
      page.getByRole('tab', {
        name: name === 'Renewal due' ? /^Renewal due/ : name,
        exact: name !== 'Renewal due',
      }),
    /** The row whose number is this one (another row may name it: "Renewed by AMC/…"). */
    row: (contractNumber: string) =>
      list.getByRole('row').filter({ has: page.getByRole('button', { name: contractNumber, exact: true }) }),
    /** The contract numbers the list shows, in its order. */
    async numbers(): Promise<string[]> {
      const links = await list.getByRole('button', { name: /^AMC\/\d{4}-\d{2}\/\d{6}$/ }).allTextContents();
      return links.map((text) => text.trim());
    },
    newButton: () => page.getByRole('button', { name: 'New contract' }),
    /** Opens a contract of the list by its number: the number is a button of its row. */
    async open(contractNumber: string) {
      await list.getByRole('button', { name: contractNumber, exact: true }).click();
      const details = page.getByRole('dialog', { name: `Contract ${contractNumber}` });
      await details.getByRole('list', { name: `Products of ${contractNumber}` }).waitFor();
      return details;
    },
  };
}

/** The entry of a contract (features/contracts/enter-contract-dialog.tsx), new or a renewal. */
export function contractEntry(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    customer: () => dialog.getByRole('combobox', { name: 'Customer' }),
    amcType: () => dialog.getByRole('combobox', { name: 'AMC type' }),
    startDate: () => dialog.getByLabel('Start date'),
    // The legend of a required group carries its asterisk.
    products: () => dialog.getByRole('group', { name: /^Products/ }),
    /** A product's checkbox by its serial number ("RE240008 · Refrigerator Repair ..."). */
    product: (serial: string) => dialog.getByRole('checkbox', { name: new RegExp(`^${serial} · `) }),
    amount: () => dialog.getByRole('textbox', { name: 'Amount' }),
    enter: () => dialog.getByRole('button', { name: 'Enter contract' }),
    /** Finds the customer by what is typed and picks the option that shows `phone`. */
    async chooseCustomer(typed: string, phone: string) {
      await dialog.getByRole('combobox', { name: 'Customer' }).fill(typed);
      await page.getByRole('option').filter({ hasText: phone }).first().click();
    },
    /** Picks an AMC type by its name (each option also says its months, visits and price). */
    async chooseAmcType(name: string) {
      await dialog.getByRole('combobox', { name: 'AMC type' }).click();
      await page.getByRole('option', { name: new RegExp(`^${escape(name)}`) }).click();
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A description list's value by its label (ui/detail-list.tsx). */
export async function detailOf(scope: Locator, label: string): Promise<string> {
  const labels = (await scope.getByRole('term').allTextContents()).map((text) => text.trim());
  const index = labels.indexOf(label);
  if (index < 0) throw new Error(`No ${label} among ${labels.join(', ')}`);
  return ((await scope.getByRole('definition').nth(index).textContent()) ?? '').trim();
}

/** A calendar day as the portal writes it (ui/format.ts formatDay): '23 Dec 2026'. */
export function dayWords(day: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
