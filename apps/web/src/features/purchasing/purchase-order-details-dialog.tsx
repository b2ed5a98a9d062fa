import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { GetWorkflowRequest } from '@fieldport/contract/operations/approvals';
import {
  CancelPurchaseOrder,
  GetPurchaseOrder,
  ListPurchaseOrder,
  PAYMENT_STATUS_LABELS,
  ReceivePurchaseOrder,
  RecordPurchaseOrderPayment,
  SharePurchaseOrder,
  purchaseOrderPdfPath,
  type PurchaseOrderDetails,
  type PurchaseOrderItem,
  type PurchaseOrderLine,
} from '@fieldport/contract/operations/purchasing';
import { TAX_SUPPLY_LABELS } from '@fieldport/contract/tax';
import { api } from '../../api/client.ts';
import { RequestDetailsDialog } from '../../ui/approval-request-dialog.tsx';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DocumentLines, type LineFigure } from '../../ui/document-lines.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import { EntriesSection, Entry, StackedLines } from '../../ui/entries.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, formatRupees, useInstantFormats, type InstantFormats } from '../../ui/format.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { TaxTotalsList } from '../../ui/tax-totals.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import {
  CancelPurchaseOrderDialog,
  ReceiveGoodsDialog,
  RecordPaymentDialog,
  SharePurchaseOrderDialog,
} from './purchase-order-dialogs.tsx';
import {
  orderQueries,
  purchaseOrderKey,
  PurchaseOrderStateChip,
  receivedWords,
  isOrdered,
} from './purchase-order-format.tsx';

type Action = 'approval' | 'share' | 'receive' | 'pay' | 'cancel';

/**
 * One purchase order in full (docs/purchasing.md#purchase-orders): vendor, store, supply, lines,
 * totals, receipts, payments and terms; and what its state lets the caller do: open its approval
 * request while it waits; once approved, its PDF, mail it to the vendor, receive goods, record a
 * payment, or cancel it while nothing is received or paid. `listed` is its row, shown while the
 * details load.
 */
export function PurchaseOrderDetailsDialog(props: {
  purchaseOrderId: string;
  listed: PurchaseOrderItem | undefined;
  can: FeaturePageProps['can'];
  onClose: () => void;
}) {
  const { purchaseOrderId, can } = props;
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const details = useQuery({
    queryKey: purchaseOrderKey(purchaseOrderId),
    queryFn: async () =>
      (await api.query(GetPurchaseOrder, { purchase_order_id: purchaseOrderId })).data.items[0],
  });
  const order = details.data;
  const [action, setAction] = useState<Action | null>(null);
  const closeAction = () => setAction(null);

  const shown = order ?? props.listed;
  const ordered = order ? isOrdered(order) : false;
  const actions = order && (
    <>
      {order.state === 'PENDING' && order.workflow_request_id && can(GetWorkflowRequest.access) && (
        <Button variant="outlined" onClick={() => setAction('approval')}>
          Open approval
        </Button>
      )}
      {order.state === 'APPROVED' && order.paid_amount === 0 && can(CancelPurchaseOrder.access) && (
        <Button color="error" onClick={() => setAction('cancel')}>
          Cancel order
        </Button>
      )}
      {ordered && can(ListPurchaseOrder.access) && (
        <Button
          href={purchaseOrderPdfPath(order.purchase_order_id)}
          target="_blank"
          rel="noopener"
          startIcon={<PictureAsPdfOutlined />}
        >
          Open PDF
        </Button>
      )}
      {ordered && can(SharePurchaseOrder.access) && (
        <Button onClick={() => setAction('share')}>Share with vendor</Button>
      )}
      {ordered && order.balance_amount > 0 && can(RecordPurchaseOrderPayment.access) && (
        <Button variant="outlined" onClick={() => setAction('pay')}>
          Record payment
        </Button>
      )}
      {ordered && order.pending_quantity > 0 && can(ReceivePurchaseOrder.access) && (
        <Button variant="contained" onClick={() => setAction('receive')}>
          Receive goods
        </Button>
      )}
    </>
  );

  return (
    <>
      <DetailDialog
        open
        title={shown ? `Purchase order ${shown.po_number}` : 'Purchase order'}
        narrow={narrow}
        maxWidth="lg"
        onClose={props.onClose}
        actions={actions}
      >
        {details.error && !order ? (
          <LoadError what="The purchase order" error={details.error} onRetry={() => void details.refetch()} />
        ) : !order ? (
          <Box role="status" aria-label="Loading the purchase order">
            <Skeleton height={40} />
            <Skeleton height={120} />
            <Skeleton height={160} />
          </Box>
        ) : (
          <OrderDetails order={order} narrow={narrow} format={format} />
        )}
      </DetailDialog>
      {order && action === 'approval' && order.workflow_request_id && (
        <RequestDetailsDialog
          requestId={order.workflow_request_id}
          listed={undefined}
          invalidate={orderQueries(order.purchase_order_id)}
          onClose={closeAction}
        />
      )}
      {order && action === 'share' && <SharePurchaseOrderDialog order={order} onClose={closeAction} />}
      {order && action === 'receive' && <ReceiveGoodsDialog order={order} onClose={closeAction} />}
      {order && action === 'pay' && <RecordPaymentDialog order={order} onClose={closeAction} />}
      {order && <CancelPurchaseOrderDialog order={order} open={action === 'cancel'} onClose={closeAction} />}
    </>
  );
}

