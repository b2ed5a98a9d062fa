import { eq, sql } from 'drizzle-orm';
import {
  escalationNotifications,
  type EscalationNotificationItem,
} from '@fieldport/contract/operations/settings';
import { roleLabel } from '@fieldport/contract/roles';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import { escalationNotification } from '../../db/schema/settings.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';

/**
 * Escalation rules: a ticket in `ticket_state` for `after_hours` hours is told to the roles and
 * addresses. The rules are kept here; sending them comes with the ticket work.
 */
export const escalationNotificationHandlers = defineMaster({
  contract: escalationNotifications,
  table: escalationNotification,
  list: {
    select: {
      id: escalationNotification.id,
      name: escalationNotification.name,
      ticket_state: escalationNotification.ticket_state,
      after_hours: escalationNotification.after_hours,
      notify_roles: escalationNotification.notify_roles,
      notify_emails: escalationNotification.notify_emails,
      status: escalationNotification.status,
      created_at: escalationNotification.created_at,
    },
    search: [escalationNotification.name],
    sort: {
      escalation_notification_name: sql`lower(${escalationNotification.name})`,
      ticket_state: escalationNotification.ticket_state,
      after_hours: escalationNotification.after_hours,
      escalation_notification_status: escalationNotification.status,
      escalation_notification_created_on: escalationNotification.created_at,
    },
    filters: (input) => [
      input.ticket_state ? eq(escalationNotification.ticket_state, input.ticket_state) : undefined,
    ],
    toItem: (row): EscalationNotificationItem => ({
      escalation_notification_id: row.id,
      escalation_notification_name: row.name,
      ticket_state: row.ticket_state,
      after_hours: row.after_hours,
      notify_roles: row.notify_roles,
      notify_emails: row.notify_emails,
      escalation_notification_status: row.status,
      escalation_notification_created_on: row.created_at.toISOString(),
    }),
    export: {
      title: 'Escalation Notifications',
      columns: [
        { header: 'Name', width: 36, value: (item) => item.escalation_notification_name },
        { header: 'Ticket state', width: 18, value: (item) => ticketStateLabel(item.ticket_state) },
        { header: 'After (hours)', width: 14, value: (item) => item.after_hours },
        { header: 'Notify roles', width: 36, value: (item) => item.notify_roles.map(roleLabel).join(', ') },
        { header: 'Notify emails', width: 40, value: (item) => item.notify_emails.join(', ') },
        ...statusAndCreatedColumns<EscalationNotificationItem>(
          'escalation_notification_status',
          'escalation_notification_created_on',
        ),
      ],
    },
  },
  values: (values) => ({
    name: values.escalation_notification_name,
    ticket_state: values.ticket_state,
    after_hours: values.after_hours,
    notify_roles: values.notify_roles,
    notify_emails: values.notify_emails,
  }),
});
