import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SelectedFields } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { z } from 'zod';
import type { AnyMasterContract } from '@fieldport/contract/masters';
import type { RecordStatus } from '@fieldport/contract/lists';
import type { Db } from '../db/client.ts';
import { defineHandler, type Handler, type OperationContext } from './handler.ts';
import { conflict, notFound } from './errors.ts';
import { newId } from '../db/ids.ts';
import {
  defineList,
  scopeOf,
  type ExportColumn,
  type ListHandler,
  type ListSource,
  type TenantTable,
} from './lists.ts';

/**
 * The server half of a master (docs/masters.md): from one definition, the handlers of its four
 * operations (list, create, update, activate/deactivate), names unique per organization through a
 * unique index whose violation becomes a CONFLICT that names the record, and the list's export.
 */

/** A master's table: a tenant table with a status and an updated_at. */
type MasterTable = TenantTable & { status: PgColumn; updated_at: PgColumn };

type FormValues<C extends AnyMasterContract> = z.output<C['form']>;

interface UniqueRule<C extends AnyMasterContract> {
  /** The unique index (db/indexes.ts uniqueNameIndex) whose violation this rule explains. */
  index: string;
  /** The input field the person must change; the message is shown under it. */
  field: keyof FormValues<C> & string;
  /** The message; by default the contract's "A <noun> named '<name>' already exists." */
  message?: (values: FormValues<C>) => string;
}

interface MasterDefinition<C extends AnyMasterContract, Select extends SelectedFields> {
  contract: C;
  table: MasterTable;
  /**
   * How the list reads (select, joins, search, sort, filters, item, export); scope and table come
   * from here. With scope 'party', a party's user reads and writes only their party's records and
   * theirs always belong to their party; staff's `values` may name the party (`party_id`).
   */
  list: Omit<ListSource<C['list'], Select>, 'table' | 'status' | 'scope'> & {
    scope?: 'organization' | 'party';
  };
  /**
   * Column values to write, from a validated create or update input. `existing` is the record on
   * update (undefined on create). May read the database (and refuse with a domain error).
   */
  values: (
    values: FormValues<C>,
    context: OperationContext,
    existing?: { id: string },
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Writes that follow the record's own row in the same transaction (a territory's pincodes);
   * a unique violation there is explained by the `unique` rules as well.
   */
  afterWrite?: (id: string, values: FormValues<C>, context: OperationContext) => Promise<void>;
  /**
   * Unique indexes besides the name's; the name's (`<table>_org_name_uq` or given as `nameIndex`)
   * is always checked.
   */
  unique?: UniqueRule<C>[];
  /** The unique index of the name; default `<table name>_org_name_uq`. */
  nameIndex?: string;
  /** Checks that need the database (a referenced record exists in the organization), before writing. */
  check?: (values: FormValues<C>, context: OperationContext, existing?: { id: string }) => Promise<void>;
  /**
   * Checks before a record of the caller's scope is activated or deactivated (an activation that
   * would clash with another active record); may refuse with a domain error.
   */
  beforeStatusChange?: (id: string, status: RecordStatus, context: OperationContext) => Promise<void>;
}

/** The PostgreSQL unique violation behind a driver's (or drizzle's) error, if it is one. */
export function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  for (let current = error; current && typeof current === 'object';) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return { constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Runs a write whose unique index is the check (a name taken in the organization): a violation is
 * refused with `refusal`, and the operation's transaction undoes the rest, as a master's write does.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error)) throw refusal();
    throw error;
  }
}

