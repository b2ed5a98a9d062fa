import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import AddOutlined from '@mui/icons-material/AddOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import {
  CreateAssignedTicketV2,
  List_Open_Tickets,
  List_closed_Tickets,
  TICKET_SORT_KEYS,
  type TicketItem,
  type TicketList,
} from '@fieldport/contract/operations/tickets';
import { DataTable } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useTicketCounts } from './ticket-api.ts';
import { ticketColumns, ticketHref } from './ticket-columns.tsx';
import { FILTER_KEYS, TicketFilterPanel, activeFilterCount } from './ticket-filter-panel.tsx';
import { TICKET_TABS, TicketListTabs } from './ticket-list-tabs.tsx';

// A ticket's own page and the new ticket's form are code of their own, loaded when opened: the
// list's first render does not evaluate their operations and schemas.
const TicketPage = lazy(() => import('./ticket-page.tsx').then((module) => ({ default: module.TicketPage })));
const CreateTicketDialog = lazy(() =>
  import('./create-ticket-dialog.tsx').then((module) => ({ default: module.CreateTicketDialog })),
);

/**
 * One of the four ticket lists (one screen, four routes): tabs with counts, search, filters,
 * server-side pages and sorting, and New ticket. With `?ticket_id=` the route shows that ticket.
 */
function TicketsScreen({ route, can, list }: FeaturePageProps & { list: TicketList }) {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket_id');
  if (ticketId)
    return (
      <Suspense fallback={<TicketSkeleton />}>
        <TicketPage ticketId={ticketId} backTo={route.route} backLabel={route.title} can={can} />
      </Suspense>
    );
  return <TicketList route={route} can={can} list={list} />;
}

function TicketSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading the ticket">
      <Skeleton variant="text" width={260} height={48} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

function TicketList({ route, can, list }: FeaturePageProps & { list: TicketList }) {
  const navigate = useNavigate();
  const open = list === 'ACTIVE' || list === 'PARTIALLY_CLOSED';
  const op = open ? List_Open_Tickets : List_closed_Tickets;
  const state = useListState(op, {
    sortBy: 'created_on',
    sortOrder: 'desc',
    filters: Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])),
  });
  const input = useMemo(() => ({ ...state.input, list }), [state.input, list]);
  const countInput = useMemo(() => {
    const { page: _p, page_size: _s, sort_by: _b, sort_order: _o, list: _l, ...rest } = input;
    return rest;
  }, [input]);
  const tickets = useList(op, input);
  const counts = useTicketCounts(countInput);
  const [creating, setCreating] = useState(false);
  // The dialog is drawn from its first opening on (and kept, so that it closes with its transition).
  const [createOpened, setCreateOpened] = useState(false);
  if (creating && !createOpened) setCreateOpened(true);
  const [showFilters, setShowFilters] = useState(false);
  const mayCreate = can(CreateAssignedTicketV2.access);
  const activeFilters = activeFilterCount(state);

  const columns = ticketColumns(route.route, list);

  const newButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      New ticket
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <TicketListTabs route={route.route} counts={counts} />
      <ListToolbar
        state={state}
        searchLabel="Search by ticket, customer, phone or serial"
        actions={
          <>
            <Button
              variant={showFilters ? 'contained' : 'outlined'}
              color="inherit"
              startIcon={
                <Badge badgeContent={activeFilters} color="primary">
                  <FilterListOutlined />
                </Badge>
              }
              aria-expanded={showFilters}
              aria-controls="ticket-filters"
              onClick={() => setShowFilters((shown) => !shown)}
            >
              Filters
            </Button>
            {newButton}
          </>
        }
      />
      <TicketFilterPanel state={state} list={list} shown={showFilters} can={can} />
      <DataTable<TicketItem>
        label={route.title}
        columns={columns}
        getRowId={(item) => item.ticket_id}
        rowOpensPage
        list={tickets}
        state={state}
        sortable={TICKET_SORT_KEYS}
        empty={{
          title: `No ${TICKET_TABS.find((tab) => tab.list === list)!.label.toLowerCase()} tickets`,
          description:
            list === 'ACTIVE'
              ? mayCreate
                ? 'Raise a ticket when a customer calls; it appears here until it is closed.'
                : 'Tickets appear here when they are raised.'
              : 'Tickets appear here as they move on.',
          action: list === 'ACTIVE' ? newButton : undefined,
        }}
      />
      {mayCreate && createOpened && (
        <Suspense fallback={null}>
          <CreateTicketDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(ticket) => {
              setCreating(false);
              void navigate(ticketHref('/ActiveTickets', ticket.ticket_id));
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}

export function ActiveTicketsPage(props: FeaturePageProps) {
  return <TicketsScreen {...props} list="ACTIVE" />;
}
export function PartiallyClosedTicketsPage(props: FeaturePageProps) {
  return <TicketsScreen {...props} list="PARTIALLY_CLOSED" />;
}
export function ClosedTicketsPage(props: FeaturePageProps) {
  return <TicketsScreen {...props} list="CLOSED" />;
}
export function InactiveTicketsPage(props: FeaturePageProps) {
  return <TicketsScreen {...props} list="INACTIVE" />;
}
