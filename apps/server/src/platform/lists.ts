import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  is,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { SelectedFields } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  COUNT_CAP,
  pageTooDeepMessage,
  pageWithinCap,
  type PageData,
  type ParsedListInput,
} from '@fieldport/contract/lists';
import type { DataOf, OperationDef, ParsedInputOf } from '@fieldport/contract/operation';
import type { Db } from '../db/client.ts';
import type { Caller } from './caller.ts';
import { defineHandler, type Handler } from './handler.ts';
import { badInput } from './errors.ts';
import { inOrganization, inPartyOf } from './tenant.ts';

/**
 * Lists paginated, sorted, searched and filtered in SQL (docs/architecture.md#data), and the same
 * query streamed in batches for the .xlsx export. A list is declared once with `defineList`; the
 * GraphQL handler and the export route both run it, so they can never disagree about which rows
 * a filter selects or who may see them.
 */

/** A tenant table: its rows belong to one organization and have a text id. */
export type TenantTable = PgTable & { id: PgColumn; organization_id: PgColumn };
/** A tenant table whose rows may belong to a party (a service partner's or a dealer's). */
type PartyTable = TenantTable & { party_id: PgColumn };

type SortExpression = PgColumn | SQL;
type SortKeyOf<Op extends OperationDef> =
  ParsedInputOf<Op> extends { sort_by: infer S extends string } ? S : string;
type ItemOf<Op extends OperationDef> = DataOf<Op> extends PageData<infer Item> ? Item : never;
type ListOperation = OperationDef<string, 'query'> & { readonly __data?: PageData<unknown> };

export interface ExportColumn<Item> {
  header: string;
  /** Width in characters; the sheet is streamed, so widths cannot be measured from the data. */
  width?: number;
  value(item: Item): string | number | boolean | Date | null | undefined;
  /** An Excel number format, e.g. '#,##0.00' for rupees. */
  numFmt?: string;
}

interface ExportSpec<Item> {
  /** Worksheet name and file name (without .xlsx). */
  title: string;
  columns: ExportColumn<Item>[];
}

export interface ListSource<Op extends ListOperation, Select extends SelectedFields> {
  /** The table that scopes the list (organization_id) and breaks ties in sorting (id). */
  table: TenantTable;
  /**
   * 'party' also limits partner and dealer users to their own party's rows (tenant.ts inPartyOf); a
   * function gives a list its own scope, which must include the caller's organization.
   */
  scope?: 'organization' | 'party' | ((caller: Caller) => SQL);
  /**
   * The organization column when the table spells it otherwise (better-auth's
   * `member.organizationId`): the list is scoped by it instead of `table.organization_id`.
   */
  organizationColumn?: PgColumn;
  /**
   * The columns read, flat: `{ id: t.id, name: t.name, state_name: wipState.name }`; a function of
   * the caller when a column depends on who asks (a count of what the caller may see).
   */
  select: Select | ((caller: Caller) => Select);
  /** Joins onto the table (`(q) => q.leftJoin(...)`), for columns of other tables in `select`. */
  join?: (query: PgSelect) => PgSelect;
  /**
   * Expressions searched with ILIKE '%term%'; each needs a trigram index (db/indexes.ts). Or the
   * condition for a term, for lists that search some terms differently (a phone number by prefix,
   * or another table's rows of the caller's organization first).
   */
  search: SortExpression[] | ((term: string, caller: Caller) => SQL | undefined);
  /**
   * How total_count is counted when the page does not tell it (a first page that is not full holds
   * every matching row, and then no count is run): up to COUNT_CAP rows (`cappedCount`). 'query'
   * (default): over the same FROM, joins and conditions. 'table': over the table alone, without the
   * joins — cheaper for large tables (customers), only for lists whose conditions read the table's
   * own columns and whose joins add at most one row per row (left joins on a key). Such a list,
   * sorted by one of its table's own columns, also reads its page's ids from the table alone.
   */
  count?: 'query' | 'table';
  /** What each `sort_by` value of the list's input sorts by. */
  sort: Record<SortKeyOf<Op>, SortExpression>;
  /** The status column that the `status` filter (ACTIVE | INACTIVE | ALL) applies to. */
  status?: PgColumn;
  /** The list's own filters, from its input. */
  filters?: (input: ParsedInputOf<Op>, caller: Caller) => (SQL | undefined)[];
  /**
   * A term finds few of its rows (the members of one organization), so `firstPages` may read them
   * once for several of its pages that differ only in their filters (All Search's six people
   * screens) instead of searching once per page: see `sharedPageQueries`.
   */
  fewMatches?: boolean;
  /**
   * A check beyond the operation's access that depends on the input (a people screen's own module,
   * docs/people.md#screens-are-user-groups); it throws a DomainError. The handler and the export
   * route both run it.
   */
  authorize?: (input: ParsedInputOf<Op>, caller: Caller) => void;
  /** A row as the caller reads it (`caller` for what depends on who asks, such as may_edit). */
  toItem: (row: SelectResultFields<Select>, caller: Caller) => ItemOf<Op>;
  /** Columns of the .xlsx export; without it the list has no export. */
  export?: ExportSpec<ItemOf<Op>>;
}

