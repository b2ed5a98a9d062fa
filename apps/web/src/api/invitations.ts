import type { InvitationDetails } from '@fieldport/contract/operations/people';
import { NETWORK_MESSAGE } from './client.ts';
import { callPublicRoute, refusalMessage } from './public-route.ts';

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
  const called = await callPublicRoute(`/api/invitations/${action}`, { token });
  if (!called) throw new InvitationError(NETWORK_MESSAGE, 'NETWORK');
  const { ok, status, answer } = called;
  if (!ok) {
    throw new InvitationError(
      refusalMessage(status, answer),
      typeof answer.code === 'string' ? answer.code : 'ERROR',
    );
  }
  return answer as T;
}

/** The public routes of an invitation link (docs/people.md#invitations): the token is the proof. */
export const invitationsApi = {
  read: (token: string) => post<InvitationDetails>('read', token),
  accept: (token: string) => post<{ status_message: string }>('accept', token),
  decline: (token: string) => post<{ status_message: string }>('decline', token),
};
