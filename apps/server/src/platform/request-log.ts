import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';

// One JSON line per request (docs/operations.md#logs): its id, route pattern, method, status and
// time, who asked (user, membership and organization ids) and which operations a GraphQL request
// ran. Never the address itself, its query, headers, cookies or bodies: addresses carry signed
// file keys and link tokens, bodies passwords, codes and phone numbers.

declare module 'fastify' {
  interface FastifyRequest {
    /** Who asked, once the session is resolved; ids only. */
    loggedCaller?: { user_id: string; member_id: string; organization_id: string };
    /** The contract operations a GraphQL request ran. */
    loggedOperations?: string[];
  }
}

/** A request id a proxy sent (X-Request-Id) is kept when it is a plain token; otherwise a new one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Fastify's options for the request log: ids, and no request lines of its own (ours replace them). */
export const requestLogOptions = {
  logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
  genReqId(request: IncomingMessage): string {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
};

/** Notes who asks on the request, for its log line and every line logged while it runs. */
export function noteCaller(
  request: FastifyRequest,
  ids: { user_id: string; member_id: string; organization_id: string },
): void {
  if (request.loggedCaller) return;
  request.loggedCaller = ids;
  request.log = request.log.child(ids);
}

/** Notes an operation a GraphQL request runs (a request may batch several). */
export function noteOperation(request: FastifyRequest, name: string): void {
  (request.loggedOperations ??= []).push(name);
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? null;
    // The web app's files are many and tell nothing about what people did.
    if (route === '/metrics' || route === '/assets/*') return;
    const line = {
      route,
      method: request.method,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.loggedOperations ? { operations: request.loggedOperations } : {}),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
  });
}
