import type {
  PublicRequestForm,
  PublicRequestInput,
  PublicRequestStatus,
} from '@fieldport/contract/operations/requests';
import { callPublicForm as call } from './public-form.ts';

/** What sending the form answers: the request's number and its status page (none for a bot's). */
export interface RequestSent {
  status: 'SUCCESS';
  message: string;
  request_number?: string;
  status_url?: string;
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
