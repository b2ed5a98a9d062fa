import { z } from 'zod';
import { query } from '../operation.ts';
import { listInput, type PageData } from '../lists.ts';

/**
 * The mail outbox (docs/operations.md#mail): every mail the portal sends is queued here and
 * delivered by a job, retried with back-off and FAILED after the last attempt, which the owner and
 * admins see. Without a mail server (SMTP_URL unset) each mail is printed instead and kept whole,
 * codes included, so that a demo needs no server log; through a mail server its body is not kept.
 */

export const MAIL_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
};
/** Delivery attempts before a mail is FAILED. */
export const MAIL_ATTEMPTS = 5;

const MAIL_OUTBOX_MODULE = 'Mail Outbox';

export interface OutboxMailItem {
  mail_id: string;
  /** ISO 8601, UTC; shown in the organization's time zone. */
  created_on: string;
  to_address: string;
  subject: string;
  /** Empty when sent through a mail server, which keeps no body. */
  body_text: string;
  /** The codes the mail carries (sign-in, password reset, ticket closure), for the eye to find. */
  codes: string[];
  status: MailStatus;
  /** Delivery attempts begun; a QUEUED mail with attempts failed that many times and waits to retry. */
  attempts: number;
  /** ISO 8601: when a waiting mail is tried again; null once SENT or FAILED. */
  next_attempt_on: string | null;
  /** ISO 8601, when the mail server (or the console) took it. */
  sent_on: string | null;
  /** Why the last attempt failed. */
  error: string | null;
}

interface OutboxMailPage extends PageData<OutboxMailItem> {
  time_zone: string;
  /** 'console': no mail server, mails are printed and kept whole; 'smtp': sent, bodies not kept. */
  transport: 'console' | 'smtp';
}

export const ListOutboxMails = query<OutboxMailPage>()({
  name: 'ListOutboxMails',
  access: { module: MAIL_OUTBOX_MODULE, right: 'VIEW' },
  description:
    "A page of the mails the portal sent or is sending, newest first, with each one's delivery (queued, sent, failed and why): the organization's own and its members' sign-in and reset codes. Without a mail server the mails are kept whole, codes included.",
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
      mail_status: z
        .enum(MAIL_STATUSES, { error: `mail_status must be one of ${MAIL_STATUSES.join(', ')}` })
        .optional(),
    },
  }),
});
