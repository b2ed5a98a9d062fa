import {
  LEAD_API_PATH,
  type PublicLeadForm,
  type PublicLeadInput,
} from '@fieldport/contract/operations/leads';
import { callPublicForm as call } from './public-form.ts';

/** What sending a lead form answers: the organization's thanks (a bot's answer reads the same). */
export interface LeadSent {
  status: 'SUCCESS';
  message: string;
}

/**
 * A lead form's public link (docs/leads.md#the-public-link): the form behind its signed token, and
 * sending it, without signing in.
 */
export const leadFormApi = {
  form: (token: string) => call<PublicLeadForm>(`${LEAD_API_PATH}?form=${encodeURIComponent(token)}`),
  send: (input: PublicLeadInput) => call<LeadSent>(LEAD_API_PATH, input),
};
