/**
 * Domain errors a handler throws; the GraphQL endpoint turns them into errors whose message a
 * person can read and whose `extensions.code` a client can act on
 * (docs/architecture.md#the-wire-format).
 */
type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * The HTTP status of each code, for the REST routes (graphql/rest-route.ts); the GraphQL endpoint
 * answers 200 and carries the code in `extensions.code`.
 */
export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export class DomainError extends Error {
  /**
   * A refusal whose writes stand: the operation's transaction commits what the handler wrote before
   * refusing (a wrong closure code is counted and put on the timeline under the same row lock as
   * the check), then the caller gets this error. See `keepingWrites`.
   */
  keepWrites = false;

  /** For TOO_MANY_REQUESTS: seconds until a retry can succeed (a REST route's Retry-After). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Marks a refusal whose writes must stay (docs/security.md#closing-a-ticket-with-the-customers-code):
 * the endpoint commits the mutation's transaction, audit entry included, and answers the refusal.
 * Everything else a handler throws rolls the whole operation back.
 */
export function keepingWrites(error: DomainError): DomainError {
  error.keepWrites = true;
  return error;
}

export const badInput = (message: string, field?: string) =>
  new DomainError('BAD_USER_INPUT', message, field);
export const unauthenticated = (message: string) => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
/** `field`, when given, is the input field the person must change (the form shows the message there). */
export const conflict = (message: string, field?: string) => new DomainError('CONFLICT', message, field);
/** A service the operation needs (the mail server) failed; nothing was written, try again later. */
export const unavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);
/** A limit was reached; `retryAfterSeconds`, when known, says when the next attempt can succeed. */
export function tooManyRequests(message: string, retryAfterSeconds?: number): DomainError {
  const error = new DomainError('TOO_MANY_REQUESTS', message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/**
 * What a connection's failure looks like (PostgreSQL shutting down or restarting, a socket refused
 * or reset), as opposed to a statement's: the operation may succeed when tried again in a moment.
 * SQLSTATE class 08 (connection exception) and 57P01-57P03 (shutdown, cannot connect now).
 */
const CONNECTION_SQLSTATES = /^(08\d{3}|57P0[1-3])$/;
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i;

export function isUnreachableService(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.test(code) || CONNECTION_ERRNOS.has(code)))
      return true;
    if (current instanceof Error && CONNECTION_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The answer to an operation that failed because the database (or another service) could not be reached. */
export const UNREACHABLE_SERVICE_MESSAGE =
  'The server cannot reach its database just now. Please try again in a moment.';