interface ListRunner<Item> {
  operation: ListOperation;
  export?: ExportSpec<Item>;
  /** One page, and how many rows match in all. */
  page(db: Db, caller: Caller, input: ParsedListInput): Promise<PageData<Item>>;
  /**
   * A page's parts as queries not yet run, for `firstPages`, which runs several lists' first pages
   * in one statement: the page's ids in the list's order, and the rows that total_count counts.
   */
  pageQueries(db: Db, caller: Caller, input: ParsedListInput): { ids: IdsQuery; counted: CountableQuery };
  /**
   * For a list whose terms find few rows (`fewMatches`), several first pages with the same term,
   * order and size but their own filters, as one query of every row the term finds in scope, with
   * its sort value and a flag per input for whether the row passes that input's own filters
   * (`in_0`, `in_1`, …). `firstPages` reads each page and its count from it.
   */
  sharedPageQueries?(db: Db, caller: Caller, inputs: ParsedListInput[]): SQLWrapper;
  /** The rows of these ids (of this list, for this caller), by id: `inOrderOf` puts them in the page's order. */
  rowsOf(db: Db, caller: Caller, ids: string[]): Promise<Map<string, Item>>;
  /** Every matching row, in the list's order, read in batches (bounded memory). */
  stream(db: Db, caller: Caller, input: ParsedListInput, batchSize?: number): AsyncGenerator<Item[]>;
  /** How many rows match, exactly (a background download's progress; a page caps its count). */
  count(db: Db, caller: Caller, input: ParsedListInput): Promise<number>;
  /** One row by id, scoped like the list (for the answer of a create or update). */
  findById(db: Db, caller: Caller, id: string): Promise<Item | undefined>;
  /** Throws when the source's `authorize` refuses the caller this input. */
  authorize(caller: Caller, input: ParsedListInput): void;
}

/** A list's handler, which also carries the runner that the export route uses. */
export type ListHandler<Op extends OperationDef = OperationDef> = Handler<Op> & {
  list: ListRunner<ItemOf<Op>>;
};

export function isListHandler(handler: Handler): handler is ListHandler {
  return 'list' in handler;
}

/**
 * A column as "table"."column", always. Drizzle leaves columns unqualified in a query of one table,
 * where a correlated subquery (`(select count(*) from category where category.master_category_id =
 * master_category.id)`) would then compare the inner table's columns with themselves.
 */
export function qualified(column: PgColumn): SQL {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}

/** A term with its own % _ and \ taken literally in a LIKE pattern. */
const likeLiteral = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** `%term%` for ILIKE with the term's own % _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${likeLiteral(term)}%`;
}

/** `term%` for LIKE (a btree with text_pattern_ops serves it), the term's % _ and \ literal. */
export function startsWithPattern(term: string): string {
  return `${likeLiteral(term)}%`;
}

/** The search condition: any of the expressions contains the term (case-insensitive). */
export function searchCondition(expressions: SortExpression[], term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...expressions.map((expression) => sql`${expression} ILIKE ${pattern}`));
}

/**
 * Rows whose reference names a record of the caller's organization that the condition finds (a
 * quotation whose customer's name holds the term). The records are found first, as an array the
 * planner computes once (`= ANY(ARRAY(...))`), so that the list reads its own index on the
 * reference and can OR it as a bitmap with its own columns' trigram indexes; the same condition
 * on a joined table is read row by row in the list's order until a page matches, which at
 * 100,000 rows took 200 ms (docs/architecture.md#lists).
 */
export function referenceMatches(
  reference: PgColumn,
  target: TenantTable,
  condition: SQL | undefined,
  caller: Caller,
): SQL | undefined {
  if (!condition) return undefined;
  return sql`${reference} = any(array(select ${qualified(target.id)} from ${target} where ${qualified(target.organization_id)} = ${caller.organization.id} and ${condition}))`;
}

