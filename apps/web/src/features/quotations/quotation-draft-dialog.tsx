import { useEffect, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { stateOfGstin } from '@fieldport/contract/gst';
import {
  ListQuotationTemplates,
  QUOTATION_MAX_VALIDITY_DAYS,
  SaveQuotation,
  saveQuotationSchema,
  type QuotationDetails,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { Get_Ticket_Details, SearchTickets, type TicketItem } from '@fieldport/contract/operations/tickets';
import { supplyBetween, TAX_SUPPLY_LABELS, type TaxSupply } from '@fieldport/contract/tax';
import { api } from '../../api/client.ts';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { CustomerChoice, customerLocationsQuery } from '../../ui/customer-choice.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { fieldError } from '../../ui/field-props.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormField } from '../../ui/form-fields.tsx';
import { formatDay, useInstantFormats } from '../../ui/format.ts';
import { TypedTotals } from '../../ui/typed-amounts.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { activeRecordsQuery, useActiveRecords } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { OptionalChoice } from '../../ui/optional-choice.tsx';
import { numberWords, quotationQueries } from './quotation-format.tsx';
import { emptyQuotationLine, lineForForm, QuotationLinesField } from './quotation-lines-field.tsx';

type DraftForm = z.input<typeof saveQuotationSchema>;
type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

/** A quotation started from a ticket (its "Draft quotation"): the ticket and its customer. */
export interface DraftStart {
  ticketId: string | null;
  customerId: string | null;
}

/**
 * Drafting a quotation, or changing a draft (SaveQuotation, docs/quotations.md): the customer and
 * the location it is for, the ticket it answers, a template (its texts, validity and first lines),
 * the last valid day, the lines, the texts printed above and below them, and the terms. The totals
 * are worked out as typed; the organization's state against the location's decides CGST + SGST or
 * IGST. Saved, it opens in its details (`onSaved`), to be sent for approval.
 */
export function QuotationDraftDialog(props: {
  /** The draft to change; none for a new one. */
  draft?: QuotationDetails;
  start?: DraftStart;
  can: FeaturePageProps['can'];
  onClose: () => void;
  onSaved: (saved: QuotationItem) => void;
}) {
  const { draft, start } = props;
  const customerId = draft?.customer_id ?? start?.customerId ?? null;
  const ticketId = draft ? null : (start?.ticketId ?? null);
  // What the form starts with is read first, so that its fields show it from the start.
  const customer = useQuery(customerLocationsQuery(customerId));
  const ticket = useQuery({
    queryKey: ['quotation-ticket', ticketId],
    enabled: Boolean(ticketId),
    queryFn: async () => (await api.query(Get_Ticket_Details, { ticket_id: ticketId! })).data.items[0],
  });
  const save = useOperation(SaveQuotation, {
    onSuccess: (answer) => props.onSaved(answer.data.items[0]),
    invalidate: quotationQueries(),
  });
  const narrow = useNarrowScreen();
  const loading = (customerId !== null && customer.isPending) || (ticketId !== null && ticket.isPending);
  if (loading) {
    return (
      <Dialog open fullScreen={narrow} aria-labelledby="quotation-draft-loading" onClose={props.onClose}>
        <DialogTitle id="quotation-draft-loading">{draft ? 'Change draft' : 'New quotation'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the customer" />
        </DialogContent>
      </Dialog>
    );
  }
  const startTicket = draft?.ticket_id
    ? { ticket_id: draft.ticket_id, ticket_number: draft.ticket_number ?? '' }
    : ticket.data
      ? { ticket_id: ticket.data.ticket_id, ticket_number: ticket.data.ticket_number }
      : null;
  const defaults: DraftForm = draft
    ? {
        quotation_id: draft.quotation_id,
        customer_id: draft.customer_id,
        location_id: draft.location_id,
        ticket_id: draft.ticket_id,
        template_id: draft.template_id,
        valid_until: draft.valid_until,
        header_text: draft.header_text ?? '',
        footer_text: draft.footer_text ?? '',
        terms: draft.terms ?? '',
        lines: draft.lines.map(lineForForm),
      }
    : {
        customer_id: customer.data?.customer_id ?? '',
        location_id: ticket.data?.location_id ?? customer.data?.primary_location.location_id ?? null,
        ticket_id: startTicket?.ticket_id ?? null,
        template_id: null,
        valid_until: '',
        header_text: '',
        footer_text: '',
        terms: '',
        lines: [emptyQuotationLine],
      };
  return (
    <FormDialog
      open
      title={draft ? `Change draft ${numberWords(draft)}` : 'New quotation'}
      schema={saveQuotationSchema}
      defaultValues={defaults}
      submitLabel="Save draft"
      // A line has eight fields: two rows each on a laptop.
      maxWidth="lg"
      onSubmit={(values) => save.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <DraftFields
          form={form as unknown as AnyForm}
          can={props.can}
          initialCustomer={customer.data ?? null}
          initialTicket={startTicket}
        />
      )}
    </FormDialog>
  );
}

function DraftFields({
  form,
  can,
  initialCustomer,
  initialTicket,
}: {
  form: AnyForm;
  can: FeaturePageProps['can'];
  initialCustomer: Parameters<typeof CustomerChoice>[0]['initialCustomer'];
  initialTicket: ChosenTicket | null;
}) {
  const format = useInstantFormats();
  // The texts a template fills are drawn anew, so that their labels move out of the way.
  const templateFills = useTemplateFill(form, format.timeZone);
  const customerId = useWatch({ control: form.control, name: 'customer_id' }) as string | null;
  const supply = useDraftSupply(form);
  const templates = useActiveRecords(ListQuotationTemplates, 'template_name');
  const lastDay = shiftDay(dayIn(format.timeZone), QUOTATION_MAX_VALIDITY_DAYS);
  return (
    <>
      <CustomerChoice form={form} initialCustomer={initialCustomer} autoFocus={!initialCustomer} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <TicketChoice form={form} customerId={customerId} initial={initialTicket} can={can} />
        <OptionalChoice
          form={form}
          name="template_id"
          label="Template"
          noneLabel="No template"
          helperText={
            templates.isError
              ? 'The templates could not be loaded.'
              : 'Fills the texts, the validity and the first lines'
          }
          options={(templates.data ?? []).map((template) => ({
            value: template.template_id,
            label: template.template_name,
          }))}
        />
        <FormField
          form={form}
          autoFocus={false}
          field={{
            kind: 'date',
            name: 'valid_until',
            label: 'Valid until',
            required: true,
            helperText: `The last day the customer may accept; ${formatDay(lastDay)} at the latest`,
          }}
        />
      </Box>
      <FormField
        key={`header-${templateFills}`}
        form={form}
        autoFocus={false}
        field={{
          kind: 'text',
          name: 'header_text',
          label: 'Header',
          multiline: true,
          maxLength: 1000,
          helperText: 'Printed above the lines',
        }}
      />
      <QuotationLinesField
        form={form}
        name="lines"
        label="Lines"
        customerId={customerId}
        supply={supply.supply}
        min={1}
      />
      <LiveTotals form={form} supply={supply} />
      <FormField
        key={`footer-${templateFills}`}
        form={form}
        autoFocus={false}
        field={{
          kind: 'text',
          name: 'footer_text',
          label: 'Footer',
          multiline: true,
          maxLength: 1000,
          helperText: 'Printed below the totals',
        }}
      />
      <FormField
        key={`terms-${templateFills}`}
        form={form}
        autoFocus={false}
        field={{ kind: 'text', name: 'terms', label: 'Terms', multiline: true, maxLength: 3000 }}
      />
    </>
  );
}

interface DraftSupply {
  /** null while it is not known (no location yet, no GSTIN, the settings not readable). */
  supply: TaxSupply | null;
  words: string;
}

/** The organization's state (its GSTIN's, from the current user's details) against the location's (docs/quotations.md#tax). */
function useDraftSupply(form: AnyForm): DraftSupply {
  const [customerId, locationId] = useWatch({
    control: form.control,
    name: ['customer_id', 'location_id'],
  }) as [string | null, string | null];
  // The same query as the customer's locations above: no request of its own.
  const customer = useQuery(customerLocationsQuery(customerId));
  const me = useCurrentUser();
  if (!me) return { supply: null, words: "Reading the organization's GSTIN…" };
  const gstin = me.organization_details.organization_gstin;
  const organizationState = gstin ? stateOfGstin(gstin) : null;
  if (!organizationState) {
    return {
      supply: null,
      words:
        'The organization has no GSTIN, so it cannot charge GST: quote at 0%, or add the GSTIN under Settings > Organization.',
    };
  }
  const data = customer.data;
  const location = data
    ? [data.primary_location, ...data.secondary_locations].find((one) => one.location_id === locationId)
    : undefined;
  if (!location) {
    return {
      supply: null,
      words: `Choose the customer and the location: within ${organizationState} the tax is CGST + SGST, across states IGST.`,
    };
  }
  const supply = supplyBetween(organizationState, location.state);
  return {
    supply,
    words: `${TAX_SUPPLY_LABELS[supply]} (organization in ${organizationState}, customer in ${location.state})`,
  };
}

function LiveTotals({ form, supply }: { form: AnyForm; supply: DraftSupply }) {
  const lines = useWatch({ control: form.control, name: 'lines' }) as DraftForm['lines'];
  return (
    <TypedTotals
      lines={lines}
      supply={supply.supply}
      supplyWords={supply.words}
      label="Totals of the quotation"
    />
  );
}

/**
 * A template chosen fills the header, footer and terms, the last valid day (its days from the
 * organization's today) and its lines, after the lines already filled in. Answers how many times
 * it has filled them.
 */
function useTemplateFill(form: AnyForm, timeZone: string): number {
  const queryClient = useQueryClient();
  const [fills, setFills] = useState(0);
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name, type, values }) => {
          const templateId = values.template_id as string | null;
          if (type !== 'change' || name !== 'template_id' || !templateId) return;
          void queryClient
            .ensureQueryData(activeRecordsQuery(ListQuotationTemplates, 'template_name'))
            .then((templates) => {
              const template = templates.find((one) => one.template_id === templateId);
              if (!template) return;
              const options = { shouldValidate: true, shouldDirty: true };
              form.setValue('header_text', template.header_text ?? '', options);
              form.setValue('footer_text', template.footer_text ?? '', options);
              form.setValue('terms', template.terms ?? '', options);
              form.setValue('valid_until', shiftDay(dayIn(timeZone), template.validity_days), options);
              const filled = (form.getValues('lines') as DraftForm['lines']).filter((line) => line.item_id);
              const lines = [...filled, ...template.default_lines.map(lineForForm)];
              form.setValue('lines', lines.length > 0 ? lines : [emptyQuotationLine], { shouldDirty: true });
              setFills((count) => count + 1);
            });
        },
      }),
    [form, queryClient, timeZone],
  );
  return fills;
}

