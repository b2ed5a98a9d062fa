import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '@fieldport/contract/messages';
import { emailSchema, passwordPolicySchema } from '@fieldport/contract/auth';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, member, user } from '../db/schema/identity.ts';
import { writeAudit } from '../platform/audit.ts';
import { INTERNAL_ERROR_MESSAGE } from '../platform/http-guards.ts';
import type { Identity } from './identity.ts';
import {
  backoffWait,
  hitRateLimit,
  recordFailure,
  refuseTooMany,
  type BackoffRule,
  type RateLimitRule,
} from './rate-limit.ts';

/**
 * The identity routes the portal uses, and only those: better-auth has many more endpoints
 * (sign-up, the organization plugin's member management ...) that would bypass our own rules.
 */
const ALLOWED: Record<string, 'GET' | 'POST'> = {
  '/auth/sign-in/email': 'POST',
  '/auth/sign-in/email-otp': 'POST',
  '/auth/email-otp/send-verification-otp': 'POST',
  '/auth/email-otp/reset-password': 'POST',
  '/auth/sign-out': 'POST',
  '/auth/get-session': 'GET',
};

/**
 * The fields a person types, checked with the contract's rules (docs/product.md#signing-in) before
 * anything is counted or looked up: an empty or oversized field gets a message written for a
 * person, and no oversized value reaches the rate-limit keys or the identity provider.
 */
const signInPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(128, 'Password must be at most 128 characters');
const withEmail = z.looseObject({ email: emailSchema }, { error: MSG.mandatoryFields });
const BODY_RULES: Record<string, z.ZodType> = {
  '/auth/sign-in/email': z.looseObject(
    { email: emailSchema, password: signInPassword },
    { error: MSG.mandatoryFields },
  ),
  '/auth/sign-in/email-otp': withEmail,
  '/auth/email-otp/send-verification-otp': withEmail,
  '/auth/email-otp/reset-password': withEmail,
};

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/**
 * Limits per account, counted per client address: an attacker's attempts from one address lock
 * only that address out of the account, never the owner elsewhere (README "Settings"). Codes mailed are counted per account alone: they fill the person's mailbox wherever
 * they are asked from.
 */
function accountRules(
  path: string,
  email: string,
  ip: string,
  limits: Config['rateLimits'],
): RateLimitRule[] {
  if (!email) return [];
  switch (path) {
    case '/auth/sign-in/email':
    case '/auth/sign-in/email-otp':
      return [
        {
          key: `account:${email}:ip:${ip}:sign-in`,
          max: limits.accountPer15Minutes,
          windowSeconds: FIFTEEN_MINUTES,
        },
      ];
    case '/auth/email-otp/send-verification-otp':
      return [
        { key: `account:${email}:codes`, max: limits.codesPer15Minutes, windowSeconds: FIFTEEN_MINUTES },
      ];
    case '/auth/email-otp/reset-password':
      return [
        {
          key: `account:${email}:ip:${ip}:reset`,
          max: limits.accountPer15Minutes,
          windowSeconds: FIFTEEN_MINUTES,
        },
      ];
    default:
      return [];
  }
}

/** The routes where a password or a code is guessed: their failures count towards the account's back-off. */
const GUESS_PATHS = new Set([
  '/auth/sign-in/email',
  '/auth/sign-in/email-otp',
  '/auth/email-otp/reset-password',
]);

/** What the identity provider answers for a wrong password or code (a policy refusal is no guess). */
const GUESS_FAILURE_CODES = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'TOO_MANY_ATTEMPTS',
]);

function backoffRule(email: string, limits: Config['rateLimits']): BackoffRule {
  return {
    key: `account:${email}:failures`,
    threshold: limits.accountFailuresPerHour,
    windowSeconds: ONE_HOUR,
    maxDelaySeconds: limits.accountBackoffMaxSeconds,
  };
}

