import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import type { TicketItem, TicketList } from '@fieldport/contract/operations/tickets';
import type { DataTableColumn } from '../../ui/data-table.tsx';
import { formatVisit, useInstantFormats } from '../../ui/format.ts';
import { PriorityChip, TicketStateChip } from './ticket-format.tsx';

/**
 * Where a ticket opens: its list's route with `?ticket_id=` (routes carry no parameters,
 * docs/product.md#the-shell).
 */
export const ticketHref = (route: string, ticketId: string) =>
  `${route}?ticket_id=${encodeURIComponent(ticketId)}`;

/** The columns of a ticket list; a closed list shows when each closed, the others the visit. */
export function ticketColumns(route: string, list: TicketList): DataTableColumn<TicketItem>[] {
  return [
    {
      field: 'ticket_number',
      header: 'Ticket',
      width: 125,
      // A ticket number (WM-000035) does not wrap.
      narrowMinWidth: 105,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Link component={RouterLink} to={ticketHref(route, item.ticket_id)} sx={{ fontWeight: 600 }}>
            {item.ticket_number}
          </Link>
          <Typography variant="caption" color="text.secondary" component="p" noWrap title={item.service_name}>
            {item.service_name}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.3,
      minWidth: 160,
      render: (item) => (
        <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
            {item.customer_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatPhoneInternational(item.customer_phone)} · {item.city} {item.pincode}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'state',
      header: 'State',
      width: 150,
      // The widest state chip (In Progress).
      narrowMinWidth: 110,
      render: (item) => (
        <Box sx={{ lineHeight: 1.2 }}>
          <TicketStateChip state={item.state} floating={item.is_floating} />
          {item.wip_sub_stage_name && item.state !== 'CLOSED' && (
            <Typography variant="caption" color="text.secondary" component="p" noWrap>
              {item.wip_sub_stage_name}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'priority',
      header: 'Priority',
      width: 95,
      hideOnNarrow: true,
      render: (item) => <PriorityChip priority={item.priority} />,
    },
    {
      field: 'assignee',
      header: 'Assigned to',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      render: (item) => (
        <Box sx={{ lineHeight: 1.3 }}>
          <Typography variant="body2">
            {item.technician_name ?? item.partner_name ?? (item.is_floating ? 'Floating' : '—')}
          </Typography>
          {item.technician_name && item.partner_name && (
            <Typography variant="caption" color="text.secondary">
              {item.partner_name}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'territory_name',
      header: 'Territory',
      width: 115,
      hideOnNarrow: true,
      render: (item) => item.territory_name ?? '—',
    },
    list === 'CLOSED'
      ? {
          field: 'closed_on',
          header: 'Closed on',
          width: 120,
          hideOnNarrow: true,
          render: (item) => (item.closed_on ? <When iso={item.closed_on} /> : '—'),
        }
      : {
          field: 'preferred_visit_date',
          header: 'Visit',
          width: 120,
          hideOnNarrow: true,
          render: (item) => formatVisit(item.preferred_visit_date, item.preferred_visit_time),
        },
    {
      field: 'created_on',
      header: 'Created',
      width: 115,
      hideOnNarrow: true,
      render: (item) => <When iso={item.created_on} />,
    },
  ];
}

/** An instant on two short lines: the day, then the time (the organization's zone). */
function When({ iso }: { iso: string }) {
  const format = useInstantFormats();
  return (
    <Box sx={{ lineHeight: 1.3 }} title={format.dateTimeToSecond(iso)}>
      <Typography variant="body2">{format.date(iso)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {format.time(iso)}
      </Typography>
    </Box>
  );
}
