import Typography from '@mui/material/Typography';
import {
  QUOTATIONS_MESSAGES,
  RecordQuotationPayment,
  recordQuotationPaymentSchema,
  ReviseQuotation,
  ShareQuotation,
  type QuotationDetails,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { PaymentDialog } from '../../ui/payment-dialog.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { numberWords, quotationQueries } from './quotation-format.tsx';

/**
 * What is done to a quotation from its details (docs/quotations.md) besides editing a draft: it
 * is mailed to the customer, revised, or paid against. Each reads the quotation and the lists
 * again; the server's message says what happened.
 */

interface QuotationDialogProps {
  quotation: QuotationDetails;
  onClose: () => void;
}

/** The quotation mailed with its PDF and the link to answer it: to the customer's address or another. */
export function ShareQuotationDialog({ quotation: q, onClose }: QuotationDialogProps) {
  const format = useInstantFormats();
  const share = useOperation(ShareQuotation, {
    onSuccess: onClose,
    invalidate: quotationQueries(),
  });
  return (
    <FormDialog
      open
      title={`Send ${numberWords(q)} to ${q.customer_name}`}
      schema={ShareQuotation.input}
      defaultValues={{ quotation_id: q.quotation_id, email: q.customer_email ?? '', message: '' }}
      submitLabel="Send"
      onSubmit={(values) => share.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            The mail carries the quotation as a PDF and a link where the customer accepts or rejects it, until{' '}
            {formatDay(q.valid_until)}.
            {q.shared_on &&
              ` Last sent to ${q.shared_to ?? 'the customer'} on ${format.dateTime(q.shared_on)}.`}
          </Typography>
          <FormFields
            form={form}
            fields={[
              {
                kind: 'text',
                name: 'email',
                label: 'Email',
                required: !q.customer_email,
                maxLength: 120,
                helperText: q.customer_email
                  ? 'The customer’s address; give another to send it there'
                  : 'The customer has no email address: give one',
              },
              { kind: 'text', name: 'message', label: 'Message', multiline: true, maxLength: 1000 },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}

/** A customer's payment against an accepted quotation: the balance, today and NEFT to start with. */
export function RecordQuotationPaymentDialog({ quotation: q, onClose }: QuotationDialogProps) {
  const pay = useOperation(RecordQuotationPayment, {
    onSuccess: onClose,
    invalidate: quotationQueries(),
  });
  return (
    <PaymentDialog
      title={`Record a payment against ${numberWords(q)}`}
      schema={recordQuotationPaymentSchema}
      document={{ quotation_id: q.quotation_id }}
      balance={q.balance_amount}
      messages={QUOTATIONS_MESSAGES}
      intro={`From ${q.customer_name}: total ${formatRupees(q.total_amount)}, paid ${formatRupees(q.paid_amount)}, balance ${formatRupees(q.balance_amount)}.`}
      withMode
      submit={(values) => pay.submit(values)}
      onClose={onClose}
    />
  );
}

/**
 * A new revision (asked first): a draft with the same number and lines, to change and approve
 * again; this one is kept as it is and its link stops working.
 */
export function ReviseQuotationDialog({
  quotation: q,
  open,
  onClose,
  onRevised,
}: QuotationDialogProps & { open: boolean; onRevised: (revision: QuotationItem) => void }) {
  const revise = useOperation(ReviseQuotation, {
    invalidate: quotationQueries(),
    onSuccess: (answer) => onRevised(answer.data.items[0]),
  });
  return (
    <ConfirmDialog
      open={open}
      title={`Revise ${numberWords(q)}?`}
      confirmLabel="Revise"
      busy={revise.isPending}
      onConfirm={() => revise.run({ quotation_id: q.quotation_id })}
      onClose={onClose}
    >
      Revision {q.revision + 1} is drafted with the same number and lines, to change and send for approval
      again. This one is kept as it is, marked Revised
      {q.state === 'SENT' ? ', and the link the customer has stops working' : ''}.
    </ConfirmDialog>
  );
}
