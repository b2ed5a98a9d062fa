import { formatRupees } from '@fieldport/contract/fields';
import type { PdfContent, PdfDocument } from './pdf.ts';

/**
 * The pieces every PDF document of the portal shares (docs/purchasing.md#the-pdf): its colours,
 * days as they are printed, amounts in Indian words (lakh, crore), cells and a party's block.
 */

export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c9d1db';
export const BAND = '#eef2f7';

/** '2026-11-28T09:30:00Z' -> '28 Nov 2026' in the organization's time zone. */
export function dayText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

/** '2026-12-05' (a calendar day) -> '05 Dec 2026'. */
export const calendarDayText = (day: string) => dayText(`${day}T12:00:00Z`, 'UTC');

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  return n < 20 ? ONES[n] : [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join('-');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in Indian words: 12,34,567 -> 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'. */
export function indianWords(value: number): string {
  if (value === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(value / 10_000_000);
  let rest = value % 10_000_000;
  if (crore) parts.push(`${indianWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** 125050 paise -> 'Rupees One Thousand Two Hundred Fifty and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** A table cell of text. */
export const cell = (text: string, extra: Record<string, unknown> = {}): PdfContent => ({ text, ...extra });

/** A table cell of an amount: rupees, right-aligned. */
export const amountCell = (paise: number, extra: Record<string, unknown> = {}): PdfContent =>
  cell(formatRupees(paise), { alignment: 'right', ...extra });

/** A party's block (the vendor, the partner, the buyer): a label, then its lines, the first bold. */
export const partyBlock = (title: string, lines: (string | null)[]): PdfContent => ({
  stack: [
    { text: title, style: 'label' },
    ...lines
      .filter((line): line is string => Boolean(line))
      .map((line, index) => ({
        text: line,
        bold: index === 0,
        margin: [0, 1, 0, 0] as [number, number, number, number],
      })),
  ],
});

/** The page, fonts and styles every document uses, and its footer (what it is, page n of m). */
export function documentFrame(footerText: string): Omit<PdfDocument, 'content' | 'info'> {
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, color: INK },
    styles: {
      brand: { fontSize: 16, bold: true },
      subtitle: { fontSize: 11, color: MUTED, margin: [0, 2, 0, 0] },
      label: { fontSize: 8, color: MUTED },
      th: { bold: true, fontSize: 8 },
    },
    footer: (page, pages) => ({
      columns: [
        { text: footerText, color: MUTED, fontSize: 8 },
        { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED, fontSize: 8 },
      ],
      margin: [40, 16, 40, 0],
    }),
  };
}

/** The lines' table: a shaded header, thin rules between rows. */
export const LINES_TABLE_LAYOUT = {
  fillColor: (row: number) => (row === 0 ? BAND : null),
  hLineColor: () => RULE,
  vLineWidth: () => 0,
  hLineWidth: (row: number) => (row <= 1 ? 1 : 0.5),
  paddingTop: () => 4,
  paddingBottom: () => 4,
  paddingLeft: () => 3,
  paddingRight: () => 3,
};

/** The signature block: "For <whom>", a line, "Authorised signatory". */
export const signatureBlock = (forWhom: string): PdfContent => ({
  width: 200,
  stack: [
    { text: `For ${forWhom}`, alignment: 'center' },
    { canvas: [{ type: 'line', x1: 0, y1: 36, x2: 200, y2: 36, lineWidth: 0.5, lineColor: MUTED }] },
    { text: 'Authorised signatory', alignment: 'center', style: 'label', margin: [0, 4, 0, 0] },
  ],
});

/** A document's tax totals, as kept on it (never recomputed). */
interface DocumentTotals {
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total_amount: number;
}

/**
 * The totals' block under the lines: taxable amount, CGST and SGST (within a state) or IGST (across),
 * the total in bold over a rule.
 */
export function taxTotalsBlock(totals: DocumentTotals, supply: 'INTRA_STATE' | 'INTER_STATE'): PdfContent {
  const body: PdfContent[][] = [
    [cell('Taxable amount'), amountCell(totals.taxable_amount)],
    ...(supply === 'INTRA_STATE'
      ? [
          [cell('CGST'), amountCell(totals.cgst_amount)],
          [cell('SGST'), amountCell(totals.sgst_amount)],
        ]
      : [[cell('IGST'), amountCell(totals.igst_amount)]]),
    [
      cell('Total', { bold: true, fontSize: 11 }),
      amountCell(totals.total_amount, { bold: true, fontSize: 11 }),
    ],
  ];
  return {
    width: 200,
    table: { widths: ['*', 'auto'], body },
    layout: {
      hLineColor: () => RULE,
      vLineWidth: () => 0,
      hLineWidth: (row: number, node: { table: { body: unknown[] } }) =>
        row === node.table.body.length - 1 ? 1 : 0,
    },
  };
}
