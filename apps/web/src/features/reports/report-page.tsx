import { lazy, Suspense, useEffect, useMemo, useRef, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import { dayIn } from '@fieldport/contract/fields';
import type { OperationDef } from '@fieldport/contract/operation';
import {
  AGING_GROUP_LABELS,
  REPORT_LAYOUTS,
  REPORT_OPERATIONS,
  type ReportColumn,
  type ReportData,
  type ReportLayout,
  type ReportName,
  type ReportRow,
  type ReportVariant,
} from '@fieldport/contract/operations/reports';
import { isDealerRole, isPartnerRole } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ReportTable } from '../../ui/report-table.tsx';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { useOperation, type MutationOp } from '../../ui/use-operation.ts';
import { VISUALLY_HIDDEN } from '../../ui/visually-hidden.ts';
import {
  addressAfter,
  offeredFilters,
  periodProblem,
  readReportAddress,
  withChanges,
  type ReportInput,
} from './report-address.ts';
import { ReportFilters } from './report-filters.tsx';

// The chart library is loaded with the first report a person opens, never with the shell.
const loadChart = () => import('./report-chart.tsx');
const ReportChart = lazy(loadChart);

/** Paging shows other rows of the same figures; any other change asks for other figures. */
function sameFigures(a: ReportInput, b: ReportInput): boolean {
  const strip = ({ page: _page, page_size: _size, ...rest }: ReportInput) => JSON.stringify(rest);
  return strip(a) === strip(b);
}

/**
 * One report's screen, drawn from its layout (docs/reports.md#the-screens): the filters it names,
 * kept in the address; the chart of its figures; the table of its rows with the totals; the .xlsx
 * of every row. The server scopes the figures: a dealer's users see their dealer's tickets only.
 */
