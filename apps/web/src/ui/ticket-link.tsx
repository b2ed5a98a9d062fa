import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import type { ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { TICKET_STATES, ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import { StateChip } from './status-chip.tsx';

/** A ticket's state as the ticket lists colour it: waiting ones filled, the ends quiet. */
export const TICKET_STATE_COLORS = {
  OPEN: 'info',
  ASSIGNED: 'primary',
  ACCEPTED: 'primary',
  IN_PROGRESS: 'secondary',
  ON_HOLD: 'warning',
  PARTIALLY_CLOSED: 'warning',
  CLOSED: 'success',
  DISCARDED: 'default',
} as const satisfies Record<TicketState, ChipProps['color']>;

const isTicketState = (state: string): state is TicketState =>
  (TICKET_STATES as readonly string[]).includes(state);

/**
 * The state of a ticket another record led to (a maintenance plan's, a request's), beside that
 * record: the ticket's own page draws its state with more (ticket-format.tsx).
 */
export function TicketStateChip({ state }: { state: string }) {
  if (!isTicketState(state)) return <StateChip label={state} color="default" outlined />;
  return (
    <StateChip
      label={ticketStateLabel(state)}
      color={TICKET_STATE_COLORS[state]}
      outlined={state === 'DISCARDED'}
    />
  );
}

/** A ticket's page: it opens on the Active list's route, whatever its list (docs/tickets.md). */
export const ticketHref = (ticketId: string) => `/ActiveTickets?ticket_id=${encodeURIComponent(ticketId)}`;

/** A ticket another record led to: its number, which opens it, and its state under it. */
export function TicketLink({
  ticketId,
  ticketNumber,
  state,
}: {
  ticketId: string;
  ticketNumber: string;
  state: string | null;
}) {
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={ticketHref(ticketId)}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {ticketNumber}
      </Link>
      {state && (
        <Box sx={{ mt: 0.5 }}>
          <TicketStateChip state={state} />
        </Box>
      )}
    </Box>
  );
}
