import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { escalationNotifications } from '@fieldport/contract/operations/settings';
import { ROLES, roleLabel } from '@fieldport/contract/roles';
import { OPEN_TICKET_STATES, ticketStateLabel } from '@fieldport/contract/ticket-states';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';

const STATE_OPTIONS = OPEN_TICKET_STATES.map((state) => ({ value: state, label: ticketStateLabel(state) }));
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

const config = (title: string): MasterConfig<typeof escalationNotifications> => ({
  contract: escalationNotifications,
  title,
  notice: (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
      These rules say whom to tell when a ticket stays too long in a state. The portal keeps them but does not
      send these notifications yet.
    </Alert>
  ),
  columns: [
    { field: 'escalation_notification_name', header: 'Name', flex: 1, minWidth: 180 },
    {
      field: 'ticket_state',
      header: 'Ticket state',
      width: 150,
      render: (item) => ticketStateLabel(item.ticket_state),
    },
    { field: 'after_hours', header: 'After (hours)', width: 120, align: 'right' },
    {
      field: 'notify',
      header: 'Notify',
      flex: 1,
      minWidth: 200,
      hideOnNarrow: true,
      render: (item) => [...item.notify_roles.map(roleLabel), ...item.notify_emails].join(', '),
    },
  ],
  fields: [
    { kind: 'text', name: 'escalation_notification_name', label: 'Name', required: true, maxLength: 100 },
    { kind: 'select', name: 'ticket_state', label: 'Ticket state', required: true, options: STATE_OPTIONS },
    { kind: 'number', name: 'after_hours', label: 'After (hours)', required: true, min: 1, max: 720 },
    { kind: 'multiselect', name: 'notify_roles', label: 'Notify roles', options: ROLE_OPTIONS },
    {
      kind: 'emails',
      name: 'notify_emails',
      label: 'Notify emails',
      helperText: 'Separate addresses with commas. Give at least one role or email.',
    },
  ],
  emptyValues: {
    escalation_notification_name: '',
    ticket_state: 'OPEN',
    after_hours: 4,
    notify_roles: [],
    notify_emails: [],
  },
  toolbarFilters: (state) => (
    <TextField
      select
      size="small"
      label="Ticket state"
      value={(state.input as { ticket_state?: string }).ticket_state ?? ''}
      onChange={(event) => state.setFilter('ticket_state', event.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width: 180 }}
    >
      <MenuItem value="">All states</MenuItem>
      {STATE_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  ),
});

/** /EscalationNotification: which state, after how long, whom to tell. */
export default function EscalationNotificationPage({ route, can }: FeaturePageProps) {
  return <MasterPage config={config(route.title)} can={can} />;
}
