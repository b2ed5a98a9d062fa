import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { formatRupees } from '@fieldport/contract/fields';
import type { PaymentStatus } from '@fieldport/contract/operations/purchasing';
import type { TaxSupply } from '@fieldport/contract/tax';

/**
 * What documents paid in parts (a purchase order, a partner's payout) share: whether one is paid,
 * as the list shows it and filters by it, and its amounts as an approver reads them.
 */

export function paymentStatusOf(total: number, paid: number): PaymentStatus {
  if (paid >= total) return 'PAID';
  return paid === 0 ? 'UNPAID' : 'PARTLY_PAID';
}

/** The SQL of a payment status over a document's paid and total columns. */
export function paymentStatusCondition(paid: PgColumn, total: PgColumn, status: PaymentStatus): SQL {
  return {
    PAID: sql`${paid} >= ${total}`,
    UNPAID: sql`${paid} = 0 and ${total} > 0`,
    PARTLY_PAID: sql`${paid} > 0 and ${paid} < ${total}`,
  }[status];
}

/** Taxable amount, CGST and SGST or IGST (or no GST), and total: an approval's fields. */
export function taxFields(
  supply: TaxSupply | null,
  amounts: {
    taxable_amount: number;
    cgst_amount: number;
    sgst_amount: number;
    igst_amount: number;
    total_amount: number;
  },
): { label: string; value: string }[] {
  const tax =
    supply === null
      ? [{ label: 'GST', value: 'None: not registered for GST' }]
      : supply === 'INTRA_STATE'
        ? [
            { label: 'CGST', value: formatRupees(amounts.cgst_amount) },
            { label: 'SGST', value: formatRupees(amounts.sgst_amount) },
          ]
        : [{ label: 'IGST', value: formatRupees(amounts.igst_amount) }];
  return [
    { label: 'Taxable amount', value: formatRupees(amounts.taxable_amount) },
    ...tax,
    { label: 'Total', value: formatRupees(amounts.total_amount) },
  ];
}

/** A document's amounts as its list's export shows them: rupees with two decimals. */
interface ExportedAmounts {
  taxable_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  total_amount: number;
  paid_amount?: number;
  balance_amount?: number;
}

const rupeeColumn = <Item>(header: string, width: number, paise: (item: Item) => number) => ({
  header: `${header} (₹)`,
  width,
  value: (item: Item) => paise(item) / 100,
  numFmt: '#,##0.00',
});

/** The export's columns of a document's tax and total, and (documents paid in parts) paid and balance. */
export function amountColumns<Item extends ExportedAmounts>(options: { paid: boolean }) {
  return [
    rupeeColumn<Item>('Taxable', 14, (item) => item.taxable_amount),
    rupeeColumn<Item>('CGST', 12, (item) => item.cgst_amount),
    rupeeColumn<Item>('SGST', 12, (item) => item.sgst_amount),
    rupeeColumn<Item>('IGST', 12, (item) => item.igst_amount),
    rupeeColumn<Item>('Total', 14, (item) => item.total_amount),
    ...(options.paid
      ? [
          rupeeColumn<Item>('Paid', 14, (item) => item.paid_amount ?? 0),
          rupeeColumn<Item>('Balance', 14, (item) => item.balance_amount ?? 0),
        ]
      : []),
  ];
}
