import { useMemo, type ReactNode } from 'react';
import type { z } from 'zod';
import Typography from '@mui/material/Typography';
import { dayIn } from '@fieldport/contract/fields';
import { PAYMENT_MODE_LABELS, PAYMENT_MODES } from '@fieldport/contract/operations/purchasing';
import { FormDialog } from './form-dialog.tsx';
import { FormFields, type FieldConfig } from './form-fields.tsx';
import { formatRupees, useInstantFormats } from './format.ts';

/** What every payment form sends besides the document's id (and the fields of its own). */
interface PaymentValues {
  amount: number;
  paid_on: string;
}

/** How the money came or went (a payout to a partner, a customer's payment): NEFT to start with. */
const paymentModeField: FieldConfig = {
  kind: 'select',
  name: 'mode',
  label: 'Mode',
  required: true,
  options: PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] })),
};

/**
 * A payment against a document that has a balance (a purchase order to a vendor, a payout to a
 * service partner): the amount (the balance to start with), the day paid (the organization's today
 * to start with), its mode when the document has one (a payout's), the reference and a note. The
 * server's two refusals, more than the balance and a day to come, are said before sending, in the
 * document's own words (`messages`).
 */
export function PaymentDialog<Schema extends z.ZodObject>(props: {
  title: string;
  /** The contract's payment schema. */
  schema: Schema;
  /** The document's id, as the schema names it: `{ payout_id }`. */
  document: Record<string, string>;
  balance: number;
  messages: { overpaid: (balance: string) => string; paidInFuture: string };
  /** To whom, and what is owed, above the fields. */
  intro: ReactNode;
  /** The payment's mode (the schema's `mode`: NEFT, UPI, cheque ...), between Paid on and Reference. */
  withMode?: boolean;
  submit: (values: z.output<Schema>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { schema, balance, messages } = props;
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  const checked = useMemo(
    () =>
      schema.superRefine((values, ctx) => {
        const payment = values as unknown as PaymentValues;
        if (payment.amount > balance) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount'],
            message: messages.overpaid(formatRupees(balance)),
          });
        }
        if (payment.paid_on > today) {
          ctx.addIssue({ code: 'custom', path: ['paid_on'], message: messages.paidInFuture });
        }
      }),
    [schema, balance, messages, today],
  );
  const fields: FieldConfig[] = [
    { kind: 'money', name: 'amount', label: 'Amount', required: true },
    { kind: 'date', name: 'paid_on', label: 'Paid on', required: true },
    ...(props.withMode ? [paymentModeField] : []),
    {
      kind: 'text',
      name: 'reference',
      label: 'Reference',
      required: true,
      maxLength: 60,
      helperText: 'UTR, cheque or voucher number',
    },
    { kind: 'text', name: 'note', label: 'Note', multiline: true, maxLength: 300 },
  ];
  return (
    <FormDialog
      open
      title={props.title}
      schema={checked}
      defaultValues={
        {
          ...props.document,
          amount: balance,
          paid_on: today,
          ...(props.withMode ? { mode: PAYMENT_MODES[0] } : {}),
          reference: '',
          note: '',
        } as z.input<Schema>
      }
      submitLabel="Record payment"
      onSubmit={props.submit}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">{props.intro}</Typography>
          <FormFields form={form} fields={fields} />
        </>
      )}
    </FormDialog>
  );
}
