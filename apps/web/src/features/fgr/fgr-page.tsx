import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import {
  FGR_CLAIM_STATUS_LABELS,
  FGR_CLAIM_STATUSES,
  FGR_STATE_LABELS,
  FGR_STATES,
  GenerateFGR,
  ListFGR,
  type FgrItem,
} from '@fieldport/contract/operations/fgr';
import { COVERAGE_LABELS } from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { FgrClaimChip, FgrStateChip } from './fgr-chips.tsx';
import { FgrDetailsDialog } from './fgr-details-dialog.tsx';
import { claimShown, productWords, serialsWords, ticketHref } from './fgr-words.ts';
import { GenerateFgrDialog } from './generate-fgr-dialog.tsx';

/** The address a ticket's "Replace product" opens: ?new=1&ticket_id=…. */
const START_KEYS = ['new', 'ticket_id'] as const;

/** A replacement being generated: from a ticket, or with the ticket still to find. */
interface Generating {
  ticketId: string | null;
}

/**
 * /FgrView, Product Replacement (docs/fgr.md): the replacements, newest first, searched by number,
 * ticket, customer or either serial and filtered by state, claim and the days generated. A row
 * opens its details, where it is changed, sent again or its claim followed. Opened from a ticket's
 * "Replace product" (`?new=1&ticket_id=`), a new one starts with that ticket.
 */
export default function FgrPage({ route, can }: FeaturePageProps) {
  const [params, setParams] = useSearchParams();
  const mayGenerate = can(GenerateFGR.access);
  const [generating, setGenerating] = useState<Generating | null>(() =>
    mayGenerate && params.get('new') === '1' ? { ticketId: params.get('ticket_id') } : null,
  );
  const [viewing, setViewing] = useState<{ fgrId: string; listed: FgrItem | undefined } | null>(null);
  // The start is read once: a reload or Back does not generate again.
  useEffect(() => {
    if (START_KEYS.some((key) => params.has(key))) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of START_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      );
    }
  }, [params, setParams]);

  const generateButton = mayGenerate ? (
    <Button
      variant="contained"
      startIcon={<SwapHorizOutlined />}
      onClick={() => setGenerating({ ticketId: null })}
    >
      Generate replacement
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <FgrList
        can={can}
        generateButton={generateButton}
        onOpen={(item) => setViewing({ fgrId: item.fgr_id, listed: item })}
      />
      {generating && (
        <GenerateFgrDialog
          ticketId={generating.ticketId}
          can={can}
          onClose={() => setGenerating(null)}
          onGenerated={(generated) => {
            setGenerating(null);
            setViewing({ fgrId: generated.fgr_id, listed: generated });
          }}
        />
      )}
      {viewing && (
        // One dialog per replacement opened: its dialogs and messages start afresh.
        <FgrDetailsDialog
          key={viewing.fgrId}
          fgrId={viewing.fgrId}
          listed={viewing.listed}
          can={can}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}

function FgrList({
  can,
  generateButton,
  onOpen,
}: {
  can: FeaturePageProps['can'];
  generateButton: ReactNode;
  onOpen: (item: FgrItem) => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListFGR, {
    filters: { state: undefined, claim_status: undefined, from_date: undefined, to_date: undefined },
  });
  const { input } = state;
  const list = useList(ListFGR, withDaysInOrder(input, 'from_date', 'to_date'));

  // Two-line cells keep nine facts in six columns at 1366 px; below 850 px the number carries the
  // customer and serials, and the state column the claim.
  const columns: DataTableColumn<FgrItem>[] = [
    {
      field: 'fgr_number',
      header: 'FGR · generated',
      width: 180,
      minWidth: 170,
      narrowMinWidth: 160,
      render: (item) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <OpenRowLink onOpen={() => onOpen(item)}>{item.fgr_number}</OpenRowLink>
          {narrow ? (
            <>
              <Typography variant="body2">{item.customer_name}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {serialsWords(item)}
              </Typography>
            </>
          ) : (
            <Typography variant="caption" color="text.secondary" component="p">
              {format.date(item.created_on)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'ticket_number',
      header: 'Ticket',
      width: 115,
      minWidth: 105,
      hideOnNarrow: true,
      render: (item) => (
        <Link
          component={RouterLink}
          to={ticketHref(item.ticket_id)}
          onClick={(event) => event.stopPropagation()}
          sx={{ fontWeight: 600 }}
        >
          {item.ticket_number}
        </Link>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.2,
      minWidth: 150,
      hideOnNarrow: true,
      render: (item) => (
        <TwoLineCell first={item.customer_name} second={formatPhoneInternational(item.customer_phone)} />
      ),
    },
    {
      field: 'old_serial_number',
      header: 'Product · old → new serial',
      flex: 1.4,
      minWidth: 190,
      hideOnNarrow: true,
      render: (item) => <TwoLineCell first={productWords(item)} second={serialsWords(item)} />,
    },
    {
      field: 'coverage',
      header: 'Covered by',
      width: 135,
      minWidth: 125,
      hideOnNarrow: true,
      priority: 3,
      render: (item) => (
        <TwoLineCell
          first={COVERAGE_LABELS[item.coverage]}
          second={`until ${formatDay(item.coverage_until)}`}
        />
      ),
    },
    {
      field: 'state',
      header: 'State · claim',
      // "Waiting for approval" whole.
      width: 185,
      minWidth: 180,
      narrowMinWidth: 165,
      render: (item) => (
        <Box sx={{ py: 0.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
          <FgrStateChip state={item.state} />
          {claimShown(item) && <FgrClaimChip status={item.claim_status} />}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-label="Product replacements">
      <ListToolbar
        state={state}
        searchLabel="Search FGR, ticket, customer or serial"
        actions={
          <>
            <ExportButton op={ListFGR} input={input} can={can} />
            {generateButton}
          </>
        }
      >
        <ChoiceFilter
          state={state}
          filter="state"
          label="State"
          choices={FGR_STATES.map((value) => ({ value, label: FGR_STATE_LABELS[value] }))}
        />
        <ChoiceFilter
          state={state}
          filter="claim_status"
          label="Claim"
          width={170}
          choices={FGR_CLAIM_STATUSES.map((value) => ({ value, label: FGR_CLAIM_STATUS_LABELS[value] }))}
        />
        <DayRangeFilter
          state={state}
          from="from_date"
          to="to_date"
          fromLabel="Generated from"
          toLabel="Generated to"
        />
      </ListToolbar>
      <DataTable<FgrItem>
        label="Product replacements"
        columns={columns}
        getRowId={(item) => item.fgr_id}
        rowLabel={(item) => `${item.fgr_number} for ${item.customer_name}`}
        // The details show every fact of a row: no Details of its own for what gives way.
        rowOpensPage
        onRowOpen={onOpen}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No product replacements yet',
          description: generateButton
            ? 'A product in warranty or under AMC that cannot be repaired is replaced from its ticket (Replace product on the ticket’s page, or here): approved, the new serial takes its place in the fleet, and the claim towards the manufacturer is followed here.'
            : 'Replacements generated from tickets show here, with where each stands and its claim towards the manufacturer.',
          action: generateButton,
        }}
      />
    </Box>
  );
}
