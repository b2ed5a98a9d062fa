import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import {
  ListPurchaseOrder,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  PURCHASE_ORDER_STATE_LABELS,
  PURCHASE_ORDER_STATES,
  RaisePurchaseOrder,
  type PurchaseOrderItem,
} from '@fieldport/contract/operations/purchasing';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { storeLookup } from '../../ui/inventory-fields.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useAddressedRecord } from '../../ui/use-addressed-record.ts';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { PurchaseOrderDetailsDialog } from './purchase-order-details-dialog.tsx';
import { isOrdered, PurchaseOrderStateChip, receivedWords, vendorLookup } from './purchase-order-format.tsx';
import { RaisePurchaseOrderDialog } from './raise-purchase-order-dialog.tsx';

/** What is still owed, or that nothing is. */
const balanceWords = (item: PurchaseOrderItem) =>
  item.balance_amount > 0 ? `Balance ${formatRupees(item.balance_amount)}` : PAYMENT_STATUS_LABELS.PAID;

/**
 * /PurchaseOrder (docs/purchasing.md#purchase-orders): the purchase orders to vendors, newest
 * first, with what is received and what is paid; searched by number or vendor, filtered by state,
 * payment, vendor, store and the days raised; exported as shown. An order opens in its details,
 * where it is approved (through its approval request), shared, received, paid or cancelled.
 */
export default function PurchaseOrdersPage({ route, can }: FeaturePageProps) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListPurchaseOrder, {
    filters: {
      state: undefined,
      payment_status: undefined,
      vendor_id: undefined,
      service_center_id: undefined,
      from_date: undefined,
      to_date: undefined,
    },
  });
  const { input } = state;
  const list = useList(ListPurchaseOrder, withDaysInOrder(input, 'from_date', 'to_date'));
  const mayRaise = can(RaisePurchaseOrder.access);
  const [raising, setRaising] = useState(false);
  // A purchase order a link names (`?purchase_order_id=`, docs/search.md) opens in its details.
  const [viewing, setViewing] = useAddressedRecord('purchase_order_id');
  const open = (item: PurchaseOrderItem) => setViewing(item.purchase_order_id);

  // Widths that fit beside the menu at 1366 px; below 850 px two columns carry what matters
  // (number, vendor, day and total; state and receipt), the order's details the rest.
  const columns: DataTableColumn<PurchaseOrderItem>[] = [
    {
      field: 'po_number',
      header: 'PO number',
      width: 160,
      minWidth: 160,
      narrowMinWidth: 170,
      render: (item) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <OpenRowLink onOpen={() => open(item)}>{item.po_number}</OpenRowLink>
          {narrow && (
            <>
              <Typography variant="body2">{item.vendor_name}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {format.date(item.created_on)} · {formatRupees(item.total_amount)}
              </Typography>
            </>
          )}
        </Box>
      ),
    },
    {
      field: 'created_on',
      header: `Raised (${format.timeZone})`,
      width: 175,
      minWidth: 150,
      hideOnNarrow: true,
      priority: 3,
      render: (item) => <TwoLineCell first={format.dateTime(item.created_on)} second={item.raised_by_name} />,
    },
    {
      field: 'vendor_name',
      header: 'Vendor',
      flex: 1.5,
      minWidth: 150,
      hideOnNarrow: true,
      render: (item) => (
        <TwoLineCell first={item.vendor_name} second={item.vendor_gstin ?? item.vendor_state} />
      ),
    },
    {
      field: 'service_center_name',
      header: 'Deliver to',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      priority: 4,
      render: (item) => <TwoLineCell first={item.service_center_name} second={item.service_center_state} />,
    },
    {
      field: 'state',
      header: 'State · received',
      // "Waiting for approval" whole.
      width: 185,
      minWidth: 180,
      narrowMinWidth: 170,
      render: (item) => (
        <Box sx={{ py: 0.5 }}>
          <PurchaseOrderStateChip state={item.state} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {receivedWords(item)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'total_amount',
      header: 'Total',
      width: 115,
      minWidth: 105,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => formatRupees(item.total_amount),
    },
    {
      field: 'paid_amount',
      header: 'Paid / balance',
      width: 150,
      minWidth: 140,
      align: 'right',
      hideOnNarrow: true,
      priority: 2,
      // Nothing is owed on an order that was never placed (waiting, rejected, withdrawn, cancelled).
      render: (item) =>
        isOrdered(item) ? (
          <TwoLineCell first={formatRupees(item.paid_amount)} second={balanceWords(item)} />
        ) : (
          '—'
        ),
    },
  ];

  const raiseButton = mayRaise ? (
    <Button variant="contained" startIcon={<AddShoppingCartOutlined />} onClick={() => setRaising(true)}>
      Raise purchase order
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <ListToolbar
        state={state}
        searchLabel="Search PO number or vendor"
        actions={
          <>
            <ExportButton op={ListPurchaseOrder} input={input} can={can} />
            {raiseButton}
          </>
        }
      >
        <ChoiceFilter
          state={state}
          filter="state"
          label="State"
          choices={PURCHASE_ORDER_STATES.map((value) => ({
            value,
            label: PURCHASE_ORDER_STATE_LABELS[value],
          }))}
        />
        <ChoiceFilter
          state={state}
          filter="payment_status"
          label="Payment"
          width={170}
          choices={PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))}
        />
        <LookupFilter state={state} filter="vendor_id" label="Vendor" {...vendorLookup} />
        <LookupFilter state={state} filter="service_center_id" label="Store" {...storeLookup} />
        <DayRangeFilter
          state={state}
          from="from_date"
          to="to_date"
          fromLabel="Raised from"
          toLabel="Raised to"
        />
      </ListToolbar>
      <DataTable<PurchaseOrderItem>
        label={route.title}
        columns={columns}
        getRowId={(item) => item.purchase_order_id}
        rowLabel={(item) => `${item.po_number} to ${item.vendor_name}`}
        rowOpensPage
        onRowOpen={open}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No purchase orders yet',
          description: mayRaise
            ? 'Raise a purchase order to a vendor for the components a store needs: it waits for approval, then goes to the vendor.'
            : 'Purchase orders raised to vendors show here, with what is received and what is paid.',
          action: raiseButton,
        }}
      />
      <RaisePurchaseOrderDialog open={raising} onClose={() => setRaising(false)} />
      {viewing && (
        // One dialog per order opened: its dialogs and messages start afresh.
        <PurchaseOrderDetailsDialog
          key={viewing}
          purchaseOrderId={viewing}
          listed={list.data?.items.find((item) => item.purchase_order_id === viewing)}
          can={can}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}
