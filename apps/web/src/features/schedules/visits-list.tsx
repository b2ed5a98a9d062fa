import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dayIn } from '@fieldport/contract/fields';
import {
  ListScheduledVisits,
  UPCOMING_DAYS,
  type ScheduledVisitItem,
  type VisitView,
} from '@fieldport/contract/operations/schedules';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { formatDay, useInstantFormats, type InstantFormats } from '../../ui/format.ts';
import { DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { TicketLink } from '../../ui/ticket-link.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { ticketDayWords } from './schedule-format.ts';

/** What each view is called, and what its list says when it is empty. */
const VIEWS: Record<VisitView, { label: string; empty: { title: string; description: string } }> = {
  UPCOMING: {
    label: 'Upcoming visits',
    empty: {
      title: 'No visits due soon',
      description: `The due dates of the running plans in the next ${UPCOMING_DAYS} days show here, each with the day its ticket is raised.`,
    },
  },
  RAISED: {
    label: 'Raised tickets',
    empty: {
      title: 'No tickets raised yet',
      description:
        'Each due date whose ticket was raised shows here, with the ticket and its state. A ticket is raised on its day, less the days ahead its plan says.',
    },
  },
  MISSED: {
    label: 'Missed dates',
    empty: {
      title: 'No missed dates',
      description:
        'A due date that passed without a ticket shows here: its plan was stopped then, or the ticket could not be raised.',
    },
  },
};

/** The fourth column: when an upcoming date's ticket comes, a raised date's ticket, when a miss was found. */
function outcomeColumn(
  view: VisitView,
  today: string,
  format: InstantFormats,
): DataTableColumn<ScheduledVisitItem> {
  switch (view) {
    case 'UPCOMING':
      return {
        field: 'raise_on',
        header: 'Ticket',
        width: 190,
        minWidth: 120,
        narrowMinWidth: 120,
        render: (visit) => ticketDayWords(visit.raise_on, today),
      };
    case 'RAISED':
      return {
        field: 'ticket_number',
        header: 'Ticket',
        width: 190,
        minWidth: 140,
        narrowMinWidth: 120,
        render: (visit) =>
          visit.ticket_id && visit.ticket_number ? (
            <TicketLink
              ticketId={visit.ticket_id}
              ticketNumber={visit.ticket_number}
              state={visit.ticket_state}
            />
          ) : (
            // The ticket was deleted since.
            '—'
          ),
      };
    case 'MISSED':
      return {
        field: 'recorded_on',
        header: 'Recorded missed',
        width: 190,
        minWidth: 120,
        narrowMinWidth: 120,
        render: (visit) => format.dateTime(visit.recorded_on),
      };
  }
}

/**
 * The Upcoming, Raised and Missed tabs (docs/schedules.md): the plans' due dates of one view,
 * searched by serial number or customer, filtered by days; the upcoming soonest first, the others
 * latest first.
 */
export function VisitsList({ view, actions }: { view: VisitView; actions: ReactNode }) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  const state = useListState(ListScheduledVisits, {
    sortOrder: view === 'UPCOMING' ? 'asc' : 'desc',
    filters: { from_date: undefined, to_date: undefined },
  });
  // The view is the tab's, not a filter: clearing the filters keeps it.
  const input = useMemo(
    () => ({ ...withDaysInOrder(state.input, 'from_date', 'to_date'), view }),
    [state.input, view],
  );
  const list = useList(ListScheduledVisits, input);
  const { label, empty } = VIEWS[view];

  // Widths that fit beside the menu at 1366 px; below 850 px (down to a 360 px phone) the due date,
  // with the product and its customer, and the ticket.
  const columns: DataTableColumn<ScheduledVisitItem>[] = [
    {
      field: 'due_date',
      header: 'Due date',
      width: 150,
      minWidth: 130,
      narrowMinWidth: 140,
      render: (visit) => (
        <Box sx={{ py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatDay(visit.due_date)}
          </Typography>
          {narrow && (
            <>
              <Typography variant="body2">
                {visit.serial_number} · {visit.product_name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {visit.customer_name}
              </Typography>
            </>
          )}
        </Box>
      ),
    },
    {
      field: 'serial_number',
      header: 'Product',
      flex: 1.2,
      minWidth: 160,
      hideOnNarrow: true,
      render: (visit) => <TwoLineCell first={visit.serial_number} second={visit.product_name} />,
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.2,
      minWidth: 150,
      hideOnNarrow: true,
      render: (visit) => <TwoLineCell first={visit.customer_name} />,
    },
    outcomeColumn(view, today, format),
  ];

  return (
    <Box component="section" aria-label={label}>
      <ListToolbar state={state} searchLabel="Search serial number or customer" actions={actions}>
        <DayRangeFilter state={state} from="from_date" to="to_date" fromLabel="Due from" toLabel="Due to" />
      </ListToolbar>
      <DataTable<ScheduledVisitItem>
        label={label}
        columns={columns}
        getRowId={(visit) => `${visit.plan_id}:${visit.due_date}`}
        rowLabel={(visit) => `${visit.serial_number} due on ${formatDay(visit.due_date)}`}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={empty}
      />
    </Box>
  );
}
