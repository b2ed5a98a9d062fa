import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { formatCount } from '@fieldport/contract/lists';
import type { TicketList } from '@fieldport/contract/operations/tickets';

/** docs/product.md#ticket-states: the four lists, each its own route. */
export const TICKET_TABS: { list: TicketList; route: string; label: string }[] = [
  { list: 'ACTIVE', route: '/ActiveTickets', label: 'Active' },
  { list: 'PARTIALLY_CLOSED', route: '/PartiallyClosedTickets', label: 'Partially Closed' },
  { list: 'CLOSED', route: '/ClosedTickets', label: 'Closed' },
  { list: 'INACTIVE', route: '/InactiveTickets', label: 'Inactive' },
];

interface TabCounts {
  counts: Record<TicketList, number>;
  capped: Record<TicketList, boolean>;
}

/** The four lists as tabs, each with its count under the same search and filters. */
export function TicketListTabs({
  route,
  counts,
}: {
  route: string;
  /** The tabs' counts (useTicketCounts): none while they are counted. */
  counts: { data?: TabCounts };
}) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs value={route} aria-label="Ticket lists" variant="scrollable" allowScrollButtonsMobile>
        {TICKET_TABS.map((tab) => (
          <Tab
            key={tab.route}
            value={tab.route}
            component={RouterLink}
            to={tab.route}
            label={
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                {tab.label}
                <Box
                  component="span"
                  aria-label={
                    counts.data
                      ? `${tabCount(counts.data, tab.list)} ${counts.data.counts[tab.list] === 1 ? 'ticket' : 'tickets'}`
                      : 'counting'
                  }
                  sx={{
                    px: 0.9,
                    borderRadius: 8,
                    fontSize: 12,
                    fontWeight: 700,
                    bgcolor: tab.route === route ? 'primary.main' : 'action.selected',
                    color: tab.route === route ? 'primary.contrastText' : 'text.primary',
                    minWidth: 22,
                    textAlign: 'center',
                  }}
                >
                  {counts.data ? tabCount(counts.data, tab.list) : '…'}
                </Box>
              </Box>
            }
          />
        ))}
      </Tabs>
    </Box>
  );
}

/** A tab's count as the badge shows it: "10,000+" past the cap. */
function tabCount(data: TabCounts, list: TicketList) {
  return formatCount(data.counts[list], data.capped[list]);
}