/** The scope of a table for a caller: organization, and for party tables the caller's party. */
export function scopeOf(table: TenantTable, scope: 'organization' | 'party', caller: Caller): SQL {
  return scope === 'party' ? inPartyOf(table as PartyTable, caller) : inOrganization(table, caller);
}

/**
 * How many rows a query selects, counted up to COUNT_CAP: the query is limited to COUNT_CAP + 1
 * rows inside the count, so a count never reads more than that many index entries or rows, however
 * many match (docs/architecture.md#lists).
 */
export async function cappedCount(
  db: Db,
  query: CountableQuery,
): Promise<{ total_count: number; total_capped: boolean }> {
  const bounded = query.limit(COUNT_CAP + 1).as('bounded') as Parameters<ReturnType<Db['select']>['from']>[0];
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bounded);
  return countedUpToCap(n);
}

/** A page's ids, in the list's order: run alone, or embedded in `firstPages`' statement. */
type IdsQuery = SQLWrapper & PromiseLike<{ id: unknown }[]>;

/** A query whose rows a capped count counts (a drizzle select, not yet limited). */
type CountableQuery = { limit(limit: number): SQLWrapper & { as(alias: string): unknown } };

/** The rows of a page in its ids' order; an id whose row is gone since (deleted meanwhile) is left out. */
function inOrderOf<Item>(ids: string[], rows: Map<string, Item>): Item[] {
  const items: Item[] = [];
  for (const id of ids) {
    const item = rows.get(id);
    if (item !== undefined) items.push(item);
  }
  return items;
}

/**
 * A name for a query as a prepared statement, from its text. PostgreSQL then parses and plans it
 * once per connection, and once its generic plan is estimated to cost no more than one planned for
 * the values, runs it unplanned: a page's rows, read by their ids, took 1 to 6 ms to plan and 0.2 ms
 * to run (docs/benchmarks.md#search). Only for texts that do not grow with the values (the ids as
 * one array), so that each connection keeps a statement per list and kind of caller, not per call.
 */
function namedByText(query: { toSQL(): { sql: string } }): string {
  return `rows_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 20)}`;
}

/** The column of `sharedPageQueries` that says whether a row passes its `position`th input's filters. */
const flagOf = (position: number) => `in_${position}`;

/** The indexes of `items` grouped by a key, in order; an item without a key is left out. */
function indexesBy<Item>(items: Item[], keyOf: (item: Item, index: number) => string | undefined) {
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = keyOf(item, index);
    if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups.values()];
}

const countedUpToCap = (n: number, cap = COUNT_CAP) => ({
  total_count: Math.min(n, cap),
  total_capped: n > cap,
});

interface KeysetMark {
  value: string | null;
  id: string;
}

/**
 * Declares a list operation's handler from its source: scoping, search, status and own filters,
 * sorting with the id as tie-breaker, pagination and the total count, all in SQL.
 */
