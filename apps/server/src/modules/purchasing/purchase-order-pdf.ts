import { formatRupees } from '@fieldport/contract/fields';
import { COMPONENT_UNIT_LABELS } from '@fieldport/contract/operations/inventory';
import {
  PURCHASE_ORDER_STATE_LABELS,
  type PurchaseOrderDetails,
} from '@fieldport/contract/operations/purchasing';
import { TAX_SUPPLY_LABELS } from '@fieldport/contract/tax';
import { renderPdf, type PdfContent } from '../../platform/pdf.ts';

/**
 * A purchase order as the vendor receives it (docs/purchasing.md#the-pdf): the buyer and the
 * delivery store, the vendor with its GSTIN, the lines with HSN, price, discount, GST and amounts,
 * the tax split (CGST + SGST or IGST), the total in figures and words, the terms, and a signature
 * block. Every figure is the order's own: nothing is recomputed here.
 */

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d1db';
const BAND = '#eef2f7';

/** '2026-11-28T09:30:00Z' -> '28 Nov 2026' in the organization's time zone. */
function dayText(iso: string, timeZone: string): string {
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

const cell = (text: string, extra: Record<string, unknown> = {}): PdfContent => ({ text, ...extra });
const amount = (paise: number, extra: Record<string, unknown> = {}): PdfContent =>
  cell(formatRupees(paise), { alignment: 'right', ...extra });

export async function purchaseOrderPdf(
  order: PurchaseOrderDetails,
  organization: { name: string; time_zone: string },
): Promise<{ filename: string; content: Buffer }> {
  const timeZone = organization.time_zone;
  const intra = order.supply === 'INTRA_STATE';
  const taxHeader = intra ? 'CGST+SGST' : 'IGST';

  const header = [
    cell('#', { style: 'th' }),
    cell('Item', { style: 'th' }),
    cell('HSN', { style: 'th' }),
    cell('Qty', { style: 'th', alignment: 'right' }),
    cell('Rate', { style: 'th', alignment: 'right' }),
    cell('Discount', { style: 'th', alignment: 'right' }),
    cell('Taxable', { style: 'th', alignment: 'right' }),
    cell(`GST %`, { style: 'th', alignment: 'right' }),
    cell(taxHeader, { style: 'th', alignment: 'right' }),
    cell('Amount', { style: 'th', alignment: 'right' }),
  ];
  const rows = order.lines.map((line, index) => [
    cell(String(index + 1)),
    {
      stack: [
        { text: line.name, bold: true },
        { text: line.part_number, color: MUTED, fontSize: 8 },
      ],
    },
    cell(line.hsn_code ?? '—'),
    cell(`${line.quantity.toLocaleString('en-IN')} ${COMPONENT_UNIT_LABELS[line.unit]}`, {
      alignment: 'right',
    }),
    amount(line.unit_price),
    amount(line.discount),
    amount(line.taxable),
    cell(`${line.tax_rate}%`, { alignment: 'right' }),
    amount(line.cgst + line.sgst + line.igst),
    amount(line.total),
  ]);

  const totals: PdfContent[][] = [
    [cell('Taxable amount'), amount(order.taxable_amount)],
    ...(intra
      ? [
          [cell('CGST'), amount(order.cgst_amount)],
          [cell('SGST'), amount(order.sgst_amount)],
        ]
      : [[cell('IGST'), amount(order.igst_amount)]]),
    [cell('Total', { bold: true, fontSize: 11 }), amount(order.total_amount, { bold: true, fontSize: 11 })],
  ];

  const party = (title: string, lines: (string | null)[]): PdfContent => ({
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

  const content: PdfContent[] = [
    {
      columns: [
        {
          stack: [
            { text: organization.name, style: 'brand' },
            { text: 'Purchase order', style: 'subtitle' },
          ],
        },
        {
          width: 'auto',
          table: {
            body: [
              [cell('PO number', { style: 'label' }), cell(order.po_number, { bold: true })],
              [cell('Date', { style: 'label' }), cell(dayText(order.created_on, timeZone))],
              ...(order.expected_on
                ? [[cell('Deliver by', { style: 'label' }), cell(calendarDayText(order.expected_on))]]
                : []),
              [cell('Status', { style: 'label' }), cell(PURCHASE_ORDER_STATE_LABELS[order.state])],
            ],
          },
          layout: 'noBorders',
        },
      ],
    },
    { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 1, lineColor: RULE }] },
    {
      margin: [0, 12, 0, 12],
      columns: [
        party('Vendor', [
          order.vendor_name,
          order.vendor_address,
          order.vendor_state,
          order.vendor_gstin ? `GSTIN ${order.vendor_gstin}` : 'Not registered for GST',
          order.vendor_email,
        ]),
        party('Deliver to', [
          order.service_center_name,
          order.service_center_address,
          order.service_center_state,
        ]),
        party('Tax', [TAX_SUPPLY_LABELS[order.supply]]),
      ],
      columnGap: 16,
    },
    {
      table: {
        headerRows: 1,
        widths: [10, '*', 38, 40, 48, 42, 52, 26, 48, 56],
        body: [header, ...rows],
      },
      layout: {
        fillColor: (row: number) => (row === 0 ? BAND : null),
        hLineColor: () => RULE,
        vLineWidth: () => 0,
        hLineWidth: (row: number) => (row <= 1 ? 1 : 0.5),
        paddingTop: () => 4,
        paddingBottom: () => 4,
        paddingLeft: () => 3,
        paddingRight: () => 3,
      },
      fontSize: 8,
    },
    {
      margin: [0, 12, 0, 0],
      columns: [
        {
          stack: [
            { text: 'Amount in words', style: 'label' },
            { text: rupeesInWords(order.total_amount), margin: [0, 2, 0, 10] },
            ...(order.note
              ? [
                  { text: 'Terms and notes', style: 'label' },
                  { text: order.note, margin: [0, 2, 0, 0] as [number, number, number, number] },
                ]
              : []),
          ],
        },
        {
          width: 200,
          table: { widths: ['*', 'auto'], body: totals },
          layout: {
            hLineColor: () => RULE,
            vLineWidth: () => 0,
            hLineWidth: (row: number, node: { table: { body: unknown[] } }) =>
              row === node.table.body.length - 1 ? 1 : 0,
          },
        },
      ],
      columnGap: 16,
    },
    {
      margin: [0, 40, 0, 0],
      columns: [
        { text: '' },
        {
          width: 200,
          stack: [
            { text: `For ${organization.name}`, alignment: 'center' },
            { canvas: [{ type: 'line', x1: 0, y1: 36, x2: 200, y2: 36, lineWidth: 0.5, lineColor: MUTED }] },
            { text: 'Authorised signatory', alignment: 'center', style: 'label', margin: [0, 4, 0, 0] },
          ],
        },
      ],
    },
  ];

  const bytes = await renderPdf({
    info: {
      title: `Purchase order ${order.po_number}`,
      author: organization.name,
      subject: order.vendor_name,
    },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, color: INK },
    styles: {
      brand: { fontSize: 16, bold: true },
      subtitle: { fontSize: 11, color: MUTED, margin: [0, 2, 0, 0] },
      label: { fontSize: 8, color: MUTED },
      th: { bold: true, fontSize: 8 },
    },
    content,
    footer: (page, pages) => ({
      columns: [
        { text: `${order.po_number} · ${organization.name}`, color: MUTED, fontSize: 8 },
        { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED, fontSize: 8 },
      ],
      margin: [40, 16, 40, 0],
    }),
  });
  return { filename: `${order.po_number.replaceAll('/', '-')}.pdf`, content: bytes };
}
