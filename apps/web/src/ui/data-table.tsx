import { lazy, Suspense, useCallback, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { PageData } from '@fieldport/contract/lists';
import type { ListState } from './use-list.ts';
import { LoadError } from './load-error.tsx';
import { RowDetailsDialog } from './row-details-dialog.tsx';
import { useElementWidth } from './use-element-width.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';

// The grid is the heaviest piece of the web app: it is loaded with the first list a person opens.
const DataGridView = lazy(() => import('./data-grid-view.tsx'));

export interface DataTableColumn<Item> {
  /** The item key shown (and the sort_by value when the list can sort by it). */
  field: string;
  header: string;
  /** What the cell shows; by default the item's value of `field`. */
  render?: (item: Item) => ReactNode;
  width?: number;
  minWidth?: number;
  flex?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * Hidden below 850 px (docs/product.md#constants), where the table keeps the columns that matter.
   */
  hideOnNarrow?: boolean;
  /**
   * Its smallest width below 850 px, for what cannot wrap (a phone number, a state chip); by
   * default the smaller of minWidth and 90.
   */
  narrowMinWidth?: number;
  /**
   * When the table is too narrow for every column, the highest numbers give way first (by default
   * 2 for hideOnNarrow columns, 1 for the others; the first column never does). What gave way is
   * under the row's Details (ui/fit-columns.ts).
   */
  priority?: number;
}

export interface RowAction<Item> {
  /** The accessible name, e.g. "Edit Repaired and tested". */
  label: (item: Item) => string;
  icon: (item: Item) => ReactElement;
  onClick: (item: Item) => void;
  show?: (item: Item) => boolean;
}

export interface RowSelection<Item> {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  isSelectable?: (item: Item) => boolean;
}

interface ListResult<Item> {
  data?: PageData<Item>;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface DataTableProps<Item> {
  /** The table's accessible name ('Closure Remarks'). */
  label: string;
  columns: DataTableColumn<Item>[];
  rowActions?: RowAction<Item>[];
  getRowId: (item: Item) => string;
  /** What a row is called in its Details ("Details of …"); by default its first column's value. */
  rowLabel?: (item: Item) => string;
  /**
   * Each row's first column opens the row's own page, which shows everything (a ticket): columns
   * that give way on a narrow screen need no Details action then.
   */
  rowOpensPage?: boolean;
  /**
   * Opens a row (its details, where the screen acts on it): a click anywhere on the row, or Enter
   * on any of its cells.
   */
  onRowOpen?: (item: Item) => void;
  /**
   * Rows chosen with checkboxes, kept across pages by id (a screen that acts on many rows at once);
   * `isSelectable` leaves some rows without a checkbox.
   */
  selection?: RowSelection<Item>;
  /** The list query (useList) and the person's choices (useListState). */
  list: ListResult<Item>;
  state: ListState;
  /** The `sort_by` values of the list's contract. */
  sortable: readonly string[];
  /** What an empty list says, and the action that fills it ("Add closure remark"). */
  empty: { title: string; description?: string; action?: ReactNode };
}

export interface DataTableViewProps<Item> {
  label: string;
  columns: DataTableColumn<Item>[];
  rowActions?: RowAction<Item>[];
  getRowId: (item: Item) => string;
  rowOpensPage?: boolean;
  onRowOpen?: (item: Item) => void;
  selection?: RowSelection<Item>;
  rows: Item[];
  total: number;
  /** More rows match than `total` (the count's cap): the pager says "10,000+". */
  totalCapped: boolean;
  loading: boolean;
  state: ListState;
  sortable: readonly string[];
  narrow: boolean;
  /** The width the table has, in CSS pixels (0 until measured): the columns are fitted to it. */
  availableWidth: number;
  rowLabel: (item: Item) => string;
  onShowDetails: (item: Item) => void;
}

/**
 * A server-side list: pages, sorting, loading, empty and error states. The search box, filters
 * and buttons above it are the screen's (ListToolbar); this shows what the server answered.
 */
export function DataTable<Item>(props: DataTableProps<Item>) {
  const { label, list, state, empty, columns, getRowId } = props;
  const narrow = useNarrowScreen();
  const [placeRef, availableWidth] = useElementWidth();
  // The row whose Details are open, by id: the dialog shows the row as the list has it now.
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const firstField = columns[0]?.field ?? '';
  const rowLabel = useMemo(
    () => props.rowLabel ?? ((item: Item) => String((item as Record<string, unknown>)[firstField] ?? '')),
    [props.rowLabel, firstField],
  );
  const showDetails = useCallback((item: unknown) => setDetailsOf(getRowId(item as Item)), [getRowId]);
  const rows = list.data?.items ?? [];
  const detailsItem = detailsOf === null ? undefined : rows.find((item) => getRowId(item) === detailsOf);

  if (list.error && !list.data) {
    return <LoadError what={label} error={list.error} onRetry={() => void list.refetch()} />;
  }

  const data = list.data;
  if (data && data.total_count === 0 && !list.isFetching) {
    return state.filtered ? (
      <EmptyState
        icon={<SearchOffOutlined fontSize="large" />}
        title="Nothing matches your search or filter"
        description="Try other words, or clear the search and filters to see everything."
        action={
          <Button variant="outlined" onClick={state.clearFilters}>
            Clear search and filters
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<Inventory2Outlined fontSize="large" />} {...empty} />
    );
  }

  return (
    // aria-busy while a page is loading: the previous page stays on screen until the new one arrives.
    <Box ref={placeRef} sx={{ width: '100%', overflowX: 'auto' }} aria-busy={list.isFetching}>
      {list.error && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          The list could not be refreshed: {list.error.message}
        </Alert>
      )}
      <Suspense fallback={<TableSkeleton label={label} />}>
        <DataGridView
          {...(props as unknown as DataTableViewProps<unknown>)}
          rows={rows}
          total={data?.total_count ?? 0}
          totalCapped={data?.total_capped ?? false}
          loading={list.isPending || list.isFetching}
          narrow={narrow}
          availableWidth={availableWidth}
          rowLabel={rowLabel as (item: unknown) => string}
          onShowDetails={showDetails}
        />
      </Suspense>
      <RowDetailsDialog
        item={detailsItem}
        title={detailsItem === undefined ? '' : rowLabel(detailsItem)}
        columns={columns}
        narrow={narrow}
        onClose={() => setDetailsOf(null)}
      />
    </Box>
  );
}

function EmptyState(props: { icon: ReactNode; title: string; description?: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ color: 'primary.main' }} aria-hidden>
          {props.icon}
        </Box>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {props.title}
        </Typography>
        {props.description && <Typography color="text.secondary">{props.description}</Typography>}
        {props.action}
      </Stack>
    </Paper>
  );
}

function TableSkeleton({ label }: { label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={`Loading ${label}`}>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={40} />
      ))}
    </Paper>
  );
}
