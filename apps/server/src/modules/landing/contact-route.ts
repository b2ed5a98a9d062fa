import type { FastifyInstance } from 'fastify';
import {
  CONTACT_API_PATH,
  CONTACT_MESSAGES,
  CONTACT_MESSAGES_PER_HOUR,
  contactProblems,
  countryOf,
} from '@fieldport/contract/contact';
import type { Config } from '../../config.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { contactMessage } from '../../db/schema/requests.ts';
import type { Mailer } from '../../platform/mail.ts';

/**
 * POST /api/contact, the landing page's contact form (docs/landing.md#the-contact-form): the same
 * rules as the page (contract/contact.ts), a limit per network address, and a hidden field a bot
 * fills: its message is answered as a person's and never kept. A person's is stored and, in the
 * same transaction, queued for the sales address (SALES_EMAIL); the mail job delivers it.
 */
export function registerContactRoute(app: FastifyInstance, deps: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = deps;
  app.post(CONTACT_API_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const perMinute = await hitRateLimit(db, {
      key: `ip:${request.ip}:${CONTACT_API_PATH}`,
      max: config.rateLimits.ipPerMinute,
      windowSeconds: 60,
    });
    const tooMany = (retryAfter: number) =>
      reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({ code: 'TOO_MANY_REQUESTS', message: CONTACT_MESSAGES.tooMany });
    if (perMinute > 0) return tooMany(perMinute);
    const [problem] = contactProblems(body);
    if (problem)
      return reply.code(400).send({ code: 'BAD_USER_INPUT', message: problem.message, field: problem.field });
    if (typeof body.website === 'string' && body.website.trim()) {
      return reply.send({ status: 'SUCCESS', message: CONTACT_MESSAGES.sent });
    }
    const perHour = await hitRateLimit(db, {
      key: `ip:${request.ip}:${CONTACT_API_PATH}:hour`,
      max: CONTACT_MESSAGES_PER_HOUR,
      windowSeconds: 60 * 60,
    });
    if (perHour > 0) return tooMany(perHour);
    const text = (name: string) => String(body[name]).trim();
    const country = countryOf(text('country_code'))!;
    const message = {
      id: newId(),
      name: text('name'),
      email: text('email').toLowerCase(),
      country_code: country.code,
      dial_code: country.dial_code,
      phone: text('phone'),
      message: text('message'),
      ip_address: request.ip,
    };
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.insert(contactMessage).values(message);
      if (config.salesEmail) {
        await mailer.send(
          {
            to: config.salesEmail,
            subject: `Fieldport enquiry from ${message.name}`,
            text: [
              `${message.name} wrote through the landing page's contact form:`,
              '',
              message.message,
              '',
              `E-Mail: ${message.email}`,
              `Phone: ${message.dial_code} ${message.phone} (${country.name})`,
            ].join('\n'),
          },
          tx,
        );
      }
    });
    return reply.send({ status: 'SUCCESS', message: CONTACT_MESSAGES.sent });
  });
}
