import { COMPONENT_UNIT_LABELS } from '@fieldport/contract/operations/inventory';
import {
  PURCHASE_ORDER_STATE_LABELS,
  type PurchaseOrderDetails,
} from '@fieldport/contract/operations/purchasing';
import { TAX_SUPPLY_LABELS } from '@fieldport/contract/tax';
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
 * A purchase order as the vendor receives it (docs/purchasing.md#the-pdf): the buyer and the
 * delivery store, the vendor with its GSTIN, the lines with HSN, price, discount, GST and amounts,
 * the tax split (CGST + SGST or IGST), the total in figures and words, the terms, and a signature
 * block. Every figure is the order's own: nothing is recomputed here.
 */

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
    amountCell(line.unit_price),
    amountCell(line.discount),
    amountCell(line.taxable),
    cell(`${line.tax_rate}%`, { alignment: 'right' }),
    amountCell(line.cgst + line.sgst + line.igst),
    amountCell(line.total),
  ]);

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
        partyBlock('Vendor', [
          order.vendor_name,
          order.vendor_address,
          order.vendor_state,
          order.vendor_gstin ? `GSTIN ${order.vendor_gstin}` : 'Not registered for GST',
          order.vendor_email,
        ]),
        partyBlock('Deliver to', [
          order.service_center_name,
          order.service_center_address,
          order.service_center_state,
        ]),
        partyBlock('Tax', [TAX_SUPPLY_LABELS[order.supply]]),
      ],
      columnGap: 16,
    },
    {
      table: {
        headerRows: 1,
        widths: [10, '*', 38, 40, 48, 42, 52, 26, 48, 56],
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
            { text: rupeesInWords(order.total_amount), margin: [0, 2, 0, 10] },
            ...(order.note
              ? [
                  { text: 'Terms and notes', style: 'label' },
                  { text: order.note, margin: [0, 2, 0, 0] as [number, number, number, number] },
                ]
              : []),
          ],
        },
        taxTotalsBlock(order, order.supply),
      ],
      columnGap: 16,
    },
    {
      margin: [0, 40, 0, 0],
      columns: [{ text: '' }, signatureBlock(organization.name)],
    },
  ];

  const bytes = await renderPdf({
    info: {
      title: `Purchase order ${order.po_number}`,
      author: organization.name,
      subject: order.vendor_name,
    },
    ...documentFrame(`${order.po_number} · ${organization.name}`),
    content,
  });
  return { filename: `${order.po_number.replaceAll('/', '-')}.pdf`, content: bytes };
}
