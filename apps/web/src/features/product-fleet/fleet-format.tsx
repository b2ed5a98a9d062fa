import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  FLEET_APPROVAL_LABELS,
  type FleetApprovalState,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import type { DataTableColumn } from '../../ui/data-table.tsx';
import { formatDay } from '../../ui/format.ts';
import { CoverageChip } from '../../ui/coverage.tsx';
import { StateChip, StatusChip } from '../../ui/status-chip.tsx';

const APPROVAL_COLORS = {
  APPROVED: 'success',
  PENDING: 'warning',
  REJECTED: 'error',
  WITHDRAWN: 'default',
} as const;

export function ApprovalChip({ state }: { state: FleetApprovalState }) {
  return <StateChip label={FLEET_APPROVAL_LABELS[state]} color={APPROVAL_COLORS[state]} outlined />;
}

/** The fleet list's columns; a dealer's people do not see whose dealer each is. */
export function fleetColumns(showDealer: boolean): DataTableColumn<FleetItem>[] {
  return [
    {
      field: 'serial_number',
      header: 'Serial number',
      flex: 1,
      minWidth: 150,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
            {item.serial_number}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {item.service_name}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.2,
      minWidth: 150,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'normal' }}>
            {item.customer_name ?? 'In stock'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {item.customer_phone
              ? formatPhoneInternational(item.customer_phone)
              : item.pending_customer_name
                ? `Waiting: ${item.pending_customer_name}`
                : 'No customer yet'}
          </Typography>
        </Box>
      ),
    },
    ...(showDealer
      ? [
          {
            field: 'dealer_name',
            header: 'Dealer',
            flex: 0.8,
            minWidth: 120,
            hideOnNarrow: true,
            render: (item: FleetItem) => item.dealer_name ?? '—',
          },
        ]
      : []),
    {
      field: 'warranty_end_date',
      header: 'Coverage',
      flex: 1.2,
      minWidth: 170,
      render: (item) => (
        <Box sx={{ py: 0.75, display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
          <CoverageChip coverage={item.coverage} />
          {item.coverage.covered_until && (
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
              until {formatDay(item.coverage.covered_until)}
              {item.coverage.coverage === 'UNDER_AMC' &&
                (item.coverage.visits_left === null
                  ? ' · unlimited visits'
                  : ` · ${item.coverage.visits_left} visit${item.coverage.visits_left === 1 ? '' : 's'} left`)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'fleet_item_status',
      header: 'Status',
      width: 150,
      hideOnNarrow: true,
      render: (item) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start', py: 0.75 }}>
          <StatusChip status={item.fleet_item_status} />
          {item.approval_state !== 'APPROVED' && <ApprovalChip state={item.approval_state} />}
        </Box>
      ),
    },
  ];
}
