import { eq, sql, type SQL } from 'drizzle-orm';
import { ListOutboxMails, type OutboxMailItem } from '@fieldport/contract/operations/mail-outbox';
import { mailOutbox } from '../../db/schema/platform.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';

/**
 * The mails an owner or admin may read (docs/security.md#mail-outbox): the organization's own
 * (tickets, invitations), and the account mails (sign-in and reset codes) of people who belong to
 * this organization alone, since a code opens every organization its person belongs to. An admin
 * does not read another owner's or admin's codes, which would let them sign in as that person.
 */
function outboxMailsVisibleTo(caller: Caller): SQL {
  const organizationId = caller.organization.id;
  const whoseCodes =
    caller.membership.role === 'OWNER'
      ? sql`true`
      : sql`(u.id = ${caller.user.id} or m.role not in ('OWNER', 'ADMIN'))`;
  return sql`(${mailOutbox.organization_id} = ${organizationId} or (${mailOutbox.organization_id} is null and exists (
    select 1 from "user" u join member m on m.user_id = u.id and m.organization_id = ${organizationId}
    where lower(u.email) = lower(${mailOutbox.to_address})
      and not exists (select 1 from member o where o.user_id = u.id and o.organization_id <> ${organizationId})
      and ${whoseCodes})))`;
}

/** The codes a mail carries ('Your code to sign in is 123456.', 'Temporary password: ...'). */
export function codesIn(text: string): string[] {
  const codes = [...text.matchAll(/\b(?:code|OTP)\b[^.\n]*?\bis (\d{4,8})\b/gi)].map((match) => match[1]);
  const passwords = [...text.matchAll(/Temporary password: (\S+)/g)].map((match) => match[1]);
  return [...codes, ...passwords];
}

const mails = defineList(ListOutboxMails, {
  table: mailOutbox,
  scope: outboxMailsVisibleTo,
  select: {
    id: mailOutbox.id,
    created_at: mailOutbox.created_at,
    to_address: mailOutbox.to_address,
    subject: mailOutbox.subject,
    body_text: mailOutbox.body_text,
    transport: mailOutbox.transport,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    next_attempt_at: mailOutbox.next_attempt_at,
    sent_at: mailOutbox.sent_at,
    error: mailOutbox.error,
  },
  search: [mailOutbox.to_address, mailOutbox.subject],
  sort: { created_on: mailOutbox.created_at },
  filters: (input) => [
    input.mail_status ? eq(mailOutbox.status, input.mail_status) : undefined,
    input.to_address ? eq(mailOutbox.to_address, input.to_address) : undefined,
  ],
  toItem: (row): OutboxMailItem => ({
    mail_id: row.id,
    created_on: row.created_at.toISOString(),
    to_address: row.to_address,
    subject: row.subject,
    // A mail server's mail waits with its body until sent; only the console's is shown.
    body_text: row.transport === 'console' ? (row.body_text ?? '') : '',
    codes: row.transport === 'console' ? codesIn(row.body_text ?? '') : [],
    status: row.status,
    attempts: row.attempts,
    next_attempt_on:
      row.status === 'QUEUED' || row.status === 'SENDING' ? row.next_attempt_at.toISOString() : null,
    sent_on: row.sent_at?.toISOString() ?? null,
    error: row.error,
  }),
});

export const listOutboxMails = Object.assign(
  defineHandler(ListOutboxMails, async (input, context) => {
    return {
      data: {
        ...(await mails.list.page(context.db, context.caller, input)),
        time_zone: context.caller.organization.time_zone,
        transport: context.mailer.transport,
      },
    };
  }),
  { list: mails.list },
);
