import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  type PageData,
  type PageSize,
  type SortOrder,
  type StatusFilter,
} from '@fieldport/contract/lists';
import type { DataOf, InputOf, OperationDef } from '@fieldport/contract/operation';
import { api } from '../api/client.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** A list operation of the contract (its data is a PageData). */
export type ListOp = OperationDef<string, 'query'> & { readonly __data?: PageData<unknown> };
export type ListItem<Op extends ListOp> = DataOf<Op> extends PageData<infer Item> ? Item : never;

/** Every query of a list starts with this key, so that a change to the list refreshes all its pages. */
export const listQueryKey = (op: ListOp) => ['list', op.name] as const;

export interface ListStateOptions {
  sortBy: string;
  sortOrder?: SortOrder;
  status?: StatusFilter;
  pageSize?: PageSize;
  /** The list's own filters (e.g. `{ ticket_state: undefined }`). */
  filters?: Record<string, unknown>;
}

/**
 * What a person has chosen on a list screen: page, page size, search (debounced before it is
 * sent), sort, status and the list's own filters. Changing anything but the page goes back to
 * page 1.
 */
export function useListState(options: ListStateOptions) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const [search, setSearchText] = useState('');
  const [sort, setSortState] = useState({
    by: options.sortBy,
    order: options.sortOrder ?? ('asc' as SortOrder),
  });
  const [status, setStatusState] = useState<StatusFilter>(options.status ?? 'ALL');
  const [filters, setFilters] = useState<Record<string, unknown>>(options.filters ?? {});
  const sentSearch = useDebouncedValue(search.trim(), 300);

  const input = useMemo(
    () => ({
      page,
      page_size: pageSize,
      search: sentSearch,
      sort_by: sort.by,
      sort_order: sort.order,
      status,
      ...Object.fromEntries(
        Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
      ),
    }),
    [page, pageSize, sentSearch, sort, status, filters],
  );

  return {
    input,
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
    setSort(by: string, order: SortOrder) {
      setSortState({ by, order });
      setPage(1);
    },
    setStatus(value: StatusFilter) {
      setStatusState(value);
      setPage(1);
    },
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

export type ListState = ReturnType<typeof useListState>;

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
export function useList<Op extends ListOp>(op: Op, input: Record<string, unknown>) {
  return useQuery({
    queryKey: [...listQueryKey(op), input],
    queryFn: async () => (await api.query(op, input as InputOf<Op>)).data as PageData<ListItem<Op>>,
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as Record<string, unknown> | undefined;
      return before && sameRows(before, input) ? keepPreviousData(previous) : undefined;
    },
  });
}

/** The export of what the list shows: same filter and sort, every page. */
export function exportUrl(op: ListOp, input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (key === 'page' || key === 'page_size' || value === undefined || value === null || value === '')
      continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return `/api/exports/${op.name}.xlsx${query ? `?${query}` : ''}`;
}
