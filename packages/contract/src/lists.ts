import { z } from 'zod';
import { formatIndianNumber } from './money.ts';

/**
 * The input and result of every list in the product (paged, sorted and searched on the server,
 * docs/masters.md). One shape, so that the web DataTable, the server's list helper and the .xlsx
 * export understand every list alike.
 */

/** Page sizes a person can choose; anything else is refused (a client cannot ask for 1,000,000 rows). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/**
 * How far a count goes: a list counts its rows exactly up to this many and says "10,000+" beyond
 * (docs/architecture.md#lists), so that no count reads a whole organization's tickets. Pages are
 * served up to the same depth; past it OFFSET work grows without anybody reading the rows, and the
 * export (keyset batches) gives every row.
 */
export const COUNT_CAP = 10_000;
/** The highest page number any list accepts (pages of 10 up to COUNT_CAP rows). */
const MAX_PAGE = COUNT_CAP / 10;
const SEARCH_MAX_LENGTH = 100;

const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Status of a record that can be switched off without being deleted (masters, customers ...). */
const RECORD_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The status filter of a list: one status, or both. */
export const STATUS_FILTERS = ['ACTIVE', 'INACTIVE', 'ALL'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** A page of a list: `data` of a list operation's envelope. */
export interface PageData<Item> {
  items: Item[];
  /** Exact up to COUNT_CAP; when `total_capped`, COUNT_CAP and more rows match. */
  total_count: number;
  /** More than COUNT_CAP rows match: show the total as "10,000+". */
  total_capped: boolean;
  page: number;
  page_size: number;
}

/** A count as people read it: "8,412", or "10,000+" when it reached the cap. */
export function formatCount(count: number, capped: boolean): string {
  return `${formatIndianNumber(count)}${capped ? '+' : ''}`;
}

/** The message refusing a page that starts past the rows a list pages through. */
export function pageTooDeepMessage(pageSize: number): string {
  return `page must be at most ${Math.ceil(COUNT_CAP / pageSize)} for pages of ${pageSize}: lists page through the first ${COUNT_CAP.toLocaleString('en-IN')} rows. Narrow the search or filters, or export the list`;
}

/** Whether a page starts within the rows a list pages through. */
export function pageWithinCap(page: number, pageSize: number): boolean {
  return (page - 1) * pageSize < COUNT_CAP;
}

export const pageSchema = z
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
  .default(1);

export const pageSizeSchema = z
  .literal(PAGE_SIZES, { error: `page_size must be one of ${PAGE_SIZES.join(', ')}` })
  .default(DEFAULT_PAGE_SIZE);

/** Trimmed; an empty search means no search. */
const searchSchema = z
  .string({ error: 'search must be text' })
  .trim()
  .max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`)
  .default('');

const sortOrderSchema = (defaultOrder: SortOrder = 'asc') =>
  z.enum(SORT_ORDERS, { error: "sort_order must be 'asc' or 'desc'" }).default(defaultOrder);

export const statusFilterSchema = z
  .enum(STATUS_FILTERS, { error: 'status must be ACTIVE, INACTIVE or ALL' })
  .default('ALL');

export const recordStatusSchema = (field: string) =>
  z.enum(RECORD_STATUSES, { error: `${field} must be ACTIVE or INACTIVE` });

type SortKeys = readonly [string, ...string[]];

interface ListInputOptions<SortBy extends SortKeys, Filters extends z.ZodRawShape> {
  /** The columns a person may sort by, as the list's items name them. */
  sortBy: SortBy;
  defaultSortBy: SortBy[number];
  defaultSortOrder?: SortOrder;
  /** Filters of this list besides search and status (e.g. `customer_category_id`). */
  filters?: Filters;
}

type BaseShape<SortBy extends SortKeys> = {
  page: typeof pageSchema;
  page_size: typeof pageSizeSchema;
  search: typeof searchSchema;
  sort_by: z.ZodDefault<z.ZodEnum<{ [K in SortBy[number]]: K }>>;
  sort_order: ReturnType<typeof sortOrderSchema>;
};

export type ListInputSchema<SortBy extends SortKeys, Filters extends z.ZodRawShape> = z.ZodObject<
  BaseShape<SortBy> & Filters,
  z.core.$strict
>;

function baseShape<SortBy extends SortKeys>(options: {
  sortBy: SortBy;
  defaultSortBy: SortBy[number];
  defaultSortOrder?: SortOrder;
}): BaseShape<SortBy> {
  const sortBy = z
    .enum(options.sortBy as unknown as [SortBy[number], ...SortBy[number][]], {
      error: `sort_by must be one of ${options.sortBy.join(', ')}`,
    })
    .default(options.defaultSortBy as never);
  return {
    page: pageSchema,
    page_size: pageSizeSchema,
    search: searchSchema,
    sort_by: sortBy as unknown as BaseShape<SortBy>['sort_by'],
    sort_order: sortOrderSchema(options.defaultSortOrder),
  };
}

/**
 * A list's input schema: page, page_size, search, sort_by (one of `sortBy`), sort_order, plus the
 * list's own filters. Unknown keys are refused. Lists of records with a status add
 * `status: statusFilterSchema` to `filters` (masters do so through `masterContract`).
 */
export function listInput<
  const SortBy extends SortKeys,
  Filters extends z.ZodRawShape = Record<never, never>,
>(options: ListInputOptions<SortBy, Filters>): ListInputSchema<SortBy, Filters> {
  return z.object({ ...baseShape(options), ...(options.filters ?? ({} as Filters)) }).strict() as never;
}

/** What every list input carries once parsed (the server's list helper reads these). */
export interface ParsedListInput {
  page: number;
  page_size: number;
  search: string;
  sort_by: string;
  sort_order: SortOrder;
  status?: StatusFilter;
}
