import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ParsedListInput } from '@fieldport/contract/lists';
import { exportAccessOf } from '@fieldport/contract/permissions';
import { REPORT_LAYOUTS } from '@fieldport/contract/operations/reports';
import type { Db } from '../db/client.ts';
import type { Identity } from '../auth/identity.ts';
import { writeAudit } from '../platform/audit.ts';
import { badInput, notFound } from '../platform/errors.ts';
import { writeXlsx } from '../platform/excel.ts';
import { isListHandler, type ExportColumn, type ListHandler } from '../platform/lists.ts';
import {
  isReportHandler,
  reportExportColumns,
  reportTotals,
  type ReportHandler,
} from '../platform/reports.ts';
import type { Caller } from '../platform/caller.ts';
import type { Handler } from '../platform/handler.ts';
import { restRoute, validInput } from './rest-route.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Paging does not apply to an export: it is every row of the filter. */
const PAGING_KEYS = new Set(['page', 'page_size']);

/**
 * GET /api/exports/<ListOperation>.xlsx?search=...&status=...: the list's filtered rows as a
 * workbook, streamed. The caller is resolved and authorized by restRoute (the EXPORT right on the
 * list's module), the filter validated with the list operation's own input schema, and the export
 * is audited with its filter and row count.
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

  // A report exports every row with its totals under them (platform/reports.ts).
  const reports = new Map(
    deps.handlers.filter(isReportHandler).map((handler) => [handler.operation.name, handler] as const),
  );

  type ExportRoute = { Params: { file: string }; Querystring: Record<string, unknown> };
  const exportOf = (request: FastifyRequest<ExportRoute>): ListHandler | ReportHandler => {
    const name = request.params.file.replace(/\.xlsx$/, '');
    const handler = request.params.file.endsWith('.xlsx')
      ? (lists.get(name) ?? reports.get(name))
      : undefined;
    if (!handler) throw notFound(`There is no export named ${request.params.file}.`);
    return handler;
  };

  app.get<ExportRoute>(
    '/api/exports/:file',
    restRoute<ExportRoute>(
      deps,
      // The EXPORT right on the list's module, where the list itself needs VIEW.
      { access: (request) => exportAccessOf(exportOf(request).operation.access) },
      async (request, reply, caller) => {
        const handler = exportOf(request);
        const input = validInput(
          handler.operation.input,
          fromQueryString(handler.operation.input, request.query),
        ) as ParsedListInput;
        if (isReportHandler(handler)) return streamReport(reply, { handler, caller, input });
        handler.list.authorize(caller, input);
        return stream(reply, { handler, caller, input });
      },
    ),
  );

  function stream(
    reply: FastifyReply,
    { handler, caller, input }: { handler: ListHandler; caller: Caller; input: ParsedListInput },
  ) {
    const spec = handler.list.export!;
    return send(reply, {
      operation: handler.operation.name,
      title: spec.title,
      columns: spec.columns,
      batches: handler.list.stream(deps.db, caller, input),
      caller,
      input,
    });
  }

  /** A report's rows are aggregates (a few hundred at most): read at once, with the totals last. */
  function streamReport(
    reply: FastifyReply,
    { handler, caller, input }: { handler: ReportHandler; caller: Caller; input: ParsedListInput },
  ) {
    const name = handler.report.name;
    async function* batches() {
      const rows = await handler.report.rows(deps.db, caller, input);
      yield [...rows, reportTotals(name, rows)];
    }
    return send(reply, {
      operation: handler.operation.name,
      title: REPORT_LAYOUTS[name].title,
      columns: reportExportColumns(name),
      batches: batches(),
      caller,
      input,
    });
  }

  function send<Item>(
    reply: FastifyReply,
    spec: {
      operation: string;
      title: string;
      columns: ExportColumn<Item>[];
      batches: AsyncIterable<Item[]>;
      caller: Caller;
      input: ParsedListInput;
    },
  ) {
    const { caller, input } = spec;
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
          batches: spec.batches,
          timeZone: caller.organization.time_zone,
          beforeClose: (rows) =>
            writeAudit(deps.db, {
              organization_id: caller.organization.id,
              user_id: caller.user.id,
              user_email: caller.user.email,
              operation: 'ExportToExcel',
              target: spec.operation,
              changes: { ...filter, row_count: rows },
              ip_address: reply.request.ip,
            }),
        });
      } catch (error) {
        reply.request.log.error({ err: error, operation: spec.operation }, 'export failed');
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
function fromQueryString(schema: z.ZodType, query: Record<string, unknown>): Record<string, unknown> {
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
