import type { ChipProps } from '@mui/material/Chip';
import {
  ListQuotations,
  ListWorkFlowPayments,
  QUOTATION_STATE_LABELS,
  type QuotationItem,
  type QuotationState,
} from '@fieldport/contract/operations/quotations';
import { PAYMENT_STATUS_LABELS } from '@fieldport/contract/operations/purchasing';
import { formatRupees } from '../../ui/format.ts';
import { StateChip } from '../../ui/status-chip.tsx';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How a quotation reads on the quotations' screens (docs/quotations.md): its state in words and
 * colour, its number with its revision, what is owed, and the queries a change to it reads again.
 */

/** Waiting asks to be noticed; with the customer is under way; accepted is done; the ends are quiet. */
const STATE_COLORS: Record<QuotationState, ChipProps['color']> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'warning',
  APPROVED: 'info',
  SENT: 'info',
  ACCEPTED: 'success',
  REJECTED: 'error',
  EXPIRED: 'default',
  REVISED: 'default',
};

const QUIET_STATES: readonly QuotationState[] = ['EXPIRED', 'REVISED'];

export function QuotationStateChip({ state }: { state: QuotationState }) {
  return (
    <StateChip
      label={QUOTATION_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      outlined={QUIET_STATES.includes(state)}
    />
  );
}

/** 'QT/2026-27/000042 · Rev 2'; the first revision is the number alone. */
export const numberWords = (quotation: Pick<QuotationItem, 'quotation_number' | 'revision'>) =>
  quotation.revision > 1
    ? `${quotation.quotation_number} · Rev ${quotation.revision}`
    : quotation.quotation_number;

/** Payments are recorded against an accepted quotation only. */
export const isPayable = (quotation: Pick<QuotationItem, 'state'>) => quotation.state === 'ACCEPTED';

/** 'Balance ₹1,200.00', or that it is paid; nothing is owed before the customer accepts. */
export const balanceWords = (quotation: QuotationItem) =>
  !isPayable(quotation)
    ? '—'
    : quotation.balance_amount > 0
      ? `Balance ${formatRupees(quotation.balance_amount)}`
      : PAYMENT_STATUS_LABELS.PAID;

/** One quotation's details (GetQuotation). */
export const quotationKey = (quotationId: string) => ['quotation', quotationId] as const;

/**
 * What any change to a quotation shows anew: the lists and the details of every quotation open (a
 * revision changes the one it revises too).
 */
export const quotationQueries = () => [
  listQueryKey(ListQuotations),
  listQueryKey(ListWorkFlowPayments),
  ['quotation'],
];

/** Where a ticket opens: its page on the Active Tickets route shows it whatever its state. */
export const ticketHref = (ticketId: string) => `/ActiveTickets?ticket_id=${encodeURIComponent(ticketId)}`;