/** The handlers of a master's four operations, in the order of its contract. */
export function defineMaster<C extends AnyMasterContract, Select extends SelectedFields>(
  definition: MasterDefinition<C, Select>,
): [ListHandler<C['list']>, Handler<C['create']>, Handler<C['update']>, Handler<C['activateOrDeactivate']>] {
  const { contract, table } = definition;
  const scope = definition.list.scope ?? 'organization';
  const nameIndex = definition.nameIndex ?? `${getTableName(table)}_org_name_uq`;
  // The definition's own rules first: one of them may explain the name's index in its own words.
  const rules: UniqueRule<C>[] = [
    ...(definition.unique ?? []),
    {
      index: nameIndex,
      field: contract.nameKey as keyof FormValues<C> & string,
      message: (values) => contract.messages.duplicate(String(values[contract.nameKey])),
    },
  ];

  const list = defineList(contract.list, { ...definition.list, table, status: table.status } as ListSource<
    C['list'],
    Select
  >);

  const scoped = (context: OperationContext, id: string): SQL =>
    and(scopeOf(table, scope, context.caller), eq(table.id, id))!;

  /** Runs a write; a unique violation becomes the CONFLICT of the rule for that index. */
  const write = async <T>(values: FormValues<C>, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const violation = uniqueViolation(error);
      if (!violation) throw error;
      const rule =
        rules.find((candidate) => candidate.index === violation.constraint) ?? rules[rules.length - 1];
      throw conflict(
        rule.message ? rule.message(values) : contract.messages.duplicate(String(values[rule.field])),
        rule.field,
      );
    }
  };

  const answer = async (context: OperationContext, id: string, message: string) => {
    const item = await list.list.findById(context.db, context.caller, id);
    // The row was written in this transaction; not reading it back would be our mistake.
    if (!item) throw new Error(`${contract.singular} ${id} vanished after writing`);
    context.auditTarget = id;
    return { data: { items: [item] }, message };
  };

  const nameOf = (values: Record<string, unknown>) => String(values[contract.nameKey]);

  /**
   * The party a new record of a 'party' master belongs to: a party's user's is always their own
   * party's; staff's is the organization's own, unless `values` names a party (a store run by a
   * service partner, checked by the definition).
   */
  const partyOf = (context: OperationContext, columns: Record<string, unknown>) =>
    context.caller.party?.id ?? (columns.party_id as string | null | undefined) ?? null;

  const create = defineHandler(contract.create, async (input, context) => {
    const values = input as FormValues<C>;
    await definition.check?.(values, context);
    const id = newId();
    const columns = await definition.values(values, context);
    await write(values, async () => {
      await (context.db as Db).insert(table).values({
        ...columns,
        id,
        organization_id: context.caller.organization.id,
        ...(scope === 'party' ? { party_id: partyOf(context, columns) } : {}),
      } as never);
      await definition.afterWrite?.(id, values, context);
    });
    return answer(context, id, contract.messages.created(nameOf(values)));
  });

  const update = defineHandler(contract.update, async (input, context) => {
    const { [contract.idKey]: id, ...rest } = input as Record<string, unknown>;
    const values = rest as FormValues<C>;
    // Scope first, so that a foreign id is NOT_FOUND whatever else is wrong with the input.
    const [existing] = await context.db
      .select({ id: table.id })
      .from(table)
      .where(scoped(context, String(id)));
    if (!existing) throw notFound(contract.messages.notFound);
    await definition.check?.(values, context, { id: String(id) });
    const columns = await definition.values(values, context, { id: String(id) });
    await write(values, async () => {
      await context.db
        .update(table)
        .set({
          ...columns,
          ...(scope === 'party' && context.caller.party ? { party_id: context.caller.party.id } : {}),
          updated_at: new Date(),
        } as never)
        .where(scoped(context, String(id)));
      await definition.afterWrite?.(String(id), values, context);
    });
    return answer(context, String(id), contract.messages.updated(nameOf(values)));
  });

  const activateOrDeactivate = defineHandler(contract.activateOrDeactivate, async (input, context) => {
    const values = input as Record<string, unknown>;
    const id = String(values[contract.idKey]);
    const status = values[contract.statusKey] as RecordStatus;
    if (definition.beforeStatusChange) {
      const [existing] = await context.db.select({ id: table.id }).from(table).where(scoped(context, id));
      if (!existing) throw notFound(contract.messages.notFound);
      await definition.beforeStatusChange(id, status, context);
    }
    const [row] = await context.db
      .update(table)
      .set({ status, updated_at: new Date() } as never)
      .where(scoped(context, id))
      .returning({ id: table.id });
    if (!row) throw notFound(contract.messages.notFound);
    const item = await list.list.findById(context.db, context.caller, id);
    context.auditTarget = id;
    const name = item ? String((item as Record<string, unknown>)[contract.nameKey]) : id;
    return { data: { items: item ? [item] : [] }, message: contract.messages.statusChanged(name, status) };
  });

  return [
    list as unknown as ListHandler<C['list']>,
    create as Handler<C['create']>,
    update as Handler<C['update']>,
    activateOrDeactivate as Handler<C['activateOrDeactivate']>,
  ];
}

/** A named master's table: the master columns and a `name` (db/schema/settings.ts namedMasterTable). */
type NamedMasterTable = MasterTable & { name: PgColumn; created_at: PgColumn };

/** Columns that every master's export ends with. */
export function statusAndCreatedColumns<Item>(
  statusKey: keyof Item & string,
  createdKey: keyof Item & string,
): ExportColumn<Item>[] {
  const read = (item: Item, key: string) => (item as Record<string, unknown>)[key];
  return [
    {
      header: 'Status',
      width: 12,
      value: (item) => (read(item, statusKey) === 'ACTIVE' ? 'Active' : 'Inactive'),
    },
    {
      header: 'Created on',
      width: 20,
      numFmt: 'dd-mmm-yyyy hh:mm',
      value: (item) => new Date(String(read(item, createdKey))),
    },
  ];
}

/**
 * A master that is only a name (namedMasterContract + namedMasterTable): the whole definition is
 * its contract, its table and the title of its export.
 */
export function defineNamedMaster<C extends AnyMasterContract>(
  contract: C,
  table: NamedMasterTable,
  title: string,
) {
  const prefix = contract.idKey.replace(/_id$/, '');
  const createdKey = `${prefix}_created_on`;
  type Item = Record<string, unknown>;
  return defineMaster({
    contract,
    table,
    list: {
      select: { id: table.id, name: table.name, status: table.status, created_at: table.created_at },
      search: [table.name],
      sort: {
        [contract.nameKey]: sql`lower(${table.name})`,
        [contract.statusKey]: table.status,
        [createdKey]: table.created_at,
      } as never,
      toItem: (row) =>
        ({
          [contract.idKey]: row.id,
          [contract.nameKey]: row.name,
          [contract.statusKey]: row.status,
          [createdKey]: (row.created_at as Date).toISOString(),
        }) as never,
      export: {
        title,
        columns: [
          { header: 'Name', width: 48, value: (item: Item) => String(item[contract.nameKey]) },
          ...statusAndCreatedColumns<Item>(contract.statusKey, createdKey),
        ] as never,
      },
    },
    values: (values) => ({ name: (values as Item)[contract.nameKey] }),
  });
}