export function defineList<Op extends ListOperation, Select extends SelectedFields>(
  operation: Op,
  source: ListSource<Op, Select>,
): ListHandler<Op> {
  const scope = source.scope ?? 'organization';
  type Item = ItemOf<Op>;

  const scoped = (caller: Caller): SQL =>
    typeof scope === 'function'
      ? scope(caller)
      : source.organizationColumn
        ? inOrganization({ organization_id: source.organizationColumn }, caller)
        : scopeOf(source.table, scope, caller);

  const searched = (caller: Caller, input: ParsedListInput): SQL | undefined =>
    typeof source.search === 'function'
      ? input.search
        ? source.search(input.search, caller)
        : undefined
      : searchCondition(source.search, input.search);

  /** The conditions of the input besides the scope and the term: its status and its own filters. */
  const filtered = (caller: Caller, input: ParsedListInput): SQL | undefined =>
    and(
      source.status && input.status && input.status !== 'ALL' ? eq(source.status, input.status) : undefined,
      ...(source.filters?.(input as ParsedInputOf<Op>, caller) ?? []),
    );

  const conditions = (caller: Caller, input: ParsedListInput): SQL | undefined =>
    and(scoped(caller), searched(caller, input), filtered(caller, input));

  const sortExpression = (input: ParsedListInput): SortExpression => {
    const expression = (source.sort as Record<string, SortExpression>)[input.sort_by];
    // The contract's enum of sort_by is the only way in; a missing entry is our mistake.
    if (!expression) throw new Error(`${operation.name}: no sort expression for '${input.sort_by}'`);
    return expression;
  };

  /** The list's order: the sort expression, then the id as tie-breaker, in the input's direction. */
  const orderOf = (input: ParsedListInput) => {
    const direction = input.sort_order === 'desc' ? desc : asc;
    return [direction(sortExpression(input)), direction(source.table.id)];
  };

  const from = <Fields extends SelectedFields>(db: Db, fields: Fields) => {
    const query = db.select(fields).from(source.table).$dynamic();
    return (source.join ? source.join(query as unknown as PgSelect) : query) as typeof query;
  };
  // Columns may depend on who asks (a count of the tickets the caller may see).
  const select = <Extra extends SelectedFields>(db: Db, caller: Caller, extra: Extra) =>
    from(db, { ...(typeof source.select === 'function' ? source.select(caller) : source.select), ...extra });

  const runner: ListRunner<Item> = {
    operation,
    export: source.export,

    pageQueries(db, caller, input) {
      const where = conditions(caller, input);
      // The page's ids first: that query can use an index in the sort order and stop after
      // OFFSET + LIMIT entries, and PostgreSQL computes the columns (names read by subqueries,
      // joins) only for the page's own rows, not for the rows OFFSET skips (docs/benchmarks.md).
      // The ids come back to us and go out again as a list (`rowsOf`): as a subquery (`id IN
      // (SELECT … LIMIT 25)`) the planner may join it last, past join_collapse_limit's eight
      // tables, after joining every row of the table (a list with seven joins read 1,000,000 fleet
      // items for 25).
      const sortedBy = sortExpression(input);
      // With `count: 'table'` the conditions read the table's own columns and the joins add nothing
      // to choose by; sorted by its own column too, the ids come from the table alone.
      const bare = source.count === 'table' && is(sortedBy, PgColumn) && sortedBy.table === source.table;
      const ids = (
        bare ? db.select({ id: source.table.id }).from(source.table) : from(db, { id: source.table.id })
      )
        .where(where)
        .orderBy(...orderOf(input))
        .limit(input.page_size)
        .offset((input.page - 1) * input.page_size);
      const counted =
        source.count === 'table'
          ? db
              .select({ one: sql`1` })
              .from(source.table)
              .where(where)
          : from(db, { one: sql`1` }).where(where);
      return { ids, counted };
    },

    ...(source.fewMatches && {
      sharedPageQueries(db: Db, caller: Caller, inputs: ParsedListInput[]) {
        const [first] = inputs;
        const own = inputs.map((input) => filtered(caller, input) ?? sql`true`);
        return from(db, {
          id: source.table.id,
          sort: sql`${sortExpression(first)}`.as('sort'),
          ...Object.fromEntries(
            own.map((condition, index) => [
              flagOf(index),
              sql<boolean>`coalesce(${condition}, false)`.as(flagOf(index)),
            ]),
          ),
        }).where(and(scoped(caller), searched(caller, first), or(...own)));
      },
    }),

    async rowsOf(db, caller, ids) {
      const items = new Map<string, Item>();
      if (ids.length === 0) return items;
      // The ids as one array parameter and no ORDER BY (the ids bring their order): the text is the
      // same for every page of the list, so it is prepared once per connection (`namedByText`).
      const query = select(db, caller, { __id: sql<string>`${source.table.id}` }).where(
        and(scoped(caller), sql`${source.table.id} = any(${sql.placeholder('ids')}::text[])`),
      );
      const rows = await query.prepare(namedByText(query)).execute({ ids: [...new Set(ids)] });
      for (const row of rows) {
        items.set(
          (row as { __id: string }).__id,
          source.toItem(row as unknown as SelectResultFields<Select>, caller),
        );
      }
      return items;
    },

    async page(db, caller, input) {
      if (!pageWithinCap(input.page, input.page_size))
        throw badInput(pageTooDeepMessage(input.page_size), 'page');
      const { ids, counted } = runner.pageQueries(db, caller, input);
      const pageIds = (await ids).map((row) => row.id as string);
      const items = inOrderOf(pageIds, await runner.rowsOf(db, caller, pageIds));
      const total =
        input.page === 1 && items.length < input.page_size
          ? { total_count: items.length, total_capped: false }
          : await cappedCount(db, counted);
      return {
        items,
        ...total,
        page: input.page,
        page_size: input.page_size,
      };
    },

    async *stream(db, caller, input, batchSize = 500) {
      const order = input.sort_order === 'desc' ? 'desc' : 'asc';
      const direction = order === 'desc' ? desc : asc;
      const expression = sortExpression(input) as SQL;
      const id = source.table.id;
      // Keyset pagination: each batch starts after the last row of the previous one, so every
      // batch is an index range scan, however deep into the list. Rows whose sort value is NULL
      // come last ascending and first descending (PostgreSQL's defaults, as the page orders them);
      // they are read in a phase of their own, by id.
      const phases = order === 'asc' ? (['values', 'nulls'] as const) : (['nulls', 'values'] as const);
      const beyond = order === 'asc' ? sql`>` : sql`<`;
      for (const phase of phases) {
        let last: KeysetMark | undefined;
        for (;;) {
          const keyset =
            phase === 'values'
              ? and(
                  isNotNull(expression),
                  // The value comes back as text; PostgreSQL casts it to the expression's type,
                  // keeping a timestamp's microseconds.
                  last ? sql`(${expression}, ${id}) ${beyond} (${last.value}, ${last.id})` : undefined,
                )
              : and(isNull(expression), last ? sql`${id} ${beyond} ${last.id}` : undefined);
          const rows = await select(db, caller, {
            __sort: sql<string | null>`(${expression})::text`,
            __id: sql<string>`${id}`,
          })
            .where(and(conditions(caller, input), keyset))
            .orderBy(...(phase === 'values' ? [direction(expression), direction(id)] : [direction(id)]))
            .limit(batchSize);
          if (rows.length > 0) {
            yield rows.map((row) => source.toItem(row as unknown as SelectResultFields<Select>, caller));
          }
          if (rows.length < batchSize) break;
          const tail = rows[rows.length - 1] as unknown as { __sort: string | null; __id: string };
          last = { value: tail.__sort, id: tail.__id };
        }
      }
    },

    async count(db, caller, input) {
      const where = conditions(caller, input);
      const counted = sql<number>`count(*)::int`;
      const [row] = await (source.count === 'table'
        ? db.select({ counted }).from(source.table).where(where)
        : from(db, { counted }).where(where));
      return Number(row?.counted ?? 0);
    },

    authorize(caller, input) {
      source.authorize?.(input as ParsedInputOf<Op>, caller);
    },

    async findById(db, caller, id) {
      const [row] = await select(db, caller, {})
        .where(and(scoped(caller), eq(source.table.id, id)))
        .limit(1);
      return row ? source.toItem(row as unknown as SelectResultFields<Select>, caller) : undefined;
    },
  };

  const handler = defineHandler(operation, async (input, context) => {
    runner.authorize(context.caller, input as ParsedListInput);
    return { data: (await runner.page(context.db, context.caller, input as ParsedListInput)) as DataOf<Op> };
  });
  return { ...handler, list: runner };
}

