/**
 * Domain errors a handler throws; the GraphQL endpoint turns them into errors whose message a
 * person can read and whose `extensions.code` a client can act on (ARCHITECTURE.md "The contract").
 */
export type ErrorCode =
  'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, field?: string) =>
  new DomainError('BAD_USER_INPUT', message, field);
export const unauthenticated = (message: string) => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
