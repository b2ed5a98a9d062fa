import Chip from '@mui/material/Chip';
import { ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import type { TicketEventKind, TicketPriority } from '@fieldport/contract/operations/tickets';

/** How tickets read on screen: states, priorities, events. */

type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

const STATE_COLORS: Record<TicketState, ChipColor> = {
  OPEN: 'info',
  ASSIGNED: 'primary',
  ACCEPTED: 'primary',
  IN_PROGRESS: 'secondary',
  ON_HOLD: 'warning',
  PARTIALLY_CLOSED: 'warning',
  CLOSED: 'success',
  DISCARDED: 'default',
};

export function TicketStateChip({ state, floating }: { state: TicketState; floating?: boolean }) {
  return (
    <Chip
      size="small"
      label={floating && state === 'OPEN' ? 'Floating' : ticketStateLabel(state)}
      color={STATE_COLORS[state]}
      variant={state === 'DISCARDED' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

const PRIORITY_COLORS: Record<TicketPriority, ChipColor> = {
  LOW: 'default',
  MEDIUM: 'info',
  HIGH: 'warning',
  URGENT: 'error',
};

export function PriorityChip({ priority }: { priority: TicketPriority }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={PRIORITY_LABELS[priority]}
      color={PRIORITY_COLORS[priority]}
      sx={{ fontWeight: 600 }}
    />
  );
}

export const EVENT_LABELS: Record<TicketEventKind, string> = {
  CREATED: 'Created',
  ASSIGNED: 'Assigned',
  CLAIMED: 'Claimed',
  RELEASED: 'Back in the floating pool',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  WORK_UPDATED: 'Work updated',
  HELD: 'Put on hold',
  RESUMED: 'Resumed',
  PARTIALLY_CLOSED: 'Partially closed',
  OTP_SENT: 'Closure code sent',
  OTP_REFUSED: 'Wrong closure code',
  OTP_SEND_REFUSED: 'Closure code not sent',
  CLOSED: 'Closed',
  DISCARDED: 'Discarded',
  REOPENED: 'Reopened',
  RECREATED: 'Re-created',
  FOC_MARKED: 'Free of charge changed',
  VISIT_UPDATED: 'Visit changed',
  WARRANTY_UPDATED: 'Warranty changed',
  CHARGES_UPDATED: 'Service charge changed',
  NOTE: 'Note',
  CALL: 'Call',
  PHOTO: 'Photo',
};
