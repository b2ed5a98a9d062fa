import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CancelPurchaseOrder,
  PURCHASING_MESSAGES,
  ReceivePurchaseOrder,
  RecordPurchaseOrderPayment,
  SharePurchaseOrder,
  receivePurchaseOrderSchema,
  recordPurchaseOrderPaymentSchema,
  type PurchaseOrderDetails,
} from '@fieldport/contract/operations/purchasing';
import { isApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { fieldError } from '../../ui/field-props.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormField, FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { PaymentDialog } from '../../ui/payment-dialog.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { orderQueries, receiptQueries } from './purchase-order-format.tsx';

/**
 * What is done to an approved purchase order from its details (docs/purchasing.md#purchase-orders):
 * goods received, a payment recorded, the order mailed to the vendor, the order cancelled. Each
 * reads the order and the list again; the server's message says what happened.
 */

interface OrderDialogProps {
  order: PurchaseOrderDetails;
  onClose: () => void;
}

const noteField: FieldConfig = { kind: 'text', name: 'note', label: 'Note', multiline: true, maxLength: 300 };

const referenceField = (helperText: string): FieldConfig => ({
  kind: 'text',
  name: 'reference',
  label: 'Reference',
  required: true,
  maxLength: 60,
  helperText,
});

type ReceiveForm = z.input<typeof receivePurchaseOrderSchema>;

/**
 * Goods received into the order's store: a quantity for each line with units pending, the pending
 * units to start with (0 leaves a line out), and the vendor's invoice or challan.
 */
export function ReceiveGoodsDialog({ order, onClose }: OrderDialogProps) {
  const receive = useOperation(ReceivePurchaseOrder, {
    onSuccess: onClose,
    invalidate: receiptQueries(order.purchase_order_id),
  });
  const pendingLines = useMemo(() => order.lines.filter((line) => line.pending > 0), [order.lines]);
  // More than is pending is refused here already, in the server's words.
  const schema = useMemo(
    () =>
      receivePurchaseOrderSchema.superRefine((values, ctx) => {
        values.lines.forEach((line, index) => {
          const ordered = pendingLines[index];
          if (ordered && line.quantity > ordered.pending) {
            ctx.addIssue({
              code: 'custom',
              path: ['lines', index, 'quantity'],
              message: PURCHASING_MESSAGES.tooMany(ordered.part_number, ordered.pending, line.quantity),
            });
          }
        });
      }),
    [pendingLines],
  );
  const defaults: ReceiveForm = {
    purchase_order_id: order.purchase_order_id,
    lines: pendingLines.map((line) => ({ component_id: line.component_id, quantity: line.pending })),
    reference: '',
    note: '',
  };
  const quantityFields: FieldConfig[] = pendingLines.map((line, index): FieldConfig => ({
    kind: 'number',
    name: `lines.${index}.quantity`,
    label: `${line.part_number} ${line.name}`,
    required: true,
    min: 0,
    max: line.pending,
    helperText: `${line.pending.toLocaleString('en-IN')} of ${line.quantity.toLocaleString('en-IN')} pending`,
  }));
  const receiptFields = [referenceField('The vendor’s invoice or delivery challan number'), noteField];
  return (
    <FormDialog
      open
      title={`Receive goods against ${order.po_number}`}
      schema={schema}
      defaultValues={defaults}
      submitLabel="Receive"
      onSubmit={(values) => receive.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            Into {order.service_center_name}, at the order’s prices after discount; the stock ledger shows{' '}
            {order.po_number} as the reference. Receive 0 of a line that has not come.
          </Typography>
          <FormFields form={form} fields={quantityFields} />
          <ReceiptLinesMessage form={form as never} />
          {receiptFields.map((field) => (
            <FormField key={field.name} form={form as never} field={field} autoFocus={false} />
          ))}
        </>
      )}
    </FormDialog>
  );
}

/** What is wrong with the quantities as a whole ("Receive at least one unit"), under them. */
function ReceiptLinesMessage({ form }: { form: UseFormReturn<FieldValues, unknown, unknown> }) {
  // Once sent, the quantities are checked together again as any changes: the message goes when
  // it no longer holds (react-hook-form checks only the field changed).
  useEffect(
    () =>
      form.subscribe({
        name: 'lines',
        formState: { values: true },
        callback: () => {
          if (form.formState.isSubmitted) void form.trigger('lines');
        },
      }),
    [form],
  );
  const message = fieldError(form, 'lines', { list: true });
  return message ? (
    <FormHelperText error role="alert">
      {message}
    </FormHelperText>
  ) : null;
}

