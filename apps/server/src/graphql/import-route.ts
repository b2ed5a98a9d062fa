import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import {
  IMPORT_FILE_MESSAGES,
  IMPORT_MAX_BYTES,
  importMessages,
  importRoutes,
  XLSX_MIME,
  type ImportProgressLine,
} from '@fieldport/contract/imports';
import type { Identity } from '../auth/identity.ts';
import type { Db } from '../db/client.ts';
import type { Caller } from '../platform/caller.ts';
import { writeAudit } from '../platform/audit.ts';
import { DomainError, badInput } from '../platform/errors.ts';
import {
  assertConfirmable,
  checkWorkbook,
  findImport,
  recordImportFailure,
  runImport,
  type AnyImportKind,
} from '../platform/imports.ts';
import { restRoute, sendDomainRefusal } from './rest-route.ts';

/**
 * The REST half of every import (docs/imports.md), for what GraphQL carries badly: the template (a
 * file), the upload (a file of up to 10 MB) and a confirmation that reports its progress, under
 * /api/imports/<kind>/. Each is a restRoute with the kind's access, as its operations would check
 * it. Upload and confirmation answer NDJSON: progress lines while they work, then one 'done' or
 * 'error' line (packages/contract/src/imports.ts).
 */

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An NDJSON answer: `write` sends a line now; the work's last line ends it. */
function ndjson(reply: FastifyReply) {
  const body = new PassThrough();
  reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    // Proxies must pass the lines on as they come.
    .header('x-accel-buffering', 'no');
  return {
    body,
    write: (line: ImportProgressLine) => body.write(`${JSON.stringify(line)}\n`),
    end: (line: ImportProgressLine) => body.end(`${JSON.stringify(line)}\n`),
  };
}

function errorLine(error: unknown, request: FastifyRequest, fallback: string): ImportProgressLine {
  if (error instanceof DomainError) {
    return {
      type: 'error',
      code: error.code,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
    };
  }
  request.log.error({ err: error }, 'import failed');
  return { type: 'error', code: 'INTERNAL_SERVER_ERROR', message: fallback };
}

export function registerImportRoutes(
  app: FastifyInstance,
  deps: { db: Db; identity: Identity; kinds: AnyImportKind[] },
) {
  void app.register(async (scope) => {
    // The workbook comes as the request's body; other content types keep Fastify's 415.
    for (const type of [XLSX_MIME, 'application/octet-stream']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
    }
    const fileMessages = IMPORT_FILE_MESSAGES;
    scope.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendDomainRefusal(reply, badInput(fileMessages.tooLarge, 'file'));
      // Whatever else is wrong with the body (empty, JSON, another type) is not a workbook.
      if (error.statusCode && error.statusCode < 500) {
        return sendDomainRefusal(reply, badInput(fileMessages.notXlsx, 'file'));
      }
      request.log.error({ err: error }, 'import route failed');
      return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: fileMessages.failed });
    });
    for (const kind of deps.kinds) registerKind(scope, deps, kind);
  });
}

