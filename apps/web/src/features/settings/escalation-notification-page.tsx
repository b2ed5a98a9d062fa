import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { List_Categories_By_Selected_Master_Category } from '@fieldport/contract/operations/product-catalogue';
import { ESCALATION_LEVELS, escalationNotifications } from '@fieldport/contract/operations/settings';
import { ListTerritoriesAndPincodes } from '@fieldport/contract/operations/territories';
import { TICKET_PRIORITIES, type TicketPriority } from '@fieldport/contract/operations/tickets';
import { ROLES, roleLabel } from '@fieldport/contract/roles';
import { OPEN_TICKET_STATES, ticketStateLabel } from '@fieldport/contract/ticket-states';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';

const STATE_OPTIONS = OPEN_TICKET_STATES.map((state) => ({ value: state, label: ticketStateLabel(state) }));
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const PRIORITY_WORDS: Record<TicketPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};
const PRIORITY_OPTIONS = [
  { value: '', label: 'Any priority' },
  ...TICKET_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_WORDS[priority] })),
];
const LEVEL_OPTIONS = ESCALATION_LEVELS.map((level) => ({ value: String(level), label: `Level ${level}` }));

/** "Urgent · Air Conditioners · Bengaluru", or "All tickets". */
const appliesTo = (item: {
  priority: TicketPriority | null;
  category_name: string | null;
  territory_name: string | null;
}) =>
  [item.priority && PRIORITY_WORDS[item.priority], item.category_name, item.territory_name]
    .filter(Boolean)
    .join(' · ') || 'All tickets';

const config = (title: string): MasterConfig<typeof escalationNotifications> => ({
  contract: escalationNotifications,
  title,
  notice: (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
      When a ticket stays in a state longer than a rule allows, the portal mails the rule&apos;s people and
      notes it on the ticket&apos;s timeline, once per ticket and level; it checks every five minutes. Partner
      and dealer roles are told only about their own tickets, and Technician means the ticket&apos;s own
      technician.
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
    { field: 'level', header: 'Level', width: 80, align: 'right', hideOnNarrow: true },
    {
      field: 'applies_to',
      header: 'Tickets',
      flex: 1,
      minWidth: 160,
      hideOnNarrow: true,
      render: appliesTo,
    },
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
    { kind: 'select', name: 'level', label: 'Level', required: true, options: LEVEL_OPTIONS, numeric: true },
    { kind: 'select', name: 'priority', label: 'Only of priority', options: PRIORITY_OPTIONS },
    {
      kind: 'lookup',
      name: 'category_id',
      label: 'Only of category',
      list: List_Categories_By_Selected_Master_Category,
      valueKey: 'category_id',
      labelKey: 'category_name',
      noneLabel: 'Any category',
    },
    {
      kind: 'lookup',
      name: 'territory_id',
      label: 'Only in territory',
      list: ListTerritoriesAndPincodes,
      valueKey: 'territory_id',
      labelKey: 'territory_name',
      noneLabel: 'Any territory',
    },
    { kind: 'multiselect', name: 'notify_roles', label: 'Notify roles', options: ROLE_OPTIONS },
    {
      kind: 'emails',
      name: 'notify_emails',
      label: 'Notify emails',
      helperText: 'Separate addresses with commas. Give at least one role or email.',
    },
  ],
  // The form's "any" is '', the API's null.
  toForm: (item) => ({
    escalation_notification_name: item.escalation_notification_name,
    ticket_state: item.ticket_state,
    after_hours: item.after_hours,
    level: item.level,
    priority: item.priority ?? '',
    category_id: item.category_id ?? '',
    territory_id: item.territory_id ?? '',
    notify_roles: item.notify_roles,
    notify_emails: item.notify_emails,
  }),
  emptyValues: {
    escalation_notification_name: '',
    ticket_state: 'OPEN',
    after_hours: 4,
    level: 1,
    priority: '',
    category_id: '',
    territory_id: '',
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
