import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ParsedListInput } from '@fieldport/contract/lists';
import { exportAccessOf } from '@fieldport/contract/permissions';
import type { Db } from '../db/client.ts';
import type { Identity } from '../auth/identity.ts';
import { writeAudit } from '../platform/audit.ts';
import { DomainError, badInput, notFound } from '../platform/errors.ts';
import { writeXlsx } from '../platform/excel.ts';
import { isListHandler, type ListHandler } from '../platform/lists.ts';
import { authorize } from './authorize.ts';
import { resolveCaller } from './caller.ts';
import { inputError } from './endpoint.ts';
import type { Handler } from './handler.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Paging does not apply to an export: it is every row of the filter. */
const PAGING_KEYS = new Set(['page', 'page_size']);

const STATUS_OF: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
};

/**
 * GET /api/exports/<ListOperation>.xlsx?search=...&status=...: the list's filtered rows as a
 * workbook, streamed (issue 3 item 1). The caller is resolved, authorized and the filter validated
 * exactly as the list operation itself (same authorize(), same input schema), and the export is
 * audited with its filter and row count.
 */
export function registerExportRoute(
  app: FastifyInstance,
  deps: { db: Db; identity: Identity; handlers: Handler[] },
) {
  const lists = new Map(
    deps.handlers
      .filter(isListHandler)
      .filter((handler) => handler.list.export)
      .map((handler) => [handler.operation.name, handler] as const),
  );

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    '/api/exports/:file',
    async (request, reply) => {
      let prepared;
      try {
        const name = request.params.file.replace(/\.xlsx$/, '');
        const handler = request.params.file.endsWith('.xlsx') ? lists.get(name) : undefined;
        if (!handler) throw notFound(`There is no export named ${request.params.file}.`);
        const caller = await resolveCaller(deps.identity, deps.db, request);
        authorize(caller, exportAccessOf(handler.operation.access));
        const parsed = handler.operation.input.safeParse(
          fromQueryString(handler.operation.input, request.query),
        );
        if (!parsed.success) throw inputError(parsed.error);
        handler.list.authorize(caller, parsed.data as ParsedListInput);
        prepared = { handler, caller, input: parsed.data as ParsedListInput };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return reply
          .code(STATUS_OF[error.code] ?? 400)
          .send({ code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) });
      }
      return stream(reply, prepared);
    },
  );

  function stream(
    reply: FastifyReply,
    {
      handler,
      caller,
      input,
    }: { handler: ListHandler; caller: Awaited<ReturnType<typeof resolveCaller>>; input: ParsedListInput },
  ) {
    const spec = handler.list.export!;
    const body = new PassThrough();
    const day = new Date().toISOString().slice(0, 10);
    const file = `${spec.title.replace(/[^A-Za-z0-9]+/g, '-')}-${day}.xlsx`;
    reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store');
    void (async () => {
      try {
        const { page: _page, page_size: _size, ...filter } = input;
        await writeXlsx({
          stream: body,
          title: spec.title,
          columns: spec.columns,
          batches: handler.list.stream(deps.db, caller, input),
          timeZone: caller.organization.time_zone,
          beforeClose: (rows) =>
            writeAudit(deps.db, {
              organization_id: caller.organization.id,
              user_id: caller.user.id,
              user_email: caller.user.email,
              operation: 'ExportToExcel',
              target: handler.operation.name,
              changes: { ...filter, row_count: rows },
              ip_address: reply.request.ip,
            }),
        });
      } catch (error) {
        reply.request.log.error({ err: error, operation: handler.operation.name }, 'export failed');
        body.destroy(error as Error);
      }
    })();
    return reply.send(body);
  }
}

/**
 * A query string as the list's input: numbers and booleans where the schema wants them, the rest
 * as text, paging left out. Unknown keys stay, so that the schema refuses them as the list does.
 */
export function fromQueryString(schema: z.ZodType, query: Record<string, unknown>): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (PAGING_KEYS.has(key)) continue;
    if (Array.isArray(value)) throw badInput(`${key} must be given once`, key);
    const kind = baseType(shape[key]);
    if (typeof value === 'string' && kind === 'number' && /^-?\d+(\.\d+)?$/.test(value))
      input[key] = Number(value);
    else if (typeof value === 'string' && kind === 'boolean' && (value === 'true' || value === 'false'))
      input[key] = value === 'true';
    else input[key] = value;
  }
  return input;
}

function baseType(schema: z.ZodType | undefined): string | undefined {
  let def = (schema as unknown as { _zod?: { def: { type: string; innerType?: unknown } } })?._zod?.def;
  while (def && ['optional', 'default', 'nullable', 'prefault'].includes(def.type) && def.innerType) {
    def = (def.innerType as { _zod: { def: { type: string; innerType?: unknown } } })._zod.def;
  }
  return def?.type;
}