function registerKind(scope: FastifyInstance, deps: { db: Db; identity: Identity }, kind: AnyImportKind) {
  const { spec } = kind;
  const routes = importRoutes(spec);
  const messages = importMessages(spec);

  scope.get(
    routes.template,
    restRoute(deps, { access: kind.access }, async (_request, reply, caller) => {
      kind.authorize?.(caller);
      const workbook = await template(deps.db, caller, kind);
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${spec.path}-import-template.xlsx"`)
        .header('cache-control', 'no-store');
      return reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
    }),
  );

  type UploadRoute = { Querystring: { file_name?: string } };
  scope.post<UploadRoute>(
    routes.upload,
    restRoute<UploadRoute>(deps, { access: kind.access }, async (request, reply, caller) => {
      kind.authorize?.(caller);
      const data = request.body as Buffer | undefined;
      if (
        !Buffer.isBuffer(data) ||
        data.length < ZIP_MAGIC.length ||
        !data.subarray(0, 4).equals(ZIP_MAGIC)
      ) {
        throw badInput(messages.notXlsx, 'file');
      }
      const fallbackName = `${spec.path}.xlsx`;
      const name = String(request.query.file_name ?? fallbackName).slice(0, 200) || fallbackName;
      const answer = ndjson(reply);
      void (async () => {
        try {
          const item = await checkWorkbook(deps.db, caller, kind, { name, data }, (done, total) =>
            answer.write({ type: 'progress', phase: 'checking', done, total }),
          );
          // The upload changes no record, but it is kept (24 hours) and so is who made it.
          await writeAudit(deps.db, {
            organization_id: caller.organization.id,
            user_id: caller.user.id,
            user_email: caller.user.email,
            operation: kind.operations.upload,
            target: item.import_id,
            changes: {
              file_name: item.file_name,
              total_rows: item.total_rows,
              valid_count: item.valid_count,
            },
            ip_address: request.ip,
          });
          answer.end({
            type: 'done',
            import: item,
            message: messages.checked(item.valid_count, item.invalid_count),
          });
        } catch (error) {
          answer.end(errorLine(error, request, messages.unreadable));
        }
      })();
      return reply.send(answer.body);
    }),
  );

  type ConfirmRoute = { Params: { id: string } };
  scope.post<ConfirmRoute>(
    `${routes.upload}/:id/confirm`,
    restRoute<ConfirmRoute>(deps, { access: kind.access }, async (request, reply, caller) => {
      kind.authorize?.(caller);
      const id = request.params.id;
      // Refused before the answer starts when it plainly cannot run; checked again under lock.
      assertConfirmable(spec, await findImport(deps.db, caller, spec, id));
      const answer = ndjson(reply);
      void (async () => {
        try {
          // One transaction for every row and the audit entry: all of them, or nothing.
          const item = await deps.db.transaction(async (tx) => {
            const db = tx as unknown as Db;
            const done = await runImport(db, caller, kind, id, (count, total) =>
              answer.write({ type: 'progress', phase: 'importing', done: count, total }),
            );
            await writeAudit(db, {
              organization_id: caller.organization.id,
              user_id: caller.user.id,
              user_email: caller.user.email,
              operation: kind.operations.confirm,
              target: id,
              changes: { import_id: id, file_name: done.file_name, imported_count: done.imported_count },
              ip_address: request.ip,
            });
            return done;
          });
          const skipped = item.total_rows - (item.imported_count ?? 0);
          answer.end({
            type: 'done',
            import: item,
            message: messages.imported(item.imported_count ?? 0, skipped),
          });
        } catch (error) {
          const line = errorLine(error, request, messages.failed);
          await recordImportFailure(
            deps.db,
            caller,
            id,
            line.type === 'error' ? line.message : messages.failed,
          ).catch((failure: unknown) =>
            request.log.error({ err: failure }, 'recording the import failure failed'),
          );
          answer.end(line);
        }
      })();
      return reply.send(answer.body);
    }),
  );
}

/** The template: the header row to fill in, how to fill it, and the kind's own lists. */
async function template(db: Db, caller: Caller, kind: AnyImportKind): Promise<ExcelJS.Workbook> {
  const { spec } = kind;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fieldport';
  const sheet = workbook.addWorksheet(spec.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((column) => ({
    header: column.required ? `${column.header} *` : column.header,
    key: column.key,
    width: Math.max(14, column.example.length + 4, column.header.length + 4),
    // Text cells, so that Excel keeps phone numbers, PIN codes and serials as typed (leading 0, +).
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };

  const help = workbook.addWorksheet('How to fill');
  help.columns = [
    { header: 'Column', key: 'header', width: 22 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Example', key: 'example', width: 30 },
    { header: 'Notes', key: 'note', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of spec.columns) {
    help.addRow({ ...column, required: column.required ? 'Yes' : 'No' });
  }
  help.addRow({});
  help.addRow({
    header: 'Limits',
    note: `At most ${spec.maxRows.toLocaleString('en-IN')} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB per file. Fill the ${spec.sheet} sheet only; keep its first row.`,
  });
  await kind.template?.(db, caller, workbook, sheet);
  return workbook;
}
