import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  COMPONENT_UNIT_LABELS,
  IssueComponentRequest,
  ListComponentRequests,
  ListInventory,
  ListStockMovements,
  type ComponentRequestItem,
} from '@fieldport/contract/operations/inventory';
import { api } from '../../api/client.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';

const SHOWN = 25;

/**
 * The store's queue on /InventoryView (docs/inventory.md#parts-for-a-ticket): approved component
 * requests of the caller's stores, oldest first, each issued to its ticket's technician with one
 * button. Nothing shows while none waits.
 */
export function RequestsToIssue() {
  const waiting = useQuery({
    queryKey: [...listQueryKey(ListComponentRequests), 'to-issue'],
    queryFn: async () =>
      (
        await api.query(ListComponentRequests, {
          state: 'APPROVED',
          sort_by: 'created_on',
          sort_order: 'asc',
          page_size: SHOWN,
        })
      ).data,
  });
  const items = waiting.data?.items ?? [];
  if (items.length === 0) return null;
  const more = (waiting.data?.total_count ?? 0) - items.length;
  return (
    <Box sx={{ mb: 2 }}>
      <SectionCard title="Component requests to issue">
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.map((request) => (
            <RequestToIssue key={request.component_request_id} request={request} />
          ))}
        </Box>
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {more} more wait after these.
          </Typography>
        )}
      </SectionCard>
    </Box>
  );
}

function RequestToIssue({ request }: { request: ComponentRequestItem }) {
  const format = useInstantFormats();
  const issue = useOperation(IssueComponentRequest, {
    invalidate: [
      listQueryKey(ListComponentRequests),
      listQueryKey(ListInventory),
      listQueryKey(ListStockMovements),
    ],
  });
  const parts = request.lines.filter((line) => line.component_id);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        borderBottom: 1,
        borderColor: 'divider',
        pb: 1,
      }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {request.request_number} · {request.service_center_name} ·{' '}
          <Link component={RouterLink} to={`/ActiveTickets?ticket_id=${request.ticket_id}`}>
            Ticket {request.ticket_number}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {parts
            .map(
              (line) =>
                `${line.quantity} ${line.unit ? COMPONENT_UNIT_LABELS[line.unit] : ''} × ${line.part_number} ${line.name}`,
            )
            .join(', ')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Asked {format.dateTime(request.created_on)} by {request.requested_by_name}
        </Typography>
      </Box>
      <Button
        variant="contained"
        size="small"
        loading={issue.isPending}
        onClick={() => issue.run({ component_request_id: request.component_request_id })}
        aria-label={`Issue ${request.request_number}`}
      >
        Issue
      </Button>
    </Box>
  );
}
