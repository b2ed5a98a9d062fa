import { useNavigate } from 'react-router';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CustomerItem } from '@fieldport/contract/operations/customers';
import { GetProductFleetItem, type FleetItem } from '@fieldport/contract/operations/product-fleet';
import { ConvertServiceRequest, type ServiceRequestItem } from '@fieldport/contract/operations/requests';
import {
  createTicketSchema,
  List_Open_Tickets,
  TICKET_PRIORITIES,
  type TicketPriority,
} from '@fieldport/contract/operations/tickets';
import { api, ApiError, isApiError } from '../../api/client.ts';
import { customerLocationsQuery } from '../../ui/customer-choice.tsx';
import { FleetItemChoice } from '../../ui/fleet-item-choice.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormField } from '../../ui/form-fields.tsx';
import { ServiceChoice } from '../../ui/service-choice.tsx';
import { TicketCustomerField } from '../../ui/ticket-customer.tsx';
import { ticketHref } from '../../ui/ticket-link.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { requestQueries, ticketOf } from './request-format.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;

const PRIORITY_WORDS: Record<TicketPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

/**
 * The server names a refusal of the ticket's fields `ticket.<field>` (the operation's input holds
 * the ticket under `ticket`): this form holds the ticket's fields at its top, and shows it there.
 */
function onTicketField(error: unknown): unknown {
  if (!isApiError(error) || !error.field?.startsWith('ticket.')) return error;
  const field = error.field.slice('ticket.'.length);
  const prefix = `${error.field}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return new ApiError(message, error.code, field);
}

/**
 * Convert to ticket (docs/requests.md#converting): the new-ticket form, started from the request
 * (ticketOf): its fleet item or customer as the server matched them, shown chosen (read first), or
 * a new customer from its details; its problem and visit date. The service is the co-ordinator's
 * to choose. The ticket is made as New ticket makes one; its number is in the message, with a way
 * to open it.
 */
export function ConvertRequestDialog({
  request,
  onClose,
  onDone,
}: {
  request: ServiceRequestItem;
  onClose: () => void;
  /** After the conversion: the request's details close too. */
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const customerId = request.matched_customer_id;
  const fleetItemId = request.matched_fleet_item_id;
  // Read so that the form shows them chosen; one that cannot be read is simply not chosen.
  const customer = useQuery({ ...customerLocationsQuery(customerId), retry: false });
  const fleetItem = useQuery({
    queryKey: ['fleet-item', fleetItemId, 'request-conversion'],
    enabled: Boolean(fleetItemId),
    retry: false,
    queryFn: async () =>
      (await api.query(GetProductFleetItem, { fleet_item_id: fleetItemId! })).data.items[0],
  });
  const convert = useOperation(ConvertServiceRequest, {
    invalidate: [...requestQueries(), listQueryKey(List_Open_Tickets)],
    onSuccess: onDone,
    successAction: (answer) => {
      const ticketId = answer.data.items[0].ticket_id;
      return { label: 'Open ticket', onClick: () => ticketId && void navigate(ticketHref(ticketId)) };
    },
  });

  const reading =
    (Boolean(customerId) && customer.isPending) || (Boolean(fleetItemId) && fleetItem.isPending);
  if (reading) {
    return (
      <Dialog
        open
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        fullScreen={narrow}
        aria-labelledby="convert-reading"
      >
        <DialogTitle id="convert-reading">Convert {request.request_number} to a ticket</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Reading the matched customer and product" />
          </Box>
        </DialogContent>
      </Dialog>
    );
  }
  const matchedCustomer: CustomerItem | null = customer.data ?? null;
  const matchedItem: FleetItem | null = fleetItem.data ?? null;
  return (
    <FormDialog
      open
      title={`Convert ${request.request_number} to a ticket`}
      schema={createTicketSchema}
      defaultValues={ticketOf(request, {
        customerId: matchedCustomer?.customer_id ?? null,
        fleetItem: matchedItem,
      })}
      submitLabel="Convert to ticket"
      onSubmit={async (ticket) => {
        try {
          return await convert.submit({ request_id: request.request_id, ticket });
        } catch (error) {
          throw onTicketField(error);
        }
      }}
      onClose={onClose}
    >
      {(form) => (
        <ConvertFields
          form={form as unknown as Form}
          request={request}
          matchedCustomer={matchedCustomer}
          matchedItem={matchedItem}
        />
      )}
    </FormDialog>
  );
}

function ConvertFields({
  form,
  request,
  matchedCustomer,
  matchedItem,
}: {
  form: Form;
  request: ServiceRequestItem;
  matchedCustomer: CustomerItem | null;
  matchedItem: FleetItem | null;
}) {
  const fleetItemId = useWatch({ control: form.control, name: 'fleet_item_id' }) as string | null;
  const field = (config: Parameters<typeof FormField>[0]['field']) => (
    <FormField form={form} field={config} autoFocus={false} />
  );
  return (
    <>
      <Typography color="text.secondary">
        From {request.customer_name} ({request.customer_phone_display}). The ticket is made as a new ticket
        is, and given out as the organization’s mode says.
      </Typography>
      <FleetItemChoice form={form} initialItem={matchedItem} />
      <TicketCustomerField form={form} hidden={Boolean(fleetItemId)} initialCustomer={matchedCustomer} />
      {!fleetItemId && (
        <>
          <ServiceChoice form={form} />
          {field({ kind: 'text', name: 'serial_number', label: 'Serial number', maxLength: 60 })}
        </>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 180px' } }}>
        {field({
          kind: 'select',
          name: 'priority',
          label: 'Priority',
          options: TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_WORDS[value] })),
        })}
        {field({ kind: 'date', name: 'preferred_visit_date', label: 'Preferred visit date' })}
      </Box>
      {field({ kind: 'text', name: 'problem_note', label: 'Problem note', multiline: true, maxLength: 1000 })}
    </>
  );
}
