import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  XLSX_MIME,
  type ImportProgressLine,
} from '@fieldport/contract/customer-import';
import { ConfirmCustomerImport, CreateCustomer } from '@fieldport/contract/operations/customers';
import { and, asc, eq } from 'drizzle-orm';
import type { Identity } from '../../auth/identity.ts';
import type { Db } from '../../db/client.ts';
import { customerCategory } from '../../db/schema/settings.ts';
import type { Caller } from '../../platform/caller.ts';
import { restRoute, sendDomainRefusal } from '../../graphql/rest-route.ts';
import { writeAudit } from '../../platform/audit.ts';
import { DomainError, badInput } from '../../platform/errors.ts';
import { assertConfirmable, checkWorkbook, findImport, recordFailure, runImport } from './customer-import.ts';
import { inOrganization } from '../../platform/tenant.ts';

/**
 * The REST half of the customer import, for what GraphQL carries badly: the template (a file), the
 * upload (a file of up to 10 MB) and a confirmation that reports its progress. Each is a restRoute
 * with the access of CreateCustomer / ConfirmCustomerImport, as the operations would check it.
 * Upload and confirmation answer NDJSON: progress lines while they work, then one 'done' or
 * 'error' line (packages/contract/src/customer-import.ts).
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
  request.log.error({ err: error }, 'customer import failed');
  return { type: 'error', code: 'INTERNAL_SERVER_ERROR', message: fallback };
}

export function registerCustomerImportRoutes(app: FastifyInstance, deps: { db: Db; identity: Identity }) {
  void app.register(async (scope) => {
    // The workbook comes as the request's body; other content types keep Fastify's 415.
    for (const type of [XLSX_MIME, 'application/octet-stream']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: CUSTOMER_IMPORT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
    }
    scope.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return sendDomainRefusal(reply, badInput(IMPORT_MESSAGES.tooLarge, 'file'));
      // Whatever else is wrong with the body (empty, JSON, another type) is not a workbook.
      if (error.statusCode && error.statusCode < 500) {
        return sendDomainRefusal(reply, badInput(IMPORT_MESSAGES.notXlsx, 'file'));
      }
      request.log.error({ err: error }, 'customer import route failed');
      return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: IMPORT_MESSAGES.failed });
    });

    scope.get(
      '/api/imports/customers/template.xlsx',
      restRoute(deps, { access: CreateCustomer.access }, async (_request, reply, caller) => {
        const workbook = await template(deps.db, caller);
        reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', 'attachment; filename="customers-import-template.xlsx"')
          .header('cache-control', 'no-store');
        return reply.send(Buffer.from(await workbook.xlsx.writeBuffer()));
      }),
    );

    type UploadRoute = { Querystring: { file_name?: string } };
    scope.post<UploadRoute>(
      '/api/imports/customers',
      restRoute<UploadRoute>(
        deps,
        { access: ConfirmCustomerImport.access },
        async (request, reply, caller) => {
          const data = request.body as Buffer | undefined;
          if (
            !Buffer.isBuffer(data) ||
            data.length < ZIP_MAGIC.length ||
            !data.subarray(0, 4).equals(ZIP_MAGIC)
          ) {
            throw badInput(IMPORT_MESSAGES.notXlsx, 'file');
          }
          const name = String(request.query.file_name ?? 'customers.xlsx').slice(0, 200) || 'customers.xlsx';
          const answer = ndjson(reply);
          void (async () => {
            try {
              const item = await checkWorkbook(deps.db, caller, { name, data }, (done, total) =>
                answer.write({ type: 'progress', phase: 'checking', done, total }),
              );
              // The upload changes no customer, but it is kept (24 hours) and so is who made it.
              await writeAudit(deps.db, {
                organization_id: caller.organization.id,
                user_id: caller.user.id,
                user_email: caller.user.email,
                operation: 'UploadCustomerImport',
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
                message: IMPORT_MESSAGES.checked(item.valid_count, item.invalid_count),
              });
            } catch (error) {
              answer.end(errorLine(error, request, IMPORT_MESSAGES.unreadable));
            }
          })();
          return reply.send(answer.body);
        },
      ),
    );

    type ConfirmRoute = { Params: { id: string } };
    scope.post<ConfirmRoute>(
      '/api/imports/customers/:id/confirm',
      restRoute<ConfirmRoute>(
        deps,
        { access: ConfirmCustomerImport.access },
        async (request, reply, caller) => {
          const id = request.params.id;
          // Refused before the answer starts when it plainly cannot run; checked again under lock.
          assertConfirmable(await findImport(deps.db, caller, id));
          const answer = ndjson(reply);
          void (async () => {
            try {
              // One transaction for every row and the audit entry: all of them, or nothing.
              const item = await deps.db.transaction(async (tx) => {
                const db = tx as unknown as Db;
                const done = await runImport(db, caller, id, (count, total) =>
                  answer.write({ type: 'progress', phase: 'importing', done: count, total }),
                );
                await writeAudit(db, {
                  organization_id: caller.organization.id,
                  user_id: caller.user.id,
                  user_email: caller.user.email,
                  operation: ConfirmCustomerImport.name,
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
                message: IMPORT_MESSAGES.imported(item.imported_count ?? 0, skipped),
              });
            } catch (error) {
              const line = errorLine(error, request, IMPORT_MESSAGES.failed);
              await recordFailure(
                deps.db,
                caller,
                id,
                line.type === 'error' ? line.message : IMPORT_MESSAGES.failed,
              ).catch((failure: unknown) =>
                request.log.error({ err: failure }, 'recording the import failure failed'),
              );
              answer.end(line);
            }
          })();
          return reply.send(answer.body);
        },
      ),
    );
  });
}

/** The template: the header row to fill in, how to fill it, and the organization's categories. */
async function template(db: Db, caller: Caller): Promise<ExcelJS.Workbook> {
  const categories = await db
    .select({ name: customerCategory.name })
    .from(customerCategory)
    .where(and(inOrganization(customerCategory, caller), eq(customerCategory.status, 'ACTIVE')))
    .orderBy(asc(customerCategory.name));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Fieldport';
  const sheet = workbook.addWorksheet('Customers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CUSTOMER_IMPORT_COLUMNS.map((column) => ({
    header: column.required ? `${column.header} *` : column.header,
    key: column.key,
    width: Math.max(14, column.example.length + 4, column.header.length + 4),
    // Text cells, so that Excel keeps phone numbers and PIN codes as typed (leading 0, +).
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  const categoryColumn =
    CUSTOMER_IMPORT_COLUMNS.findIndex((column) => column.key === 'customer_category') + 1;
  if (categories.length) {
    // One validation for the whole column's range (not one per cell): a small file that opens fast.
    const letter = sheet.getColumn(categoryColumn).letter;
    const validations = (
      sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
    ).dataValidations;
    validations.add(`${letter}2:${letter}${CUSTOMER_IMPORT_MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`Categories!$A$2:$A$${categories.length + 1}`],
      showErrorMessage: true,
      errorTitle: 'Customer category',
      error: 'Choose one of the categories of the Categories sheet.',
    });
  }

  const help = workbook.addWorksheet('How to fill');
  help.columns = [
    { header: 'Column', key: 'header', width: 22 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Example', key: 'example', width: 30 },
    { header: 'Notes', key: 'note', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of CUSTOMER_IMPORT_COLUMNS) {
    help.addRow({ ...column, required: column.required ? 'Yes' : 'No' });
  }
  help.addRow({});
  help.addRow({
    header: 'Limits',
    note: `At most ${CUSTOMER_IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows and ${CUSTOMER_IMPORT_MAX_BYTES / 1024 / 1024} MB per file. Fill the Customers sheet only; keep its first row.`,
  });

  const list = workbook.addWorksheet('Categories');
  list.columns = [{ header: 'Customer category', key: 'name', width: 30 }];
  list.getRow(1).font = { bold: true };
  for (const category of categories) list.addRow(category);
  return workbook;
}
