import { GetPurchaseOrder } from '@fieldport/contract/operations/purchasing';
import type { PdfDocumentKind } from '../platform/pdf.ts';
import { purchaseOrderPdf } from './purchasing/purchase-order-pdf.ts';
import { purchaseOrderDetails } from './purchasing/purchase-orders.ts';

/** Every document served as a PDF (docs/purchasing.md#the-pdf), for the document route (app.ts). */
export const DOCUMENT_KINDS: PdfDocumentKind[] = [
  {
    kind: 'purchase-order',
    access: GetPurchaseOrder.access,
    render: async (db, caller, id) =>
      purchaseOrderPdf(await purchaseOrderDetails(db, caller, id), caller.organization),
  },
];
