import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import {
  MergeServiceRequest,
  RejectServiceRequest,
  type ServiceRequestItem,
} from '@fieldport/contract/operations/requests';
import { List_Open_Tickets, type TicketItem } from '@fieldport/contract/operations/tickets';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import { api } from '../../api/client.ts';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormFields, reasonField } from '../../ui/form-fields.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { SearchChoice } from '../../ui/search-choice.tsx';
import { ticketHref } from '../../ui/ticket-link.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { requestQueries } from './request-format.tsx';

// Rejecting a request and merging it into a ticket (docs/requests.md#triage).

interface DecisionProps {
  request: ServiceRequestItem;
  onClose: () => void;
  /** After the decision: the request's details close too. */
  onDone: () => void;
}

/** Rejects a request, saying why: the customer reads the reason on the status page (and by mail). */
export function RejectRequestDialog({ request, onClose, onDone }: DecisionProps) {
  const reject = useOperation(RejectServiceRequest, { onSuccess: onDone, invalidate: requestQueries() });
  return (
    <FormDialog
      open
      title={`Reject request ${request.request_number}`}
      schema={RejectServiceRequest.input}
      defaultValues={{ request_id: request.request_id, reason: '' }}
      submitLabel="Reject request"
      onSubmit={(values) => reject.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            {request.customer_name} reads the reason on the request’s status page
            {request.customer_email ? ' and in a mail' : ''}. A rejected request cannot be taken up again.
          </Typography>
          <FormFields
            form={form}
            fields={[reasonField(500, 'Written for the customer: 5 to 500 characters')]}
          />
        </>
      )}
    </FormDialog>
  );
}

/**
 * Merges a request into an open ticket (a second call about the same visit): the ticket's timeline
 * gets the request's words, and the customer's status link follows that ticket.
 */
export function MergeRequestDialog({ request, onClose, onDone }: DecisionProps) {
  const navigate = useNavigate();
  const merge = useOperation(MergeServiceRequest, {
    onSuccess: onDone,
    invalidate: requestQueries(),
    successAction: (_, input) => ({
      label: 'Open ticket',
      onClick: () => void navigate(ticketHref(input.ticket_id)),
    }),
  });
  return (
    <FormDialog
      open
      title={`Merge request ${request.request_number} into a ticket`}
      schema={MergeServiceRequest.input}
      defaultValues={{ request_id: request.request_id, ticket_id: '' }}
      submitLabel="Merge into ticket"
      onSubmit={(values) => merge.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            For a request about a visit already on a ticket. Its words go on the ticket’s timeline, and{' '}
            {request.customer_name} follows that ticket from the request’s status link.
          </Typography>
          <OpenTicketChoice form={form} request={request} />
        </>
      )}
    </FormDialog>
  );
}

/** The most tickets the search offers at once: a number or a phone narrows them. */
const TICKETS_OFFERED = 10;

/**
 * The open tickets (the Active and Partially Closed lists) whose number, customer name or phone,
 * or serial number matches what is typed; before anything is typed, those of the request's phone.
 */
function useOpenTickets(search: string) {
  return useQuery({
    queryKey: [...listQueryKey(List_Open_Tickets), 'merge-choice', search],
    queryFn: async () => {
      const pages = await Promise.all(
        (['ACTIVE', 'PARTIALLY_CLOSED'] as const).map((list) =>
          api.query(List_Open_Tickets, { list, search, page_size: TICKETS_OFFERED }),
        ),
      );
      return pages.flatMap((page) => page.data.items);
    },
  });
}

function OpenTicketChoice({
  form,
  request,
}: {
  form: FormOf<typeof MergeServiceRequest.input>;
  request: ServiceRequestItem;
}) {
  const format = useInstantFormats();
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), 300);
  const search = typed || request.customer_phone;
  const found = useOpenTickets(search);
  const [chosen, setChosen] = useState<TicketItem | null>(null);
  return (
    <Controller
      control={form.control}
      name="ticket_id"
      render={({ field, fieldState }) => (
        <SearchChoice<TicketItem>
          label="Ticket"
          required
          autoFocus
          options={found.data ?? []}
          value={chosen}
          loading={found.isFetching}
          onType={setText}
          onChange={(ticket) => {
            setChosen(ticket);
            field.onChange(ticket?.ticket_id ?? '');
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          optionKey={(ticket) => ticket.ticket_id}
          optionLabel={(ticket) => `${ticket.ticket_number} · ${ticket.customer_name}`}
          optionDetail={(ticket) =>
            `${ticketStateLabel(ticket.state)} · ${ticket.service_name} · raised ${format.date(ticket.created_on)}`
          }
          noOptionsText={
            typed
              ? 'No open ticket matches'
              : `No open ticket of ${request.customer_phone_display}: search another`
          }
          error={fieldState.error?.message}
          helperText="An open ticket, by its number, customer name or phone, or serial; those of this phone are offered first"
        />
      )}
    />
  );
}
