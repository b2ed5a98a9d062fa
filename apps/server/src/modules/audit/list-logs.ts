import { eq } from 'drizzle-orm';
import { List_Logs, type AuditLogItem } from '@fieldport/contract/operations/audit';
import { user } from '../../db/schema/identity.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { defineHandler } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { withinDays } from '../../platform/organization-days.ts';

/**
 * The organization's audit log (docs/product.md#audit-log), newest first, paginated and filtered in
 * SQL on the indexes that lead with organization_id (schema/platform.ts). Dates are days of the
 * organization's time zone: 'from 2025-03-01' starts at that day's midnight there.
 */
const logs = defineList(List_Logs, {
  table: auditLog,
  select: {
    id: auditLog.id,
    created_at: auditLog.created_at,
    user_id: auditLog.user_id,
    user_name: user.name,
    user_email: auditLog.user_email,
    operation: auditLog.operation,
    target: auditLog.target,
    changes: auditLog.changes,
    ip_address: auditLog.ip_address,
  },
  join: (query) => query.leftJoin(user, eq(user.id, auditLog.user_id)),
  // The log only grows: its total is counted on audit_log's own indexes, without the join
  // (bench/audit-logs.bench.ts measures it).
  count: 'table',
  search: [auditLog.user_email, auditLog.operation],
  sort: { created_on: auditLog.created_at, operation: auditLog.operation, user_email: auditLog.user_email },
  filters: (input, caller) => [
    input.user_email ? eq(auditLog.user_email, input.user_email) : undefined,
    input.operation ? eq(auditLog.operation, input.operation) : undefined,
    ...withinDays(auditLog.created_at, input.date_from, input.date_to, caller.organization.time_zone),
  ],
  toItem: (row): AuditLogItem => ({
    log_id: row.id,
    created_on: row.created_at.toISOString(),
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    operation: row.operation,
    target: row.target,
    changes: row.changes,
    ip_address: row.ip_address,
  }),
  export: {
    title: 'Audit Logs',
    columns: [
      {
        header: 'Time',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm:ss',
        value: (item) => new Date(item.created_on),
      },
      { header: 'User', width: 24, value: (item) => item.user_name },
      { header: 'Email', width: 32, value: (item) => item.user_email },
      { header: 'Operation', width: 30, value: (item) => item.operation },
      { header: 'Target', width: 30, value: (item) => item.target },
      { header: 'Changes', width: 80, value: (item) => (item.changes ? JSON.stringify(item.changes) : null) },
      { header: 'Address', width: 18, value: (item) => item.ip_address },
    ],
  },
});

/** The page also carries the organization's time zone, in which the screen shows the times. */
export const listLogs = Object.assign(
  defineHandler(List_Logs, async (input, context) => ({
    data: {
      ...(await logs.list.page(context.db, context.caller, input)),
      time_zone: context.caller.organization.time_zone,
    },
  })),
  { list: logs.list },
);
