import type {
  PublicRequestForm,
  PublicRequestInput,
  PublicRequestStatus,
} from '@fieldport/contract/operations/requests';
import { ApiError, NETWORK_MESSAGE } from './client.ts';
import { callPublicRoute, refusalMessage } from './public-route.ts';

/** What sending the form answers: the request's number and its status page (none for a bot's). */
export interface RequestSent {
  status: 'SUCCESS';
  message: string;
  request_number?: string;
  status_url?: string;
}

/** The wire's codes of a refusal, as ApiError has them (docs/architecture.md#the-wire-format). */
const CODES: Record<number, string> = { 400: 'BAD_USER_INPUT', 404: 'NOT_FOUND', 429: 'TOO_MANY_REQUESTS' };

/**
 * One call to a public route. A refusal is an ApiError like an operation's, so that a form shows
 * it under the field it names (ui/use-operation.ts): 400 with its field, 404 an unknown form or a
 * link that is not valid, 429 to wait. Its message is written for the customer.
 */
async function call<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  const called = await callPublicRoute(path, body);
  if (!called) throw new ApiError(NETWORK_MESSAGE, 'NETWORK');
  const { ok, status, answer } = called;
  if (ok) return answer as T;
  throw new ApiError(
    refusalMessage(status, answer),
    CODES[status] ?? 'INTERNAL',
    typeof answer.field === 'string' ? answer.field : undefined,
  );
}

/**
 * The public routes of requests for service (docs/requests.md#the-public-form): an organization's
 * form, sending it, and a request's status behind its signed link.
 */
export const serviceRequestApi = {
  form: (organizationSlug: string) =>
    call<PublicRequestForm>(`/api/service-request/form?org=${encodeURIComponent(organizationSlug)}`),
  send: (input: PublicRequestInput) => call<RequestSent>('/api/service-request', input),
  status: (token: string) => call<PublicRequestStatus>('/api/service-request/status', { token }),
};