function bodyEmail(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const email = (body as Record<string, unknown>).email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

async function enforceRateLimits(
  db: Db,
  limits: Config['rateLimits'],
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<boolean> {
  const email = bodyEmail(request.body);
  const rules: RateLimitRule[] = [
    { key: `ip:${request.ip}:${path}`, max: limits.ipPerMinute, windowSeconds: 60 },
    ...accountRules(path, email, request.ip, limits),
  ];
  for (const rule of rules) {
    const retryAfter = await hitRateLimit(db, rule);
    if (retryAfter > 0) {
      refuseTooMany(reply, retryAfter);
      return false;
    }
  }
  if (email && GUESS_PATHS.has(path)) {
    const wait = await backoffWait(db, backoffRule(email, limits));
    if (wait > 0) {
      refuseTooMany(reply, wait);
      return false;
    }
  }
  return true;
}

/** Hands a Fastify request to better-auth and its answer back, cookies included. */
async function forwardToIdentity(
  identity: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  /** Runs with the identity provider's status before the answer is sent (and so before a client can read what it wrote). */
  beforeSend?: (status: number, code: string | undefined) => Promise<void>,
) {
  const headers = fromNodeHeaders(request.headers);
  headers.delete('content-length');
  const body =
    request.method === 'GET' || request.method === 'HEAD'
      ? undefined
      : JSON.stringify(normalizeEmail(request.body ?? {}));
  if (body !== undefined) headers.set('content-type', 'application/json');
  // better-auth reads the client address from x-forwarded-for; give it Fastify's view of it.
  headers.set('x-forwarded-for', request.ip);
  const response = await identity.handler(
    new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
  );
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  await beforeSend?.(response.status, errorCode(response.status, text));
  // The identity provider's own failures (a database error inside it) are answered like every
  // other route's (docs/security.md#http); 503 is ours: a code that could not be mailed.
  if (response.status >= 500 && response.status !== 503) {
    request.log.error({ status: response.status }, 'identity provider failed');
    return reply
      .code(500)
      .type('application/json')
      .send({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE });
  }
  return reply.send(text.length ? text : null);
}

/** The code of a refusal's JSON answer (better-auth's `{ code, message }`), if any. */
function errorCode(status: number, text: string): string | undefined {
  if (status < 400 || !text) return undefined;
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** docs/product.md#signing-in: the email is trimmed and lowercased, whatever the client did. */
function normalizeEmail(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return typeof record.email === 'string' ? { ...record, email: record.email.trim().toLowerCase() } : record;
}

const SIGN_IN_PATHS = new Set(['/auth/sign-in/email', '/auth/sign-in/email-otp']);

/**
 * A refused sign-in (wrong password or code, suspended or invalid member) is recorded in the
 * organization of the person's first membership, so that its administrators see attempts on their
 * members' accounts; an email that belongs to nobody is recorded with no organization.
 */
async function auditFailedSignIn(db: Db, email: string, ip: string) {
  const [person] = await db
    .select({ id: user.id, organizationId: member.organizationId })
    .from(user)
    // Not an organization that only invited the person: it learns nothing of their sign-ins.
    .leftJoin(member, and(eq(member.userId, user.id), ne(member.status, 'PENDING')))
    .where(eq(user.email, email))
    .orderBy(asc(member.createdAt))
    .limit(1);
  await writeAudit(db, {
    organization_id: person?.organizationId ?? null,
    user_id: person?.id ?? null,
    user_email: email,
    operation: 'SIGN_IN_FAILED',
    target: person?.id ?? null,
    ip_address: ip,
  });
}

const completeNewPasswordBody = z.object({ newPassword: passwordPolicySchema }).strict();

export function registerIdentityRoutes(
  app: FastifyInstance,
  deps: { identity: Identity; db: Db; config: Config },
) {
  const { identity, db, config } = deps;

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    handler: async (request, reply) => {
      const path = request.url.split('?')[0];
      if (ALLOWED[path] !== request.method) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not Found' });
      }
      const checked = BODY_RULES[path]?.safeParse(request.body ?? {});
      if (checked && !checked.success) {
        return reply.code(400).send({ code: 'BAD_USER_INPUT', message: checked.error.issues[0].message });
      }
      if (!(await enforceRateLimits(db, config.rateLimits, request, reply, path))) return reply;
      if (path === '/auth/sign-out') {
        const session = await identity.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (session) {
          await writeAudit(db, {
            organization_id:
              (session.session as { activeOrganizationId?: string }).activeOrganizationId ?? null,
            user_id: session.user.id,
            user_email: session.user.email,
            operation: 'SIGN_OUT',
            target: session.user.id,
            ip_address: request.ip,
          });
        }
      }
      return forwardToIdentity(identity, request, reply, config.publicUrl, async (status, code) => {
        const email = bodyEmail(request.body);
        if (email && GUESS_PATHS.has(path) && (status === 401 || (code && GUESS_FAILURE_CODES.has(code)))) {
          await recordFailure(db, backoffRule(email, config.rateLimits));
        }
        if (SIGN_IN_PATHS.has(path) && (status === 401 || status === 403)) {
          await auditFailedSignIn(db, email, request.ip);
        }
      });
    },
  });

  // Step 2 of the login (docs/product.md#signing-in): the temporary password given by an
  // administrator is replaced before anything else is allowed.
  app.post('/auth/complete-new-password', async (request, reply) => {
    if (!(await enforceRateLimits(db, config.rateLimits, request, reply, '/auth/complete-new-password')))
      return reply;
    const session = await identity.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return reply.code(401).send({ code: 'UNAUTHENTICATED', message: MSG.signInRequired });
    const parsed = completeNewPasswordBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply.code(400).send({ code: 'BAD_USER_INPUT', message: parsed.error.issues[0].message });
    }
    const [row] = await db
      .select({ must: user.mustChangePassword })
      .from(user)
      .where(eq(user.id, session.user.id));
    if (!row?.must)
      return reply.code(400).send({ code: 'BAD_USER_INPUT', message: MSG.notTemporaryPassword });
    const context = await identity.$context;
    const accounts = await context.internalAdapter.findAccounts(session.user.id);
    const credential = accounts.find((account) => account.providerId === 'credential');
    if (
      credential?.password &&
      (await context.password.verify({ hash: credential.password, password: parsed.data.newPassword }))
    ) {
      return reply.code(400).send({
        code: 'BAD_USER_INPUT',
        message: 'The new password must be different from the temporary password.',
      });
    }
    const hash = await context.password.hash(parsed.data.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(account)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(account.userId, session.user.id), eq(account.providerId, 'credential')));
      await tx
        .update(user)
        .set({ mustChangePassword: false, updatedAt: new Date() })
        .where(eq(user.id, session.user.id));
    });
    await writeAudit(db, {
      organization_id: (session.session as { activeOrganizationId?: string }).activeOrganizationId ?? null,
      user_id: session.user.id,
      user_email: session.user.email,
      operation: 'CHANGE_TEMPORARY_PASSWORD',
      target: session.user.id,
      ip_address: request.ip,
    });
    return reply.send({ status: 'SUCCESS', status_message: MSG.passwordChanged });
  });
}
