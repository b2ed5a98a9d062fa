import { purchaseOrderHandlers, registerPurchaseOrderKind } from './purchase-orders.ts';
import { vendorHandlers } from './vendors.ts';

registerPurchaseOrderKind();

/** Purchasing (docs/purchasing.md): vendors and purchase orders. */
export const purchasingHandlers = [...vendorHandlers, ...purchaseOrderHandlers];
