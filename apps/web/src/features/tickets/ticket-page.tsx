import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { coverageText } from '../../ui/coverage.tsx';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import type { TicketDetails } from '@fieldport/contract/operations/tickets';
import { GetTicketParts, IssueComponentRequest } from '@fieldport/contract/operations/inventory';
import { GenerateFGR } from '@fieldport/contract/operations/fgr';
import { SaveQuotation } from '@fieldport/contract/operations/quotations';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees, formatVisit, useInstantFormats } from '../../ui/format.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { useTicket } from './ticket-api.ts';
import { TicketActions } from './ticket-actions.tsx';
import { PriorityChip, TicketStateChip } from './ticket-format.tsx';
import { TicketPartsCard } from './ticket-parts.tsx';
import { TicketTimeline } from './ticket-timeline.tsx';

/** One ticket: its details, the actions the caller may take, and its timeline. */
export function TicketPage(props: {
  ticketId: string;
  backTo: string;
  backLabel: string;
  can: FeaturePageProps['can'];
}) {
  const navigate = useNavigate();
  const ticket = useTicket(props.ticketId);
  const back = (
    <Button component={RouterLink} to={props.backTo} startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
      {props.backLabel}
    </Button>
  );
  if (ticket.isPending) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading the ticket">
        {back}
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (ticket.isError || !ticket.data) {
    return (
      <Box>
        {back}
        <Alert severity="error" role="alert">
          {ticket.error?.message ?? 'This ticket was not found.'}
        </Alert>
      </Box>
    );
  }
  const t = ticket.data;
  return (
    <Box component="section" aria-labelledby="page-title">
      {back}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
        <Box sx={{ '& h1': { mb: 0 } }}>
          <PageTitle title={`Ticket ${t.ticket_number}`} />
        </Box>
        <TicketStateChip state={t.state} floating={t.is_floating} />
        <PriorityChip priority={t.priority} />
        {t.is_foc && <Chip size="small" label="Free of charge" color="success" variant="outlined" />}
        {t.under_warranty && <Chip size="small" label="Under warranty" variant="outlined" />}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <SectionCard title="Actions">
            <TicketActions
              ticket={t}
              onRecreated={(created) => void navigate(`/ActiveTickets?ticket_id=${created.ticket_id}`)}
            />
            {/* A quotation for the ticket's customer, answering it (docs/quotations.md). */}
            {props.can(SaveQuotation.access) && (
              <Button
                component={RouterLink}
                to={draftQuotationHref(t)}
                variant="outlined"
                startIcon={<RequestQuoteOutlined />}
                sx={{ mt: 1.5 }}
              >
                Draft quotation
              </Button>
            )}
            {/* A product beyond repair, replaced under its cover (docs/fgr.md#generating-one). */}
            {props.can(GenerateFGR.access) && t.fleet_item_id && t.state !== 'DISCARDED' && (
              <Button
                component={RouterLink}
                to={replaceProductHref(t)}
                variant="outlined"
                startIcon={<SwapHorizOutlined />}
                // Beside Draft quotation from 600 px; below it on a phone, where the two do not fit a line.
                sx={{ mt: 1.5, ml: { xs: 0, sm: 1 } }}
              >
                Replace product
              </Button>
            )}
          </SectionCard>
          {props.can(GetTicketParts.access) && (
            <SectionCard title="Parts">
              <TicketPartsCard
                ticketId={t.ticket_id}
                ticketNumber={t.ticket_number}
                canIssue={props.can(IssueComponentRequest.access)}
              />
            </SectionCard>
          )}
          <TicketFacts ticket={t} />
        </Stack>
        <SectionCard title="Timeline">
          <TicketTimeline events={t.timeline} />
        </SectionCard>
      </Box>
    </Box>
  );
}

