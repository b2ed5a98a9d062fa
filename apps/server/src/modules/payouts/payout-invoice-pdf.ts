import {
  PAYOUT_SAC_CODE,
  PAYOUT_STATE_LABELS,
  type PayoutItem,
  type PayoutLine,
} from '@fieldport/contract/operations/payouts';
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
} from '../../platform/pdf-parts.ts';

/**
 * A payout's invoice (docs/payouts.md#the-invoice): the service partner bills the organization for
 * its tickets closed in the period, one line a ticket at its frozen amount and one an extra, with
 * GST (CGST + SGST or IGST) when the partner is registered, the total in figures and words.
 * Every figure is the payout's own: nothing is recomputed here.
 */
export async function payoutInvoicePdf(
  item: PayoutItem,
  lines: PayoutLine[],
  organization: { name: string; time_zone: string },
): Promise<{ filename: string; content: Buffer }> {
  const taxed = item.supply !== null;
  const intra = item.supply === 'INTRA_STATE';
  const header = [
    cell('#', { style: 'th' }),
    cell('Description', { style: 'th' }),
    cell('Closed on', { style: 'th' }),
    cell('SAC', { style: 'th' }),
    cell('Taxable', { style: 'th', alignment: 'right' }),
    cell('GST %', { style: 'th', alignment: 'right' }),
    cell(intra ? 'CGST+SGST' : 'IGST', { style: 'th', alignment: 'right' }),
    cell('Amount', { style: 'th', alignment: 'right' }),
  ];
  const rows = lines.map((line, index) => [
    cell(String(index + 1)),
    {
      stack: [
        { text: line.ticket_number ? `Ticket ${line.ticket_number}` : line.description, bold: true },
        ...(line.ticket_number
          ? [{ text: line.service_name ?? '', color: MUTED, fontSize: 7 }]
          : [{ text: 'Extra', color: MUTED, fontSize: 7 }]),
      ],
    },
    cell(line.closed_on ? calendarDayText(line.closed_on) : '—'),
    cell(PAYOUT_SAC_CODE),
    amountCell(line.taxable),
    cell(`${line.tax_rate}%`, { alignment: 'right' }),
    amountCell(line.cgst + line.sgst + line.igst),
    amountCell(line.total),
  ]);

  const totals: PdfContent[][] = [
    [cell('Taxable amount'), amountCell(item.taxable_amount)],
    ...(!taxed
      ? [[cell('GST'), cell('Not registered', { alignment: 'right' })]]
      : intra
        ? [
            [cell('CGST'), amountCell(item.cgst_amount)],
            [cell('SGST'), amountCell(item.sgst_amount)],
          ]
        : [[cell('IGST'), amountCell(item.igst_amount)]]),
    [
      cell('Total', { bold: true, fontSize: 11 }),
      amountCell(item.total_amount, { bold: true, fontSize: 11 }),
    ],
    ...(item.paid_amount > 0
      ? [
          [cell('Paid'), amountCell(item.paid_amount)],
          [cell('Balance', { bold: true }), amountCell(item.balance_amount, { bold: true })],
        ]
      : []),
  ];

  const content: PdfContent[] = [
    {
      columns: [
        {
          stack: [
            { text: item.party_name, style: 'brand' },
            { text: taxed ? 'Tax invoice' : 'Invoice (not registered for GST)', style: 'subtitle' },
          ],
        },
        {
          width: 'auto',
          table: {
            body: [
              [cell('Invoice number', { style: 'label' }), cell(item.invoice_number, { bold: true })],
              [cell('Date', { style: 'label' }), cell(dayText(item.created_on, organization.time_zone))],
              [
                cell('Period', { style: 'label' }),
                cell(`${calendarDayText(item.period_from)} to ${calendarDayText(item.period_to)}`),
              ],
              [cell('Status', { style: 'label' }), cell(PAYOUT_STATE_LABELS[item.state])],
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
        partyBlock('From (service partner)', [
          item.party_name,
          item.partner_state,
          item.partner_gstin ? `GSTIN ${item.partner_gstin}` : 'Not registered for GST',
        ]),
        partyBlock('To', [
          organization.name,
          item.organization_state,
          item.organization_gstin ? `GSTIN ${item.organization_gstin}` : null,
        ]),
        partyBlock('Tax', [item.supply ? TAX_SUPPLY_LABELS[item.supply] : 'No GST']),
      ],
      columnGap: 16,
    },
    {
      table: {
        headerRows: 1,
        widths: [16, '*', 56, 28, 56, 30, 56, 60],
        body: [header, ...rows],
      },
      layout: LINES_TABLE_LAYOUT,
      fontSize: 8,
    },
    {
      margin: [0, 12, 0, 0],
      unbreakable: true,
      columns: [
        {
          stack: [
            { text: 'Amount in words', style: 'label' },
            { text: rupeesInWords(item.total_amount), margin: [0, 2, 0, 10] },
            {
              text: `${item.ticket_count} ${item.ticket_count === 1 ? 'ticket' : 'tickets'} at the amounts frozen when each closed${item.extra_count ? `, and ${item.extra_count} ${item.extra_count === 1 ? 'extra' : 'extras'}` : ''}.`,
              color: MUTED,
            },
            ...(item.note
              ? [
                  { text: 'Note', style: 'label', margin: [0, 8, 0, 0] },
                  { text: item.note, margin: [0, 2, 0, 0] as [number, number, number, number] },
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
            hLineWidth: () => 0,
          },
        },
      ],
      columnGap: 16,
    },
    {
      margin: [0, 36, 0, 0],
      unbreakable: true,
      columns: [
        {
          text: `Generated by ${organization.name} on behalf of ${item.party_name} from the tickets it closed.`,
          color: MUTED,
          fontSize: 8,
        },
        signatureBlock(item.party_name),
      ],
    },
  ];

  const bytes = await renderPdf({
    info: {
      title: `Invoice ${item.invoice_number}`,
      author: item.party_name,
      subject: organization.name,
    },
    ...documentFrame(`${item.invoice_number} · ${item.party_name}`),
    content,
  });
  return { filename: `${item.invoice_number.replaceAll('/', '-')}.pdf`, content: bytes };
}
