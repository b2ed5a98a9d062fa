import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import {
  List_Ticket_Assignees,
  ReassignOrOpenTheAssignedTicket,
  type TicketAssignee,
  type TicketDetails,
} from '@fieldport/contract/operations/tickets';
import { api } from '../../api/client.ts';
import { fieldError } from '../../ui/field-props.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { AssigneeOption } from './assignee-option.tsx';
import { useTicketOperation } from './ticket-api.ts';

/** Assign or reassign: technicians and service partners, eligible first (List_Ticket_Assignees). */
export function AssignDialog({ ticket, onClose }: { ticket: TicketDetails; onClose: () => void }) {
  const assign = useTicketOperation(ReassignOrOpenTheAssignedTicket, ticket.ticket_id, {
    onSuccess: onClose,
  });
  const assignees = useQuery({
    queryKey: ['ticket-assignees', ticket.ticket_id],
    queryFn: async () => (await api.query(List_Ticket_Assignees, { ticket_id: ticket.ticket_id })).data.items,
  });
  const current = ticket.technician_id ?? ticket.partner_party_id ?? '';
  return (
    <FormDialog
      open
      title={`${current ? 'Reassign' : 'Assign'} ${ticket.ticket_number}`}
      schema={ReassignOrOpenTheAssignedTicket.input}
      defaultValues={{
        ticket_id: ticket.ticket_id,
        action: 'ASSIGN',
        technician_id: null,
        partner_party_id: null,
      }}
      submitLabel="Assign"
      onSubmit={(values) => assign.submit(values)}
      onClose={onClose}
    >
      {(form) => {
        const f = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
        const technician = f.watch('technician_id') as string | null;
        const partner = f.watch('partner_party_id') as string | null;
        const chosen = technician ?? partner ?? '';
        const choose = (item: TicketAssignee) => {
          f.setValue('technician_id', item.kind === 'TECHNICIAN' ? item.assignee_id : null);
          f.setValue('partner_party_id', item.kind === 'SERVICE_PARTNER' ? item.assignee_id : null);
          f.clearErrors('technician_id');
        };
        const message = fieldError(f, 'technician_id') ?? fieldError(f, 'partner_party_id');
        return (
          <FormControl error={Boolean(message)} component="fieldset">
            <FormLabel component="legend" sx={{ mb: 1 }}>
              Technician or service partner
            </FormLabel>
            {assignees.isPending && <Typography color="text.secondary">Loading who can take it…</Typography>}
            {assignees.isError && <Alert severity="error">{assignees.error.message}</Alert>}
            {assignees.data?.length === 0 && (
              <Alert severity="info">No technician or service partner can take this ticket.</Alert>
            )}
            <Box role="radiogroup" aria-label="Assignee" sx={{ display: 'grid', gap: 0.5 }}>
              {(assignees.data ?? []).map((item) => (
                <AssigneeOption
                  key={item.assignee_id}
                  item={item}
                  checked={chosen === item.assignee_id}
                  onChoose={() => choose(item)}
                  current={item.assignee_id === current}
                  showEligibility
                />
              ))}
            </Box>
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    </FormDialog>
  );
}
