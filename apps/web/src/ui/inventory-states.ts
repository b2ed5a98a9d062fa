import type { ChipProps } from '@mui/material/Chip';
import type { MrfState } from '@fieldport/contract/operations/inventory';

/**
 * How an MRF's state is coloured wherever it shows (the MRF screen, a ticket's Parts card): open
 * asks to be noticed; held and cancelled are quiet; fulfilled is done. The words say it too.
 */
export const MRF_STATE_COLORS: Record<MrfState, ChipProps['color']> = {
  OPEN: 'warning',
  ON_HOLD: 'default',
  FULFILLED: 'success',
  CANCELLED: 'default',
};
