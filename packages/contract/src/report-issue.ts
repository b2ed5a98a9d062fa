import { z } from 'zod';
import { MSG } from './messages.ts';

/** docs/product.md#report-an-issue: description required, at most 1000 characters. */
export const issueDescriptionSchema = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(1000, MSG.descriptionTooLong);

const REPORT_ATTACHMENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const REPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
const REPORT_ATTACHMENT_MAX_COUNT = 5;
/** All attachments of one report together (a screenshot is a few hundred KB). */
export const REPORT_TOTAL_MAX_BYTES = 8 * 1024 * 1024;
/** Reports one member may send in an hour. */
export const REPORTS_PER_MEMBER_PER_HOUR = 10;

/** The report-issue payload of the old API (user email, project key, description, attachments). */
export const reportIssueSchema = z
  .object({
    user_email_id: z.string().trim().toLowerCase().optional(),
    project_key: z.string().trim().min(1, 'project_key is required').max(40).default('FIELDPORT'),
    issue_description: issueDescriptionSchema,
    page_url: z.string().max(500).optional(),
    attachments: z
      .array(
        z.object({
          file_data: z.string().min(1, 'file_data is required'),
          content_type: z.enum(REPORT_ATTACHMENT_TYPES, { error: 'Attachments must be PNG or JPEG images' }),
          file_extension: z.enum(['png', 'jpg', 'jpeg'], {
            error: 'file_extension must be png, jpg or jpeg',
          }),
        }),
      )
      .max(REPORT_ATTACHMENT_MAX_COUNT, `At most ${REPORT_ATTACHMENT_MAX_COUNT} attachments`)
      .default([]),
  })
  .strict();

export type ReportIssueInput = z.input<typeof reportIssueSchema>;
export interface ReportIssueAnswer {
  status: 'success';
  message: string;
}
export interface ReportIssueFailure {
  errorMessage: string;
}
