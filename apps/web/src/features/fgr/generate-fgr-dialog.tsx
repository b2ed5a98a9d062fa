import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
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
import { GenerateFGR, type FgrItem } from '@fieldport/contract/operations/fgr';
import { Get_Ticket_Details, SearchTickets, type TicketItem } from '@fieldport/contract/operations/tickets';
import { api } from '../../api/client.ts';
import { coverageText } from '../../ui/coverage.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { fieldError } from '../../ui/field-props.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormField } from '../../ui/form-fields.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { replacementFields } from './fgr-dialogs.tsx';
import { fgrQueries, whyNotReplaceable } from './fgr-words.ts';

type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

const TITLE = 'Generate replacement';

/**
 * Generating a product replacement (GenerateFGR, docs/fgr.md#generating-one): the ticket that found
 * the product beyond repair (given by the ticket's "Replace product", or found by its number), the
 * reason, the replacement's serial number and a note. The server decides whether the product is
 * covered today; its refusal (not covered and why, a replacement live already) shows under the
 * ticket, a serial refused under the serial. Generated, it opens in its details (`onGenerated`).
 */
export function GenerateFgrDialog(props: {
  /** The ticket it starts from; none to find one. */
  ticketId: string | null;
  can: FeaturePageProps['can'];
  onClose: () => void;
  onGenerated: (generated: FgrItem) => void;
}) {
  const { ticketId } = props;
  const narrow = useNarrowScreen();
  const start = useQuery({
    queryKey: ['fgr-ticket', ticketId],
    enabled: Boolean(ticketId),
    queryFn: async () => (await api.query(Get_Ticket_Details, { ticket_id: ticketId! })).data.items[0],
  });
  const generate = useOperation(GenerateFGR, {
    onSuccess: (answer) => props.onGenerated(answer.data.items[0]),
    invalidate: fgrQueries(),
  });
  if (ticketId && start.isPending) {
    return (
      <Dialog open fullScreen={narrow} aria-labelledby="fgr-generate-loading" onClose={props.onClose}>
        <DialogTitle id="fgr-generate-loading">{TITLE}</DialogTitle>
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the ticket" />
        </DialogContent>
      </Dialog>
    );
  }
  const startTicket = start.data ?? null;
  return (
    <FormDialog
      open
      title={TITLE}
      schema={GenerateFGR.input}
      defaultValues={{
        ticket_id: startTicket?.ticket_id ?? '',
        reason: '',
        replacement_serial_number: '',
        note: '',
      }}
      submitLabel="Generate"
      onSubmit={(values) => generate.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            A product in warranty or under AMC that cannot be repaired is replaced once approved: the new
            serial takes its place in the fleet, with the same cover.
          </Typography>
          {start.isError && (
            <Alert severity="error" variant="outlined">
              The ticket could not be loaded: {start.error.message} Find it by its number instead.
            </Alert>
          )}
          <TicketChoice form={form as unknown as AnyForm} initial={startTicket} can={props.can} />
          {replacementFields.map((field) => (
            <FormField
              key={field.name}
              form={form as unknown as AnyForm}
              field={field}
              autoFocus={Boolean(startTicket) && field.name === 'reason'}
            />
          ))}
        </>
      )}
    </FormDialog>
  );
}

/**
 * The ticket the replacement comes from: found by its number (tickets that cannot give one are
 * offered greyed, saying why), shown once chosen with its customer, product and serial.
 */
function TicketChoice({
  form,
  initial,
  can,
}: {
  form: AnyForm;
  initial: TicketItem | null;
  can: FeaturePageProps['can'];
}) {
  const [chosen, setChosen] = useState<TicketItem | null>(initial);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const maySearch = can(SearchTickets.access);
  const found = useQuery({
    queryKey: ['fgr-ticket-search', search],
    enabled: maySearch && search.length >= 2,
    queryFn: async () => (await api.query(SearchTickets, { search, page_size: 10 })).data.items,
  });
  const error = fieldError(form, 'ticket_id');
  const choose = (ticket: TicketItem | null) => {
    setChosen(ticket);
    form.setValue('ticket_id', ticket?.ticket_id ?? '', {
      shouldValidate: Boolean(ticket),
      shouldDirty: true,
    });
    // The server's refusal was about the ticket given up: the next one starts clean.
    if (!ticket) form.clearErrors('ticket_id');
  };
  if (chosen) {
    return (
      <Paper variant="outlined" role="group" aria-label="Ticket" sx={{ p: 1.5 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          Ticket
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>
          {chosen.ticket_number} · {chosen.customer_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {chosen.service_name}
          {chosen.serial_number ? ` · serial ${chosen.serial_number}` : ''}
          {chosen.coverage ? ` · ${coverageText(chosen.coverage)} when the ticket was raised` : ''}
        </Typography>
        {error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {error}
          </Typography>
        )}
        {maySearch && (
          <Button size="small" onClick={() => choose(null)} sx={{ mt: 0.5 }}>
            Change ticket
          </Button>
        )}
      </Paper>
    );
  }
  if (!maySearch) {
    return (
      <Typography variant="body2" color="text.secondary">
        Open the ticket’s page and use its Replace product.
      </Typography>
    );
  }
  return (
    <Autocomplete<TicketItem>
      options={found.data ?? []}
      value={null}
      loading={found.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => `${option.ticket_number} · ${option.customer_name}`}
      getOptionDisabled={(option) => whyNotReplaceable(option) !== null}
      isOptionEqualToValue={(option, value) => option.ticket_id === value.ticket_id}
      onInputChange={(_, value, reason) => {
        if (reason === 'input') setText(value);
      }}
      onChange={(_, value) => value && choose(value)}
      noOptionsText={
        search.length < 2 ? 'Type at least 2 characters of the ticket number' : 'No ticket matches'
      }
      renderOption={(optionProps, option) => (
        <li {...optionProps} key={option.ticket_id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {option.ticket_number} · {option.customer_name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {whyNotReplaceable(option) ??
                `${option.service_name}${option.serial_number ? ` · serial ${option.serial_number}` : ''}`}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Ticket"
          required
          autoFocus
          error={Boolean(error)}
          helperText={
            error ?? 'Its number, customer or serial: the ticket that found the product beyond repair'
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Ticket' },
          }}
        />
      )}
    />
  );
}
