import { useDeferredValue, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { roleLabel } from '@fieldport/contract/menus';
import type { CurrentUser } from '@fieldport/contract/operations/account';
import { OrganizationDashboard, type DashboardData } from '@fieldport/contract/operations/dashboard';
import { TICKET_STATES, ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { TrendChart } from './trend-chart.tsx';

/**
 * /Dashboard (OrganizationDashboard): tickets per state, today's new and closed, open tickets per
 * territory and per partner, and 30 days of created and closed. The server scopes the figures (a
 * partner's people see their partner's tickets).
 */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const organization = user.organization_details.organization_name;
  const data = useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: async () => (await api.query(OrganizationDashboard, {})).data,
    refetchInterval: 60_000,
  });
  // The figures are drawn in a render that yields to the browser, not in the query's blocking update.
  const figures = useDeferredValue(data.data);
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title="Dashboard" />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        Welcome, {user.user_name} · {organization} · {roleLabel(user.user_type)}
      </Typography>
      {data.isError ? (
        <Alert severity="error" role="alert">
          The dashboard could not be loaded: {data.error.message}
        </Alert>
      ) : (
        <Figures data={figures} />
      )}
    </Box>
  );
}

function Figures({ data }: { data?: DashboardData }) {
  const open = data
    ? TICKET_STATES.filter((state) => state !== 'CLOSED' && state !== 'DISCARDED').reduce(
        (sum, state) => sum + data.counts_by_state[state],
        0,
      )
    : 0;
  return (
    <>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', mb: 2 }}
      >
        <Figure label="Active tickets" value={data && open} to="/ActiveTickets" strong />
        <Figure label="New today" value={data?.created_today} to="/ActiveTickets" strong />
        <Figure label="Closed today" value={data?.closed_today} to="/ClosedTickets" strong />
      </Box>
      <Panel title="Tickets by state">
        <Box
          component="ul"
          aria-label="Tickets by state"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          }}
        >
          {TICKET_STATES.map((state) => (
            <Box component="li" key={state}>
              <Figure
                label={ticketStateLabel(state)}
                value={data?.counts_by_state[state]}
                to={listRouteOf({ state: state as TicketState })}
              />
            </Box>
          ))}
        </Box>
      </Panel>
      <Panel title="Last 30 days">
        {data ? <TrendChart trend={data.trend} /> : <Skeleton variant="rounded" height={200} />}
      </Panel>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Panel title="Active tickets by territory">
          <Bars
            label="Active tickets by territory"
            rows={data?.by_territory.map((row) => ({
              key: row.territory_id ?? 'none',
              name: row.territory_name,
              value: row.open_tickets,
            }))}
          />
        </Panel>
        <Panel title="Active tickets with service partners">
          <Bars
            label="Active tickets with service partners"
            rows={data?.by_partner.map((row) => ({
              key: row.partner_party_id,
              name: row.partner_name,
              value: row.open_tickets,
            }))}
          />
        </Panel>
      </Box>
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Figure(props: { label: string; value: number | undefined; to: string; strong?: boolean }) {
  return (
    <ButtonBase
      component={RouterLink}
      to={props.to}
      aria-label={`${props.label}: ${props.value ?? 'loading'}`}
      sx={{
        width: '100%',
        display: 'block',
        textAlign: 'left',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        p: props.strong ? 2.5 : 1.5,
        bgcolor: props.strong ? 'background.paper' : 'action.hover',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: props.strong ? 32 : 22, lineHeight: 1.2 }}>
        {props.value ?? <Skeleton width={40} />}
      </Typography>
    </ButtonBase>
  );
}

function Bars({ label, rows }: { label: string; rows?: { key: string; name: string; value: number }[] }) {
  if (!rows) return <Skeleton variant="rounded" height={120} />;
  if (rows.length === 0) return <Typography color="text.secondary">No active tickets.</Typography>;
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Box component="li" key={row.key} aria-label={`${row.name}: ${row.value}`}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" noWrap title={row.name}>
              {row.name}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {row.value}
            </Typography>
          </Box>
          <Box sx={{ height: 8, bgcolor: 'action.hover', borderRadius: 4, overflow: 'hidden' }} aria-hidden>
            <Box sx={{ height: '100%', width: `${(row.value / max) * 100}%`, bgcolor: 'primary.main' }} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Where a ticket opens from the lists: the route of the list it belongs in. */
function listRouteOf(ticket: { state: TicketState }): string {
  switch (ticket.state) {
    case 'PARTIALLY_CLOSED':
      return '/PartiallyClosedTickets';
    case 'CLOSED':
      return '/ClosedTickets';
    case 'DISCARDED':
      return '/InactiveTickets';
    default:
      return '/ActiveTickets';
  }
}