interface ChosenTicket {
  ticket_id: string;
  ticket_number: string;
}

/**
 * The ticket the quotation answers, optional: one of the customer's, found by its number; shown
 * with Remove once chosen. Without the right to search tickets, only a ticket it started from.
 */
function TicketChoice({
  form,
  customerId,
  initial,
  can,
}: {
  form: AnyForm;
  customerId: string | null;
  initial: ChosenTicket | null;
  can: FeaturePageProps['can'];
}) {
  const [chosen, setChosen] = useState<ChosenTicket | null>(initial);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const maySearch = can(SearchTickets.access);
  const found = useQuery({
    queryKey: ['quotation-ticket-search', search],
    enabled: maySearch && search.length >= 2,
    queryFn: async () => (await api.query(SearchTickets, { search, page_size: 10 })).data.items,
  });
  const error = fieldError(form, 'ticket_id');
  const choose = (ticket: ChosenTicket | null) => {
    setChosen(ticket);
    form.setValue('ticket_id', ticket?.ticket_id ?? null, { shouldValidate: true, shouldDirty: true });
  };
  if (chosen) {
    return (
      <Paper variant="outlined" role="group" aria-label="Ticket" sx={{ p: 1.5 }}>
        <Typography variant="caption" color="text.secondary">
          Ticket
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{chosen.ticket_number}</Typography>
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
        <Button size="small" onClick={() => choose(null)} sx={{ mt: 0.5 }}>
          Remove ticket
        </Button>
      </Paper>
    );
  }
  if (!maySearch) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
        No ticket: draft it from the ticket's page to link one.
      </Typography>
    );
  }
  // Only the chosen customer's tickets are offered: the quotation is for that customer.
  const options = (found.data ?? []).filter((ticket) => !customerId || ticket.customer_id === customerId);
  return (
    <Autocomplete<TicketItem>
      options={options}
      value={null}
      loading={found.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => `${option.ticket_number} · ${option.service_name}`}
      isOptionEqualToValue={(option, value) => option.ticket_id === value.ticket_id}
      onInputChange={(_, value, reason) => {
        if (reason === 'input') setText(value);
      }}
      onChange={(_, value) =>
        value && choose({ ticket_id: value.ticket_id, ticket_number: value.ticket_number })
      }
      noOptionsText={
        search.length < 2
          ? 'Type at least 2 characters of the ticket number'
          : 'No ticket of this customer matches'
      }
      renderOption={(optionProps, option) => (
        <li {...optionProps} key={option.ticket_id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {option.ticket_number} · {option.service_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {option.customer_name}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Ticket"
          error={Boolean(error)}
          helperText={error ?? 'Optional: the ticket it answers'}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Ticket' },
          }}
        />
      )}
    />
  );
}