/** What ended the order, in the approver's or the canceller's words. */
function EndedAlert({ order }: { order: PurchaseOrderDetails }) {
  const comment = order.decision_comment ? `: “${order.decision_comment}”` : '.';
  switch (order.state) {
    case 'PENDING':
      return (
        <Alert severity="warning" variant="outlined">
          Waiting for approval: it cannot be sent, received or paid until it is approved.
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert severity="error" variant="outlined">
          Rejected{comment}
        </Alert>
      );
    case 'CANCELLED':
      return (
        <Alert severity="info" variant="outlined">
          Cancelled{comment}
        </Alert>
      );
    case 'WITHDRAWN':
      return (
        <Alert severity="info" variant="outlined">
          The approval request was withdrawn{comment}
        </Alert>
      );
    default:
      return null;
  }
}

function OrderDetails({
  order,
  narrow,
  format,
}: {
  order: PurchaseOrderDetails;
  narrow: boolean;
  format: InstantFormats;
}) {
  const ordered = isOrdered(order);
  const vendorLines = [
    order.vendor_gstin ? `GSTIN ${order.vendor_gstin}` : 'Not registered for GST',
    order.vendor_state,
    order.vendor_email ?? 'No email address',
  ];
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <PurchaseOrderStateChip state={order.state} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {ordered ? `${PAYMENT_STATUS_LABELS[order.payment_status]} · ` : ''}
          {receivedWords(order)}
        </Typography>
      </Box>
      <EndedAlert order={order} />
      <DetailList
        items={[
          {
            label: 'Vendor',
            value: <StackedLines first={order.vendor_name} rest={vendorLines} />,
          },
          {
            label: 'Deliver to',
            value: <StackedLines first={order.service_center_name} rest={[order.service_center_state]} />,
          },
          { label: 'Supply', value: TAX_SUPPLY_LABELS[order.supply] },
          { label: 'Expected on', value: order.expected_on ? formatDay(order.expected_on) : 'Not given' },
          {
            label: 'Raised',
            value: `By ${order.raised_by_name} on ${format.dateTime(order.created_on)} (${format.timeZone})`,
          },
          ...(order.shared_on
            ? [
                {
                  label: 'Sent',
                  value: `To ${order.shared_to ?? 'the vendor'} on ${format.dateTime(order.shared_on)}`,
                },
              ]
            : []),
        ]}
      />
      <DialogSection title="Lines">
        <DocumentLines
          lines={order.lines}
          label="Lines of the order"
          nameHeader="Component"
          name={(line) => <ComponentName line={line} />}
          figures={LINE_FIGURES}
          getKey={(line) => line.line_id}
          narrow={narrow}
        />
      </DialogSection>
      <DialogSection title="Totals">
        <TaxTotalsList
          label="Totals of the order"
          totals={{
            taxable: order.taxable_amount,
            cgst: order.cgst_amount,
            sgst: order.sgst_amount,
            igst: order.igst_amount,
            total: order.total_amount,
          }}
          supply={order.supply}
          more={
            ordered
              ? [
                  { label: 'Paid', amount: order.paid_amount },
                  { label: 'Balance', amount: order.balance_amount, strong: true },
                ]
              : []
          }
        />
      </DialogSection>
      {/* Goods come and payments go only once the order is placed. */}
      {ordered && (
        <EntriesSection title="Receipts" empty="Nothing received yet.">
          {order.receipts.map((receipt) => (
            <Entry
              key={receipt.receipt_id}
              title={`Reference ${receipt.reference}`}
              by={`Received by ${receipt.received_by_name} on ${format.dateTime(receipt.received_on)}`}
              note={receipt.note}
            >
              {receipt.lines.map((line) => (
                <Typography key={line.component_id} variant="body2">
                  {count(line.quantity)} × {line.part_number} {line.name}
                </Typography>
              ))}
            </Entry>
          ))}
        </EntriesSection>
      )}
      {ordered && (
        <EntriesSection title="Payments" empty="Nothing paid yet.">
          {order.payments.map((payment) => (
            <Entry
              key={payment.payment_id}
              title={`${formatRupees(payment.amount)} paid on ${formatDay(payment.paid_on)}`}
              by={`Reference ${payment.reference} · recorded by ${payment.recorded_by_name} on ${format.dateTime(payment.recorded_on)}`}
              note={payment.note}
            />
          ))}
        </EntriesSection>
      )}
      {order.note && (
        <DialogSection title="Terms and notes">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {order.note}
          </Typography>
        </DialogSection>
      )}
    </Stack>
  );
}

/** The tax of a line: CGST + SGST or IGST. */
const taxOf = (line: PurchaseOrderLine) => line.cgst + line.sgst + line.igst;
const count = (value: number) => value.toLocaleString('en-IN');

/** A line's figures, in the order both layouts show them. */
const LINE_FIGURES: LineFigure<PurchaseOrderLine>[] = [
  { label: 'Quantity', of: (line) => count(line.quantity) },
  { label: 'Unit price', of: (line) => formatRupees(line.unit_price) },
  { label: 'Discount', of: (line) => formatRupees(line.discount) },
  { label: 'GST %', of: (line) => `${line.tax_rate}%` },
  { label: 'Taxable', of: (line) => formatRupees(line.taxable) },
  { label: 'Tax', of: (line) => formatRupees(taxOf(line)) },
  { label: 'Total', of: (line) => formatRupees(line.total) },
  { label: 'Received', of: (line) => count(line.received) },
  { label: 'Pending', of: (line) => count(line.pending) },
];

function ComponentName({ line }: { line: PurchaseOrderLine }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {line.part_number} {line.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        HSN {line.hsn_code ?? '—'}
      </Typography>
    </>
  );
}
