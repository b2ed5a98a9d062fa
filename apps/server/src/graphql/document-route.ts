import type { FastifyInstance } from 'fastify';
import type { Identity } from '../auth/identity.ts';
import type { Db } from '../db/client.ts';
import { writeAudit } from '../platform/audit.ts';
import { notFound } from '../platform/errors.ts';
import type { FileStore } from '../platform/files.ts';
import type { PdfDocumentKind } from '../platform/pdf.ts';
import { restRoute } from './rest-route.ts';

/**
 * GET /api/documents/<kind>/<id>.pdf: one record's document as a PDF, made when asked
 * (docs/purchasing.md#the-pdf). The caller is resolved and authorized as for the kind's own reads;
 * a record the caller may not see is 404, as one that does not exist. Shown in the browser
 * (inline), never cached by shared caches; the download is audited.
 */
export function registerDocumentRoute(
  app: FastifyInstance,
  deps: { db: Db; identity: Identity; kinds: PdfDocumentKind[]; files: FileStore },
) {
  const byKind = new Map(deps.kinds.map((kind) => [kind.kind, kind]));
  type DocumentRoute = { Params: { kind: string; file: string } };
  const kindOf = (kind: string): PdfDocumentKind => {
    const found = byKind.get(kind);
    if (!found) throw notFound(`There is no document of kind ${kind}.`);
    return found;
  };

  app.get<DocumentRoute>(
    '/api/documents/:kind/:file',
    restRoute<DocumentRoute>(
      deps,
      { access: (request) => kindOf(request.params.kind).access },
      async (request, reply, caller) => {
        const kind = kindOf(request.params.kind);
        const match = /^(.{1,64})\.pdf$/.exec(request.params.file);
        if (!match) throw notFound('Documents are served as <id>.pdf.');
        const document = await kind.render(deps.db, caller, match[1], deps.files);
        await writeAudit(deps.db, {
          organization_id: caller.organization.id,
          user_id: caller.user.id,
          user_email: caller.user.email,
          operation: 'OpenDocument',
          target: match[1],
          changes: { kind: kind.kind, file: document.filename },
          ip_address: request.ip,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${document.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(document.content);
      },
    ),
  );
}
