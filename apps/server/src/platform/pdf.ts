import { createRequire } from 'node:module';
import path from 'node:path';
import type { Access } from '@fieldport/contract/operation';
import type { Db } from '../db/client.ts';
import type { Caller } from './caller.ts';
import type { FileStore } from './files.ts';

/**
 * PDF documents (quotations, purchase orders, invoices) made on the server with pdfmake
 * (docs/purchasing.md#the-pdf). Roboto, the font pdfmake ships, has the rupee sign; the documents
 * read nothing from the network and no file but the fonts.
 */

interface FontFiles {
  normal: string;
  bold: string;
  italics: string;
  bolditalics: string;
}

/** What the portal uses of pdfmake 0.3 (it ships no types; @types/pdfmake brings the DOM's along). */
interface PdfMake {
  setFonts(fonts: Record<string, FontFiles>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(document: PdfDocument): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as PdfMake;
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));

/** A piece of a document: text, or one of pdfmake's nodes (stack, columns, table, canvas ...). */
export type PdfContent = string | { [key: string]: unknown } | PdfContent[];

/** A document definition as pdfmake documents it. */
export interface PdfDocument {
  info?: { title?: string; author?: string; subject?: string };
  pageSize?: string;
  pageMargins?: [number, number, number, number];
  defaultStyle?: Record<string, unknown>;
  styles?: Record<string, Record<string, unknown>>;
  content: PdfContent[];
  footer?: (page: number, pages: number) => PdfContent;
}

/** The document's bytes. */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  return pdfmake.createPdf(document).getBuffer();
}

/**
 * A kind of document the portal serves as a PDF at /api/documents/<kind>/<id>.pdf (a purchase
 * order ...): the access its reader needs and how one record becomes its PDF. `render` scopes the
 * record to the caller like the area's own reads (NOT_FOUND when the caller may not see it).
 */
export interface PdfDocumentKind {
  /** The path segment: 'purchase-order'. */
  kind: string;
  access: Access;
  render(
    db: Db,
    caller: Caller,
    id: string,
    files: FileStore,
  ): Promise<{ filename: string; content: Buffer }>;
}
