import type { FastifyInstance } from 'fastify';
import {
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_TOTAL_MAX_BYTES,
  REPORTS_PER_MEMBER_PER_HOUR,
  reportIssueSchema,
} from '@fieldport/contract/report-issue';
import type { FileType } from '@fieldport/contract/operations/files';
import type { Db } from '../../db/client.ts';
import { issueReport, issueReportAttachment } from '../../db/schema/platform.ts';
import type { Identity } from '../../auth/identity.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { restRoute, validInput, type RefusalBody } from '../../graphql/rest-route.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badInput, tooManyRequests } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files.ts';
import { newId } from '../../db/ids.ts';
import { registerServerFile } from '../../platform/uploads.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const MB = 1024 * 1024;

/**
 * Base64 carries 4 characters for 3 bytes. A report one attachment over the total is still read,
 * to be told why; anything larger is refused while it arrives (413).
 */
const BODY_LIMIT = Math.ceil(((REPORT_TOTAL_MAX_BYTES + REPORT_ATTACHMENT_MAX_BYTES) * 4) / 3) + MB;

/** The report's clients read `errorMessage` (packages/contract/src/report-issue.ts ReportIssueFailure). */
const errorMessageBody: RefusalBody = (error) => ({
  errorMessage: error.message,
  ...(error.field ? { field: error.field } : {}),
});

/**
 * POST /api/report-issue (docs/product.md#report-an-issue): stores the report and its screenshots and
 * answers {status:'success', message} or {errorMessage}. A member may send a limited number of
 * reports an hour, of a limited total size; the screenshots are registered with the report and
 * written in its transaction, and removed again when it fails (docs/security.md#files).
 */
export function registerReportIssueRoute(
  app: FastifyInstance,
  deps: { db: Db; identity: Identity; files: FileStore },
) {
  const route = restRoute(
    deps,
    { access: null, refusalBody: errorMessageBody },
    async (request, reply, caller) => {
      const retryAfter = await hitRateLimit(deps.db, {
        key: `report-issue:${caller.membership.id}`,
        max: REPORTS_PER_MEMBER_PER_HOUR,
        windowSeconds: 60 * 60,
      });
      if (retryAfter > 0) {
        throw tooManyRequests(
          `You have sent ${REPORTS_PER_MEMBER_PER_HOUR} reports in the last hour. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
          retryAfter,
        );
      }
      const input = validInput(reportIssueSchema, request.body ?? {}, { nameField: false });
      const files: { data: Buffer; content_type: FileType; file_extension: string }[] = [];
      for (const [index, attachment] of input.attachments.entries()) {
        const data = Buffer.from(attachment.file_data, 'base64');
        const magic = attachment.content_type === 'image/png' ? PNG : JPEG;
        if (data.length === 0 || !data.subarray(0, magic.length).equals(magic)) {
          throw badInput(
            `Attachment ${index + 1} is not a valid ${attachment.content_type === 'image/png' ? 'PNG' : 'JPEG'} image.`,
          );
        }
        if (data.length > REPORT_ATTACHMENT_MAX_BYTES) {
          throw badInput(`Attachment ${index + 1} is larger than 5 MB.`);
        }
        files.push({
          data,
          content_type: attachment.content_type,
          file_extension: attachment.file_extension,
        });
      }
      const total = files.reduce((sum, file) => sum + file.data.length, 0);
      if (total > REPORT_TOTAL_MAX_BYTES) {
        throw badInput(
          `The attachments together are larger than ${REPORT_TOTAL_MAX_BYTES / MB} MB. Attach fewer or smaller images.`,
          'attachments',
        );
      }
      const reportId = newId();
      const stored = files.map((file, index) => ({
        ...file,
        key: `issue-reports/${reportId}/${index + 1}.${file.file_extension}`,
      }));
      const written: string[] = [];
      try {
        await deps.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          await db.insert(issueReport).values({
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
          for (const [index, file] of stored.entries()) {
            await db.insert(issueReportAttachment).values({
              id: newId(),
              issue_report_id: reportId,
              storage_key: file.key,
              content_type: file.content_type,
              file_extension: file.file_extension,
              file_size: file.data.length,
            });
            await registerServerFile(db, {
              organization_id: caller.organization.id,
              key: file.key,
              purpose: 'ISSUE_REPORT',
              file_name: `screenshot-${index + 1}.${file.file_extension}`,
              file_type: file.content_type,
              file_size: file.data.length,
              created_by: caller.user.id,
              record: { kind: 'ISSUE_REPORT', id: reportId },
            });
          }
          await writeAudit(db, {
            organization_id: caller.organization.id,
            user_id: caller.user.id,
            user_email: caller.user.email,
            operation: 'ReportIssue',
            target: reportId,
            changes: { issue_description: input.issue_description, attachments: stored.length },
            ip_address: request.ip,
          });
          // Last, once every row is in: a failure here rolls the rows back and removes the files.
          for (const file of stored) {
            written.push(file.key);
            await deps.files.put(file.key, file.data, file.content_type);
          }
        });
      } catch (error) {
        await Promise.all(written.map((key) => deps.files.delete(key).catch(() => undefined)));
        throw error;
      }
      return reply.send({
        status: 'success',
        message: `Thank you. Your issue was reported (reference ${reportId.slice(-8).toUpperCase()}).`,
      });
    },
  );
  app.post('/api/report-issue', { bodyLimit: BODY_LIMIT }, route);
}
