import type { Locator, Page } from 'playwright-core';
import { choose } from '../inventory/parts-journey-page.ts';

/**
 * The quotations' screens (features/quotations/) as a person uses them: the list and a
 * quotation's details, the draft form and its lines, and the customer's page.
 */
export function quotationsScreen(page: Page) {
  const list = page.getByRole('grid', { name: 'Quotations List' });
  return {
    list,
    row: (number: string) => list.getByRole('row').filter({ hasText: number }),
    newButton: () => page.getByRole('button', { name: 'New quotation' }),
    /** Opens a quotation of the list by its number: the number is a button of its row. */
    async open(number: string) {
      await list.getByRole('button', { name: number, exact: true }).click();
      return quotationDetails(page, number);
    },
  };
}

/** A quotation's details dialog, named by its number. */
export async function quotationDetails(page: Page, number: string) {
  const details = page.getByRole('dialog', { name: `Quotation ${number}` });
  await details.getByRole('region', { name: 'Lines', exact: true }).waitFor();
  return details;
}

/** The draft form ("New quotation", "Change draft …") and its lines. */
export function draftForm(page: Page, title = 'New quotation') {
  const dialog = page.getByRole('dialog', { name: title });
  const line = (number: number) => dialog.getByRole('group', { name: `Line ${number}` });
  return {
    dialog,
    line,
    totals: dialog.getByRole('region', { name: 'Totals' }),
    /** A line's kind and its item from that kind's list (the item's field is named by the kind). */
    async chooseItem(number: number, kind: string, item: string) {
      await choose(line(number), page, 'Kind', kind);
      await choose(line(number), page, kind, item);
    },
    /** A line's figures as the form holds them. */
    async figures(number: number) {
      const of = (name: string) => line(number).getByRole('textbox', { name }).inputValue();
      return {
        quantity: Number(await line(number).getByRole('spinbutton', { name: 'Quantity' }).inputValue()),
        unitPrice: await of('Unit price'),
        discount: await of('Discount'),
        taxRate: (await line(number).getByRole('combobox', { name: 'GST %' }).textContent())?.trim() ?? '',
      };
    },
  };
}

/** The customer's page of a mailed link (features/quotations/public-quotation-page.tsx). */
export function customerPage(page: Page) {
  return {
    heading: (number: string) => page.getByRole('heading', { level: 1, name: `Quotation ${number}` }),
    comment: () => page.getByRole('textbox', { name: 'Comment' }),
    accept: () => page.getByRole('button', { name: 'Accept quotation' }),
    reject: () => page.getByRole('button', { name: 'Reject quotation' }),
    confirm: (number: string) => page.getByRole('dialog', { name: `Accept quotation ${number}?` }),
    pdf: () => page.getByRole('link', { name: 'Download PDF' }),
  };
}

/** The value of a description list's entry by its label (a dt and its dd). */
export async function definitionOf(scope: Locator, label: string): Promise<string> {
  return ((await scope.locator(`dt:text-is("${label}") + dd`).first().textContent()) ?? '').trim();
}
