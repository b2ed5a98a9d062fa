import type { Locator, Page } from 'playwright-core';

/**
 * Requests for service (features/requests/) as people use them: the organization's public form
 * and a request's status page, signed out; the triage screen with a request's details and its
 * decisions; /RFS.
 */

/** What a request says, as typed into its form. */
export interface RequestEntry {
  name: string;
  phone: string;
  email?: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  product?: string;
  problem: string;
}

/** The fields of a request's form (features/requests/request-fields.tsx), within `scope`. */
export function requestFields(scope: Locator | Page) {
  const text = (name: string) => scope.getByRole('textbox', { name, exact: true });
  return {
    name: () => text('Name'),
    phone: () => text('Phone'),
    email: () => text('Email'),
    address: () => text('Address'),
    pincode: () => text('Pincode'),
    city: () => text('City'),
    state: () => scope.getByRole('combobox', { name: 'State', exact: true }),
    product: () => text('Product'),
    problem: () => text('Problem'),
    async fill(entry: RequestEntry) {
      await text('Name').fill(entry.name);
      await text('Phone').fill(entry.phone);
      if (entry.email) await text('Email').fill(entry.email);
      await text('Address').fill(entry.address);
      await text('Pincode').fill(entry.pincode);
      await text('City').fill(entry.city);
      await scope.getByRole('combobox', { name: 'State', exact: true }).fill(entry.state);
      if (entry.product) await text('Product').fill(entry.product);
      await text('Problem').fill(entry.problem);
    },
  };
}

/** /RequestService?org=…: the form, and what it shows once sent. */
export function publicForm(page: Page) {
  const form = page.getByRole('form', { name: 'Request a service visit' });
  return {
    form,
    fields: requestFields(form),
    send: () => form.getByRole('button', { name: 'Send request' }),
    /** The heading of the answer: 'Request RFS/… sent', or 'Request sent' (a bot's). */
    sentHeading: () => page.getByRole('heading', { level: 1, name: /^Request (\S+ )?sent$/ }),
    follow: () => page.getByRole('link', { name: 'Follow your request' }),
  };
}

/** /RequestStatus?token=…: a request's number, state and outcome. */
export function statusPage(page: Page) {
  return {
    heading: (number: string) => page.getByRole('heading', { level: 1, name: `Request ${number}` }),
    /** The value of an entry of its list ('Ticket', 'Ticket state', 'Visit date', 'Received' …). */
    async fact(label: string): Promise<string> {
      return ((await page.locator(`dt:text-is("${label}") + dd`).first().textContent()) ?? '').trim();
    },
  };
}

type TriageTab = 'New' | 'Converted' | 'Merged' | 'Rejected' | 'All';

/** /RequestForServices: the tabs, each a list, and a request's details and decisions. */
export function triageScreen(page: Page) {
  const grid = (tab: string) => page.getByRole('grid', { name: `${tab} requests`, exact: true });
  return {
    heading: () => page.getByRole('heading', { level: 1, name: 'Request For Services' }),
    tab: (name: TriageTab) => page.getByRole('tab', { name, exact: true }),
    /** Shows a tab's list: its own search box and filters, once its panel is there. */
    async show(name: TriageTab) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('tabpanel', { name, exact: true }).waitFor();
    },
    grid,
    search: () => page.getByRole('searchbox', { name: 'Search number, name, phone or serial' }),
    row: (tab: string, number: string) => grid(tab).getByRole('row').filter({ hasText: number }),
    publicFormButton: () => page.getByRole('button', { name: 'Public request form' }),
    /** Opens a request by its number (a button of its row) and answers its details dialog. */
    async open(tab: string, number: string) {
      await grid(tab).getByRole('button', { name: number, exact: true }).click();
      const details = page.getByRole('dialog', { name: `Request ${number}` });
      await details.waitFor();
      return details;
    },
  };
}

/** /RFS: the form to raise a request, and the list of those the caller raised. */
export function raiseScreen(page: Page) {
  const form = page.getByRole('form', { name: 'Raise a request' });
  const list = page.getByRole('grid', { name: 'Requests you raised', exact: true });
  return {
    form,
    fields: requestFields(form),
    raise: () => form.getByRole('button', { name: 'Raise request' }),
    list,
    row: (number: string) => list.getByRole('row').filter({ hasText: number }),
  };
}

/** A phone number of India no demo customer has: 9 and nine digits from the clock and a seed. */
export function newIndianMobile(seed: number): string {
  const digits = String((Date.now() * 7 + seed * 7919) % 1_000_000_000).padStart(9, '0');
  return `9${digits}`;
}

/** The element that has the focus: its accessible label as a test reads it. */
export async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.getAttribute('aria-label');
    if (labelled) return labelled;
    const byId = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return (byId?.textContent ?? element.textContent ?? '').replace(/\s*\*\s*$/, '').trim();
  });
}