/** Quotations List, drafting a new quotation for the ticket and its customer. */
const draftQuotationHref = (ticket: TicketDetails) =>
  `/QuotationsList?${new URLSearchParams({ new: '1', ticket_id: ticket.ticket_id, customer_id: ticket.customer_id })}`;

/** Product Replacement, generating a replacement of the ticket's product. */
const replaceProductHref = (ticket: TicketDetails) =>
  `/FgrView?${new URLSearchParams({ new: '1', ticket_id: ticket.ticket_id })}`;

/**
 * What the service partner earns for the closed ticket, frozen when it closed
 * (docs/payouts.md#frozen-at-closing); null when the caller is not told.
 */
function partnerAmountText(amount: TicketDetails['partner_amount']): string | null {
  if (!amount) return null;
  if (amount.state === 'NO_RATE_CARD')
    return 'Not priced: no rate card of the partner matched when it closed';
  return `${formatRupees(amount.amount_paise ?? 0)} (rate card '${amount.rate_card_name}')`;
}

/** The facts of a ticket as label/value pairs, grouped. */
function TicketFacts({ ticket: t }: { ticket: TicketDetails }) {
  const format = useInstantFormats();
  return (
    <>
      <SectionCard title="Customer">
        <Facts
          rows={[
            ['Name', t.customer_name],
            [
              'Phone',
              <Link key="phone" href={`tel:${t.customer_phone}`}>
                {formatPhoneInternational(t.customer_phone)}
              </Link>,
            ],
            ['Email', t.customer_email],
            ['Address', `${t.address}, ${t.city} ${t.pincode}`],
            ['Territory', t.territory_name],
            ['Dealer', t.dealer_name],
          ]}
        />
      </SectionCard>
      <SectionCard title="Work">
        <Facts
          rows={[
            ['Service', `${t.service_name} (${t.category_name})`],
            ['Service type', t.service_type_name],
            ['Serial number', t.serial_number],
            // The fleet item's coverage when the ticket was raised (docs/product-fleet.md#tickets).
            ['Coverage', t.coverage ? coverageText(t.coverage) : null],
            ['Problem', t.problem_description_name],
            ['Problem note', t.problem_note],
            ['Visit', formatVisit(t.preferred_visit_date, t.preferred_visit_time)],
            [
              'Sub-stage',
              t.wip_sub_stage_name ? `${t.wip_state_name ?? ''} · ${t.wip_sub_stage_name}` : null,
            ],
            ['Closure remark', t.closure_remark_name],
            ['Service charge', t.is_foc ? 'Free of charge' : formatRupees(t.service_charge_paise)],
            ['Warranty', t.under_warranty ? 'Under warranty' : 'Not under warranty'],
          ]}
        />
      </SectionCard>
      <SectionCard title="Assignment">
        <Facts
          rows={[
            ['Technician', t.technician_name],
            ['Service partner', t.partner_name],
            ['Partner earns', partnerAmountText(t.partner_amount)],
            ['Floating', t.is_floating ? 'Yes: eligible technicians may claim it' : null],
            [
              'Created',
              `${format.dateTime(t.created_on)}${t.created_by_name ? ` by ${t.created_by_name}` : ''}`,
            ],
            [
              'Closed',
              t.closed_on
                ? `${format.dateTime(t.closed_on)}${t.closed_with === 'OTP' ? ' with the closure code' : t.closed_with === 'REASON' ? ' with a reason' : ''}`
                : null,
            ],
            [
              'Re-creates',
              t.recreated_from_ticket_id ? (
                <Link
                  key="from"
                  component={RouterLink}
                  to={`/ClosedTickets?ticket_id=${t.recreated_from_ticket_id}`}
                >
                  {t.recreated_from_ticket_number}
                </Link>
              ) : null,
            ],
          ]}
        />
      </SectionCard>
    </>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '150px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        '& dt': { color: 'text.secondary', fontSize: 14 },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, fontSize: 14, overflowWrap: 'anywhere' },
      }}
    >
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
    </Box>
  );
}
