import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUnstorableInput } from '@fieldport/contract/storable-input';
import { isUnreachableService, UNREACHABLE_SERVICE_MESSAGE } from './errors.ts';

/**
 * What every route shares at the HTTP level (docs/security.md): the Origin check on requests that
 * change something with the session cookie, `Cache-Control: no-store` on answers that may carry a
 * person's data, and one error handler that never lets an internal message (SQL, parameters, stack)
 * reach a client.
 */

/** Routes that answer with signed-in data or act with the session cookie. */
const API_PREFIXES = ['/graphql', '/auth/', '/api/'];

/** The paths that change something with the session cookie and that better-auth does not check itself. */
function needsOriginCheck(url: string): boolean {
  return url === '/graphql' || url.startsWith('/api/') || url === '/auth/complete-new-password';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const UNTRUSTED_ORIGIN_MESSAGE =
  'This request did not come from a page of this portal. Reload the portal and try again.';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on the server. Please try again.';

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0];
}

/** The origin a request says it comes from: Origin, or else Referer's origin (as better-auth reads it). */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/** A refusal in the shape the route's clients read: GraphQL errors on /graphql, {code, message} elsewhere. */
function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  field?: string,
) {
  if (pathOf(request) === '/graphql') {
    return reply
      .code(status)
      .send({ data: null, errors: [{ message, extensions: { code, ...(field ? { field } : {}) } }] });
  }
  // /api/report-issue's clients read errorMessage (its answer shape); every other route reads message.
  return reply.code(status).send({ code, message, errorMessage: message, ...(field ? { field } : {}) });
}

export function registerHttpGuards(app: FastifyInstance, options: { trustedOrigins: string[] }) {
  const trusted = new Set(options.trustedOrigins);

  // The same rule better-auth applies to its own routes: a state-changing request that carries the
  // session cookie must say it comes from one of the portal's own pages (CSRF).
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    if (!needsOriginCheck(pathOf(request))) return;
    const origin = requestOrigin(request);
    if (origin && trusted.has(origin)) return;
    return sendRefusal(request, reply, 403, 'FORBIDDEN', UNTRUSTED_ORIGIN_MESSAGE);
  });

  // Text the database cannot store is refused before any REST route reads it (GraphQL checks its
  // operation's input itself, to name the field as the operation knows it).
  app.addHook('preHandler', async (request, reply) => {
    const url = pathOf(request);
    if (!url.startsWith('/api/') && !url.startsWith('/auth/')) return;
    const found =
      findUnstorableInput(request.params ?? {}) ??
      findUnstorableInput(request.query ?? {}) ??
      (Buffer.isBuffer(request.body) ? null : findUnstorableInput(request.body ?? {}));
    if (found) return sendRefusal(request, reply, 400, 'BAD_USER_INPUT', found.message, found.field);
  });

  // Answers of the API may carry a person's data: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = pathOf(request);
    if (API_PREFIXES.some((prefix) => url === prefix || url.startsWith(prefix))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refusal = clientRefusal(error, status);
      return sendRefusal(request, reply, status, refusal.code, refusal.message);
    }
    request.log.error({ err: error }, 'request failed');
    if (isUnreachableService(error)) {
      return sendRefusal(request, reply, 503, 'SERVICE_UNAVAILABLE', UNREACHABLE_SERVICE_MESSAGE);
    }
    return sendRefusal(request, reply, 500, 'INTERNAL_SERVER_ERROR', INTERNAL_ERROR_MESSAGE);
  });
}

/** Fastify's refusals of a request's body before any route reads it. */
const BODY_REFUSALS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_USER_INPUT', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_USER_INPUT', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'BAD_USER_INPUT', message: 'The request must be sent as JSON.' },
};

const STATUS_CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * A client error of Fastify's own (malformed JSON, a body too large, an unsupported content type)
 * as a code and a plain message: Fastify's messages are written for developers.
 */
export function clientRefusal(error: { code?: string }, status: number): { code: string; message: string } {
  const known = error.code ? BODY_REFUSALS[error.code] : undefined;
  if (known) return known;
  if (status === 413) return BODY_REFUSALS.FST_ERR_CTP_BODY_TOO_LARGE;
  if (status === 415) return BODY_REFUSALS.FST_ERR_CTP_INVALID_MEDIA_TYPE;
  return {
    code: STATUS_CODES[status] ?? 'BAD_USER_INPUT',
    message: status === 404 ? 'Not Found' : 'The request is not valid.',
  };
}

/** Whether an error is one of Fastify's refusals of the body (answered by clientRefusal). */
export function isBodyRefusal(error: { code?: string }): boolean {
  return Boolean(error.code && error.code in BODY_REFUSALS);
}

/**
 * How an error is logged: its kind and message, with the SQL's parameters and the database's
 * detail left out, so that no customer name, phone or code reaches the log (drizzle puts the
 * parameters into its message: "Failed query: ... params: ...").
 */
export function redactedError(error: unknown): { type: string; message: string; stack: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: stripParameters(error.message),
    ...('code' in error && typeof error.code === 'string' ? { code: error.code } : {}),
    stack: error.stack ? stripParameters(error.stack) : '',
    ...(cause instanceof Error
      ? {
          cause: {
            type: cause.name,
            message: stripParameters(cause.message),
            ...('code' in cause && typeof cause.code === 'string' ? { code: cause.code } : {}),
          },
        }
      : {}),
  };
}

function stripParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}
