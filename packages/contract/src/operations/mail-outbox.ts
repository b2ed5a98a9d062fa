import { z } from 'zod';
import { query } from '../operation.ts';
import { listInput, type PageData } from '../lists.ts';

/**
 * The mail outbox (docs/operations.md#mail): without a mail server (SMTP_URL unset) every mail
 * the portal sends is kept and printed instead, and the owner and admins read their organization's
 * here, codes included, so that a demo needs no server log.
 */

const MAIL_OUTBOX_MODULE = 'Mail Outbox';

export interface OutboxMailItem {
  mail_id: string;
  /** ISO 8601, UTC; shown in the organization's time zone. */
  created_on: string;
  to_address: string;
  subject: string;
  body_text: string;
  /** The codes the mail carries (sign-in, password reset, ticket closure), for the eye to find. */
  codes: string[];
}

interface OutboxMailPage extends PageData<OutboxMailItem> {
  time_zone: string;
}

export const MAIL_OUTBOX_MESSAGES = {
  notKept: 'Mails are sent through the mail server (SMTP_URL), so none are kept in an outbox.',
} as const;

export const ListOutboxMails = query<OutboxMailPage>()({
  name: 'ListOutboxMails',
  access: { module: MAIL_OUTBOX_MODULE, right: 'VIEW' },
  description:
    "A page of the mails the portal kept instead of sending (no mail server configured), newest first: the organization's own and its members' sign-in and reset codes.",
  input: listInput({
    sortBy: ['created_on'],
    defaultSortBy: 'created_on',
    defaultSortOrder: 'desc',
    filters: {
      to_address: z
        .string({ error: 'to_address must be text' })
        .trim()
        .toLowerCase()
        .max(254, 'to_address must be at most 254 characters')
        .optional(),
    },
  }),
});
