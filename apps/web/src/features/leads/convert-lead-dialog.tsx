import { useId } from 'react';
import { Controller, useWatch, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { createCustomerSchema } from '@fieldport/contract/operations/customers';
import { ConvertLead, type LeadItem } from '@fieldport/contract/operations/leads';
import { ListQuotationTemplates, SaveQuotation } from '@fieldport/contract/operations/quotations';
import { CustomerFields, FormSection } from '../../ui/customer-form.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useActiveRecords } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { LeadFormDialog } from './lead-form-dialog.tsx';
import { leadQueries, newCustomerOf } from './lead-format.tsx';
import { OptionalChoice } from '../../ui/optional-choice.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;
type Mode = 'existing' | 'new';

const templateChoice = z.string().nullable();
/** Winning for the customer who has the lead's phone: only the template is chosen. */
const existingSchema = z.object({ mode: z.literal('existing'), quotation_template_id: templateChoice });
/** Winning for a new customer: the customer form's own checks (createCustomerSchema). */
const newSchema = createCustomerSchema.safeExtend({
  mode: z.literal('new'),
  quotation_template_id: templateChoice,
});

/** The new customer's fields are kept while the existing one is chosen: going back finds them typed. */
type Values = Omit<z.input<typeof newSchema>, 'mode'> & { mode: Mode };
type Output = z.output<typeof newSchema> | z.output<typeof existingSchema>;

const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
  (
    zodResolver(values.mode === 'existing' ? existingSchema : newSchema) as unknown as Resolver<
      Values,
      unknown,
      Output
    >
  )(values, context, options);

/**
 * The server names a refusal of the new customer's fields `customer.<field>`, which this form holds
 * at its top; the drafted quotation's (`quotation.<field>`) have no field here: said above the form.
 */
const renameField = (field: string) =>
  field.startsWith('customer.')
    ? field.slice('customer.'.length)
    : field === 'quotation_template_id'
      ? field
      : null;

/**
 * Convert (won) (docs/leads.md): the lead becomes a customer, the one with its phone or a new one
 * made as the customer form makes one (started from the lead's name, phone and email), and when a
 * template is chosen, a draft quotation from it. The lead is won, and never changes again.
 */
export function ConvertLeadDialog({
  lead,
  can,
  onClose,
  onDone,
}: {
  lead: LeadItem;
  can: FeaturePageProps['can'];
  onClose: () => void;
  onDone: (lead: LeadItem) => void;
}) {
  // The details stay open on the won lead, with its customer and quotation to open.
  const convert = useOperation(ConvertLead, {
    invalidate: leadQueries(),
    onSuccess: (answer) => onDone(answer.data.items[0]),
  });
  // A quotation is drafted only by those who may draft one (the server refuses the others).
  const drafts = can(SaveQuotation.access);
  const matched = lead.matched_customer_id;
  const defaultValues: Values = {
    ...newCustomerOf(lead),
    mode: matched ? 'existing' : 'new',
    quotation_template_id: null,
  };
  return (
    <LeadFormDialog<Values, Output>
      title={`Convert lead ${lead.lead_number} (won)`}
      submitLabel="Convert (won)"
      maxWidth="md"
      defaultValues={defaultValues}
      resolver={resolver}
      renameField={renameField}
      onSubmit={(values) => {
        const { mode, quotation_template_id, ...customer } = values as Output & { mode: Mode };
        return convert.submit({
          lead_id: lead.lead_id,
          quotation_template_id,
          ...(mode === 'existing'
            ? { customer_id: matched }
            : { customer: customer as z.output<typeof createCustomerSchema> }),
        });
      }}
      onClose={onClose}
    >
      {(form) => <ConvertFields form={form as unknown as Form} lead={lead} drafts={drafts} />}
    </LeadFormDialog>
  );
}

function ConvertFields({ form, lead, drafts }: { form: Form; lead: LeadItem; drafts: boolean }) {
  const mode = useWatch({ control: form.control, name: 'mode' }) as Mode;
  const labelId = useId();
  return (
    <>
      {lead.matched_customer_id ? (
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
                Customer
              </FormLabel>
              <RadioGroup
                aria-labelledby={labelId}
                value={field.value as Mode}
                onChange={(event) => field.onChange(event.target.value)}
              >
                <FormControlLabel
                  value="existing"
                  control={<Radio slotProps={{ input: { ref: field.ref } }} />}
                  label={`Use existing customer ${lead.matched_customer_name ?? ''}`.trim()}
                />
                <FormControlLabel value="new" control={<Radio />} label="Create a new customer" />
              </RadioGroup>
              <Typography variant="body2" color="text.secondary">
                {lead.matched_customer_name} has the lead’s phone, {lead.customer_phone_display}.
              </Typography>
            </FormControl>
          )}
        />
      ) : (
        <Typography color="text.secondary">
          No customer has the lead’s phone ({lead.customer_phone_display}): a new customer is made, started
          from the lead’s name, phone and email. Add their address.
        </Typography>
      )}
      {mode === 'new' && (
        <FormSection title="New customer">
          <CustomerFields form={form} withSecondary={false} />
        </FormSection>
      )}
      {drafts && <TemplateChoice form={form} />}
    </>
  );
}

/** The active quotation templates with lines: a draft quotation starts from one (docs/quotations.md#templates). */
function TemplateChoice({ form }: { form: Form }) {
  const templates = useActiveRecords(ListQuotationTemplates, 'template_name');
  const withLines = (templates.data ?? []).filter((template) => template.default_lines.length > 0);
  const helperText = templates.isError
    ? 'The templates could not be loaded.'
    : templates.data && withLines.length === 0
      ? 'No active template has lines; draft the quotation later from Quotations.'
      : 'Optional: a draft quotation for the customer, with the template’s lines, texts and validity';
  return (
    <OptionalChoice
      form={form}
      name="quotation_template_id"
      label="Draft a quotation from template"
      noneLabel="No quotation now"
      helperText={helperText}
      options={withLines.map((template) => ({
        value: template.template_id,
        label: `${template.template_name} · ${template.default_lines.length} ${template.default_lines.length === 1 ? 'line' : 'lines'}`,
      }))}
    />
  );
}
