import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import { wipStates, wipSubStages, type WipStateItem } from '@fieldport/contract/operations/settings';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { MasterPage, type MasterConfig } from '../../ui/master-page.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';

const orderColumn = (field: string) => ({ field, header: 'Order', width: 90, align: 'right' as const });

const stateConfig = (
  title: string,
  openStages: (state: WipStateItem) => void,
): MasterConfig<typeof wipStates> => ({
  contract: wipStates,
  title,
  columns: [
    orderColumn('wip_state_order'),
    { field: 'wip_state_name', header: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'wip_sub_stages',
      header: 'Sub-stages',
      flex: 2,
      minWidth: 220,
      hideOnNarrow: true,
      render: (item) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py: 0.5 }}>
          {item.wip_sub_stages.map((stage) => {
            // An inactive sub-stage says so in words; struck through in a colour that keeps WCAG contrast.
            const active = stage.wip_sub_stage_status === 'ACTIVE';
            return (
              <Chip
                key={stage.wip_sub_stage_id}
                size="small"
                variant="outlined"
                label={active ? stage.wip_sub_stage_name : `${stage.wip_sub_stage_name} (inactive)`}
                sx={active ? undefined : { textDecoration: 'line-through', color: 'text.secondary' }}
              />
            );
          })}
        </Box>
      ),
    },
  ],
  fields: [
    { kind: 'text', name: 'wip_state_name', label: 'Name', required: true, maxLength: 100 },
    {
      kind: 'number',
      name: 'wip_state_order',
      label: 'Order',
      required: true,
      min: 1,
      max: 999,
      helperText: 'Lists show states in this order',
    },
  ],
  emptyValues: { wip_state_name: '', wip_state_order: 1 },
  rowActions: [
    {
      label: (item) => `Sub-stages of ${item.wip_state_name}`,
      icon: () => <AccountTreeOutlined />,
      onClick: openStages,
    },
  ],
});

const subStageConfig = (state: WipStateItem): MasterConfig<typeof wipSubStages> => ({
  contract: wipSubStages,
  title: `Sub-stages of ${state.wip_state_name}`,
  columns: [
    orderColumn('wip_sub_stage_order'),
    { field: 'wip_sub_stage_name', header: 'Name', flex: 1, minWidth: 160 },
  ],
  fields: [
    { kind: 'text', name: 'wip_sub_stage_name', label: 'Name', required: true, maxLength: 100 },
    { kind: 'number', name: 'wip_sub_stage_order', label: 'Order', required: true, min: 1, max: 999 },
  ],
  emptyValues: {
    wip_state_id: state.wip_state_id,
    wip_sub_stage_name: '',
    wip_sub_stage_order: state.wip_sub_stages.length + 1,
  },
  fixedFilters: { wip_state_id: state.wip_state_id },
});

/**
 * /WipState: the organization's WIP states, each with its sub-stages
 * (docs/product.md#ticket-states: a ticket IN_PROGRESS carries one). The sub-stages of a state open
 * in a dialog with the same master screen.
 */
export default function WipStatePage({ route, can }: FeaturePageProps) {
  const narrow = useNarrowScreen();
  const [state, setState] = useState<WipStateItem | null>(null);
  return (
    <>
      <MasterPage config={stateConfig(route.title, setState)} can={can} />
      <Dialog
        open={state !== null}
        onClose={() => setState(null)}
        fullWidth
        maxWidth="md"
        fullScreen={narrow}
        aria-labelledby="sub-stages-title"
      >
        <DialogTitle id="sub-stages-title">
          {state ? `Sub-stages of ${state.wip_state_name}` : ''}
        </DialogTitle>
        <DialogContent>
          {state && <MasterPage config={subStageConfig(state)} can={can} embedded />}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setState(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
