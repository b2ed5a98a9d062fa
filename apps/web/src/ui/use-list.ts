import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  type PageData,
  type PageSize,
  type SortOrder,
  type StatusFilter,
} from '@fieldport/contract/lists';
import type { DataOf, InputOf, OperationDef } from '@fieldport/contract/operation';
import type { z } from 'zod';
import { api } from '../api/client.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** A list operation of the contract: a `listInput(...)` schema in, a page of rows out. */
export type ListOp = OperationDef<string, 'query'> & { readonly __data?: PageData<unknown> };
/** A row of the list, as the operation declares it. */
export type ListItem<Op extends ListOp> = DataOf<Op> extends PageData<infer Item> ? Item : never;
/** The columns the operation sorts by (its `sort_by` values). */
type ListSortKey<Op extends ListOp> =
  InputOf<Op> extends { sort_by?: infer Key } ? Extract<Key, string> : string;

/** The keys every list takes; the rest of its input are the list's own filters. */
type CommonListKey = 'page' | 'page_size' | 'search' | 'sort_by' | 'sort_order' | 'status';
/**
 * The list's own filters, as the operation declares them; a filter left undefined is not sent.
 * Distributed over a union of operations (a people screen lists users or representatives).
 */
type ListFilters<Op extends ListOp> = Op extends ListOp ? Partial<Omit<InputOf<Op>, CommonListKey>> : never;

/** What the list state sends: paging, search, sort, the status when the list takes one, filters. */
type ListRequest<Op extends ListOp> = {
  page: number;
  page_size: PageSize;
  search: string;
  sort_by: ListSortKey<Op>;
  sort_order: SortOrder;
  status?: StatusFilter;
} & ListFilters<Op>;

/** Every query of a list starts with this key, so that a change to the list refreshes all its pages. */
export const listQueryKey = (op: ListOp) => ['list', op.name] as const;

interface ListShape {
  /** The `sort_by` values, for the table's sortable columns. */
  sortable: readonly string[];
  defaultSortBy: string;
  defaultSortOrder: SortOrder;
  /** Whether the list takes a status filter; a strict input without `status` refuses one. */
  takesStatus: boolean;
}

const shapes = new WeakMap<ListOp, ListShape>();

/** What a list's input schema says about sorting and status (every list input is a `listInput` object). */
function listShapeOf(op: ListOp): ListShape {
  let known = shapes.get(op);
  if (!known) {
    const shape = (op.input as unknown as { shape: Record<string, z.ZodType> }).shape;
    const sortBy = shape.sort_by as z.ZodType & { unwrap(): { options: string[] } };
    known = {
      sortable: sortBy.unwrap().options,
      defaultSortBy: sortBy.parse(undefined) as string,
      defaultSortOrder: shape.sort_order.parse(undefined) as SortOrder,
      takesStatus: 'status' in shape,
    };
    shapes.set(op, known);
  }
  return known;
}

interface ListStateOptions<Op extends ListOp> {
  /** By default the operation's own default sort. */
  sortBy?: ListSortKey<Op>;
  sortOrder?: SortOrder;
  status?: StatusFilter;
  pageSize?: PageSize;
  /**
   * The search the list starts with, sent at once: a link's (`?search=`, read by
   * `useSearchOfAddress`). When the screen gives another one, it replaces what was typed.
   */
  search?: string;
  /** The list's own filters, each named (undefined until chosen) so that "clear" can reset it. */
  filters?: ListFilters<Op>;
}

/**
 * What a person has chosen on a list screen of `op`: page, page size, search (debounced before it
 * is sent), sort, status (when the list takes one) and the list's own filters. Changing anything
 * but the page goes back to page 1.
 */
