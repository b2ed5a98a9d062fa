import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder } from '../fields.ts';
import { query } from '../operation.ts';
import { listInput, type PageData } from '../lists.ts';

/**
 * The audit log (docs/product.md#audit-log): every mutation, sign-in and sign-out, with who,
 * organization, operation, target, changed values (secrets never), address and time. Entries are
 * read here and nowhere changed: no operation edits or deletes one.
 */

/** Entries written outside the GraphQL mutations (auth/). The mutations are logged by name. */
export const AUTH_EVENTS = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'CHANGE_TEMPORARY_PASSWORD',
  'RESET_PASSWORD',
  'ReportIssue',
] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];

export const AUTH_EVENT_LABELS: Record<AuthEvent, string> = {
  SIGN_IN: 'Signed in',
  SIGN_IN_FAILED: 'Sign-in refused',
  SIGN_OUT: 'Signed out',
  CHANGE_TEMPORARY_PASSWORD: 'Changed the temporary password',
  RESET_PASSWORD: 'Reset the password with a code',
  ReportIssue: 'Reported an issue',
};

export interface AuditLogItem {
  log_id: string;
  /** ISO 8601, UTC; shown in the organization's time zone. */
  created_on: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  operation: string;
  target: string | null;
  /** The values the operation was given or changed; secrets are '[redacted]'. */
  changes: Record<string, unknown> | null;
  ip_address: string | null;
}

/** The organization's time zone comes with every page, so dates read the same for everyone. */
interface AuditLogPage extends PageData<AuditLogItem> {
  time_zone: string;
}

export const List_Logs = query<AuditLogPage>()({
  name: 'List_Logs',
  access: { module: 'Audit Logs', right: 'VIEW' },
  description:
    "A page of the organization's audit log, newest first: filters by user, operation and dates (in the organization's time zone).",
  input: dateRangeInOrder(
    listInput({
      sortBy: ['created_on', 'operation', 'user_email'],
      defaultSortBy: 'created_on',
      defaultSortOrder: 'desc',
      filters: {
        user_email: z
          .string({ error: 'user_email must be text' })
          .trim()
          .toLowerCase()
          .max(254, 'user_email must be at most 254 characters')
          .optional(),
        operation: z
          .string({ error: 'operation must be text' })
          .trim()
          .max(100, 'operation must be at most 100 characters')
          .optional(),
        ...dateRangeFilter('date_from', 'date_to'),
      },
    }),
    'date_from',
    'date_to',
  ),
});
