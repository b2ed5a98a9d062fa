import Chip from '@mui/material/Chip';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import type { TicketEventKind, TicketPriority } from '@fieldport/contract/operations/tickets';
import { TICKET_STATE_COLORS } from '../../ui/ticket-link.tsx';

/** How tickets read on screen: states, priorities, events. */

type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

/**
 * A ticket's state. `waiting`: the state it will have once an action kept on the phone is sent
 * (docs/product.md#working-offline), said in words and drawn apart (a clock, a dashed outline), so
 * that it never reads as the server's state nor by colour alone.
 */
export function TicketStateChip({
  state,
  floating,
  waiting,
}: {
  state: TicketState;
  floating?: boolean;
  waiting?: 'queued' | 'sending';
}) {
  const label = floating && state === 'OPEN' ? 'Floating' : ticketStateLabel(state);
  if (waiting) {
    const color = TICKET_STATE_COLORS[state];
    const stateColor = color === 'default' ? 'grey.600' : `${color}.main`;
    return (
      // Its own element (key), not the state's chip restyled: MUI would fade the old state's fill
      // out behind the dark words.
      <Chip
        key="waiting"
        size="small"
        variant="outlined"
        icon={<ScheduleOutlined />}
        label={`${label} · ${waiting === 'sending' ? 'sending…' : 'waiting to send'}`}
        // The state's colour on the outline and the clock; the words stay dark, readable on any of them.
        sx={{
          fontWeight: 600,
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: stateColor,
          '& .MuiChip-icon': { color: stateColor },
        }}
      />
    );
  }
  return (
    <Chip
      key="state"
      size="small"
      label={label}
      color={TICKET_STATE_COLORS[state]}
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
  PARTS_REQUESTED: 'Parts asked for',
  PARTS_APPROVED: 'Parts approved',
  PARTS_REJECTED: 'Parts request rejected',
  PARTS_WITHDRAWN: 'Parts request withdrawn',
  PARTS_ISSUED: 'Parts issued',
  PARTS_SETTLED: 'Parts used and returned',
  MRF_RAISED: 'Waiting for material',
  MRF_HELD: 'Material request held',
  MRF_REOPENED: 'Material request open again',
  MRF_FULFILLED: 'Material arrived',
  MRF_CANCELLED: 'Material request cancelled',
  NOTE: 'Note',
  CALL: 'Call',
  PHOTO: 'Photo',
  ESCALATED: 'Escalated',
  REQUEST_CONVERTED: 'From a request',
  REQUEST_MERGED: 'Request merged',
};
