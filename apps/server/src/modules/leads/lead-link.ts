import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  LEAD_API_PATH,
  LEAD_MESSAGES,
  PUBLIC_LEADS_PER_HOUR,
  publicLeadSchema,
  type PublicLeadForm,
} from '@fieldport/contract/operations/leads';
import type { Config } from '../../config.ts';
import type { Identity } from '../../auth/identity.ts';
import { hitRateLimit, refuseTooMany } from '../../auth/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { organization } from '../../db/schema/identity.ts';
import { leadForm } from '../../db/schema/leads.ts';
import { writeAudit } from '../../platform/audit.ts';
import { DomainError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { serverSecret } from '../quotations/quotation-link.ts';
import { formIdOfToken } from './lead-forms.ts';
import { insertLead } from './leads.ts';

/**
 * A lead form's public link (docs/leads.md#the-public-link): anybody may fill it without signing
 * in, through the form's signed token, while the form is active and public. Limited per network
 * address; a hidden field people never fill marks a bot's answer, which is told it was sent and is
 * never stored.
 */

interface LinkDeps {
  db: Db;
  config: Config;
  identity: Identity;
  mailer: Mailer;
}

const refuse = (reply: FastifyReply, status: number, code: string, message: string, field?: string) =>
  reply.code(status).send({ code, message, ...(field ? { field } : {}) });

export function registerLeadLinkRoutes(app: FastifyInstance, deps: LinkDeps) {
  const { db, config } = deps;

  const tooManyFrom = (ip: string) =>
    hitRateLimit(db, {
      key: `ip:${ip}:${LEAD_API_PATH}`,
      max: config.rateLimits.ipPerMinute,
      windowSeconds: 60,
    });

  /** The form of a token, while it takes public answers, with its organization. */
  async function formOfToken(token: unknown) {
    if (typeof token !== 'string' || token.length > 200) return null;
    const id = formIdOfToken(serverSecret(deps.identity), token);
    if (!id) return null;
    const [row] = await db
      .select({ form: leadForm, organization })
      .from(leadForm)
      .innerJoin(organization, eq(organization.id, leadForm.organization_id))
      .where(eq(leadForm.id, id));
    if (!row || !row.form.is_public || row.form.status !== 'ACTIVE' || row.organization.status !== 'ACTIVE') {
      return null;
    }
    return row;
  }

  app.get<{ Querystring: { form?: string } }>(LEAD_API_PATH, async (request, reply) => {
    const retryAfter = await tooManyFrom(request.ip);
    if (retryAfter > 0) return refuseTooMany(reply, retryAfter);
    const found = await formOfToken(request.query.form);
    if (!found) return refuse(reply, 404, 'NOT_FOUND', LEAD_MESSAGES.publicFormNotFound);
    const form: PublicLeadForm = {
      organization_name: found.organization.name,
      form_name: found.form.name,
      description: found.form.description,
      fields: found.form.fields,
    };
    return reply.header('cache-control', 'no-store').send(form);
  });

  app.post(LEAD_API_PATH, async (request, reply) => {
    const retryAfter = await tooManyFrom(request.ip);
    if (retryAfter > 0) return refuseTooMany(reply, retryAfter);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const found = await formOfToken(body.form);
    if (!found) return refuse(reply, 404, 'NOT_FOUND', LEAD_MESSAGES.publicFormNotFound, 'form');
    const parsed = publicLeadSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(reply, 400, 'BAD_USER_INPUT', issue.message, issue.path.join('.') || undefined);
    }
    const { form: _form, website, ...values } = parsed.data;
    const thanks = LEAD_MESSAGES.capturedPublic(found.organization.name);
    // A bot filled the field people cannot see: it is told what a person is told, nothing is kept.
    if (website) return reply.send({ status: 'SUCCESS', message: thanks });
    const perForm = await hitRateLimit(db, {
      key: `ip:${request.ip}:${LEAD_API_PATH}:${found.form.id}`,
      max: PUBLIC_LEADS_PER_HOUR,
      windowSeconds: 60 * 60,
    });
    if (perForm > 0) return refuseTooMany(reply, perForm);
    try {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const row = await insertLead(
          tx,
          deps.mailer,
          found.organization,
          found.form,
          { source: 'PUBLIC', ip: request.ip },
          values,
        );
        await writeAudit(tx, {
          organization_id: found.organization.id,
          user_id: null,
          user_email: null,
          operation: 'CapturePublicLead',
          target: row.id,
          changes: { lead_number: row.lead_number },
          ip_address: request.ip,
        });
      });
    } catch (error) {
      // The answers' checks against the form's questions name the question.
      if (error instanceof DomainError && error.code === 'BAD_USER_INPUT') {
        return refuse(reply, 400, error.code, error.message, error.field ?? undefined);
      }
      throw error;
    }
    return reply.send({ status: 'SUCCESS', message: thanks });
  });
}
