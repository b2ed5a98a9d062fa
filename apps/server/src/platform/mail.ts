import nodemailer, { type Transporter } from 'nodemailer';
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
   * Sends a mail and records it in `mail_outbox`, through `record` when given: an operation's
   * transaction, so that the record is kept or dropped with what the mail tells about (and, on
   * PGlite, so that the write does not wait for the transaction it is part of).
   */
  send(mail: Mail, record?: Db): Promise<void>;
  close(): void;
}

interface MailerOptions {
  db: Db;
  from: string;
  smtpUrl?: string;
  /** Where the console outbox prints each mail as a readable block (the server's standard output). */
  print: (block: string) => void;
}

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

/**
 * SMTP when SMTP_URL is set; otherwise a console outbox that prints every mail (codes included)
 * to the server's output and keeps it for the owner's Mail Outbox screen. Either way the mail is recorded in `mail_outbox`; the body is kept only for
 * the console outbox, so that codes sent by real mail are not kept at rest.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transporter: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : null;
  return {
    transport: transporter ? 'smtp' : 'console',
    async send(mail, record = options.db) {
      if (!transporter) {
        options.print(outboxBlock(mail));
        await record.insert(mailOutbox).values({
          id: newId(),
          organization_id: mail.organizationId ?? null,
          to_address: mail.to,
          subject: mail.subject,
          body_text: [
            mail.text,
            ...attachmentWords(mail.attachments).map((words) => `[Attached: ${words}]`),
          ].join('\n'),
          transport: 'console',
          status: 'SENT',
        });
        return;
      }
      try {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map((file) => ({ ...file })),
        });
        await record.insert(mailOutbox).values({
          id: newId(),
          organization_id: mail.organizationId ?? null,
          to_address: mail.to,
          subject: mail.subject,
          transport: 'smtp',
          status: 'SENT',
        });
      } catch (error) {
        await record.insert(mailOutbox).values({
          id: newId(),
          organization_id: mail.organizationId ?? null,
          to_address: mail.to,
          subject: mail.subject,
          transport: 'smtp',
          status: 'FAILED',
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    },
    close() {
      transporter?.close();
    },
  };
}
