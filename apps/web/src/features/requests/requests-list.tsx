import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ListServiceRequests,
  type RequestState,
  type ServiceRequestItem,
} from '@fieldport/contract/operations/requests';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import {
  placeWords,
  RequestStateChip,
  SOURCE_CHOICES,
  sourceWords,
  STATE_CHOICES,
} from './request-format.tsx';
import { RequestDetailsDialog } from './request-details-dialog.tsx';

/** The problem in a cell: its first lines, the rest in the request's details. */
const CLAMPED = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/**
 * A list of requests for service (docs/requests.md), the newest first: searched by number, name,
 * phone or serial, filtered by source and the days received. The triage screen shows one state a
 * tab (`requestState`); /RFS shows what the caller raised (`mine`), any state. A row opens its
 * details, where a new one is decided on by those who may.
 */
export function RequestsList({
  label,
  requestState,
  mine = false,
  empty,
  can,
}: {
  /** The table's name. */
  label: string;
  requestState?: RequestState;
  mine?: boolean;
  empty: { title: string; description: string };
  can: FeaturePageProps['can'];
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListServiceRequests, {
    filters: {
      request_state: undefined,
      source: undefined,
      from_date: undefined,
      to_date: undefined,
    },
  });
  // The tab's state and the list's own callers are not filters: clearing the filters keeps them.
  const input = useMemo(
    () => ({
      ...withDaysInOrder(state.input, 'from_date', 'to_date'),
      ...(requestState ? { request_state: requestState } : {}),
      ...(mine ? { mine } : {}),
    }),
    [state.input, requestState, mine],
  );
  const list = useList(ListServiceRequests, input);
  // The request whose details are open, as the list had it when opened.
  const [viewing, setViewing] = useState<ServiceRequestItem | null>(null);

  // Widths that fit beside the menu at 1280 px (the source gives way to the details there); below
  // 850 px (down to a 360 px phone) one column: the request with its customer, problem and state.
  const columns: DataTableColumn<ServiceRequestItem>[] = [
    {
      field: 'request_number',
      header: 'Request · received',
      width: 175,
      minWidth: 165,
      render: (request) => (
        <Box sx={{ py: 0.5, minWidth: 0 }}>
          <OpenRowLink onOpen={() => setViewing(request)}>{request.request_number}</OpenRowLink>
          {narrow ? (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {request.customer_name} · {placeWords(request)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={CLAMPED}>
                {format.dateTime(request.created_on)} · {request.problem}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <StateCell request={request} />
              </Box>
            </>
          ) : (
            <Typography variant="caption" color="text.secondary" component="p">
              {format.dateTime(request.created_on)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.1,
      minWidth: 150,
      hideOnNarrow: true,
      render: (request) => (
        <TwoLineCell first={request.customer_name} second={request.customer_phone_display} />
      ),
    },
    {
      field: 'pincode',
      header: 'Place',
      width: 110,
      minWidth: 100,
      hideOnNarrow: true,
      priority: 3,
      render: (request) => <TwoLineCell first={request.city} second={request.pincode} />,
    },
    {
      field: 'product_name',
      header: 'Product',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      priority: 3,
      render: (request) =>
        request.product_name || request.serial_number ? (
          <TwoLineCell
            first={request.product_name ?? request.serial_number ?? ''}
            second={request.product_name ? request.serial_number : null}
          />
        ) : (
          '—'
        ),
    },
    {
      field: 'problem',
      header: 'Problem',
      flex: 1.6,
      minWidth: 180,
      hideOnNarrow: true,
      render: (request) => (
        <Typography variant="body2" sx={CLAMPED} title={request.problem}>
          {request.problem}
        </Typography>
      ),
    },
    {
      field: 'source',
      header: 'Source',
      width: 140,
      minWidth: 120,
      hideOnNarrow: true,
      priority: 4,
      render: (request) => {
        const [source, by] = sourceWords(request);
        return <TwoLineCell first={source} second={by} />;
      },
    },
    {
      field: 'state',
      header: 'State',
      // "Converted to a ticket" whole.
      width: 180,
      minWidth: 170,
      hideOnNarrow: true,
      render: (request) => (
        <Box sx={{ py: 0.5, minWidth: 0 }}>
          <StateCell request={request} />
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-label={label}>
      <ListToolbar state={state} searchLabel="Search number, name, phone or serial">
        {!requestState && (
          <ChoiceFilter
            state={state}
            filter="request_state"
            label="State"
            choices={STATE_CHOICES}
            width={200}
          />
        )}
        {!mine && (
          <ChoiceFilter state={state} filter="source" label="Source" choices={SOURCE_CHOICES} width={160} />
        )}
        <DayRangeFilter
          state={state}
          from="from_date"
          to="to_date"
          fromLabel="Received from"
          toLabel="Received to"
        />
      </ListToolbar>
      <DataTable<ServiceRequestItem>
        label={label}
        columns={columns}
        getRowId={(request) => request.request_id}
        rowLabel={(request) => `${request.request_number} from ${request.customer_name}`}
        // The details show every fact of a row: no Details of its own for what gives way.
        rowOpensPage
        onRowOpen={setViewing}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={empty}
      />
      {viewing && (
        <RequestDetailsDialog
          key={viewing.request_id}
          request={viewing}
          can={can}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}

/** A request's state, and the ticket it became or joined. */
function StateCell({ request }: { request: ServiceRequestItem }) {
  return (
    <>
      <RequestStateChip state={request.state} />
      {request.ticket_number && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          Ticket {request.ticket_number}
        </Typography>
      )}
    </>
  );
}
