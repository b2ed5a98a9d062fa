import type { ChipProps } from '@mui/material/Chip';
import { CONTRACT_STATE_LABELS, type ContractState } from '@fieldport/contract/operations/contracts';
import { StateChip } from '../../ui/status-chip.tsx';

/** A renewal to chase asks to be noticed; a running AMC is green; the ends are quiet. */
const STATE_COLORS: Record<ContractState, ChipProps['color']> = {
  UPCOMING: 'info',
  ACTIVE: 'success',
  RENEWAL_DUE: 'warning',
  EXPIRED: 'default',
};

export function ContractStateChip({ state }: { state: ContractState }) {
  return (
    <StateChip
      label={CONTRACT_STATE_LABELS[state]}
      color={STATE_COLORS[state]}
      outlined={state === 'UPCOMING' || state === 'EXPIRED'}
    />
  );
}
