/**
 * The states of a ticket (docs/product.md#ticket-states), in the order a ticket moves through them.
 */
export const TICKET_STATES = [
  'OPEN',
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PARTIALLY_CLOSED',
  'CLOSED',
  'DISCARDED',
] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** States in which a ticket still waits for someone: every state but CLOSED and DISCARDED. */
export const OPEN_TICKET_STATES = [
  'OPEN',
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PARTIALLY_CLOSED',
] as const satisfies readonly TicketState[];
export type OpenTicketState = (typeof OPEN_TICKET_STATES)[number];

/**
 * The states of the Active list (docs/product.md#ticket-states): waiting for someone, not partially
 * closed. The database's partial indexes of the Active list are declared with the same states.
 */
export const ACTIVE_LIST_STATES = [
  'OPEN',
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
] as const satisfies readonly OpenTicketState[];

/** How a state reads on screen: 'IN_PROGRESS' -> 'In Progress'. */
export function ticketStateLabel(state: TicketState): string {
  return state
    .split('_')
    .map((word) => word[0] + word.slice(1).toLowerCase())
    .join(' ');
}
