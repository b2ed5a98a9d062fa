import type { Locator, Page } from 'playwright-core';
import type { LeadFieldType } from '@fieldport/contract/operations/leads';

/**
 * Leads (features/leads/) as people use them: /ProductSales with its Leads and Forms tabs, a lead's
 * details and what is done there, the form builder, and a form's public link, signed out.
 */

/** /ProductSales: the tabs, each a list, and a lead's details. */
export function leadsScreen(page: Page) {
  const leads = page.getByRole('grid', { name: 'Leads', exact: true });
  const forms = page.getByRole('grid', { name: 'Lead forms', exact: true });
  return {
    heading: () => page.getByRole('heading', { level: 1, name: 'Leads' }),
    tab: (name: 'Leads' | 'Forms') => page.getByRole('tab', { name, exact: true }),
    async show(name: 'Leads' | 'Forms') {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('tabpanel', { name, exact: true }).waitFor();
    },
    leads,
    forms,
    search: () => page.getByRole('searchbox', { name: 'Search number, name, phone or email' }),
    searchForms: () => page.getByRole('searchbox', { name: 'Search forms' }),
    leadRow: (text: string) => leads.getByRole('row').filter({ hasText: text }),
    formRow: (name: string) => forms.getByRole('row').filter({ hasText: name }),
    captureButton: () => page.getByRole('button', { name: 'Capture lead' }).first(),
    newFormButton: () => page.getByRole('button', { name: 'New form' }).first(),
    /** Opens a lead by its number (the button of its row) and answers its details dialog. */
    async open(number: string) {
      await leads.getByRole('button', { name: number, exact: true }).click();
      const details = page.getByRole('dialog', { name: `Lead ${number}` });
      await details.waitFor();
      return details;
    },
  };
}

/** One question as the builder adds it. */
export interface QuestionEntry {
  label: string;
  type: LeadFieldType;
  required?: boolean;
  options?: string[];
}

const TYPE_LABELS: Record<LeadFieldType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  PHONE: 'Phone',
  EMAIL: 'Email',
  SELECT: 'Select (options)',
  DATE: 'Date',
};

/** The form builder (New form, a form's Edit): its fields and its questions, by their cards. */
export function formBuilder(page: Page, title = 'New form') {
  const dialog = page.getByRole('dialog', { name: title });
  const questions = dialog.getByRole('group', { name: /^Question \d+/ });
  const question = (number: number) =>
    dialog.getByRole('group', { name: new RegExp(`^Question ${number}(:|$)`) });
  return {
    dialog,
    name: () => dialog.getByRole('textbox', { name: 'Form name', exact: true }),
    description: () => dialog.getByRole('textbox', { name: 'Description', exact: true }),
    questions,
    question,
    /** The questions' names in order: 'Question 1: Roof type' … */
    names: async () =>
      await questions.evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label') ?? '')),
    async addQuestion(entry: QuestionEntry) {
      const number = (await questions.count()) + 1;
      await dialog.getByRole('button', { name: 'Add question' }).click();
      const card = question(number);
      await card.getByRole('textbox', { name: 'Question', exact: true }).fill(entry.label);
      if (entry.type !== 'TEXT') {
        await card.getByRole('combobox', { name: 'Type' }).click();
        await page.getByRole('option', { name: TYPE_LABELS[entry.type], exact: true }).click();
      }
      if (entry.required) await card.getByRole('checkbox', { name: 'Required' }).check();
      if (entry.options) {
        await card.getByRole('textbox', { name: 'Options', exact: true }).fill(entry.options.join('\n'));
      }
      return card;
    },
    save: () => dialog.getByRole('button', { name: /^(Create|Save) form$/ }),
  };
}

/** The contact fields every form asks (ui/customer-form.tsx ContactFields), within `scope`. */
export function contactFields(scope: Locator | Page) {
  const text = (name: string) => scope.getByRole('textbox', { name, exact: true });
  return {
    name: () => text('Name'),
    phone: () => text('Phone'),
    email: () => text('Email'),
    async fill(entry: { name: string; phone: string; email?: string }) {
      await text('Name').fill(entry.name);
      await text('Phone').fill(entry.phone);
      if (entry.email) await text('Email').fill(entry.email);
    },
  };
}

/** /LeadForm?form=…: the form, signed out, and what it shows once sent. */
export function publicLeadForm(page: Page, formName: string) {
  const form = page.getByRole('form', { name: formName });
  return {
    form,
    contact: contactFields(form),
    text: (label: string) => form.getByRole('textbox', { name: label, exact: true }),
    date: (label: string) => form.getByLabel(label, { exact: true }),
    choice: (label: string) => form.getByRole('combobox', { name: label }),
    send: () => form.getByRole('button', { name: 'Send' }),
    thanks: () => page.getByRole('heading', { level: 1, name: 'Your details are sent' }),
  };
}

/** A phone number of India no demo customer has: 8 and nine digits from the clock and a seed. */
export function newIndianMobile(seed: number): string {
  const digits = String((Date.now() * 13 + seed * 104_729) % 1_000_000_000).padStart(9, '0');
  return `8${digits}`;
}

/** The accessible name of the element with the focus. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });
}

/** Waits until the snackbars have gone (5 s each), for a screenshot of what they covered. */
export async function snackbarsGone(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.notistack-MuiContent'), undefined, {
    timeout: 15_000,
  });
}
