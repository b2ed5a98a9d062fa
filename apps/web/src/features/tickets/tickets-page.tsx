import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { ListTerritoriesAndPincodes } from '@fieldport/contract/operations/territories';
import {
  ListTechnicianCoverage,
  ListServicePartnerCoverage,
} from '@fieldport/contract/operations/territories';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import { ListWipSubStages } from '@fieldport/contract/operations/settings';
import {
  CreateAssignedTicketV2,
  List_Open_Tickets,
  List_closed_Tickets,
  TICKET_LISTS,
  TICKET_PRIORITIES,
  TICKET_SORT_KEYS,
  type TicketItem,
  type TicketList,
} from '@fieldport/contract/operations/tickets';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import { formatCount } from '@fieldport/contract/lists';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { CreateTicketDialog } from './create-ticket-dialog.tsx';
import { ChoiceFilter, DayFilter, MasterFilter } from './ticket-filters.tsx';
import { formatDay, formatVisit, PRIORITY_LABELS, PriorityChip, TicketStateChip } from './ticket-format.tsx';
import { useTicketCounts } from './ticket-api.ts';
import { TicketPage } from './ticket-page.tsx';

/** SPEC section 2: the four lists, each its own route. */
export const TICKET_TABS: { list: TicketList; route: string; label: string }[] = [
  { list: 'ACTIVE', route: '/ActiveTickets', label: 'Active' },
  { list: 'PARTIALLY_CLOSED', route: '/PartiallyClosedTickets', label: 'Partially Closed' },
  { list: 'CLOSED', route: '/ClosedTickets', label: 'Closed' },
  { list: 'INACTIVE', route: '/InactiveTickets', label: 'Inactive' },
];

const FILTER_KEYS = [
  'state',
  'wip_sub_stage_id',
  'territory_id',
  'partner_party_id',
  'technician_id',
  'service_id',
  'priority',
  'created_from',
  'created_to',
] as const;

/** Where a ticket opens: its list's route with `?ticket_id=` (the SPEC shows no route parameters). */
export const ticketHref = (route: string, ticketId: string) =>
  `${route}?ticket_id=${encodeURIComponent(ticketId)}`;

/**
 * One of the four ticket lists (one screen, four routes): tabs with counts, search, filters,
 * server-side pages and sorting, and New ticket. With `?ticket_id=` the route shows that ticket.
 */
function TicketsScreen({ route, can, list }: FeaturePageProps & { list: TicketList }) {
  const [params] = useSearchParams();
  const ticketId = params.get('ticket_id');
  if (ticketId) return <TicketPage ticketId={ticketId} backTo={route.route} backLabel={route.title} />;
  return <TicketList route={route} can={can} list={list} />;
}

function TicketList({ route, can, list }: FeaturePageProps & { list: TicketList }) {
  const navigate = useNavigate();
  const open = list === 'ACTIVE' || list === 'PARTIALLY_CLOSED';
  const op = open ? List_Open_Tickets : List_closed_Tickets;
  const state = useListState({
    sortBy: 'created_on',
    sortOrder: 'desc',
    filters: Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])),
  });
  // The ticket lists have no record status: everything else of the list state is their input.
  const input = useMemo(() => {
    const { status: _status, ...rest } = state.input;
    return { ...rest, list };
  }, [state.input, list]);
  const countInput = useMemo(() => {
    const { page: _p, page_size: _s, sort_by: _b, sort_order: _o, list: _l, ...rest } = input;
    return rest;
  }, [input]);
  const tickets = useList(op, input);
  const counts = useTicketCounts(countInput);
  const [creating, setCreating] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const mayCreate = can(CreateAssignedTicketV2.access);
  const activeFilters = FILTER_KEYS.filter(
    (key) => (state.input as Record<string, unknown>)[key] !== undefined,
  ).length;
  const states = TICKET_LISTS[list];

  const columns: DataTableColumn<TicketItem>[] = [
    {
      field: 'ticket_number',
      header: 'Ticket',
      width: 125,
      // A ticket number (WM-000035) does not wrap.
      narrowMinWidth: 105,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Link component={RouterLink} to={ticketHref(route.route, item.ticket_id)} sx={{ fontWeight: 600 }}>
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

  const newButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      New ticket
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={route.route} aria-label="Ticket lists" variant="scrollable" allowScrollButtonsMobile>
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
                      bgcolor: tab.route === route.route ? 'primary.main' : 'action.selected',
                      color: tab.route === route.route ? 'primary.contrastText' : 'text.primary',
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
      <ListToolbar
        state={state}
        searchLabel="Search by ticket, customer, phone or serial"
        statusFilter={false}
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
      <Collapse in={showFilters}>
        <Box
          id="ticket-filters"
          role="group"
          aria-label="Filters"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
        >
          {states.length > 1 && (
            <ChoiceFilter
              state={state}
              filter="state"
              label="State"
              choices={states.map((value) => ({ value, label: ticketStateLabel(value) }))}
            />
          )}
          {open && (
            <MasterFilter
              state={state}
              filter="wip_sub_stage_id"
              label="Sub-stage"
              list={ListWipSubStages}
              valueKey="wip_sub_stage_id"
              labelKey={(item) => `${String(item.wip_state_name)} · ${String(item.wip_sub_stage_name)}`}
              sortBy="wip_sub_stage_order"
              can={can}
            />
          )}
          <MasterFilter
            state={state}
            filter="territory_id"
            label="Territory"
            list={ListTerritoriesAndPincodes}
            valueKey="territory_id"
            labelKey="territory_name"
            sortBy="territory_name"
            can={can}
          />
          <MasterFilter
            state={state}
            filter="partner_party_id"
            label="Service partner"
            list={ListServicePartnerCoverage}
            valueKey="party_id"
            labelKey="party_name"
            sortBy="party_name"
            can={can}
            where={{}}
          />
          <MasterFilter
            state={state}
            filter="technician_id"
            label="Technician"
            list={ListTechnicianCoverage}
            valueKey="technician_id"
            labelKey="user_name"
            sortBy="user_name"
            can={can}
          />
          <MasterFilter
            state={state}
            filter="service_id"
            label="Service"
            list={List_Services}
            valueKey="service_id"
            labelKey="service_name"
            sortBy="service_name"
            can={can}
          />
          <ChoiceFilter
            state={state}
            filter="priority"
            label="Priority"
            width={150}
            choices={TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }))}
          />
          <DayFilter state={state} filter="created_from" label="Created from" />
          <DayFilter state={state} filter="created_to" label="Created to" />
          {activeFilters > 0 && (
            <Button onClick={state.clearFilters} size="small">
              Clear filters
            </Button>
          )}
        </Box>
      </Collapse>
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
      {mayCreate && (
        <CreateTicketDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(ticket) => {
            setCreating(false);
            void navigate(ticketHref('/ActiveTickets', ticket.ticket_id));
          }}
        />
      )}
    </Box>
  );
}

const TIME = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });

/** An instant on two short lines: the day, then the time. */
/** A tab's count as the badge shows it: "10,000+" past the cap. */
function tabCount(
  data: { counts: Record<TicketList, number>; capped: Record<TicketList, boolean> },
  list: TicketList,
) {
  return formatCount(data.counts[list], data.capped[list]);
}

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <Box sx={{ lineHeight: 1.3 }} title={date.toLocaleString('en-IN')}>
      <Typography variant="body2">{formatDay(date.toLocaleDateString('en-CA'))}</Typography>
      <Typography variant="caption" color="text.secondary">
        {TIME.format(date)}
      </Typography>
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
