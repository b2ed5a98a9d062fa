import type { z } from 'zod';

/** Rights a designation can grant on a module (the module_rights objects). */
export const RIGHTS = ['VIEW', 'CREATE', 'EDIT', 'DELETE', 'APPROVE', 'EXPORT'] as const;
export type Right = (typeof RIGHTS)[number];

/** What a right lets a person do, as the rights editor and the refusals name it. */
export const RIGHT_LABELS: Record<Right, string> = {
  VIEW: 'View',
  CREATE: 'Create',
  EDIT: 'Edit',
  DELETE: 'Delete',
  APPROVE: 'Approve',
  EXPORT: 'Export',
};

/**
 * Who may call an operation. `module: null` means any signed-in, active member of the current
 * organization (the caller's own details, the organization switch). Otherwise one of the modules
 * must be in the caller's menu (docs/product.md#menus-and-landing-pages) and, with access control
 * on, carry the right. Several names serve the same data under the names each menu gives it
 * ('Customers' for staff and partners, 'My Customers' for dealers).
 */
export type Access = { module: null } | { module: string | readonly string[]; right: Right };

/** The answer of every operation (docs/architecture.md#the-wire-format), sent as a JSON string. */
export interface Envelope<Data> {
  status: 'SUCCESS';
  status_message: string;
  data: Data;
}

export interface ItemsData<Item> {
  items: Item[];
}

export interface OperationDef<
  Name extends string = string,
  Kind extends 'query' | 'mutation' = 'query' | 'mutation',
  Input extends z.ZodType = z.ZodType,
  Data = unknown,
> {
  name: Name;
  kind: Kind;
  access: Access;
  input: Input;
  /** One line for the generated GraphQL schema and the permission table. */
  description: string;
  /** Phantom: carries the result type; never set at run time. */
  readonly __data?: Data;
}

export type InputOf<Op extends OperationDef> = z.input<Op['input']>;
export type ParsedInputOf<Op extends OperationDef> = z.output<Op['input']>;
export type DataOf<Op extends OperationDef> =
  Op extends OperationDef<string, 'query' | 'mutation', z.ZodType, infer D> ? D : never;

/**
 * Declares a query. The result's data type is the explicit type argument, so it is written once:
 * `query<ItemsData<Org>>()({ name: 'GetAllMyOrganizations', ... })`.
 */
export function query<Data>() {
  return <Name extends string, Input extends z.ZodType>(
    def: Omit<OperationDef<Name, 'query', Input, Data>, 'kind' | '__data'>,
  ): OperationDef<Name, 'query', Input, Data> => ({ ...def, kind: 'query' });
}

export function mutation<Data>() {
  return <Name extends string, Input extends z.ZodType>(
    def: Omit<OperationDef<Name, 'mutation', Input, Data>, 'kind' | '__data'>,
  ): OperationDef<Name, 'mutation', Input, Data> => ({ ...def, kind: 'mutation' });
}
