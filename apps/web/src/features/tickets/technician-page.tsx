import { Link as RouterLink, useSearchParams } from 'react-router';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { List_Technician_Tickets, type TicketItem } from '@fieldport/contract/operations/tickets';
import { api } from '../../api/client.ts';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { AsOf } from '../../ui/as-of.tsx';
import { formatRupees, formatVisit } from '../../ui/format.ts';
import { keptOffline } from '../../ui/offline.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useTicket } from './ticket-api.ts';
import { TicketActions } from './ticket-actions.tsx';
import { TicketPartsCard } from './ticket-parts.tsx';
import { PriorityChip, TicketStateChip } from './ticket-format.tsx';
import { TicketTimeline } from './ticket-timeline.tsx';
import { AttendanceCard } from './attendance-card.tsx';
import type { OutboxEntry } from './field-outbox.ts';
import { OutboxPanel, useFieldOutbox, useOutboxEntries } from './field-outbox-view.tsx';
import { waitingTicketState } from './waiting-ticket-state.ts';

type View = 'MINE' | 'FLOATING' | 'DONE';
const VIEWS: { view: View; key: string; label: string; empty: string }[] = [
  { view: 'MINE', key: 'mine', label: 'My tickets', empty: 'No tickets are assigned to you.' },
  { view: 'FLOATING', key: 'pool', label: 'Floating pool', empty: 'No floating tickets to claim near you.' },
  { view: 'DONE', key: 'done', label: 'Done', empty: 'Tickets you close appear here.' },
];

/**
 * /Technician, the field engineer's app (docs/tickets.md#the-field-engineers-app): attendance at
 * the top, then my tickets, the floating pool and what is done, as cards for a phone. A ticket
 * opens with ?ticket_id=. What was read last stays readable offline, and what is done offline
 * waits on the phone (docs/product.md#working-offline).
 */
export default function TechnicianPage(_props: FeaturePageProps) {
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket_id');
  if (ticketId) return <FieldTicket ticketId={ticketId} />;
  const current = VIEWS.find((view) => view.key === params.get('tab')) ?? VIEWS[0];
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="My Work" />
      <OutboxPanel />
      <AttendanceCard />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current.key}
          onChange={(_, key: string) => setParams({ tab: key }, { replace: true })}
          aria-label="My work"
          variant="fullWidth"
        >
          {VIEWS.map((view) => (
            <Tab key={view.key} value={view.key} label={view.label} sx={{ minWidth: 0, px: 1 }} />
          ))}
        </Tabs>
      </Box>
      <TicketCards view={current.view} empty={current.empty} />
    </Box>
  );
}

