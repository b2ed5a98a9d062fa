import { useId, useMemo, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  ListWorkFlows,
  WORKFLOW_KIND_LABELS,
  WORKFLOW_KINDS,
  WORKFLOW_REQUEST_STATES,
  WORKFLOW_VIEWS,
  type WorkflowKind,
  type WorkflowRequestItem,
  type WorkflowView,
} from '@fieldport/contract/operations/approvals';
import { api } from '../../api/client.ts';
import { CountBadge } from '../../ui/count-badge.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { levelOf, REQUEST_STATE_LABELS, RequestStateChip, VIEW_LABELS } from '../../ui/approval-format.tsx';
import { RequestDetailsDialog } from '../../ui/approval-request-dialog.tsx';

const REQUEST_NOUN = { one: 'request', many: 'requests' };

/** What an empty view says, when no search or filter narrows it. */
function emptyView(view: WorkflowView, kind: WorkflowKind) {
  const label = WORKFLOW_KIND_LABELS[kind].toLowerCase();
  switch (view) {
    case 'WAITING_FOR_ME':
      return {
        title: 'Nothing waits for your approval',
        description: `A ${label} request you may approve or reject appears here, until you decide it.`,
      };
    case 'MINE':
      return {
        title: 'You have not raised any requests here',
        description: `A ${label} you ask approval for appears here, with where its request stands.`,
      };
    case 'ALL':
      return {
        title: 'No requests yet',
        description: `Every ${label} request you may see appears here once it is raised.`,
      };
  }
}

/**
 * The approvals screen of one kind (docs/approvals.md#the-approvals-screens): the requests waiting
 * for the caller's decision, raised by them, or all they may see, by state and days raised and
 * searched by summary; a request opens in its details, where it is approved, rejected or withdrawn.
 * The view and the open request are kept in the address (?view=MINE&request_id=…), so that a
 * reload or a shared link shows the same.
 */
