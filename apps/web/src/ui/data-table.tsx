import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
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
  /** Hidden below 850 px (SPEC section 9), where the table keeps the columns that matter. */
  hideOnNarrow?: boolean;
}

export interface RowAction<Item> {
  /** The accessible name, e.g. "Edit Repaired and tested". */
  label: (item: Item) => string;
  icon: (item: Item) => ReactElement;
  onClick: (item: Item) => void;
  show?: (item: Item) => boolean;
}

interface ListResult<Item> {
  data?: PageData<Item>;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface DataTableProps<Item> {
  /** The table's accessible name ('Closure Remarks'). */
  label: string;
  columns: DataTableColumn<Item>[];
  rowActions?: RowAction<Item>[];
  getRowId: (item: Item) => string;
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
  rows: Item[];
  total: number;
  loading: boolean;
  state: ListState;
  sortable: readonly string[];
  narrow: boolean;
}

/**
 * A server-side list: pages, sorting, loading, empty and error states. The search box, filters
 * and buttons above it are the screen's (ListToolbar); this shows what the server answered.
 */
export function DataTable<Item>(props: DataTableProps<Item>) {
  const { label, list, state, empty } = props;
  const narrow = useNarrowScreen();

  if (list.error && !list.data) {
    return (
      <Alert
        severity="error"
        variant="outlined"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        {label} could not be loaded: {list.error.message}
      </Alert>
    );
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
    <Box sx={{ width: '100%', overflowX: 'auto' }} aria-busy={list.isFetching}>
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
          rows={data?.items ?? []}
          total={data?.total_count ?? 0}
          loading={list.isPending || list.isFetching}
          narrow={narrow}
        />
      </Suspense>
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
