import { useMemo } from 'react';
import { Controller, useWatch, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CaptureLead,
  captureLeadSchema,
  ListLeadForms,
  type LeadFormItem,
  type LeadItem,
} from '@fieldport/contract/operations/leads';
import { DEFAULT_COUNTRY } from '@fieldport/contract/phone';
import { api } from '../../api/client.ts';
import { ContactFields, FormSection } from '../../ui/customer-form.tsx';
import { fieldError } from '../../ui/field-props.ts';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { AnswerFields, answersSchemaFor, emptyAnswers } from './answer-fields.tsx';
import { LeadFormDialog } from './lead-form-dialog.tsx';
import { leadQueries } from './lead-format.tsx';

type Values = z.input<typeof captureLeadSchema>;
type Output = z.output<typeof captureLeadSchema>;

/** The organization's active forms, to capture a lead with (and to filter leads by). */
export function useLeadForms(options: { fresh?: boolean } = {}) {
  return useQuery({
    // Capturing reads them again: a form made or switched off elsewhere meanwhile is as it is now.
    refetchOnMount: options.fresh ? 'always' : true,
    queryKey: [...listQueryKey(ListLeadForms), 'all'],
    queryFn: async () =>
      (await api.query(ListLeadForms, { page_size: 100, sort_by: 'form_name', sort_order: 'asc' })).data
        .items,
    staleTime: 30_000,
  });
}

/** A lead's checks for one form: who they are, and the form's questions as the server checks them. */
const schemaFor = (form: LeadFormItem | undefined) =>
  captureLeadSchema.safeExtend({ answers: answersSchemaFor(form?.fields ?? []) });

/**
 * Capture lead (docs/leads.md): one of the organization's active forms filled on the screen, for a
 * lead that called or walked in. Name, phone and email first, as every form asks them, then the
 * form's own questions.
 */
export function CaptureLeadDialog({
  onClose,
  onCaptured,
}: {
  onClose: () => void;
  /** The lead as captured: its details open. */
  onCaptured: (lead: LeadItem) => void;
}) {
  const forms = useLeadForms({ fresh: true });
  const active = useMemo(
    () => (forms.data ?? []).filter((form) => form.form_status === 'ACTIVE'),
    [forms.data],
  );
  const capture = useOperation(CaptureLead, {
    invalidate: leadQueries(),
    onSuccess: (answer) => onCaptured(answer.data.items[0]),
  });
  // The checks follow the chosen form: its questions are read when the values are checked.
  const resolver = useMemo<Resolver<Values, unknown, Output>>(() => {
    const schemas = new Map(active.map((form) => [form.form_id, schemaFor(form)]));
    return (values, context, options) =>
      (
        zodResolver(schemas.get(values.form_id) ?? schemaFor(undefined)) as unknown as Resolver<
          Values,
          unknown,
          Output
        >
      )(values, context, options);
  }, [active]);

  if (forms.isPending || forms.isError || active.length === 0) {
    return (
      <LeadFormDialog<Values, Output>
        title="Capture lead"
        submitLabel="Capture lead"
        formKey="waiting"
        canSubmit={false}
        maxWidth="md"
        defaultValues={blank('')}
        resolver={resolver}
        onSubmit={() => Promise.reject(new Error('Choose a form first.'))}
        onClose={onClose}
      >
        {() =>
          forms.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Loading the forms" />
            </Box>
          ) : (
            <Alert severity={forms.isError ? 'error' : 'info'} role={forms.isError ? 'alert' : undefined}>
              {forms.isError
                ? `The forms could not be loaded: ${forms.error.message}`
                : 'No form is active. Build one on the Forms tab (or activate one) to capture leads with it.'}
            </Alert>
          )
        }
      </LeadFormDialog>
    );
  }
  const first = active.length === 1 ? active[0] : undefined;
  return (
    <LeadFormDialog<Values, Output>
      title="Capture lead"
      submitLabel="Capture lead"
      formKey="ready"
      maxWidth="md"
      defaultValues={{ ...blank(first?.form_id ?? ''), answers: emptyAnswers(first?.fields ?? []) }}
      resolver={resolver}
      onSubmit={(values) => capture.submit(values)}
      onClose={onClose}
    >
      {(form) => <CaptureFields form={form as unknown as Form} forms={active} />}
    </LeadFormDialog>
  );
}

type Form = UseFormReturn<FieldValues, unknown, unknown>;

const blank = (formId: string): Values => ({
  form_id: formId,
  customer_name: '',
  phone_country: DEFAULT_COUNTRY,
  customer_phone: '',
  customer_email: '',
  answers: {},
});

function CaptureFields({ form, forms }: { form: Form; forms: LeadFormItem[] }) {
  const formId = useWatch({ control: form.control, name: 'form_id' }) as string;
  const chosen = forms.find((entry) => entry.form_id === formId);
  const message = fieldError(form, 'form_id');
  return (
    <>
      <Controller
        control={form.control}
        name="form_id"
        render={({ field }) => (
          <FormTextField
            select
            label="Form"
            required
            autoFocus={!chosen}
            value={chosen ? formId : ''}
            onChange={(event) => {
              field.onChange(event.target.value);
              // Another form asks other questions: its answers start empty.
              const next = forms.find((entry) => entry.form_id === event.target.value);
              form.setValue('answers', emptyAnswers(next?.fields ?? []));
              form.clearErrors('answers');
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(message)}
            helperText={message ?? 'The active forms; the lead is kept with the form’s questions and answers'}
          >
            {forms.map((entry) => (
              <MenuItem key={entry.form_id} value={entry.form_id}>
                {entry.form_name}
              </MenuItem>
            ))}
          </FormTextField>
        )}
      />
      {chosen && (
        <Box
          key={chosen.form_id}
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <FormSection title="Who">
            <Stack spacing={2.5}>
              <ContactFields form={form} autoFocus={false} />
            </Stack>
          </FormSection>
          <FormSection title={chosen.form_name}>
            {chosen.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {chosen.description}
              </Typography>
            )}
            {chosen.fields.length > 0 ? (
              <AnswerFields form={form} fields={chosen.fields} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                This form asks only for the name, phone and email.
              </Typography>
            )}
          </FormSection>
        </Box>
      )}
    </>
  );
}
