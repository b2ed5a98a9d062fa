import { z } from 'zod';
import { mutation, query, type DataOf, type ItemsData, type OperationDef } from './operation.ts';
import {
  listInput,
  recordStatusSchema,
  statusFilterSchema,
  type ListInputSchema,
  type PageData,
  type RecordStatus,
  type SortOrder,
} from './lists.ts';

/**
 * A master (docs/masters.md): a list of named records an organization keeps (closure remarks,
 * customer categories ...) with four operations named in the old API's style:
 * `List<Plural>`, `Create<Singular>`, `Update<Singular>`, `ActivateOrDeactivate<Singular>`.
 * `masterContract<Item>()({...})` declares all four from one description; the fields' schema is
 * declared once here and serves the server's validation and the web form alike.
 */

type SortKeys = readonly [string, ...string[]];

/** An id sent by a client: never trusted beyond its shape (the server scopes it to the organization). */
export const idSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(64, `${field} is not a valid id`);

/** A master's name: required, trimmed, at most `max` characters. `label` is what the form calls it. */
export const nameSchema = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A display order: a whole number from 1 to 999 (lists of states and stages are shown in this order). */
export const displayOrderSchema = (label = 'Order') =>
  z
    .number({ error: `${label} must be a whole number from 1 to 999` })
    .int(`${label} must be a whole number from 1 to 999`)
    .min(1, `${label} must be a whole number from 1 to 999`)
    .max(999, `${label} must be a whole number from 1 to 999`);

interface MasterContractOptions<
  Plural extends string,
  Singular extends string,
  IdKey extends string,
  StatusKey extends string,
  Shape extends z.ZodRawShape,
  SortBy extends SortKeys,
  Filters extends z.ZodRawShape,
  ListName extends string = `List${Plural}`,
> {
  /** 'ClosureRemarks': the list operation is `ListClosureRemarks`. */
  plural: Plural;
  /**
   * The list operation's name when the old API gives it another than `List<Plural>`
   * (`List_Services`, `ListTerritoriesAndPincodes`).
   */
  listName?: ListName;
  /** 'ClosureRemark': `CreateClosureRemark`, `UpdateClosureRemark`, `ActivateOrDeactivateClosureRemark`. */
  singular: Singular;
  /** 'closure remark': used in messages ("A closure remark named 'X' already exists."). */
  noun: string;
  /** 'closure remarks' (default: noun + 's'): 'Search closure remarks', 'No closure remarks yet'. */
  nounPlural?: string;
  /** The menu name(s) whose rights guard the operations (menus.ts): VIEW lists, CREATE creates, EDIT edits. */
  module: string | readonly string[];
  /**
   * Menus whose screens read this list without managing it (customer categories on the Customers
   * screen): their VIEW right also lets a person call the list operation, never the others.
   */
  readers?: readonly string[];
  /** The item's id key, e.g. 'closure_remark_id' (the old API's `<entity>_id` style). */
  idKey: IdKey;
  /** The item's status key, e.g. 'closure_remark_status'. */
  statusKey: StatusKey;
  /** The field that names a record: unique per organization, quoted in messages. */
  nameKey: keyof Shape & string;
  /** The fields a person fills in: the create input, and the update input besides the id. */
  fields: Shape;
  /** Rules across fields (e.g. "at least one of roles or emails"), applied to create and update. */
  check?: (values: z.output<z.ZodObject<Shape>>, ctx: z.RefinementCtx) => void;
  sortBy: SortBy;
  defaultSortBy: SortBy[number];
  defaultSortOrder?: SortOrder;
  /** Filters of the list besides search and status. */
  filters?: Filters;
}

type IdShape<IdKey extends string> = { [K in IdKey]: ReturnType<typeof idSchema> };
type StatusShape<StatusKey extends string> = { [K in StatusKey]: ReturnType<typeof recordStatusSchema> };
type StatusFilterShape = { status: typeof statusFilterSchema };

type MasterFormSchema<Shape extends z.ZodRawShape> = z.ZodObject<Shape, z.core.$strict>;
type MasterUpdateSchema<IdKey extends string, Shape extends z.ZodRawShape> = z.ZodObject<
  IdShape<IdKey> & Shape,
  z.core.$strict
