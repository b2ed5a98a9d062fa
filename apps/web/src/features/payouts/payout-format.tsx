import type { ChipProps } from '@mui/material/Chip';
import { stateOfGstin } from '@fieldport/contract/gst';
import {
  ListInvoice,
  PAYOUT_GST_RATE,
  PAYOUT_STATE_LABELS,
  type PayoutItem,
  type PayoutState,
} from '@fieldport/contract/operations/payouts';
import { PAYMENT_STATUS_LABELS } from '@fieldport/contract/operations/purchasing';
import { TAX_SUPPLY_LABELS, type TaxSupply } from '@fieldport/contract/tax';
import { formatDay, formatRupees } from '../../ui/format.ts';
import { StateChip } from '../../ui/status-chip.tsx';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How a payout reads on /ServicePartnerPayout (docs/payouts.md#payouts): its state in words and
 * colour, its period, its partner's GST, and the queries a change to it reads again.
 */

/** Waiting asks to be noticed; approved is to be paid; the ends are quiet. */
const STATE_COLORS: Record<PayoutState, ChipProps['color']> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};

export function PayoutStateChip({ state }: { state: PayoutState }) {
  return (
    <StateChip
      label={PAYOUT_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      outlined={state === 'REJECTED' || state === 'WITHDRAWN'}
    />
  );
}

/** The days of closing it covers, both included: '1 Oct 2026 – 31 Oct 2026'. */
export const periodWords = (payout: Pick<PayoutItem, 'period_from' | 'period_to'>) =>
  `${formatDay(payout.period_from)} – ${formatDay(payout.period_to)}`;

/** '12 tickets', '1 ticket + 2 extras'. */
export function linesWords(payout: Pick<PayoutItem, 'ticket_count' | 'extra_count'>): string {
  const tickets = `${payout.ticket_count.toLocaleString('en-IN')} ${payout.ticket_count === 1 ? 'ticket' : 'tickets'}`;
  if (payout.extra_count === 0) return tickets;
  return `${tickets} + ${payout.extra_count} ${payout.extra_count === 1 ? 'extra' : 'extras'}`;
}

/** A GSTIN with its state ('GSTIN 29ABCDE1234F1ZW · Karnataka'), or that there is none. */
export function gstinWords(gstin: string | null, state: string | null, none: string): string {
  if (!gstin) return none;
  return `GSTIN ${gstin} · ${state ?? stateOfGstin(gstin) ?? 'unknown state'}`;
}

/** Which tax the invoice carries: none for a partner not registered for GST. */
export const supplyWords = (supply: TaxSupply | null) =>
  supply ? `${TAX_SUPPLY_LABELS[supply]} (GST ${PAYOUT_GST_RATE}%)` : 'Not registered for GST: no GST';

/** Only an approved payout is paid: what is paid and owed, or nothing (a dash) before. */
export const isPayable = (payout: Pick<PayoutItem, 'state'>) => payout.state === 'APPROVED';

/** 'Balance ₹1,200.00', or that it is paid. */
export const balanceWords = (payout: PayoutItem) =>
  payout.balance_amount > 0 ? `Balance ${formatRupees(payout.balance_amount)}` : PAYMENT_STATUS_LABELS.PAID;

/** One payout's details (GetPayout). */
export const payoutKey = (payoutId: string) => ['payout', payoutId] as const;

/** What any change to a payout shows anew: the list, the payout's details. */
export const payoutQueries = (payoutId: string) => [listQueryKey(ListInvoice), payoutKey(payoutId)];
