/** The states of a ticket (DOMAIN.md "Tickets"), in the order a ticket moves through them. */
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

/** States in which a ticket still waits for someone (DOMAIN.md: every state but CLOSED and DISCARDED). */
export const OPEN_TICKET_STATES = [
  'OPEN',
  'ASSIGNED',
  'ACCEPTED',
  'IN_PROGRESS',
  'ON_HOLD',
  'PARTIALLY_CLOSED',
] as const satisfies readonly TicketState[];
export type OpenTicketState = (typeof OPEN_TICKET_STATES)[number];

/** How a state reads on screen: 'IN_PROGRESS' -> 'In Progress'. */
export function ticketStateLabel(state: TicketState): string {
  return state
    .split('_')
    .map((word) => word[0] + word.slice(1).toLowerCase())
    .join(' ');
}