function TicketCards({ view, empty }: { view: View; empty: string }) {
  // TechnicianPage's OutboxPanel opens the outbox; the cards only read it.
  const outbox = useOutboxEntries();
  const tickets = useInfiniteQuery({
    ...keptOffline,
    queryKey: [...listQueryKey(List_Technician_Tickets), { view }],
    initialPageParam: 1,
    placeholderData: keepPreviousData,
    queryFn: async ({ pageParam }) =>
      (
        await api.query(List_Technician_Tickets, {
          view,
          page: pageParam,
          page_size: 25,
          // The nearest visit first, then the newest (the server's order, docs/tickets.md).
          sort_by: view === 'DONE' ? 'created_on' : 'nearest_visit',
          sort_order: view === 'DONE' ? 'desc' : 'asc',
        })
      ).data,
    getNextPageParam: (last) => (last.page * last.page_size < last.total_count ? last.page + 1 : undefined),
  });
  if (tickets.isPending && tickets.fetchStatus === 'paused') {
    return <NotKept what="This list was not opened on this phone before" />;
  }
  if (tickets.isPending) {
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label="Loading tickets">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={110} />
        ))}
      </Stack>
    );
  }
  if (tickets.isError && !tickets.data) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" onClick={() => void tickets.refetch()}>
            Retry
          </Button>
        }
      >
        {tickets.error.message}
      </Alert>
    );
  }
  const items = tickets.data.pages.flatMap((page) => page.items);
  const asOf = <AsOf updatedAt={tickets.dataUpdatedAt} readFailed={tickets.isRefetchError} />;
  if (items.length === 0) {
    return (
      <>
        {asOf}
        <Paper variant="outlined" role="status" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{empty}</Typography>
        </Paper>
      </>
    );
  }
  return (
    <>
      {asOf}
      <Stack spacing={1.5} component="ul" aria-label="Tickets" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box component="li" key={item.ticket_id}>
            <TicketCard item={item} waiting={outbox.filter((entry) => entry.ticket_id === item.ticket_id)} />
          </Box>
        ))}
        {tickets.hasNextPage && (
          <Button onClick={() => void tickets.fetchNextPage()} loading={tickets.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </Stack>
    </>
  );
}

function TicketCard({ item, waiting }: { item: TicketItem; waiting: OutboxEntry[] }) {
  return (
    <Card variant="outlined" component="article" aria-label={`Ticket ${item.ticket_number}`}>
      <CardActionArea component={RouterLink} to={`/Technician?ticket_id=${item.ticket_id}`} sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{item.ticket_number}</Typography>
          <FieldStateChip state={item.state} floating={item.is_floating} waiting={waiting} />
          {item.priority !== 'MEDIUM' && <PriorityChip priority={item.priority} />}
        </Box>
        <Typography sx={{ fontWeight: 600 }}>{item.customer_name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {item.service_name} · {item.city} {item.pincode}
        </Typography>
        {(item.preferred_visit_date || item.wip_sub_stage_name) && (
          <Typography variant="body2" color="text.secondary">
            {[
              item.preferred_visit_date &&
                `Visit ${formatVisit(item.preferred_visit_date, item.preferred_visit_time)}`,
              item.wip_sub_stage_name,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}

/** One ticket on the phone: who, where, what, the actions and the timeline. */
function FieldTicket({ ticketId }: { ticketId: string }) {
  const ticket = useTicket(ticketId, { keepOffline: true });
  const waiting = useFieldOutbox().entries.filter(
    (entry) => entry.ticket_id === ticketId && entry.state !== 'refused',
  );
  const back = (
    <Button component={RouterLink} to="/Technician" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
      My Work
    </Button>
  );
  if (ticket.isPending && ticket.fetchStatus === 'paused') {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        {back}
        <NotKept what="This ticket was not opened on this phone before" />
      </Box>
    );
  }
  if (ticket.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading the ticket" sx={{ maxWidth: 720, mx: 'auto' }}>
        {back}
        <Skeleton variant="rounded" height={260} />
      </Stack>
    );
  }
  if (!ticket.data) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        {back}
        <Alert severity="error" role="alert">
          {ticket.error?.message ?? 'This ticket was not found.'}
        </Alert>
      </Box>
    );
  }
  const t = ticket.data;
  const address = `${t.address}, ${t.city} ${t.pincode}`;
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ maxWidth: 720, mx: 'auto' }}>
      {back}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ '& h1': { mb: 0, fontSize: { xs: 24, sm: 28 } } }}>
          <PageTitle title={`Ticket ${t.ticket_number}`} />
        </Box>
        <FieldStateChip state={t.state} floating={t.is_floating} waiting={waiting} />
        <PriorityChip priority={t.priority} />
      </Box>
      <AsOf updatedAt={ticket.dataUpdatedAt} readFailed={ticket.isRefetchError} />
      <OutboxPanel ticketId={t.ticket_id} />
      <Stack spacing={2}>
        {/* What moves the ticket on comes first: on a phone it is on screen without scrolling. */}
        <SectionCard title="Next step">
          <TicketActions ticket={t} field part="next" />
        </SectionCard>
        <SectionCard title="Customer">
          <Typography sx={{ fontWeight: 700 }}>{t.customer_name}</Typography>
          <Stack spacing={1} sx={{ mt: 1 }}>
            <Button
              href={`tel:${t.customer_phone}`}
              startIcon={<PhoneOutlined />}
              variant="outlined"
              sx={{ justifyContent: 'flex-start' }}
            >
              Call {formatPhoneInternational(t.customer_phone)}
            </Button>
            <Link
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
              target="_blank"
              rel="noreferrer"
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <PlaceOutlined fontSize="small" />
              {address}
            </Link>
          </Stack>
        </SectionCard>
        <SectionCard title="Work">
          <Typography>
            {t.service_name}{' '}
            <Typography component="span" color="text.secondary">
              ({t.category_name})
            </Typography>
          </Typography>
          {t.serial_number && <Typography variant="body2">Serial {t.serial_number}</Typography>}
          {(t.problem_description_name || t.problem_note) && (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
              {[t.problem_description_name, t.problem_note].filter(Boolean).join(' — ')}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Visit: {formatVisit(t.preferred_visit_date, t.preferred_visit_time)}
            {t.wip_sub_stage_name ? ` · Now: ${t.wip_sub_stage_name}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.is_foc ? 'Free of charge' : `Service charge ${formatRupees(t.service_charge_paise)}`}
            {t.under_warranty ? ' · under warranty' : ''}
          </Typography>
        </SectionCard>
        <SectionCard title="Parts">
          <TicketPartsCard ticketId={t.ticket_id} ticketNumber={t.ticket_number} canIssue={false} />
        </SectionCard>
        <SectionCard title="More actions">
          <TicketActions ticket={t} field part="more" />
        </SectionCard>
        <SectionCard title="Timeline">
          <TicketTimeline events={t.timeline} waiting={waiting} />
        </SectionCard>
      </Stack>
    </Box>
  );
}

/**
 * A ticket's state on the phone: while its start of work, hold or resume waits for a signal, the
 * state it will have, marked as waiting (docs/product.md#working-offline).
 */
function FieldStateChip(props: { state: TicketItem['state']; floating: boolean; waiting: OutboxEntry[] }) {
  const coming = waitingTicketState(props.state, props.waiting);
  return (
    <TicketStateChip
      state={coming?.state ?? props.state}
      floating={props.floating}
      waiting={coming ? (coming.sending ? 'sending' : 'queued') : undefined}
    />
  );
}

/** Offline, for what was never read on this phone: it cannot be shown, and says when it can. */
function NotKept({ what }: { what: string }) {
  return (
    <Alert severity="info" role="status">
      {what}: it opens when you are back online.
    </Alert>
  );
}