export function ReportPage({ name: routeReport, route, can }: FeaturePageProps & { name: ReportName }) {
  const [params, setParams] = useSearchParams();
  // A screen of several reports (a layout's variants) draws the one the address's `view` names.
  const variants: readonly ReportVariant[] = (REPORT_LAYOUTS[routeReport] as ReportLayout).variants ?? [];
  const variant = variants.find((entry) => entry.key === params.get('view')) ?? variants[0];
  const name = (variant?.report ?? routeReport) as ReportName;
  const layout: ReportLayout = REPORT_LAYOUTS[name];
  // Every report is a query (the contract's REPORT_OPERATIONS is typed as any operation).
  const operation = REPORT_OPERATIONS[name] as OperationDef<string, 'query'>;
  const me = useCurrentUser();
  // Until the person is known, no party is offered to choose.
  const partyUser = me ? isDealerRole(me.user_type) || isPartnerRole(me.user_type) : true;
  const { timeZone } = useInstantFormats();
  const today = useMemo(() => dayIn(timeZone), [timeZone]);
  // Recomputed each drawing (the compiler memoizes it); the query keys on its content.
  const input = readReportAddress(name, params, today, partyUser);
  const problem = periodProblem(name, input);
  // The address a change was made on, until the router shows it: a second change made before
  // (two days typed at once) builds on the first instead of on what was drawn.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const chooseView = (key: string) => {
    const next = new URLSearchParams(params);
    // The first variant is the default: not written. Another report starts at its first page.
    if (key === variants[0]?.key) next.delete('view');
    else next.set('view', key);
    next.delete('page');
    pending.current = next;
    setParams(next, { replace: true });
  };
  const choose = (changes: Parameters<typeof addressAfter>[4]) => {
    const next = addressAfter(name, pending.current ?? params, today, partyUser, changes);
    pending.current = next;
    setParams(next, { replace: true });
  };

  const report = useQuery({
    queryKey: ['report', name, input],
    queryFn: async () => (await api.query(operation, input)).data as ReportData,
    enabled: !problem,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as ReportInput | undefined;
      return before && sameFigures(before, input) ? keepPreviousData(previous) : undefined;
    },
  });
  useEffect(() => {
    // The chart's code is fetched beside the figures, not after them.
    void loadChart().catch(() => undefined);
  }, []);
  // A link to a page past the last (the figures have changed since) shows the first instead.
  const pastTheEnd = Boolean(report.data && report.data.rows.length === 0 && input.page > 1);
  useEffect(() => {
    if (pastTheEnd) setParams((current) => withChanges(current, { page: undefined }), { replace: true });
  }, [pastTheEnd, setParams]);

  const data = report.data;
  const period = layout.filters.some((filter) => filter === 'days' || filter === 'months');
  // The aging report's first column is what it is grouped by.
  const columns = layout.columns.map((column, index) =>
    index === 0 && input.group_by ? { ...column, label: AGING_GROUP_LABELS[input.group_by] } : column,
  );
  const { page: _page, page_size, ...exported } = input;
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2.5 }}>
        {layout.description}
      </Typography>
      {variant && (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="View"
          value={variant.key}
          onChange={(_event, key: string | null) => {
            if (key) chooseView(key);
          }}
          sx={{ mb: 2 }}
        >
          {variants.map((entry) => (
            <ToggleButton key={entry.key} value={entry.key} sx={{ px: 2, textTransform: 'none' }}>
              {entry.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <ReportFilters
          filters={offeredFilters(name, partyUser)}
          input={input}
          today={today}
          problem={problem}
          can={can}
          onChange={choose}
          actions={<ExportButton op={operation} input={exported} can={can} />}
        />
      </Paper>
      {problem ? (
        <Message title="Choose a period to see the figures." detail={problem.message} />
      ) : report.isError && !data ? (
        <LoadError what={route.title} error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <Loading />
      ) : (layout.records ? data.total_count === 0 : noFigures(data, layout.columns)) ? (
        layout.records ? (
          <Message title={layout.empty ?? 'Nothing to show.'} detail={layout.records.emptyDetail} />
        ) : period ? (
          <Message
            title={layout.empty ?? 'No tickets in this period.'}
            detail="Choose another period or fewer filters."
          />
        ) : (
          <Message title="No active tickets." detail="Choose fewer filters." />
        )
      ) : (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Paper
            variant="outlined"
            component="figure"
            aria-labelledby="report-chart-title"
            sx={{ m: 0, p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}
          >
            <Typography
              component="figcaption"
              id="report-chart-title"
              variant="h6"
              sx={{ fontSize: 16, fontWeight: 700, mb: 1 }}
            >
              {layout.chart.title}
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {' '}
                (the table below has the same figures)
              </Box>
            </Typography>
            <Suspense
              fallback={
                <Box aria-busy="true">
                  <Skeleton variant="rounded" height={260} />
                </Box>
              }
            >
              <ReportChart chart={data.chart} layout={layout} />
            </Suspense>
          </Paper>
          <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
            <ReportTable
              label={layout.title}
              columns={columns}
              rows={data.rows}
              totals={data.totals}
              totalCount={data.total_count}
              page={data.page}
              pageSize={page_size}
              busy={report.isPlaceholderData}
              onPageChange={(next) => choose({ page: next, page_size })}
              onPageSizeChange={(size) => choose({ page_size: size })}
              rowAction={
                layout.rowAction && can(layout.rowAction.operation.access)
                  ? {
                      label: 'Action',
                      render: (row) => (
                        <RowActionButton action={layout.rowAction!} row={row} name={columns[0].key} />
                      ),
                    }
                  : undefined
              }
            />
          </Paper>
        </Box>
      )}
    </Box>
  );
}

/**
 * A row's action from the layout (`rowAction`): the operation called with the row's id; its answer's
 * record opened on its page. Held while it runs; the server refuses what may not be done (a
 * contract already renewed), shown in red.
 */
function RowActionButton({
  action,
  row,
  name,
}: {
  action: NonNullable<ReportLayout['rowAction']>;
  row: ReportRow;
  name: string;
}) {
  const navigate = useNavigate();
  const run = useOperation(action.operation as MutationOp, {
    onSuccess: (answer) => {
      const [made] = (answer.data as { items: Record<string, unknown>[] }).items;
      void navigate(`${action.opens}?${action.param}=${encodeURIComponent(String(made[action.param]))}`);
    },
  });
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={run.isPending}
      // The row's first column names it: "Raise renewal quotation for AMC/2026-27/000001".
      aria-label={`${action.label} for ${String(row[name])}`}
      onClick={() => run.run({ [action.idKey]: row[action.idKey] } as never)}
      sx={{ whiteSpace: 'nowrap', textTransform: 'none' }}
    >
      {action.label}
    </Button>
  );
}

function Loading() {
  return (
    <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
      <Skeleton variant="rounded" height={280} />
      <Skeleton variant="rounded" height={220} />
    </Box>
  );
}

/** What shows instead of the figures: none in the period, or a period to choose again. */
function Message({ title, detail }: { title: string; detail: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <InsertChartOutlined color="disabled" sx={{ fontSize: 40 }} aria-hidden />
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
    </Paper>
  );
}

/**
 * Whether the report has nothing to show: no rows, or rows of nothing but zeros (the monthly
 * report has a row for every month of the period, tickets or not).
 */
function noFigures(data: ReportData, columns: readonly ReportColumn[]): boolean {
  const summed = columns.filter((column) => column.format === 'count' || column.format === 'amount');
  return (
    data.total_count === 0 ||
    (summed.length > 0 && summed.every((column) => Number(data.totals[column.key] ?? 0) === 0))
  );
}

/** The report screens, one per route (app/feature-routes.tsx); a variant is drawn on its route's. */
export const reportPages = Object.fromEntries(
  (Object.keys(REPORT_LAYOUTS) as ReportName[]).map((name) => {
    function NamedReportPage(props: FeaturePageProps) {
      return <ReportPage {...props} name={name} />;
    }
    return [name, NamedReportPage];
  }),
) as Record<ReportName, ComponentType<FeaturePageProps>>;
