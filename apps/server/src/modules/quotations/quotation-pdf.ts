import {
  QUOTATION_LINE_KIND_LABELS,
  QUOTATION_STATE_LABELS,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { TAX_SUPPLY_LABELS } from '@fieldport/contract/tax';
import type { FileStore } from '../../platform/files.ts';
import { renderPdf, type PdfContent } from '../../platform/pdf.ts';
import {
  amountCell,
  calendarDayText,
  cell,
  dayText,
  documentFrame,
  LINES_TABLE_LAYOUT,
  MUTED,
  partyBlock,
  RULE,
  rupeesInWords,
  signatureBlock,
  taxTotalsBlock,
} from '../../platform/pdf-parts.ts';

/**
 * A quotation as the customer receives it (docs/quotations.md#the-pdf): the organization's logo and
 * name with its GSTIN, the customer and place of supply, the template's header, the lines with
 * HSN, price, discount, GST and amounts, the tax split, the total in figures and in words (lakh,
 * crore), the footer, the terms and a signature block. Every figure is the quotation's own.
 */

type QuotationForPdf = Pick<
  QuotationItem,
  | 'quotation_number'
  | 'revision'
  | 'state'
  | 'customer_name'
  | 'customer_phone'
  | 'customer_email'
  | 'customer_address'
  | 'supply'
  | 'valid_until'
  | 'header_text'
  | 'footer_text'
  | 'terms'
  | 'taxable_amount'
  | 'cgst_amount'
  | 'sgst_amount'
  | 'igst_amount'
  | 'total_amount'
  | 'created_on'
> & { lines: Omit<QuotationItem['lines'][number], 'line_id' | 'item_id' | 'fleet_item_id'>[] };

/** The logo as a data address pdfmake draws (it reads no file and no URL itself); none if unreadable. */
async function logoOf(files: FileStore, key: string | null): Promise<string | null> {
  if (!key) return null;
  try {
    const bytes = await files.get(key);
    // Stored logos are PNG or JPEG (UpdateOrganizationLogo checks their signatures).
    const type = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
    return `data:${type};base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

export async function quotationPdf(
  item: QuotationForPdf,
  organization: { name: string; time_zone: string; gstin: string | null; logo: string | null },
  files: FileStore,
): Promise<{ filename: string; content: Buffer }> {
  const logo = await logoOf(files, organization.logo);
  const intra = item.supply === 'INTRA_STATE';
  const number = `${item.quotation_number}${item.revision > 1 ? ` rev ${item.revision}` : ''}`;

  const header = [
    cell('#', { style: 'th' }),
    cell('Item', { style: 'th' }),
    cell('HSN/SAC', { style: 'th' }),
    cell('Qty', { style: 'th', alignment: 'right' }),
    cell('Rate', { style: 'th', alignment: 'right' }),
    cell('Discount', { style: 'th', alignment: 'right' }),
    cell('Taxable', { style: 'th', alignment: 'right' }),
    cell('GST %', { style: 'th', alignment: 'right' }),
    cell(intra ? 'CGST+SGST' : 'IGST', { style: 'th', alignment: 'right' }),
    cell('Amount', { style: 'th', alignment: 'right' }),
  ];
  const rows = item.lines.map((line, index) => [
    cell(String(index + 1)),
    {
      stack: [
        { text: line.description, bold: true },
        {
          text: [
            QUOTATION_LINE_KIND_LABELS[line.kind],
            line.fleet_item_serial ? `for ${line.fleet_item_serial}` : null,
          ]
            .filter(Boolean)
            .join(' '),
          color: MUTED,
          fontSize: 8,
        },
      ],
    },
    cell(line.hsn_code ?? '—'),
    cell(line.quantity.toLocaleString('en-IN'), { alignment: 'right' }),
    amountCell(line.unit_price),
    amountCell(line.discount),
    amountCell(line.taxable),
    cell(`${line.tax_rate}%`, { alignment: 'right' }),
    amountCell(line.cgst + line.sgst + line.igst),
    amountCell(line.total),
  ]);

  const brand: PdfContent[] = [
    ...(logo ? [{ image: logo, fit: [120, 48], margin: [0, 0, 0, 6] }] : []),
    { text: organization.name, style: 'brand' },
    ...(organization.gstin ? [{ text: `GSTIN ${organization.gstin}`, style: 'label' }] : []),
    { text: 'Quotation', style: 'subtitle' },
  ];
  const note = (label: string, text: string | null): PdfContent[] =>
    text
      ? [
          { text: label, style: 'label' },
          { text, margin: [0, 2, 0, 10] },
        ]
      : [];

  const content: PdfContent[] = [
    {
      columns: [
        { stack: brand },
        {
          width: 'auto',
          table: {
            body: [
              [cell('Quotation', { style: 'label' }), cell(number, { bold: true })],
              [cell('Date', { style: 'label' }), cell(dayText(item.created_on, organization.time_zone))],
              [
                cell('Valid until', { style: 'label' }),
                cell(calendarDayText(item.valid_until), { bold: true }),
              ],
              [cell('Status', { style: 'label' }), cell(QUOTATION_STATE_LABELS[item.state])],
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
        partyBlock('Quotation for', [
          item.customer_name,
          item.customer_address,
          item.customer_phone,
          item.customer_email,
        ]),
        partyBlock('Tax', [TAX_SUPPLY_LABELS[item.supply]]),
      ],
      columnGap: 16,
    },
    ...(item.header_text ? [{ text: item.header_text, margin: [0, 0, 0, 10] }] : []),
    {
      table: {
        headerRows: 1,
        widths: [10, '*', 40, 28, 50, 44, 52, 26, 48, 56],
        body: [header, ...rows],
      },
      layout: LINES_TABLE_LAYOUT,
      fontSize: 8,
    },
    {
      margin: [0, 12, 0, 0],
      columns: [
        {
          stack: [
            { text: 'Amount in words', style: 'label' },
            { text: rupeesInWords(item.total_amount), margin: [0, 2, 0, 10] },
          ],
        },
        taxTotalsBlock(item, item.supply),
      ],
      columnGap: 16,
    },
    {
      margin: [0, 12, 0, 0],
      stack: [
        ...(item.footer_text ? [{ text: item.footer_text, margin: [0, 0, 0, 10] }] : []),
        ...note('Terms and conditions', item.terms),
      ],
    },
    {
      margin: [0, 30, 0, 0],
      columns: [{ text: '' }, signatureBlock(organization.name)],
    },
  ];

  const bytes = await renderPdf({
    info: { title: `Quotation ${number}`, author: organization.name, subject: item.customer_name },
    ...documentFrame(`${number} · ${organization.name}`),
    content,
  });
  return {
    filename: `${item.quotation_number.replaceAll('/', '-')}${item.revision > 1 ? `-rev${item.revision}` : ''}.pdf`,
    content: bytes,
  };
}
