import type { ChipProps } from '@mui/material/Chip';
import { PLAN_STATE_LABELS, type PlanState } from '@fieldport/contract/operations/schedules';
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