function ApprovalsScreen({ route, kind }: FeaturePageProps & { kind: WorkflowKind }) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const tabsId = useId();
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view = WORKFLOW_VIEWS.find((entry) => entry === viewParam) ?? 'WAITING_FOR_ME';
  const openedId = params.get('request_id');
  const changeParams = (change: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const state = useListState(ListWorkFlows, {
    sortBy: 'created_on',
    sortOrder: 'desc',
    filters: { state: undefined, created_from: undefined, created_to: undefined },
  });
  // The screen's kind is not a filter a person clears; a range that ends before it starts is not
  // sent (the contract refuses it), its end is marked instead.
  const filters = useMemo(
    () => ({ ...withDaysInOrder(state.input, 'created_from', 'created_to'), kind }),
    [state.input, kind],
  );
  const input = useMemo(() => ({ ...filters, view }), [filters, view]);
  const list = useList(ListWorkFlows, input);
  // The other views' counts under the same search and filters (the shown view counts its own).
  const counts = useQueries({
    queries: WORKFLOW_VIEWS.map((entry) => ({
      queryKey: [...listQueryKey(ListWorkFlows), { ...filters, view: entry, page: 1, page_size: 10 }],
      enabled: entry !== view,
      queryFn: async () =>
        (await api.query(ListWorkFlows, { ...filters, view: entry, page: 1, page_size: 10 })).data,
    })),
  });
  const countOf = (entry: WorkflowView, index: number) =>
    entry === view ? list.data : (counts[index].data ?? undefined);

  const open = (item: WorkflowRequestItem) => changeParams({ request_id: item.request_id });
  const columns: DataTableColumn<WorkflowRequestItem>[] = [
    {
      field: 'summary',
      header: 'Request',
      flex: 1.6,
      minWidth: 180,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <OpenRowLink onOpen={() => open(item)}>{item.summary}</OpenRowLink>
          {narrow && (
            <Typography variant="caption" color="text.secondary" component="p">
              {item.requested_by_name} · {format.dateTime(item.created_on)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'requested_by_name',
      header: 'Requested by',
      flex: 1,
      minWidth: 140,
      hideOnNarrow: true,
    },
    {
      field: 'created_on',
      header: `Raised on (${format.timeZone})`,
      width: 175,
      hideOnNarrow: true,
      render: (item) => format.dateTime(item.created_on),
    },
    {
      field: 'current_level',
      header: 'Level',
      width: 130,
      hideOnNarrow: true,
      render: (item) => <LevelCell item={item} view={view} />,
    },
    {
      field: 'state',
      header: 'State',
      width: 120,
      narrowMinWidth: 108,
      render: (item) =>
        narrow ? (
          <Box sx={{ py: 0.75 }}>
            <RequestStateChip state={item.state} />
            <LevelCell item={item} view={view} />
          </Box>
        ) : (
          <RequestStateChip state={item.state} />
        ),
    },
  ];

  const rows = list.data?.items ?? [];
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Requests for approval of a {WORKFLOW_KIND_LABELS[kind].toLowerCase()}. Each climbs the levels of its
        workflow (Settings &gt; Workflow Settings); open one to see its record, levels and history, and to
        approve or reject it.
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={view}
          onChange={(_, next: WorkflowView) => {
            state.setPage(1);
            changeParams({ view: next === 'WAITING_FOR_ME' ? null : next });
          }}
          aria-label="Requests"
          // On a phone the three share the width, each name on up to two lines, none scrolled away.
          variant={narrow ? 'fullWidth' : 'standard'}
        >
          {WORKFLOW_VIEWS.map((entry, index) => {
            const data = countOf(entry, index);
            return (
              <Tab
                key={entry}
                value={entry}
                id={`${tabsId}-tab-${entry}`}
                aria-controls={`${tabsId}-panel`}
                sx={narrow ? { minWidth: 0, px: 1 } : undefined}
                label={
                  <Box
                    component="span"
                    sx={{
                      display: 'inline-flex',
                      flexWrap: 'wrap',
                      justifyContent: 'center',
                      columnGap: 1,
                      rowGap: 0.5,
                      alignItems: 'center',
                    }}
                  >
                    {VIEW_LABELS[entry]}
                    <CountBadge
                      count={data?.total_count}
                      capped={data?.total_capped}
                      selected={entry === view}
                      noun={REQUEST_NOUN}
                    />
                  </Box>
                }
              />
            );
          })}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${view}`}>
        <ListToolbar state={state} searchLabel="Search summary">
          {/* The two days first: on a phone they share a row. */}
          <DayRangeFilter
            state={state}
            from="created_from"
            to="created_to"
            fromLabel="Raised from"
            toLabel="Raised to"
          />
          <ChoiceFilter
            state={state}
            filter="state"
            label="State"
            width={160}
            choices={WORKFLOW_REQUEST_STATES.map((value) => ({ value, label: REQUEST_STATE_LABELS[value] }))}
          />
        </ListToolbar>
        <DataTable<WorkflowRequestItem>
          label={`${route.title}: ${VIEW_LABELS[view]}`}
          columns={columns}
          getRowId={(item) => item.request_id}
          rowOpensPage
          onRowOpen={open}
          list={list}
          state={state}
          sortable={['created_on', 'state']}
          empty={emptyView(view, kind)}
        />
      </Box>
      {openedId && (
        // One dialog per request opened: its comment and messages start empty.
        <RequestDetailsDialog
          key={openedId}
          requestId={openedId}
          listed={rows.find((item) => item.request_id === openedId)}
          onClose={() => changeParams({ request_id: null })}
        />
      )}
    </Box>
  );
}

/** 'Level 1 of 2', and, outside Waiting for me, whether it waits for the caller. */
function LevelCell({ item, view }: { item: WorkflowRequestItem; view: WorkflowView }) {
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      <Typography variant="body2">{levelOf(item)}</Typography>
      {item.can_decide && view !== 'WAITING_FOR_ME' && (
        <Typography variant="caption" sx={{ color: 'warning.dark', fontWeight: 600 }}>
          Waits for you
        </Typography>
      )}
    </Box>
  );
}

/**
 * The approvals screen of each kind, for its route in app/feature-routes.tsx (one line a kind:
 * docs/approvals.md#kinds names each kind's screen).
 */
export const approvalsPages = Object.fromEntries(
  WORKFLOW_KINDS.map((kind) => {
    function KindApprovalsPage(props: FeaturePageProps) {
      return <ApprovalsScreen {...props} kind={kind} />;
    }
    return [kind, KindApprovalsPage];
  }),
) as Record<WorkflowKind, ComponentType<FeaturePageProps>>;
