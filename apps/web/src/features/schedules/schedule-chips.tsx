import type { ChipProps } from '@mui/material/Chip';
import { PLAN_STATE_LABELS, type PlanState } from '@fieldport/contract/operations/schedules';
import { TICKET_STATES, ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import { StateChip } from '../../ui/status-chip.tsx';

/** A running plan is green; a stopped one asks to be noticed (its dates go missed); an ended one is quiet. */
const PLAN_STATE_COLORS: Record<PlanState, ChipProps['color']> = {
  ACTIVE: 'success',
  STOPPED: 'warning',
  ENDED: 'default',
};

export function PlanStateChip({ state }: { state: PlanState }) {
  return (
    <StateChip
      label={PLAN_STATE_LABELS[state]}
      color={PLAN_STATE_COLORS[state]}
      outlined={state === 'ENDED'}
    />
  );
}

/** A raised ticket's state as the ticket lists colour it: waiting ones filled, the ends quiet. */
const TICKET_STATE_COLORS: Record<TicketState, ChipProps['color']> = {
  OPEN: 'info',
  ASSIGNED: 'primary',
  ACCEPTED: 'primary',
  IN_PROGRESS: 'secondary',
  ON_HOLD: 'warning',
  PARTIALLY_CLOSED: 'warning',
  CLOSED: 'success',
  DISCARDED: 'default',
};

const isTicketState = (state: string): state is TicketState =>
  (TICKET_STATES as readonly string[]).includes(state);

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
