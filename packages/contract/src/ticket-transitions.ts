import type { TicketState } from './ticket-states.ts';

/**
 * The transitions of docs/product.md#ticket-transitions as data: which states each action starts
 * from and where it leads. The server refuses an action from any other state with
 * `transitionRefusal()`, and the web app offers an action only where `canTransition()` allows it,
 * so both read the same table.
 */

export const TICKET_ACTIONS = [
  'ASSIGN',
  'CLAIM',
  'RELEASE',
  'ACCEPT',
  'REJECT',
  'UPDATE_WORK',
  'HOLD',
  'RESUME',
  'PARTIALLY_CLOSE',
  'CLOSE',
  'DISCARD',
  'REOPEN',
  'RECREATE',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const ACTIVE_STATES = [
  'OPEN',
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
] as const satisfies readonly TicketState[];

export const TRANSITIONS: Record<TicketAction, { from: readonly TicketState[]; to: readonly TicketState[] }> =
  {
    // assign / reassign: to a technician or to a service partner.
    ASSIGN: {
      from: ['OPEN', 'ASSIGNED', 'ACCEPTED', 'IN_PROGRESS', 'ON_HOLD', 'PARTIALLY_CLOSED'],
      to: ['ASSIGNED'],
    },
    // claim of a floating ticket: atomically, of many claimers exactly one wins.
    CLAIM: { from: ['OPEN'], to: ['ACCEPTED'] },
    // release: the claimer gives a claimed ticket, not yet started, back to the floating pool
    // (docs/tickets.md#assignment; the undo of a claim).
    RELEASE: { from: ['ACCEPTED'], to: ['OPEN'] },
    ACCEPT: { from: ['ASSIGNED'], to: ['ACCEPTED'] },
    REJECT: { from: ['ASSIGNED'], to: ['OPEN'] },
    // start or update work: carries a WIP sub-stage.
    UPDATE_WORK: { from: ['ACCEPTED', 'IN_PROGRESS'], to: ['IN_PROGRESS'] },
    HOLD: { from: ['IN_PROGRESS'], to: ['ON_HOLD'] },
    RESUME: { from: ['ON_HOLD'], to: ['IN_PROGRESS'] },
    PARTIALLY_CLOSE: { from: ['IN_PROGRESS'], to: ['PARTIALLY_CLOSED'] },
    // with the customer's closure code, or by a co-ordinator with a reason.
    CLOSE: { from: ['IN_PROGRESS', 'PARTIALLY_CLOSED'], to: ['CLOSED'] },
    DISCARD: { from: ACTIVE_STATES, to: ['DISCARDED'] },
    REOPEN: { from: ['CLOSED', 'PARTIALLY_CLOSED'], to: ['ASSIGNED', 'OPEN'] },
    // a new ticket linked to a closed one; the closed one stays as it is.
    RECREATE: { from: ['CLOSED'], to: ['CLOSED'] },
  };

export function canTransition(action: TicketAction, state: TicketState): boolean {
  return TRANSITIONS[action].from.includes(state);
}

const ACTION_WORDS: Record<TicketAction, string> = {
  ASSIGN: 'assigned',
  CLAIM: 'claimed',
  RELEASE: 'given back to the pool',
  ACCEPT: 'accepted',
  REJECT: 'rejected',
  UPDATE_WORK: 'worked on',
  HOLD: 'put on hold',
  RESUME: 'resumed',
  PARTIALLY_CLOSE: 'partially closed',
  CLOSE: 'closed',
  DISCARD: 'discarded',
  REOPEN: 'reopened',
  RECREATE: 're-created',
};

const STATE_WORDS: Record<TicketState, string> = {
  OPEN: 'open',
  ASSIGNED: 'assigned',
  ACCEPTED: 'accepted',
  IN_PROGRESS: 'in progress',
  ON_HOLD: 'on hold',
  PARTIALLY_CLOSED: 'partially closed',
  CLOSED: 'closed',
  DISCARDED: 'discarded',
};

/** 'Ticket AC-000123 is closed and cannot be put on hold.' */
export function transitionRefusal(ticketNumber: string, action: TicketAction, state: TicketState): string {
  return `Ticket ${ticketNumber} is ${STATE_WORDS[state]} and cannot be ${ACTION_WORDS[action]}.`;
}
