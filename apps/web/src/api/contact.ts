import {
  CONTACT_API_PATH,
  CONTACT_MESSAGES,
  type ContactField,
  type ContactInput,
} from '@fieldport/contract/contact';
import { NETWORK_MESSAGE } from './client.ts';
import { callPublicRoute } from './public-route.ts';

/**
 * A refusal of the contact form's route (docs/landing.md#the-contact-form): 400 names the field
 * its message is about, 429 says to wait. `message` is written for the person who wrote.
 */
export class ContactError extends Error {
  override readonly name = 'ContactError';
  constructor(
    message: string,
    readonly status: number,
    readonly field?: ContactField,
  ) {
    super(message);
  }
}

const FIELDS: readonly string[] = [
  'name',
  'email',
  'country_code',
  'phone',
  'message',
] satisfies ContactField[];

/** Sends the landing page's contact form; answers the message to show when it is received. */
export async function sendContact(input: ContactInput): Promise<string> {
  const called = await callPublicRoute(CONTACT_API_PATH, input);
  if (!called) throw new ContactError(NETWORK_MESSAGE, 0);
  const { ok, status, answer } = called;
  const message = typeof answer.message === 'string' && answer.message ? answer.message : undefined;
  if (ok) return message ?? CONTACT_MESSAGES.sent;
  if (status === 429) throw new ContactError(message ?? CONTACT_MESSAGES.tooMany, 429);
  if (status === 400) {
    const field =
      typeof answer.field === 'string' && FIELDS.includes(answer.field)
        ? (answer.field as ContactField)
        : undefined;
    throw new ContactError(message ?? 'Please check the form and try again.', 400, field);
  }
  // Anything else (the server down or updating) is not the person's doing: no server text.
  throw new ContactError(
    'Your message could not be sent just now. Please try again in a few minutes.',
    status,
  );
}
