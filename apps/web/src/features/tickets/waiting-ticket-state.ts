import type { TicketState } from '@fieldport/contract/ticket-states';
import { ACTIVE_STATES, TRANSITIONS, type TicketAction } from '@fieldport/contract/ticket-transitions';
import type { OutboxEntry } from './field-outbox.ts';

/** The state a ticket will have once the actions waiting on the phone are sent, and whether one is on its way. */
export interface WaitingTicketState {
  state: TicketState;
  sending: boolean;
}

/** The transition a queued action makes, if it makes one (a note, a call or a photo does not). */
function transitionOf(entry: OutboxEntry): TicketAction | null {
  if (entry.operation === 'UpdateTicketWorkStatus') return 'UPDATE_WORK';
  if (entry.operation === 'HoldOrResumeTicket') return entry.input.action === 'HOLD' ? 'HOLD' : 'RESUME';
  return null;
}

/**
 * What a ticket shows while its start of work, hold or resume waits for a signal
 * (docs/product.md#working-offline): the state it will have once they are sent, in the order taken.
 * Each leads where its transition leads (the contract's table) from any state the work goes on in:
 * the list the phone kept may be older than the ticket the technician acted on (still Assigned
 * after the Accept). A ticket the phone knows closed or discarded keeps its state: the server will
 * refuse the action. Null when nothing waiting changes the state: the ticket shows the server's.
 */
export function waitingTicketState(
  state: TicketState,
  ticketEntries: readonly OutboxEntry[],
): WaitingTicketState | null {
  const workGoesOn = (current: TicketState) => (ACTIVE_STATES as readonly TicketState[]).includes(current);
  let coming = state;
  let sending = false;
  for (const entry of ticketEntries) {
    const action = transitionOf(entry);
    if (entry.state === 'refused' || !action || !workGoesOn(coming)) continue;
    coming = TRANSITIONS[action].to[0];
    sending ||= entry.state === 'sending';
  }
  return coming === state ? null : { state: coming, sending };
}