export function useListState<Op extends ListOp>(op: Op, options: ListStateOptions<Op> = {}) {
  const shape = listShapeOf(op);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const [search, setSearchText] = useState(options.search ?? '');
  // A new search given by the screen (a link followed while the screen is open) replaces the typed one.
  const [givenSearch, setGivenSearch] = useState(options.search);
  if (options.search !== givenSearch) {
    setGivenSearch(options.search);
    setSearchText(options.search ?? '');
    setPage(1);
  }
  const [sort, setSortState] = useState({
    by: options.sortBy ?? (shape.defaultSortBy as ListSortKey<Op>),
    order: options.sortOrder ?? shape.defaultSortOrder,
  });
  const [status, setStatusState] = useState<StatusFilter>(options.status ?? 'ALL');
  const [filters, setFilters] = useState<Record<string, unknown>>(options.filters ?? {});
  const sentSearch = useDebouncedValue(search.trim(), 300);
  const { takesStatus } = shape;

  const input = useMemo(
    () =>
      ({
        page,
        page_size: pageSize,
        search: sentSearch,
        sort_by: sort.by,
        sort_order: sort.order,
        ...(takesStatus ? { status } : {}),
        ...Object.fromEntries(
          Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
        ),
      }) as ListRequest<Op>,
    [page, pageSize, sentSearch, sort, takesStatus, status, filters],
  );

  return {
    input,
    /** The `sort_by` values of the list's contract. */
    sortable: shape.sortable,
    /** Whether the list takes a status filter. */
    takesStatus,
    /** The status the status filter shows. */
    status,
    search,
    /** True while typed text has not been sent yet. */
    searchPending: search.trim() !== sentSearch,
    filtered:
      sentSearch !== '' ||
      status !== 'ALL' ||
      Object.values(filters).some((v) => v !== undefined && v !== ''),
    setPage,
    setPageSize(size: PageSize) {
      setPageSize(size);
      setPage(1);
    },
    setSearch(text: string) {
      setSearchText(text);
      setPage(1);
    },
    // The grid gives the column it sorts by; it offers only the `sortable` ones.
    setSort(by: string, order: SortOrder) {
      setSortState({ by: by as ListSortKey<Op>, order });
      setPage(1);
    },
    setStatus(value: StatusFilter) {
      setStatusState(value);
      setPage(1);
    },
    // Shared filter controls (LookupFilter) name their filter by its key.
    setFilter(key: string, value: unknown) {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
    clearFilters() {
      setSearchText('');
      setStatusState('ALL');
      setFilters(Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])));
      setPage(1);
    },
  };
}

/**
 * The search a link put in the address (`?search=`: All Search's links to the people screens,
 * docs/search.md), for `useListState`'s `search`.
 */
export function useSearchOfAddress(): string | undefined {
  const [params] = useSearchParams();
  return params.get('search') ?? undefined;
}

export type ListState<Op extends ListOp = ListOp> = ReturnType<typeof useListState<Op>>;

/** Paging and sorting show the same rows in another order; search and filters choose other rows. */
const ORDER_KEYS = new Set(['page', 'page_size', 'sort_by', 'sort_order']);
function sameRows(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => !ORDER_KEYS.has(key)));
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * One page of a list from the server. While another page or order loads, the previous page stays
 * on screen (with the grid's progress bar); after a new search or filter it does not, so that
 * nobody reads (or acts on) rows the new filter excludes.
 */
export function useList<Op extends ListOp>(
  op: Op,
  input: ListRequest<Op>,
  options: {
    /**
     * Reads the page again after this many milliseconds while it returns a number (rows still
     * changing on the server: a download being generated); false stops.
     */
    refreshEvery?: (page: PageData<ListItem<Op>> | undefined) => number | false;
  } = {},
) {
  const { refreshEvery } = options;
  return useQuery({
    queryKey: [...listQueryKey(op), input],
    refetchInterval: refreshEvery
      ? (query) => refreshEvery(query.state.data as PageData<ListItem<Op>> | undefined)
      : undefined,
    // The request is built from the operation's own schema (useListState), so it is its input.
    queryFn: async () =>
      (await api.query(op, input as InputOf<Op>)).data as DataOf<Op> & PageData<ListItem<Op>>,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as Record<string, unknown> | undefined;
      return before && sameRows(before, input) ? keepPreviousData(previous) : undefined;
    },
  });
}

/** The export of what the list (or a report) shows: same filter and sort, every page. */
export function exportUrl(op: Pick<ListOp, 'name'>, input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (key === 'page' || key === 'page_size' || value === undefined || value === null || value === '')
      continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return `/api/exports/${op.name}.xlsx${query ? `?${query}` : ''}`;
}

/**
 * The active records of another list, for a form to choose from (a lookup field's options, a
 * chosen vendor's state): its first 100 by `sortBy`. One query per list and order, whoever reads it
 * (`activeRecordsQuery` gives it to a screen that reads it outside React: `ensureQueryData`).
 */
export function useActiveRecords<Op extends ListOp>(op: Op | undefined, sortBy: string) {
  return useQuery({ ...activeRecordsQuery(op as Op, sortBy), enabled: Boolean(op) });
}

export function activeRecordsQuery<Op extends ListOp>(op: Op, sortBy: string) {
  return queryOptions({
    queryKey: [...(op ? listQueryKey(op) : ['none']), 'active', sortBy],
    queryFn: async () => {
      const input = { status: 'ACTIVE', page_size: 100, sort_by: sortBy } as InputOf<Op>;
      return ((await api.query(op, input)).data as PageData<ListItem<Op>>).items;
    },
  });
}
