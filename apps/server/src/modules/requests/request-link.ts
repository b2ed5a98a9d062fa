import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  PUBLIC_REQUESTS_PER_HOUR,
  publicRequestSchema,
  REQUEST_MESSAGES,
  REQUEST_STATE_LABELS,
  requestStatusBody,
  type PublicRequestForm,
  type PublicRequestStatus,
} from '@fieldport/contract/operations/requests';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import type { Config } from '../../config.ts';
import type { Identity } from '../../auth/identity.ts';
import { hitRateLimit, refuseTooMany } from '../../auth/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { organization } from '../../db/schema/identity.ts';
import { serviceRequest } from '../../db/schema/requests.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { FileStore } from '../../platform/files.ts';
import type { Mailer } from '../../platform/mail.ts';
import { serverSecret } from '../quotations/quotation-link.ts';
import { insertRequest, requestIdOfToken, statusLink } from './requests.ts';

/**
 * The public side of requests for service (docs/requests.md#the-public-form): an organization's
 * form, found by its slug, that anybody may send without signing in, and a request's status page
 * behind the signed link the customer is mailed (and shown once sent). Both are limited per network
 * address; the form has a hidden field people never fill, and a form that fills it is a bot's:
 * answered as if sent, never stored.
 */

interface LinkDeps {
  db: Db;
  config: Config;
  identity: Identity;
  mailer: Mailer;
  files: FileStore;
}

const refuse = (reply: FastifyReply, status: number, code: string, message: string, field?: string) =>
  reply.code(status).send({ code, message, ...(field ? { field } : {}) });

async function organizationOfSlug(db: Db, slug: unknown) {
  if (typeof slug !== 'string' || !slug || slug.length > 80) return null;
  const [row] = await db.select().from(organization).where(eq(organization.slug, slug));
  return row && row.status === 'ACTIVE' ? row : null;
}

export function registerRequestLinkRoutes(app: FastifyInstance, deps: LinkDeps) {
  const { db, config } = deps;

  /** Every public call counts against the address's per-minute limit first. */
  const tooManyFrom = (ip: string) =>
    hitRateLimit(db, {
      key: `ip:${ip}:/api/service-request`,
      max: config.rateLimits.ipPerMinute,
      windowSeconds: 60,
    });

  app.get<{ Querystring: { org?: string } }>('/api/service-request/form', async (request, reply) => {
    const retryAfter = await tooManyFrom(request.ip);
    if (retryAfter > 0) return refuseTooMany(reply, retryAfter);
    const found = await organizationOfSlug(db, request.query.org);
    if (!found) return refuse(reply, 404, 'NOT_FOUND', REQUEST_MESSAGES.formNotFound);
    const form: PublicRequestForm = {
      organization_name: found.name,
      organization_logo_url: found.logo ? deps.files.signedUrl(found.logo) : null,
    };
    return reply.header('cache-control', 'no-store').send(form);
  });

  app.post('/api/service-request', async (request, reply) => {
    const retryAfter = await tooManyFrom(request.ip);
    if (retryAfter > 0) return refuseTooMany(reply, retryAfter);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const found = await organizationOfSlug(db, body.org);
    if (!found) return refuse(reply, 404, 'NOT_FOUND', REQUEST_MESSAGES.formNotFound, 'org');
    const parsed = publicRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(reply, 400, 'BAD_USER_INPUT', issue.message, issue.path.join('.') || undefined);
    }
    const { org: _org, website, ...values } = parsed.data;
    // A bot filled the field people cannot see: it is told what a person is told, nothing is kept.
    if (website) {
      return reply.send({ status: 'SUCCESS', message: REQUEST_MESSAGES.raisedPublic(found.name) });
    }
    const perForm = await hitRateLimit(db, {
      key: `ip:${request.ip}:/api/service-request:${found.id}`,
      max: PUBLIC_REQUESTS_PER_HOUR,
      windowSeconds: 60 * 60,
    });
    if (perForm > 0) return refuseTooMany(reply, perForm);
    const secret = serverSecret(deps.identity);
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const written = await insertRequest(
        tx,
        { mailer: deps.mailer, publicUrl: config.publicUrl, secret },
        found,
        { source: 'PUBLIC', organizationId: found.id, ip: request.ip },
        values,
      );
      await writeAudit(tx, {
        organization_id: found.id,
        user_id: null,
        user_email: null,
        operation: 'RaisePublicServiceRequest',
        target: written.id,
        changes: { request_number: written.request_number },
        ip_address: request.ip,
      });
      return written;
    });
    return reply.send({
      status: 'SUCCESS',
      message: REQUEST_MESSAGES.raisedPublic(found.name),
      request_number: row.request_number,
      status_url: statusLink(config.publicUrl, secret, row.id),
    });
  });

  app.post('/api/service-request/status', async (request, reply) => {
    const retryAfter = await tooManyFrom(request.ip);
    if (retryAfter > 0) return refuseTooMany(reply, retryAfter);
    const parsed = requestStatusBody.safeParse(request.body ?? {});
    const id = parsed.success ? requestIdOfToken(serverSecret(deps.identity), parsed.data.token) : null;
    if (!id) return refuse(reply, 404, 'NOT_FOUND', REQUEST_MESSAGES.linkNotValid);
    const [row] = await db
      .select({ request: serviceRequest, organization, ticket })
      .from(serviceRequest)
      .innerJoin(organization, eq(organization.id, serviceRequest.organization_id))
      .leftJoin(ticket, eq(ticket.id, serviceRequest.ticket_id))
      .where(eq(serviceRequest.id, id));
    if (!row) return refuse(reply, 404, 'NOT_FOUND', REQUEST_MESSAGES.linkNotValid);
    const status: PublicRequestStatus = {
      organization_name: row.organization.name,
      request_number: row.request.request_number,
      state: row.request.state,
      state_label: REQUEST_STATE_LABELS[row.request.state],
      customer_name: row.request.customer_name,
      problem: row.request.problem,
      created_on: row.request.created_at.toISOString(),
      reject_reason: row.request.reject_reason,
      ticket_number: row.ticket?.ticket_number ?? null,
      ticket_state_label: row.ticket ? ticketStateLabel(row.ticket.state) : null,
      visit_date: row.ticket?.preferred_visit_date ?? null,
      time_zone: row.organization.time_zone,
    };
    return reply.header('cache-control', 'no-store').send(status);
  });
}
