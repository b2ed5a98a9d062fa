import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import { newId } from './ids.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

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

export interface MailerOptions {
  db: Db;
  from: string;
  smtpUrl?: string;
  /** Where the console outbox prints; the server's logger in production. */
  log: (line: string) => void;
}

/**
 * SMTP when SMTP_URL is set; otherwise a console outbox that prints every mail (codes included)
 * to the server log. Either way the mail is recorded in `mail_outbox`; the body is kept only for
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
        options.log(`[mail outbox] To: ${mail.to} | Subject: ${mail.subject}\n${mail.text}`);
        await record.insert(mailOutbox).values({
          id: newId(),
          to_address: mail.to,
          subject: mail.subject,
          body_text: mail.text,
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
        });
        await record.insert(mailOutbox).values({
          id: newId(),
          to_address: mail.to,
          subject: mail.subject,
          transport: 'smtp',
          status: 'SENT',
        });
      } catch (error) {
        await record.insert(mailOutbox).values({
          id: newId(),
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