/**
 * Reads the next batch of `source` while the caller works on the current one (a workbook being
 * written): the database's time and the writer's overlap instead of adding up. One batch ahead at
 * most, so memory stays bounded by two batches.
 */
export async function* readAhead<Batch>(source: AsyncIterable<Batch>): AsyncGenerator<Batch> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = iterator.next();
      // A failure of the batch read ahead is met when it is awaited, not left unhandled meanwhile.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** One list's first page, asked of `firstPages` under a key of the caller's choosing. */
export interface FirstPageRequest<Key extends string> {
  key: Key;
  /** A list's handler (`defineList`): only its runner's page parts are used. */
  list: { list: Pick<ListRunner<unknown>, 'operation' | 'pageQueries' | 'sharedPageQueries' | 'rowsOf'> };
  input: ParsedListInput;
}

/**
 * Several lists' first pages at once (All Search's first view, docs/search.md): every list's ids
 * and capped count in one statement, then one statement of rows per list (lists asked for twice,
 * with other filters, share it). Each list's page is what its own `page` would answer: the same
 * conditions, order, party walls and count. Sent one by one, eleven lists took 18 statements, and
 * on this kind of machine each statement costs the server about a millisecond of its own work
 * (writing to the socket, building the SQL) beside PostgreSQL's (docs/benchmarks.md#search).
 * `countCap` counts to fewer than the lists' COUNT_CAP, for a preview that links to the whole list.
 */
