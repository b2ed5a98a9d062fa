import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  FLEET_APPROVAL_LABELS,
  type FleetApprovalState,
  type FleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import type { DataTableColumn } from './data-table.tsx';
import { formatDay } from './format.ts';
import { CoverageChip } from './coverage.tsx';
import { StateChip, StatusChip } from './status-chip.tsx';

// A fleet item's columns (docs/product-fleet.md#screens), for every list of items: the fleet, the
// transfer screen, a customer's products.

const APPROVAL_COLORS = {
  APPROVED: 'success',
  PENDING: 'warning',
  REJECTED: 'error',
  WITHDRAWN: 'default',
} as const;

export function ApprovalChip({ state }: { state: FleetApprovalState }) {
  return <StateChip label={FLEET_APPROVAL_LABELS[state]} color={APPROVAL_COLORS[state]} outlined />;
}

interface FleetColumnChoice {
  /** Whose dealer each is: not for a dealer's own people. */
  dealer: boolean;
  /** The customer and phone; a list of one customer's items shows the location instead. */
  customer?: boolean;
  /** How many of its tickets the reader may see. */
  tickets?: boolean;
}

/** The columns of a list of fleet items. */
export function fleetColumns({
  dealer,
  customer = true,
  tickets = false,
}: FleetColumnChoice): DataTableColumn<FleetItem>[] {
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
    customer ? customerColumn : locationColumn,
    ...(dealer ? [dealerColumn] : []),
    coverageColumn,
    ...(tickets ? [ticketsColumn] : []),
    statusColumn,
  ];
}

const customerColumn: DataTableColumn<FleetItem> = {
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
};

const locationColumn: DataTableColumn<FleetItem> = {
  field: 'location_summary',
  header: 'Location',
  flex: 1.2,
  minWidth: 150,
  render: (item) => item.location_summary ?? 'In stock',
};

const dealerColumn: DataTableColumn<FleetItem> = {
  field: 'dealer_name',
  header: 'Dealer',
  flex: 0.8,
  minWidth: 120,
  hideOnNarrow: true,
  render: (item) => item.dealer_name ?? '—',
};

const coverageColumn: DataTableColumn<FleetItem> = {
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
};

const ticketsColumn: DataTableColumn<FleetItem> = {
  field: 'ticket_count',
  header: 'Tickets',
  width: 90,
  align: 'right',
  narrowMinWidth: 70,
};

const statusColumn: DataTableColumn<FleetItem> = {
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
};
