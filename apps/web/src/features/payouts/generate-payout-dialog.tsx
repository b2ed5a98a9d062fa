import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  GeneratePayout,
  generatePayoutSchema,
  ListInvoice,
  PAYOUT_MAX_EXTRAS,
  PAYOUTS_MESSAGES,
  PreviewPayout,
  type PayoutPreview,
} from '@fieldport/contract/operations/payouts';
import { api } from '../../api/client.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormField, FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { LinesField, type LineFieldConfig } from '../../ui/lines-field.tsx';
import { servicePartnerLookup } from '../../ui/lookup-filter.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { supplyWords } from './payout-format.tsx';

type GenerateForm = z.input<typeof generatePayoutSchema>;
type Form = UseFormReturn<GenerateForm, unknown, unknown>;

type Extra = NonNullable<GenerateForm['extras']>[number];

const emptyExtra: Extra = {
  description: '',
  amount: Number.NaN,
};

const extraFields: LineFieldConfig[] = [
  { kind: 'text', name: 'description', label: 'Description', required: true, maxLength: 120, grow: 3 },
  { kind: 'money', name: 'amount', label: 'Amount', required: true, grow: 1 },
];

/** The calendar month before today's, in the organization's calendar: what is usually paid next. */
function previousMonth(today: string) {
  const lastDay = shiftDay(`${today.slice(0, 8)}01`, -1);
  return { period_from: `${lastDay.slice(0, 8)}01`, period_to: lastDay };
}

/**
 * Generating a service partner's payout (docs/payouts.md#payouts): the partner, the days of closing
 * it covers (the previous calendar month to start with), extras (travel, a special visit) and a
 * note. While the partner and the period are complete, what the payout would hold is shown
 * (PreviewPayout). The payout gets its invoice number and waits for approval.
 */
export function GeneratePayoutDialog({ onClose }: { onClose: () => void }) {
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  const generate = useOperation(GeneratePayout, {
    onSuccess: onClose,
    invalidate: [listQueryKey(ListInvoice)],
  });
  // The server's refusal of a period that has not ended yet, said before sending.
  const schema = useMemo(
    () =>
      generatePayoutSchema.superRefine((values, ctx) => {
        if (values.period_to > today) {
          ctx.addIssue({
            code: 'custom',
            path: ['period_to'],
            message: PAYOUTS_MESSAGES.periodInFuture(today),
          });
        }
      }),
    [today],
  );
  const defaults: GenerateForm = { party_id: '', ...previousMonth(today), extras: [], note: '' };
  return (
    <FormDialog
      open
      title="Generate payout"
      schema={schema}
      defaultValues={defaults}
      submitLabel="Generate"
      maxWidth="md"
      onSubmit={(values) => generate.submit(values)}
      onClose={onClose}
    >
      {(form) => <GenerateFields form={form as Form} today={today} />}
    </FormDialog>
  );
}

const periodFields: FieldConfig[] = [
  {
    kind: 'date',
    name: 'period_from',
    label: 'Period from',
    required: true,
    helperText: 'The first day of closing it pays',
  },
  {
    kind: 'date',
    name: 'period_to',
    label: 'Period to',
    required: true,
    helperText: 'The last day, not after today',
  },
];

const noteField: FieldConfig = {
  kind: 'text',
  name: 'note',
  label: 'Note',
  multiline: true,
  maxLength: 500,
  helperText: 'Optional: for the approver and the partner',
};

function GenerateFields({ form, today }: { form: Form; today: string }) {
  // Only the first field takes the focus when the dialog opens.
  const field = (config: FieldConfig) => (
    <FormField key={config.name} form={form as never} field={config} autoFocus={false} />
  );
  return (
    <>
      <FormFields
        form={form}
        fields={[
          {
            kind: 'lookup',
            name: 'party_id',
            label: 'Service partner',
            required: true,
            ...servicePartnerLookup,
          },
        ]}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {periodFields.map(field)}
      </Box>
      <PeriodPreview form={form} today={today} />
      <LinesField
        form={form}
        name="extras"
        label="Extras (optional)"
        fields={extraFields}
        emptyLine={emptyExtra}
        min={0}
        max={PAYOUT_MAX_EXTRAS}
        addLabel="Add extra"
      />
      <ExtrasTotal form={form} />
      {field(noteField)}
    </>
  );
}

/**
 * What the payout would hold, asked once the partner and a period in order are chosen (and the
 * dates have stopped changing): the tickets closed in it and their amounts before tax, those no
 * rate card priced, and whether GST applies.
 */
function PeriodPreview({ form, today }: { form: Form; today: string }) {
  const [partyId, from, to] = useWatch({
    control: form.control,
    name: ['party_id', 'period_from', 'period_to'],
  });
  const period = { party_id: partyId, period_from: from, period_to: to };
  const complete = PreviewPayout.input.safeParse(period).success && to <= today;
  const asked = useDebouncedValue(complete ? JSON.stringify(period) : '', 300);
  const preview = useQuery({
    queryKey: ['payout-preview', asked],
    enabled: asked !== '',
    queryFn: async () =>
      (await api.query(PreviewPayout, JSON.parse(asked) as typeof period)).data.items[0] ?? null,
  });
  if (!complete) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Choose the partner and the period to see the tickets the payout would pay.
      </Typography>
    );
  }
  return (
    <Box
      component="section"
      aria-label="What the payout holds"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      {/* Said when it changes: the partner and the period decide what is paid. */}
      <Box role="status">
        {preview.error ? (
          <Alert severity="warning" variant="outlined">
            {preview.error.message}
          </Alert>
        ) : !preview.data || asked !== JSON.stringify(period) ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">Counting the tickets of the period…</Typography>
          </Box>
        ) : (
          <PreviewWords preview={preview.data} />
        )}
      </Box>
    </Box>
  );
}

function PreviewWords({ preview }: { preview: PayoutPreview }) {
  const notPriced =
    preview.not_priced_count > 0
      ? `; ${preview.not_priced_count.toLocaleString('en-IN')} not priced (left out until priced on Cost Configuration)`
      : '';
  if (preview.ticket_count === 0) {
    return (
      <Alert severity="warning" variant="outlined">
        {PAYOUTS_MESSAGES.nothingToPay(
          preview.party_name,
          formatDay(preview.period_from),
          formatDay(preview.period_to),
          preview.not_priced_count,
        )}
      </Alert>
    );
  }
  const tickets = preview.ticket_count.toLocaleString('en-IN');
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {tickets} {preview.ticket_count === 1 ? 'ticket' : 'tickets'} closed in the period,{' '}
        {formatRupees(preview.ticket_amount)} before tax{notPriced}.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {supplyWords(preview.supply)}
      </Typography>
    </>
  );
}

/** The extras' sum as typed, before tax (a line not complete yet is not counted). */
function ExtrasTotal({ form }: { form: Form }) {
  const extras = useWatch({ control: form.control, name: 'extras' }) ?? [];
  const amounts = extras
    .map((extra) => extra.amount)
    .filter((amount) => Number.isInteger(amount) && amount > 0);
  if (amounts.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
      Extras: {formatRupees(amounts.reduce((sum, amount) => sum + amount, 0))} before tax
    </Typography>
  );
}
