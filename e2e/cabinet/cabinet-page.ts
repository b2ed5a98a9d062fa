import type { Locator, Page } from 'playwright-core';

/**
 * The cabinet (features/cabinet/) as people use it: the quota, the folders list, the chosen
 * folder with its documents, and the dialogs to make and share folders and add documents.
 */

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function cabinetScreen(page: Page) {
  const folders = page.getByRole('list', { name: 'Folders', exact: true });
  const documents = (folder: string) =>
    page.getByRole('grid', { name: `Documents in ${folder}`, exact: true });
  return {
    heading: () => page.getByRole('heading', { level: 1, name: 'Cabinet' }),
    /** The quota bar; its aria-valuetext is "… of … used". */
    quota: () => page.getByRole('progressbar', { name: 'Storage' }),
    folders,
    /** A folder of the list: a link named by the folder's name and what follows it. */
    folder: (name: string) => folders.getByRole('link', { name: new RegExp(`^${escaped(name)}\\b`) }),
    searchFolders: () => page.getByRole('searchbox', { name: 'Search folders' }),
    newFolder: () => page.getByRole('button', { name: 'New folder', exact: true }),
    /** The chosen folder's name, over its documents. */
    folderHeading: (name: string) => page.getByRole('heading', { level: 2, name, exact: true }),
    editFolder: () => page.getByRole('button', { name: 'Edit folder', exact: true }),
    deleteFolder: () => page.getByRole('button', { name: 'Delete folder', exact: true }),
    addDocument: () => page.getByRole('button', { name: 'Add document', exact: true }),
    documents,
    documentRow: (folder: string, file: string) =>
      documents(folder).getByRole('row').filter({ hasText: file }),
    download: (file: string) => page.getByRole('button', { name: `Download ${file}`, exact: true }),
  };
}

/** New folder or Edit folder: its fields by label, its partners and dealers chosen by name. */
export function folderDialog(page: Page, title: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    name: () => dialog.getByRole('textbox', { name: 'Folder name' }),
    description: () => dialog.getByRole('textbox', { name: 'Description' }),
    sharedWith: () => dialog.getByRole('combobox', { name: 'Shared with' }),
    async shareWith(party: string) {
      await dialog.getByRole('combobox', { name: 'Shared with' }).click();
      await page.getByRole('option', { name: party, exact: true }).click();
    },
    save: (label: 'Create folder' | 'Save folder') =>
      dialog.getByRole('button', { name: label, exact: true }),
  };
}

/** Add a document: the file chosen through the system's picker, a description. */
export function documentDialog(page: Page, folder: string) {
  const dialog = page.getByRole('dialog', { name: `Add a document to '${folder}'` });
  return {
    dialog,
    async choose(file: string | { name: string; mimeType: string; buffer: Buffer }) {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: /^Choose (another )?file$/ }).click();
      await (await chooser).setFiles(file);
    },
    description: () => dialog.getByRole('textbox', { name: 'Description' }),
    add: () => dialog.getByRole('button', { name: 'Add document', exact: true }),
  };
}

/** The folder the address names (`?folder=`). */
export function folderInAddress(page: Page): string | null {
  return new URL(page.url()).searchParams.get('folder');
}

/**
 * A small, real PDF: one A4 page saying `title` in Helvetica, with its cross-reference table, as
 * a PDF reader expects it.
 */
export function pdfDocument(title: string): Buffer {
  const text = `BT /F1 20 Tf 72 760 Td (${title.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Whether the page is wider than the window (a sideways scroll). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** One of the signed-in page's operations, as the page itself calls it (the same origin). */
export async function callAs<T>(page: Page, operation: string, input: Record<string, unknown>): Promise<T> {
  const answer = await page.evaluate(
    async ([name, given]) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query ${name}($input: JSON!) { ${name}(input: $input) }`,
          variables: { input: given },
        }),
      });
      return (await response.json()) as { data: Record<string, string> };
    },
    [operation, input] as const,
  );
  return (JSON.parse(answer.data[operation]) as { data: T }).data;
}

/** Presses Tab until the element named `label` has the focus (at most `presses` times). */
export async function tabUntil(
  page: Page,
  label: string,
  focused: (page: Page) => Promise<string>,
  presses = 80,
) {
  for (let pressed = 0; pressed < presses; pressed++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === label) return;
  }
  throw new Error(`${presses} presses of Tab did not reach "${label}"`);
}

/** The buttons a locator holds whose names match, for "there is none". */
export const buttonsNamed = (scope: Locator | Page, name: RegExp) => scope.getByRole('button', { name });