>;
type MasterStatusSchema<IdKey extends string, StatusKey extends string> = z.ZodObject<
  IdShape<IdKey> & StatusShape<StatusKey>,
  z.core.$strict
>;

interface MasterMessages {
  created(name: string): string;
  updated(name: string): string;
  statusChanged(name: string, status: RecordStatus): string;
  duplicate(name: string): string;
  notFound: string;
}

/** The messages of a master, from its noun ("closure remark"). */
function masterMessages(noun: string): MasterMessages {
  const title = noun[0].toUpperCase() + noun.slice(1);
  const article = /^[aeiou]/i.test(noun) ? 'An' : 'A';
  return {
    created: (name) => `${title} '${name}' created`,
    updated: (name) => `${title} '${name}' saved`,
    statusChanged: (name, status) =>
      `${title} '${name}' ${status === 'ACTIVE' ? 'activated' : 'deactivated'}`,
    duplicate: (name) => `${article} ${noun} named '${name}' already exists.`,
    notFound: `${title} not found. It may have been removed; refresh the list and try again.`,
  };
}

interface MasterContract<
  Item,
  Plural extends string,
  Singular extends string,
  IdKey extends string,
  StatusKey extends string,
  Shape extends z.ZodRawShape,
  SortBy extends SortKeys,
  Filters extends z.ZodRawShape,
  ListName extends string = `List${Plural}`,
> {
  plural: Plural;
  singular: Singular;
  noun: string;
  nounPlural: string;
  module: string | readonly string[];
  readers: readonly string[];
  idKey: IdKey;
  statusKey: StatusKey;
  nameKey: keyof Shape & string;
  messages: MasterMessages;
  /** The create input: what the web form validates with. */
  form: MasterFormSchema<Shape>;
  list: OperationDef<ListName, 'query', ListInputSchema<SortBy, StatusFilterShape & Filters>, PageData<Item>>;
  create: OperationDef<`Create${Singular}`, 'mutation', MasterFormSchema<Shape>, ItemsData<Item>>;
  update: OperationDef<`Update${Singular}`, 'mutation', MasterUpdateSchema<IdKey, Shape>, ItemsData<Item>>;
  activateOrDeactivate: OperationDef<
    `ActivateOrDeactivate${Singular}`,
    'mutation',
    MasterStatusSchema<IdKey, StatusKey>,
    ItemsData<Item>
  >;
}

/** Any master contract, for code that works with every master (the server's handlers, the web page). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMasterContract = MasterContract<any, string, string, any, any, any, SortKeys, any, string>;

/** The item type of a master contract. */
export type MasterItem<C extends AnyMasterContract> =
  DataOf<C['list']> extends PageData<infer Item> ? Item : never;

/**
 * Declares a master's four operations:
 *
 * ```ts
 * export const closureRemarks = masterContract<ClosureRemarkItem>()({
 *   plural: 'ClosureRemarks', singular: 'ClosureRemark', noun: 'closure remark',
 *   module: 'Closure Remarks', idKey: 'closure_remark_id', statusKey: 'closure_remark_status',
 *   nameKey: 'closure_remark_name', fields: { closure_remark_name: nameSchema('Name') },
 *   sortBy: ['closure_remark_name', 'closure_remark_created_on'], defaultSortBy: 'closure_remark_name',
 * });
 * export const { list: ListClosureRemarks, create: CreateClosureRemark, ... } = closureRemarks;
 * ```
 *
 * The destructured exports put the operations in the catalogue (catalogue.ts collects them).
 */
