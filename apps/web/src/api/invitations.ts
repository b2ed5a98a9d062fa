import type { InvitationDetails } from '@fieldport/contract/operations/people';
import { MSG } from '@fieldport/contract/messages';
import { NETWORK_MESSAGE } from './client.ts';

/** A refusal of the invitation routes: its code (NOT_FOUND, INVITATION_EXPIRED ...) and message. */
class InvitationError extends Error {
  override readonly name = 'InvitationError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

async function post<T>(action: 'read' | 'accept' | 'decline', token: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/invitations/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
  } catch {
    throw new InvitationError(NETWORK_MESSAGE, 'NETWORK');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const fallback =
      response.status === 429
        ? MSG.tooManyRequests
        : `The request failed (HTTP ${response.status}). Please try again.`;
    throw new InvitationError(
      typeof body.message === 'string' ? body.message : fallback,
      typeof body.code === 'string' ? body.code : 'ERROR',
    );
  }
  return body as T;
}

/** The public routes of an invitation link (docs/people.md#invitations): the token is the proof. */
export const invitationsApi = {
  read: (token: string) => post<InvitationDetails>('read', token),
  accept: (token: string) => post<{ status_message: string }>('accept', token),
  decline: (token: string) => post<{ status_message: string }>('decline', token),
};