export async function firstPages<Key extends string>(
  db: Db,
  caller: Caller,
  requests: FirstPageRequest<Key>[],
  { countCap = COUNT_CAP }: { countCap?: number } = {},
): Promise<Map<Key, PageData<unknown>>> {
  const pages = new Map<Key, PageData<unknown>>();
  if (requests.length === 0) return pages;
  for (const request of requests) {
    if (request.input.page !== 1)
      throw new Error(`firstPages: ${request.key} asks for page ${request.input.page}`);
  }
  const pageName = (index: number) => sql.identifier(`page_${index}`);
  // Pages of one list that differ only in their filters read the term's matches once, when the
  // list says a term finds few of its rows (the six people screens).
  const sharing = indexesBy(requests, ({ list, input }) =>
    list.list.sharedPageQueries
      ? JSON.stringify([
          list.list.operation.name,
          input.search,
          input.sort_by,
          input.sort_order,
          input.page_size,
        ])
      : undefined,
  );
  const matchesOf = new Map<number, { name: SQLWrapper; flag: SQLWrapper }>();
  const shared: SQL[] = [];
  for (const indexes of sharing) {
    if (indexes.length < 2) continue;
    const name = sql.identifier(`matches_${shared.length}`);
    const matches = requests[indexes[0]].list.list.sharedPageQueries!(
      db,
      caller,
      indexes.map((index) => requests[index].input),
    );
    shared.push(sql`${name} as materialized ${matches}`);
    indexes.forEach((index, position) =>
      matchesOf.set(index, { name, flag: sql.identifier(flagOf(position)) }),
    );
  }
  // Each page's ids as a query, and the rows its count counts, bounded.
  const parts = requests.map((request, index) => {
    const matches = matchesOf.get(index);
    if (!matches) {
      const { ids, counted } = request.list.list.pageQueries(db, caller, request.input);
      return { ids, counted: counted.limit(countCap + 1) };
    }
    const direction = request.input.sort_order === 'desc' ? sql`desc` : sql`asc`;
    return {
      ids: sql`(select id from ${matches.name} where ${matches.flag} order by sort ${direction}, id ${direction} limit ${request.input.page_size})`,
      counted: sql`(select 1 from ${matches.name} where ${matches.flag} limit ${countCap + 1})`,
    };
  });
  // Each page's ids once (a CTE read twice is computed once); its count only when the page is full,
  // as `page` does: otherwise the page holds every matching row.
  const indexes = requests.map((_, index) => index);
  const statement = sql`with ${sql.join(
    [...shared, ...indexes.map((index) => sql`${pageName(index)} as ${parts[index].ids}`)],
    sql`, `,
  )} ${sql.join(
    indexes.map(
      (index) =>
        sql`select ${index}::int as request, ${pageName(index)}.id::text as id, null::int as counted from ${pageName(index)}
              union all
              select ${index}::int, null, (select count(*)::int from ${parts[index].counted} as bounded)
               where (select count(*) from ${pageName(index)}) = ${requests[index].input.page_size}`,
    ),
    sql` union all `,
  )}`;
  // One statement, not one per list or a few sent at once: with two searches at a time on two
  // cores, one statement answered 20% more searches with a lower p95 than four at once
  // (docs/benchmarks.md#search).
  const result = await db.execute<{ request: number; id: string | null; counted: number | null }>(statement);
  const idsOf = requests.map(() => [] as string[]);
  const countOf = new Map<number, number>();
  for (const row of result.rows) {
    if (row.id !== null) idsOf[row.request].push(row.id);
    else if (row.counted !== null) countOf.set(row.request, row.counted);
  }

  // One statement of rows per list, for all the pages that read it.
  const reading = indexesBy(requests, (request, index) =>
    idsOf[index].length > 0 ? request.list.list.operation.name : undefined,
  );
  const itemsOf = requests.map(() => [] as unknown[]);
  await Promise.all(
    reading.map(async (indexes) => {
      const rows = await requests[indexes[0]].list.list.rowsOf(
        db,
        caller,
        indexes.flatMap((index) => idsOf[index]),
      );
      for (const index of indexes) itemsOf[index] = inOrderOf(idsOf[index], rows);
    }),
  );
  requests.forEach((request, index) => {
    const counted = countOf.get(index);
    pages.set(request.key, {
      items: itemsOf[index],
      ...(counted === undefined
        ? { total_count: itemsOf[index].length, total_capped: false }
        : countedUpToCap(counted, countCap)),
      page: 1,
      page_size: request.input.page_size,
    });
  });
  return pages;
}
