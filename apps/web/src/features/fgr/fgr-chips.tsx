import type { ChipProps } from '@mui/material/Chip';
import {
  FGR_CLAIM_STATUS_LABELS,
  FGR_STATE_LABELS,
  type FgrClaimStatus,
  type FgrState,
} from '@fieldport/contract/operations/fgr';
import { StateChip } from '../../ui/status-chip.tsx';

/** Waiting asks to be noticed; approved is done; rejected is refused; withdrawn is quiet. */
const STATE_COLORS: Record<FgrState, ChipProps['color']> = {
  PENDING_APPROVAL: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  WITHDRAWN: 'default',
};

export function FgrStateChip({ state }: { state: FgrState }) {
  return (
    <StateChip label={FGR_STATE_LABELS[state]} color={STATE_COLORS[state]} outlined={state === 'WITHDRAWN'} />
  );
}

/** Not claimed yet asks to be done; claimed waits on the manufacturer; settled is done. */
const CLAIM_COLORS: Record<FgrClaimStatus, ChipProps['color']> = {
  PENDING: 'warning',
  CLAIMED: 'info',
  SETTLED: 'success',
  REJECTED: 'error',
};

export function FgrClaimChip({ status }: { status: FgrClaimStatus }) {
  return <StateChip label={FGR_CLAIM_STATUS_LABELS[status]} color={CLAIM_COLORS[status]} outlined />;
}
