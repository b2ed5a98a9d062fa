import { GetPayout } from '@fieldport/contract/operations/payouts';
import { GetPurchaseOrder } from '@fieldport/contract/operations/purchasing';
import { GetQuotation } from '@fieldport/contract/operations/quotations';
import type { PdfDocumentKind } from '../platform/pdf.ts';
import { payoutInvoicePdf } from './payouts/payout-invoice-pdf.ts';
import { payoutItem, payoutLines } from './payouts/payouts.ts';
import { purchaseOrderPdf } from './purchasing/purchase-order-pdf.ts';
import { purchaseOrderDetails } from './purchasing/purchase-orders.ts';
import { quotationPdf } from './quotations/quotation-pdf.ts';
import { quotationItem } from './quotations/quotations.ts';

/** Every document served as a PDF (docs/purchasing.md#the-pdf), for the document route (app.ts). */
export const DOCUMENT_KINDS: PdfDocumentKind[] = [
  {
    kind: 'purchase-order',
    access: GetPurchaseOrder.access,
    render: async (db, caller, id) =>
      purchaseOrderPdf(await purchaseOrderDetails(db, caller, id), caller.organization),
  },
  {
    kind: 'payout-invoice',
    access: GetPayout.access,
    render: async (db, caller, id) => {
      // Scoped like GetPayout: a partner's users read only their own payouts' invoices.
      const item = await payoutItem(db, caller, id);
      return payoutInvoicePdf(item, await payoutLines(db, caller.organization.id, id), caller.organization);
    },
  },
  {
    kind: 'quotation',
    access: GetQuotation.access,
    // Scoped like GetQuotation: a partner's or dealer's people read only their party's.
    render: async (db, caller, id, files) =>
      quotationPdf(await quotationItem(db, caller, id), caller.organization, files),
  },
];