export function masterContract<Item>() {
  return <
    const Plural extends string,
    const Singular extends string,
    const IdKey extends keyof Item & string,
    const StatusKey extends keyof Item & string,
    Shape extends z.ZodRawShape,
    const SortBy extends SortKeys,
    Filters extends z.ZodRawShape = Record<never, never>,
    const ListName extends string = `List${Plural}`,
  >(
    options: MasterContractOptions<Plural, Singular, IdKey, StatusKey, Shape, SortBy, Filters, ListName>,
  ): MasterContract<Item, Plural, Singular, IdKey, StatusKey, Shape, SortBy, Filters, ListName> => {
    const { plural, singular, noun, module, idKey, statusKey, check } = options;
    const refine = <S extends z.ZodObject>(schema: S): S =>
      check ? (schema.superRefine(check as never) as unknown as S) : schema;
    const idShape = { [idKey]: idSchema(idKey) } as IdShape<IdKey>;
    const form = refine(z.object(options.fields).strict());
    const update = refine(z.object({ ...idShape, ...options.fields }).strict());
    const status = z
      .object({ ...idShape, [statusKey]: recordStatusSchema(statusKey) } as IdShape<IdKey> &
        StatusShape<StatusKey>)
      .strict();
    const listSchema = listInput({
      sortBy: options.sortBy,
      defaultSortBy: options.defaultSortBy,
      defaultSortOrder: options.defaultSortOrder,
      filters: { status: statusFilterSchema, ...(options.filters ?? ({} as Filters)) },
    });
    const access = (right: 'VIEW' | 'CREATE' | 'EDIT') => ({ module, right });
    const modules = typeof module === 'string' ? [module] : [...module];
    const listAccess = options.readers?.length
      ? { module: [...modules, ...options.readers], right: 'VIEW' as const }
      : access('VIEW');
    return {
      plural,
      singular,
      noun,
      nounPlural: options.nounPlural ?? `${noun}s`,
      module,
      readers: options.readers ?? [],
      idKey,
      statusKey,
      nameKey: options.nameKey,
      messages: masterMessages(noun),
      form,
      list: query<PageData<Item>>()({
        name: options.listName ?? `List${plural}`,
        access: listAccess,
        description: `A page of the organization's ${noun} list: search, status filter, sorting.`,
        input: listSchema,
      }),
      create: mutation<ItemsData<Item>>()({
        name: `Create${singular}`,
        access: access('CREATE'),
        description: `Adds a ${noun}; its name must be new in the organization.`,
        input: form,
      }),
      update: mutation<ItemsData<Item>>()({
        name: `Update${singular}`,
        access: access('EDIT'),
        description: `Changes a ${noun} of the organization.`,
        input: update,
      }),
      activateOrDeactivate: mutation<ItemsData<Item>>()({
        name: `ActivateOrDeactivate${singular}`,
        access: access('EDIT'),
        description: `Activates or deactivates a ${noun}; inactive ones are not offered for new work.`,
        input: status,
      }),
    } as MasterContract<Item, Plural, Singular, IdKey, StatusKey, Shape, SortBy, Filters, ListName>;
  };
}

/** The item of a master that is only a name: `<prefix>_id`, `_name`, `_status`, `_created_on`. */
type NamedMasterItem<P extends string> = { [K in `${P}_id` | `${P}_name`]: string } & {
  [K in `${P}_status`]: RecordStatus;
} & { [K in `${P}_created_on`]: string };

type NamedShape<P extends string> = { [K in `${P}_name`]: ReturnType<typeof nameSchema> };
type NamedSortBy<P extends string> = readonly [`${P}_name`, `${P}_status`, `${P}_created_on`];

/**
 * A master that is only a list of names (closure remarks, customer categories ...): the whole
 * declaration is its prefix and names. `prefix` is the snake_case entity ('closure_remark').
 */
export function namedMasterContract<
  const P extends string,
  const Plural extends string,
  const Singular extends string,
>(options: {
  prefix: P;
  plural: Plural;
  singular: Singular;
  noun: string;
  nounPlural?: string;
  module: string;
  readers?: readonly string[];
  maxLength?: number;
}) {
  const { prefix } = options;
  return masterContract<NamedMasterItem<P>>()({
    plural: options.plural,
    singular: options.singular,
    noun: options.noun,
    nounPlural: options.nounPlural,
    module: options.module,
    readers: options.readers,
    idKey: `${prefix}_id` as `${P}_id`,
    statusKey: `${prefix}_status` as `${P}_status`,
    nameKey: `${prefix}_name` as `${P}_name`,
    fields: { [`${prefix}_name`]: nameSchema('Name', options.maxLength) } as NamedShape<P>,
    sortBy: [`${prefix}_name`, `${prefix}_status`, `${prefix}_created_on`] as unknown as NamedSortBy<P>,
    defaultSortBy: `${prefix}_name` as `${P}_name`,
  });
}