/** A payment to the vendor: the balance and today (the organization's) to start with. */
export function RecordPaymentDialog({ order, onClose }: OrderDialogProps) {
  const pay = useOperation(RecordPurchaseOrderPayment, {
    onSuccess: onClose,
    invalidate: orderQueries(order.purchase_order_id),
  });
  return (
    <PaymentDialog
      title={`Record a payment against ${order.po_number}`}
      schema={recordPurchaseOrderPaymentSchema}
      document={{ purchase_order_id: order.purchase_order_id }}
      balance={order.balance_amount}
      messages={PURCHASING_MESSAGES}
      intro={`To ${order.vendor_name}: total ${formatRupees(order.total_amount)}, paid ${formatRupees(order.paid_amount)}, balance ${formatRupees(order.balance_amount)}.`}
      submit={(values) => pay.submit(values)}
      onClose={onClose}
    />
  );
}

/** The order mailed as a PDF: to the vendor's address, or another given. */
export function SharePurchaseOrderDialog({ order, onClose }: OrderDialogProps) {
  const format = useInstantFormats();
  const share = useOperation(SharePurchaseOrder, {
    onSuccess: onClose,
    invalidate: orderQueries(order.purchase_order_id),
  });
  return (
    <FormDialog
      open
      title={`Share ${order.po_number} with ${order.vendor_name}`}
      schema={SharePurchaseOrder.input}
      defaultValues={{
        purchase_order_id: order.purchase_order_id,
        email: order.vendor_email ?? '',
        message: '',
      }}
      submitLabel="Send"
      onSubmit={(values) => share.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            The order goes as a PDF attached to the mail.
            {order.shared_on &&
              ` Last sent to ${order.shared_to ?? 'the vendor'} on ${format.dateTime(order.shared_on)}.`}
          </Typography>
          <FormFields
            form={form}
            fields={[
              {
                kind: 'text',
                name: 'email',
                label: 'Email',
                required: !order.vendor_email,
                maxLength: 120,
                helperText: order.vendor_email
                  ? 'The vendor’s address; give another to send it there'
                  : 'The vendor has no email address: give one',
              },
              { kind: 'text', name: 'message', label: 'Message', multiline: true, maxLength: 1000 },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}

const REASON_MAX = 300;

/**
 * Cancelling an approved order nothing is received against or paid for, with a reason (asked
 * first: it cannot be undone).
 */
export function CancelPurchaseOrderDialog({ order, open, onClose }: OrderDialogProps & { open: boolean }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonField = useRef<HTMLInputElement>(null);
  const showReasonError = (message: string) => {
    setReasonError(message);
    reasonField.current?.focus();
  };
  const cancel = useOperation(CancelPurchaseOrder, {
    invalidate: orderQueries(order.purchase_order_id),
    onSuccess: () => {
      setReason('');
      onClose();
    },
    // A refusal about the reason goes under it; any other is shown in red.
    onError: (error) => {
      if (!isApiError(error) || error.field !== 'reason') return false;
      showReasonError(error.message.replace(/^reason: /, ''));
      return true;
    },
  });
  const confirm = () => {
    const input = { purchase_order_id: order.purchase_order_id, reason };
    const issue = CancelPurchaseOrder.input
      .safeParse(input)
      .error?.issues.find((one) => one.path[0] === 'reason');
    if (issue) return showReasonError(issue.message);
    setReasonError(null);
    cancel.run(input);
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Cancel ${order.po_number}?`}
      confirmLabel="Cancel order"
      dismissLabel="Keep the order"
      destructive
      busy={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Typography sx={{ mb: 2 }}>
        Nothing can be received or paid against it any more.
        {order.shared_on &&
          ` It was sent to ${order.shared_to ?? order.vendor_name}: the portal does not tell them it is cancelled.`}
      </Typography>
      <TextField
        label="Reason"
        required
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (reasonError) setReasonError(null);
        }}
        inputRef={reasonField}
        error={Boolean(reasonError)}
        helperText={reasonError ?? 'Kept with the order'}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
      />
    </ConfirmDialog>
  );
}
