import nodemailer, { type Transporter } from 'nodemailer';
import { eq, inArray, sql } from 'drizzle-orm';
import { MAIL_ATTEMPTS } from '@fieldport/contract/operations/mail-outbox';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import { newId } from '../db/ids.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The organization the mail is about; account mails (sign-in and reset codes) have none. */
  organizationId?: string;
  /** Documents sent with it (a purchase order's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** How the outbox names what was attached: 'PO-2026-27-000001.pdf (12 KB)'. */
const attachmentWords = (attachments: MailAttachment[] = []) =>
  attachments.map((file) => `${file.filename} (${Math.max(1, Math.round(file.content.length / 1024))} KB)`);

export interface Mailer {
  readonly transport: 'console' | 'smtp';
  /**
   * Queues a mail (docs/operations.md#mail): writes it to `mail_outbox` through `record` when
   * given, an operation's transaction, so that the mail is kept or dropped with what it tells
   * about, and asks for delivery. With `idempotencyKey` (work that may run twice, a job) a second
   * mail with the same key is not queued.
   */
  send(mail: Mail, record?: Db, options?: { idempotencyKey?: string }): Promise<void>;
  /**
   * Delivers the mails that are due, oldest first; answers how many it tried. `to`: only those to
   * one address (tests sharing one database deliver only their own).
   */
  deliverDue(options?: { to?: string }): Promise<number>;
  /** Who is told when a mail is queued (the jobs, which deliver it soon). */
  onQueued(listener: () => void): void;
  close(): void;
}

interface MailerOptions {
  db: Db;
  from: string;
  smtpUrl?: string;
  /** Where the console outbox prints each mail as a readable block (the server's standard output). */
  print: (block: string) => void;
}

/** How long one attempt may take before another process counts it as lost and tries again. */
const ATTEMPT_LEASE_SECONDS = 120;
/** The wait after the n-th failed attempt: 30 s, 2 min, 8 min, 32 min. */
export const retryDelaySeconds = (attempts: number) => 30 * 4 ** (attempts - 1);

/**
 * A mail as a block people can read in a terminal among the JSON log lines, codes and links as
 * they are, with a rule above and below.
 */
function outboxBlock(mail: Mail, at: Date = new Date()): string {
  const rule = '='.repeat(72);
  return [
    `${rule}`,
    `[mail outbox] ${at.toISOString()}`,
    `To:      ${mail.to}`,
    `Subject: ${mail.subject}`,
    ...attachmentWords(mail.attachments).map((words) => `Attached: ${words}`),
    '',
    mail.text,
    rule,
    '',
  ].join('\n');
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * SMTP when SMTP_URL is set; otherwise a console outbox that prints every mail (codes included)
 * to the server's output and keeps it for the owner's Mail Outbox screen. Either way every mail
 * is a row of `mail_outbox`, queued first and delivered by `deliverDue` (the `mail.deliver` job).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transporter: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  const transport = transporter ? 'smtp' : 'console';
  const listeners: (() => void)[] = [];

  /** Claims due mails for one attempt each: another process skips them (SKIP LOCKED). */
  async function claimDue(to?: string): Promise<OutboxRow[]> {
    const claimed = await options.db.execute<{ id: string }>(sql`
      update mail_outbox set status = 'SENDING', attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${ATTEMPT_LEASE_SECONDS})
      where id in (
        select id from mail_outbox
        where status in ('QUEUED', 'SENDING') and next_attempt_at <= now()
          ${to ? sql`and to_address = ${to}` : sql``}
        order by next_attempt_at, id
        limit 20
        for update skip locked)
      returning id`);
    const ids = claimed.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return options.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids))
      .orderBy(mailOutbox.created_at);
  }

  async function attempt(row: OutboxRow): Promise<void> {
    const mail: Mail = {
      to: row.to_address,
      subject: row.subject,
      text: row.body_text ?? '',
      attachments: row.attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.base64, 'base64'),
      })),
    };
    // A mail server's mail keeps no body once it is done with, so that codes are not kept at rest.
    const forget = row.transport === 'smtp' ? { body_text: null, attachments: null } : { attachments: null };
    try {
      if (row.transport === 'console' || !transporter) {
        options.print(outboxBlock(mail));
      } else {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map((file) => ({ ...file })),
        });
      }
      await options.db
        .update(mailOutbox)
        .set({ status: 'SENT', sent_at: new Date(), error: null, ...forget })
        .where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = row.attempts >= MAIL_ATTEMPTS;
      await options.db
        .update(mailOutbox)
        .set(
          last
            ? { status: 'FAILED', error: message, ...forget }
            : {
                status: 'QUEUED',
                error: message,
                next_attempt_at: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
              },
        )
        .where(eq(mailOutbox.id, row.id));
    }
  }

  return {
    transport,
    async send(mail, record = options.db, sendOptions = {}) {
      await record
        .insert(mailOutbox)
        .values({
          id: newId(),
          organization_id: mail.organizationId ?? null,
          to_address: mail.to,
          subject: mail.subject,
          body_text:
            transport === 'console'
              ? [mail.text, ...attachmentWords(mail.attachments).map((words) => `[Attached: ${words}]`)].join(
                  '\n',
                )
              : mail.text,
          // The console prints the documents' names (in the body above), not the documents.
          attachments:
            transport === 'smtp' && mail.attachments?.length
              ? mail.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  base64: file.content.toString('base64'),
                }))
              : null,
          transport,
          status: 'QUEUED',
          idempotency_key: sendOptions.idempotencyKey ?? null,
        })
        .onConflictDoNothing();
      for (const listener of listeners) listener();
    },
    async deliverDue(deliverOptions = {}) {
      let tried = 0;
      for (;;) {
        const due = await claimDue(deliverOptions.to);
        if (due.length === 0) return tried;
        for (const row of due) await attempt(row);
        tried += due.length;
      }
    },
    onQueued(listener) {
      listeners.push(listener);
    },
    close() {
      transporter?.close();
    },
  };
}
