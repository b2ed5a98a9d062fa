import type { FastifyInstance } from 'fastify';
import { reportIssueSchema, REPORT_ATTACHMENT_MAX_BYTES } from '@fieldport/contract/report-issue';
import type { Db } from '../../db/client.ts';
import { issueReport, issueReportAttachment } from '../../db/schema/platform.ts';
import type { Identity } from '../../auth/identity.ts';
import { resolveCaller } from '../../graphql/caller.ts';
import { writeAudit } from '../../platform/audit.ts';
import { DomainError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import { newId } from '../../platform/ids.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * POST /api/report-issue (SPEC sections 2, 3 and 7): stores the report and its screenshots and
 * answers {status:'success', message} or {errorMessage}.
 */
export function registerReportIssueRoute(
  app: FastifyInstance,
  deps: { db: Db; identity: Identity; files: FileStore },
) {
  app.post('/api/report-issue', { bodyLimit: 40 * 1024 * 1024 }, async (request, reply) => {
    let caller;
    try {
      caller = await resolveCaller(deps.identity, deps.db, request);
    } catch (error) {
      const status = error instanceof DomainError && error.code === 'UNAUTHENTICATED' ? 401 : 403;
      return reply
        .code(status)
        .send({ errorMessage: error instanceof Error ? error.message : 'Sign in first.' });
    }
    const parsed = reportIssueSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({ errorMessage: issue.message, field: issue.path.join('.') });
    }
    const input = parsed.data;
    const files: { data: Buffer; content_type: string; file_extension: string }[] = [];
    for (const [index, attachment] of input.attachments.entries()) {
      const data = Buffer.from(attachment.file_data, 'base64');
      const magic = attachment.content_type === 'image/png' ? PNG : JPEG;
      if (data.length === 0 || !data.subarray(0, magic.length).equals(magic)) {
        return reply.code(400).send({
          errorMessage: `Attachment ${index + 1} is not a valid ${attachment.content_type === 'image/png' ? 'PNG' : 'JPEG'} image.`,
        });
      }
      if (data.length > REPORT_ATTACHMENT_MAX_BYTES) {
        return reply.code(400).send({ errorMessage: `Attachment ${index + 1} is larger than 5 MB.` });
      }
      files.push({ data, content_type: attachment.content_type, file_extension: attachment.file_extension });
    }
    const reportId = newId();
    const stored = files.map((file, index) => ({
      ...file,
      key: `issue-reports/${reportId}/${index + 1}.${file.file_extension}`,
    }));
    for (const file of stored) await deps.files.put(file.key, file.data, file.content_type);
    await deps.db.transaction(async (tx) => {
      await tx.insert(issueReport).values({
        id: reportId,
        organization_id: caller.organization.id,
        member_id: caller.membership.id,
        user_id: caller.user.id,
        // The report is filed under the signed-in person, whatever email the client sent.
        user_email_id: caller.user.email,
        project_key: input.project_key,
        issue_description: input.issue_description,
        page_url: input.page_url ?? null,
      });
      if (stored.length) {
        await tx.insert(issueReportAttachment).values(
          stored.map((file) => ({
            id: newId(),
            issue_report_id: reportId,
            storage_key: file.key,
            content_type: file.content_type,
            file_extension: file.file_extension,
            file_size: file.data.length,
          })),
        );
      }
      await writeAudit(tx as never, {
        organization_id: caller.organization.id,
        user_id: caller.user.id,
        user_email: caller.user.email,
        operation: 'ReportIssue',
        target: reportId,
        changes: { issue_description: input.issue_description, attachments: stored.length },
        ip_address: request.ip,
      });
    });
    return reply.send({
      status: 'success',
      message: `Thank you. Your issue was reported (reference ${reportId.slice(-8).toUpperCase()}).`,
    });
  });
}
