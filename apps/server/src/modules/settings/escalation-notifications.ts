import { eq, sql } from 'drizzle-orm';
import {
  escalationNotifications,
  type EscalationNotificationItem,
} from '@fieldport/contract/operations/settings';
import { roleLabel } from '@fieldport/contract/roles';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import { escalationNotification } from '../../db/schema/settings.ts';
import { category } from '../../db/schema/product-catalogue.ts';
import { territory } from '../../db/schema/territories.ts';
import { requireActiveReference } from '../../platform/references.ts';
import { defineMaster, statusAndCreatedColumns } from '../../platform/masters.ts';

/**
 * Escalation rules (docs/escalations.md): a ticket in `ticket_state` for `after_hours` hours, of
 * the rule's priority, category and territory when set, is told to the roles and addresses. The
 * job that fires them is the tickets' (tickets/escalations.ts).
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
      level: escalationNotification.level,
      priority: escalationNotification.priority,
      category_id: escalationNotification.category_id,
      category_name: category.name,
      territory_id: escalationNotification.territory_id,
      territory_name: territory.name,
      notify_roles: escalationNotification.notify_roles,
      notify_emails: escalationNotification.notify_emails,
      status: escalationNotification.status,
      created_at: escalationNotification.created_at,
    },
    join: (query) =>
      query
        .leftJoin(category, eq(category.id, escalationNotification.category_id))
        .leftJoin(territory, eq(territory.id, escalationNotification.territory_id)),
    search: [escalationNotification.name],
    sort: {
      escalation_notification_name: sql`lower(${escalationNotification.name})`,
      ticket_state: escalationNotification.ticket_state,
      after_hours: escalationNotification.after_hours,
      level: escalationNotification.level,
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
      level: row.level,
      priority: row.priority,
      category_id: row.category_id,
      category_name: row.category_name,
      territory_id: row.territory_id,
      territory_name: row.territory_name,
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
        { header: 'Level', width: 8, value: (item) => item.level },
        { header: 'Priority', width: 12, value: (item) => item.priority ?? 'Any' },
        { header: 'Category', width: 24, value: (item) => item.category_name ?? 'Any' },
        { header: 'Territory', width: 24, value: (item) => item.territory_name ?? 'Any' },
        { header: 'Notify roles', width: 36, value: (item) => item.notify_roles.map(roleLabel).join(', ') },
        { header: 'Notify emails', width: 40, value: (item) => item.notify_emails.join(', ') },
        ...statusAndCreatedColumns<EscalationNotificationItem>(
          'escalation_notification_status',
          'escalation_notification_created_on',
        ),
      ],
    },
  },
  check: async (values, { db, caller }, existing) => {
    const previous = existing
      ? (
          await db
            .select({
              category_id: escalationNotification.category_id,
              territory_id: escalationNotification.territory_id,
            })
            .from(escalationNotification)
            .where(eq(escalationNotification.id, existing.id))
        )[0]
      : undefined;
    if (values.category_id) {
      await requireActiveReference(db, caller, category, {
        id: values.category_id,
        previousId: previous?.category_id ?? undefined,
        field: 'category_id',
        noun: 'category',
      });
    }
    if (values.territory_id) {
      await requireActiveReference(db, caller, territory, {
        id: values.territory_id,
        previousId: previous?.territory_id ?? undefined,
        field: 'territory_id',
        noun: 'territory',
      });
    }
  },
  values: (values) => ({
    name: values.escalation_notification_name,
    ticket_state: values.ticket_state,
    after_hours: values.after_hours,
    level: values.level,
    priority: values.priority,
    category_id: values.category_id,
    territory_id: values.territory_id,
    notify_roles: values.notify_roles,
    notify_emails: values.notify_emails,
  }),
});
