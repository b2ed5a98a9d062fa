import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { z } from 'zod';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import type { Envelope, OperationDef } from '@fieldport/contract/operation';
import { findUnstorableInput } from '@fieldport/contract/storable-input';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Identity } from '../auth/identity.ts';
import { writeAudit } from '../platform/audit.ts';
import {
  DomainError,
  badInput,
  isUnreachableService,
  UNREACHABLE_SERVICE_MESSAGE,
} from '../platform/errors.ts';
import type { FileStore } from '../platform/files.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { PaymentProvider } from '../platform/payments.ts';
import type { Mailer } from '../platform/mail.ts';
import { authorize } from './authorize.ts';
import { resolveCaller } from './caller.ts';
import type { Handler, OperationContext } from '../platform/handler.ts';
import { buildSchemaSdl } from './schema.ts';
import { DOCUMENT_LIMITS, documentGuard, formatGraphqlErrors, maxRootFieldsRule } from './document-limits.ts';
import { noteOperation } from '../platform/request-log.ts';

interface EndpointDeps {
  db: Db;
  identity: Identity;
  mailer: Mailer;
  config: Config;
  files: FileStore;
  payments: PaymentProvider | null;
  jobs: Pick<Jobs, 'runSoon'>;
  handlers: Handler[];
}

function literalToValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literalToValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalToValue(field.value)]));
    default:
      return undefined;
  }
}

const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node) => literalToValue(node),
});

/**
 * Turns zod's first issue into a message that names the field (BAD_USER_INPUT,
 * docs/architecture.md#the-wire-format).
 */
export function inputError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.');
  const message = !field || issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`;
  return badInput(message, field || undefined);
}

function toGraphqlError(error: unknown) {
  if (error instanceof DomainError) {
    return new mercurius.ErrorWithProps(error.message, {
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
    });
  }
  // The database restarting is nobody's mistake: the same operation succeeds again in a moment.
  if (isUnreachableService(error)) {
    return new mercurius.ErrorWithProps(UNREACHABLE_SERVICE_MESSAGE, { code: 'SERVICE_UNAVAILABLE' });
  }
  // Anything else is our fault: log it, and tell the person plainly without leaking internals.
  return new mercurius.ErrorWithProps('Something went wrong on the server. Please try again.', {
    code: 'INTERNAL_SERVER_ERROR',
  });
}

export async function registerGraphqlEndpoint(app: FastifyInstance, deps: EndpointDeps) {
  const byName = new Map(deps.handlers.map((handler) => [handler.operation.name, handler]));
  const missing = Object.keys(CATALOGUE).filter((name) => !byName.has(name));
  if (missing.length) throw new Error(`Operations declared without a handler: ${missing.join(', ')}`);

  const resolverFor = (op: OperationDef, handler: Handler) => {
    return async (
      _root: unknown,
      args: { input?: unknown },
      { reply }: { reply: { request: FastifyRequest } },
    ) => {
      const request = reply.request;
      noteOperation(request, op.name);
      try {
        const caller = await resolveCaller(deps.identity, deps.db, request, {
          mailOutbox: true,
        });
        authorize(caller, op.access);
        const rawInput = args.input ?? {};
        if (typeof rawInput !== 'object' || rawInput === null || Array.isArray(rawInput)) {
          throw badInput('input must be a JSON object', 'input');
        }
        const unstorable = findUnstorableInput(rawInput);
        if (unstorable) throw badInput(unstorable.message, unstorable.field);
        const parsed = op.input.safeParse(rawInput);
        if (!parsed.success) throw inputError(parsed.error);
        const afterCommit: Parameters<OperationContext['afterCommit']>[0][] = [];
        const base: Omit<OperationContext, 'db'> = {
          afterCommit: (task) => afterCommit.push(task),
          caller,
          request,
          identity: deps.identity,
          mailer: deps.mailer,
          config: deps.config,
          files: deps.files,
          payments: deps.payments,
          jobs: deps.jobs,
        };
        let result;
        if (op.kind === 'mutation') {
          // Nothing is written when an operation fails: the handler and its audit entry share one
          // transaction. The one exception is a refusal marked `keepingWrites` (a wrong closure code
          // counted under the ticket's lock): its writes commit, then the refusal is answered.
          let keptRefusal: DomainError | undefined;
          const outcome = await deps.db.transaction(async (tx) => {
            const context: OperationContext = { ...base, db: tx as unknown as Db };
            let outcome: Awaited<ReturnType<Handler['handle']>> | undefined;
            try {
              outcome = await handler.handle(parsed.data, context);
            } catch (error) {
              if (!(error instanceof DomainError && error.keepWrites)) throw error;
              keptRefusal = error;
            }
            await writeAudit(tx as unknown as Db, {
              organization_id: caller.organization.id,
              user_id: caller.user.id,
              user_email: caller.user.email,
              operation: op.name,
              target: context.auditTarget ?? null,
              changes: {
                ...(context.auditChanges ?? (parsed.data as Record<string, unknown>)),
                ...(keptRefusal ? { refused: keptRefusal.message } : {}),
              },
              ip_address: request.ip,
            });
            return outcome;
          });
          if (keptRefusal) throw keptRefusal;
          result = outcome!;
        } else {
          result = await handler.handle(parsed.data, { ...base, db: deps.db });
        }
        for (const task of afterCommit) {
          try {
            await task({ ...base, db: deps.db });
          } catch (error) {
            request.log.error({ err: error, operation: op.name }, 'work after the commit failed');
          }
        }
        const envelope: Envelope<unknown> = {
          status: 'SUCCESS',
          status_message: result.message ?? 'Success',
          data: result.data,
        };
        return JSON.stringify(envelope);
      } catch (error) {
        if (!(error instanceof DomainError))
          request.log.error({ err: error, operation: op.name }, 'operation failed');
        throw toGraphqlError(error);
      }
    };
  };

  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};
  for (const op of Object.values(CATALOGUE)) {
    (op.kind === 'query' ? Query : Mutation)[op.name] = resolverFor(op, byName.get(op.name)!);
  }

  await app.register(mercurius, {
    schema: buildSchemaSdl(CATALOGUE),
    resolvers: { JSON: JsonScalar, Query, ...(Object.keys(Mutation).length ? { Mutation } : {}) } as never,
    jit: 1,
    graphiql: false,
    path: '/graphql',
    validationRules: [maxRootFieldsRule],
    queryDepth: DOCUMENT_LIMITS.depth,
    errorFormatter: formatGraphqlErrors as never,
    // An image of 1 MB (the organization logo) is 1.4 MB in base64; everything else stays far below.
    additionalRouteOptions: { bodyLimit: 2 * 1024 * 1024 },
  });
  app.graphql.addHook(
    'preParsing',
    documentGuard({ identity: deps.identity, dev: deps.config.dev }) as never,
  );
}
