import type {
  ReportIssueAnswer,
  ReportIssueFailure,
  ReportIssueInput as ReportIssuePayload,
} from '@fieldport/contract/report-issue';
import { NETWORK_MESSAGE } from './client.ts';

/**
 * The report-issue payload (docs/product.md#report-an-issue). The project key is fixed for this
 * product.
 */
export interface ReportIssueInput {
  user_email_id: string;
  issue_description: string;
  /** PNG bytes as base64, without the `data:` prefix. */
  screenshotBase64: string | null;
  /** The route the report was started from. */
  page_url?: string;
}

class ReportIssueError extends Error {
  override readonly name = 'ReportIssueError';
}

export async function reportIssue(input: ReportIssueInput): Promise<string> {
  const body: ReportIssuePayload = {
    user_email_id: input.user_email_id,
    page_url: input.page_url,
    project_key: 'FIELDPORT',
    issue_description: input.issue_description,
    attachments: input.screenshotBase64
      ? [{ file_data: input.screenshotBase64, content_type: 'image/png', file_extension: 'png' }]
      : [],
  };
  let response: Response;
  try {
    response = await fetch('/api/report-issue', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ReportIssueError(NETWORK_MESSAGE);
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<ReportIssueAnswer & ReportIssueFailure>;
  // docs/product.md#report-an-issue: a failed report shows the service's errorMessage.
  if (!response.ok || answer.status !== 'success') {
    throw new ReportIssueError(
      answer.errorMessage || answer.message || `The report could not be sent (HTTP ${response.status}).`,
    );
  }
  return answer.message || 'Issue reported';
}
