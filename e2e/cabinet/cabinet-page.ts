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
