import type { FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';
import { fromNodeHeaders } from 'better-auth/node';
import type { Identity } from '../auth/identity.ts';
import { clientRefusal, INTERNAL_ERROR_MESSAGE, isBodyRefusal } from '../platform/http-guards.ts';

/**
 * What one GraphQL document may ask for (docs/security.md#graphql). Every operation of the
 * portal is one root field whose answer is a JSON string, so a real client sends one field a
 * request; the limits leave room for a batch of ten and for introspection, nothing for a document
 * that multiplies one call a thousand times.
 */
export const DOCUMENT_LIMITS = {
  /** Root fields (aliases included) in one operation. */
  rootFields: 10,
  /** Nesting of selections; only introspection nests at all (its standard query is 13 deep). */
  depth: 15,
  /** Characters of the document itself; variables travel apart and are bounded by the body limit. */
  documentCharacters: 20_000,
} as const;

export const LIMIT_MESSAGES = {
  rootFields: `A request may call at most ${DOCUMENT_LIMITS.rootFields} operations at once (aliases included). Send the others in another request.`,
  documentCharacters: `The GraphQL document is longer than ${DOCUMENT_LIMITS.documentCharacters.toLocaleString('en-US')} characters.`,
  introspection: 'Sign in to read the schema of this API.',
} as const;

/** Counts the root fields of each operation, following fragments, and refuses more than the limit. */
export function maxRootFieldsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map(
    context
      .getDocument()
      .definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((definition) => [definition.name.value, definition.selectionSet] as const),
  );
  const countFields = (selectionSet: SelectionSetNode, seen: Set<string>): number => {
    let count = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) count += 1;
      else if (selection.kind === Kind.INLINE_FRAGMENT) count += countFields(selection.selectionSet, seen);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) count += countFields(fragment, seen);
      }
    }
    return count;
  };
  return {
    OperationDefinition(node) {
      if (countFields(node.selectionSet, new Set()) > DOCUMENT_LIMITS.rootFields) {
        context.reportError(
          new GraphQLError(LIMIT_MESSAGES.rootFields, {
            nodes: [node],
            extensions: { code: 'QUERY_TOO_LARGE' },
          }),
        );
      }
    },
  };
}

/**
 * Runs before parsing, on every request (the parsed and validated documents are cached, this is
 * not): the document's size, and introspection only for a signed-in caller outside development.
 */
export function documentGuard(options: { identity: Identity; dev: boolean }) {
  return async (_schema: unknown, source: string, context: { reply: { request: FastifyRequest } }) => {
    if (source.length > DOCUMENT_LIMITS.documentCharacters) {
      throw new mercurius.ErrorWithProps(LIMIT_MESSAGES.documentCharacters, { code: 'QUERY_TOO_LARGE' }, 400);
    }
    // A field name cannot be aliased away: an introspection document names __schema or __type.
    if (!options.dev && /__schema|__type\b/.test(source)) {
      const session = await options.identity.api.getSession({
        headers: fromNodeHeaders(context.reply.request.headers),
      });
      if (!session) {
        throw new mercurius.ErrorWithProps(LIMIT_MESSAGES.introspection, { code: 'UNAUTHENTICATED' }, 401);
      }
    }
  };
}

interface FormattedError {
  message: string;
  extensions: { code: string; field?: string };
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
}

type AnyError = Error & {
  originalError?: unknown;
  extensions?: Record<string, unknown>;
  statusCode?: number;
  code?: string;
  errors?: unknown[];
  locations?: FormattedError['locations'];
  path?: FormattedError['path'];
};

/**
 * Every error of /graphql, the transport's included, answered with an `extensions.code` and a
 * message meant for a person or a client developer; anything unexpected is logged (redacted) and
 * answered with a generic message (docs/security.md#graphql).
 */
export function formatGraphqlErrors(
  execution: { data?: unknown; errors: readonly Error[]; statusCode?: number },
  context: { reply?: { log: { error(object: object, message: string): void } } },
): { statusCode: number; response: { data: unknown; errors: FormattedError[] } } {
  let statusCode = 200;
  const raise = (status: number) => {
    if (status > statusCode) statusCode = status;
  };
  const errors: FormattedError[] = [];
  for (const error of execution.errors as AnyError[]) {
    const original = (error.originalError ?? error) as AnyError;
    if (Array.isArray(original.errors)) {
      // Parsing and validation (mercurius' MER_ERR_GQL_VALIDATION): graphql's own messages describe
      // the document, never the server.
      raise(400);
      for (const inner of original.errors as AnyError[]) {
        const code =
          (inner.extensions?.code as string | undefined) ??
          (inner.message.startsWith('Syntax Error') ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED');
        errors.push({ message: inner.message, extensions: { code }, locations: inner.locations });
      }
      continue;
    }
    const code = original.extensions?.code;
    if (typeof code === 'string') {
      // Ours: a domain error from a handler, or a refusal of the guards above.
      raise(original.statusCode && original.statusCode >= 400 ? original.statusCode : 200);
      errors.push({
        message: original.message,
        extensions: original.extensions as FormattedError['extensions'],
        ...(error.path ? { path: error.path } : {}),
      });
      continue;
    }
    if (isBodyRefusal(original)) {
      const status = original.statusCode ?? 400;
      const refusal = clientRefusal(original, status);
      raise(status);
      errors.push({ message: refusal.message, extensions: { code: refusal.code } });
      continue;
    }
    if (error instanceof GraphQLError && !error.originalError) {
      // graphql-js refusing the request itself (a variable of the wrong type, no operation named ...).
      raise(400);
      errors.push({
        message: error.message,
        extensions: { code: 'BAD_REQUEST' },
        locations: error.locations,
      });
      continue;
    }
    if (original.statusCode && original.statusCode >= 400 && original.statusCode < 500) {
      raise(original.statusCode);
      errors.push({ message: original.message, extensions: { code: 'BAD_REQUEST' } });
      continue;
    }
    context.reply?.log.error({ err: original }, 'GraphQL request failed');
    raise(500);
    errors.push({ message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  // An answer with data (an operation that ran and refused) is a GraphQL answer: HTTP 200.
  return {
    statusCode: execution.data ? 200 : statusCode,
    response: { data: execution.data ?? null, errors },
  };
}
