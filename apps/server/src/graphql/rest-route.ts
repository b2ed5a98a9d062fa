import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { z } from 'zod';
import type { Access } from '@fieldport/contract/operation';
import type { Identity } from '../auth/identity.ts';
import type { Db } from '../db/client.ts';
import { DomainError, HTTP_STATUS_OF, badInput } from '../platform/errors.ts';
import { authorize } from './authorize.ts';
import { resolveCaller } from './caller.ts';
import type { Caller } from '../platform/caller.ts';
import { inputError } from './endpoint.ts';

/**
 * The REST routes (exports, the customer import, report-issue) take the steps of an operation in
 * the same order as the GraphQL endpoint: resolve the caller, authorize the declared access,
 * validate the input, answer a refusal with its code. Only the status differs: REST answers the
 * code's HTTP status (HTTP_STATUS_OF), GraphQL answers 200.
 */

interface RestRouteDeps {
  db: Db;
  identity: Identity;
}

/** A refusal's body; a route whose clients read another shape (report-issue: errorMessage) passes its own. */
export type RefusalBody = (error: DomainError) => Record<string, unknown>;

const codeAndMessage: RefusalBody = (error) => ({
  code: error.code,
  message: error.message,
  ...(error.field ? { field: error.field } : {}),
});

/** Answers a refusal with its code's status (and Retry-After when the refusal knows it). */
export function sendDomainRefusal(
  reply: FastifyReply,
  error: DomainError,
  body: RefusalBody = codeAndMessage,
) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(HTTP_STATUS_OF[error.code]).send(body(error));
}

interface RestRouteOptions<Route extends RouteGenericInterface> {
  /**
   * The access the caller needs: an operation's, one chosen from the request (the list an export
   * names; it may refuse with NOT_FOUND before the caller is resolved), or null for any member.
   */
  access: Access | null | ((request: FastifyRequest<Route>) => Access);
  refusalBody?: RefusalBody;
}

/**
 * A route handler that resolves and authorizes the caller, then runs `handle`. A DomainError thrown
 * before the answer starts is answered as a refusal; anything else goes to the app's error handler
 * (a 500 without internals, platform/http-guards.ts). Work that continues after the answer started
 * (a stream) reports its own errors.
 */
export function restRoute<Route extends RouteGenericInterface = RouteGenericInterface>(
  deps: RestRouteDeps,
  options: RestRouteOptions<Route>,
  handle: (request: FastifyRequest<Route>, reply: FastifyReply, caller: Caller) => Promise<unknown>,
) {
  return async (request: FastifyRequest<Route>, reply: FastifyReply) => {
    try {
      const access = typeof options.access === 'function' ? options.access(request) : options.access;
      const caller = await resolveCaller(deps.identity, deps.db, request);
      if (access) authorize(caller, access);
      return await handle(request, reply, caller);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return sendDomainRefusal(reply, error, options.refusalBody);
    }
  };
}

/**
 * The input as the schema parses it, or a BAD_USER_INPUT naming the field. `nameField: false`
 * keeps the schema's message as it is (for clients that show the message without the field).
 */
export function validInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  { nameField = true }: { nameField?: boolean } = {},
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (nameField) throw inputError(parsed.error);
  const issue = parsed.error.issues[0];
  throw badInput(issue.message, issue.path.map(String).join('.') || undefined);
}
