import type { ChipProps } from '@mui/material/Chip';
import { ListInventory, ListStockMovements } from '@fieldport/contract/operations/inventory';
import {
  ListPurchaseOrder,
  ListVendors,
  PURCHASE_ORDER_ORDERED_STATES,
  PURCHASE_ORDER_STATE_LABELS,
  type PurchaseOrderItem,
  type PurchaseOrderState,
} from '@fieldport/contract/operations/purchasing';
import { StateChip } from '../../ui/status-chip.tsx';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How a purchase order reads on /PurchaseOrder (docs/purchasing.md#purchase-orders): its state in
 * words and colour, how much of it is received, and the queries a change to it reads again.
 */

/** Waiting asks to be noticed; ordered is under way; received is done; the ends are quiet. */
const STATE_COLORS: Record<PurchaseOrderState, ChipProps['color']> = {
  PENDING: 'warning',
  APPROVED: 'info',
  PARTLY_RECEIVED: 'info',
  RECEIVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
  CANCELLED: 'default',
};

const QUIET_STATES: readonly PurchaseOrderState[] = ['REJECTED', 'WITHDRAWN', 'CANCELLED'];

export function PurchaseOrderStateChip({ state }: { state: PurchaseOrderState }) {
  return (
    <StateChip
      label={PURCHASE_ORDER_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      outlined={QUIET_STATES.includes(state)}
    />
  );
}

/** How a vendor is chosen from the vendors' list (the raise form, the list's filter). */
export const vendorLookup = { list: ListVendors, valueKey: 'vendor_id', labelKey: 'vendor_name' } as const;

/** Whether the order went to the vendor: goods are received and payments made only then. */
export const isOrdered = (order: Pick<PurchaseOrderItem, 'state'>) =>
  PURCHASE_ORDER_ORDERED_STATES.includes(order.state);

/** '6 of 10 received' once ordered; '10 ordered' before (or if it never was). */
export const receivedWords = (order: PurchaseOrderItem) => {
  const ordered = order.ordered_quantity.toLocaleString('en-IN');
  return isOrdered(order)
    ? `${order.received_quantity.toLocaleString('en-IN')} of ${ordered} received`
    : `${ordered} ordered`;
};

/** One order's details (GetPurchaseOrder). */
export const purchaseOrderKey = (purchaseOrderId: string) => ['purchase-order', purchaseOrderId] as const;

/** What any change to an order shows anew: the list and the order's details. */
export const orderQueries = (purchaseOrderId: string) => [
  listQueryKey(ListPurchaseOrder),
  purchaseOrderKey(purchaseOrderId),
];

/** A receipt also moves stock: the stores' stock and the ledger. */
export const receiptQueries = (purchaseOrderId: string) => [
  ...orderQueries(purchaseOrderId),
  listQueryKey(ListInventory),
  listQueryKey(ListStockMovements),
];
