import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  COMPONENT_UNIT_LABELS,
  ListInventory,
  ListStockMovements,
  STOCK_MOVEMENT_LABELS,
  type StockItem,
  type StockMovementItem,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/identity.ts';
import { component, stockLevel, stockMovement, store } from '../../db/schema/inventory.ts';
import { party } from '../../db/schema/platform.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineList, type TenantTable } from '../../platform/lists.ts';
import { withinDays } from '../../platform/organization-days.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';

/**
 * The stock (one row per store and component) and its ledger, newest first (docs/inventory.md).
 * A service partner's users see only their own stores' rows: the scope joins the store and keeps
 * those of the caller's party; staff see every store of the organization.
 */

/** The caller's rows of a table that names a store: the organization's, and a partner's own stores. */
function inStoresOf(table: { organization_id: TenantTable['organization_id'] }, caller: Caller): SQL {
  return and(inOrganization(table, caller), inPartyOf(store, caller))!;
}

/** Average cost of one unit, paise: value / quantity rounded, 0 with no stock. */
export const averageCost = (value: number, quantity: number) =>
  quantity > 0 ? Math.round(value / quantity) : 0;

const RUPEES = '#,##0.00';

export const listInventory = defineList(ListInventory, {
  // stock_level's id is derived from its key (store:component), for paging and the export.
  table: stockLevel as unknown as TenantTable,
  scope: (caller) => inStoresOf(stockLevel, caller),
  select: {
    id: stockLevel.id,
    store_id: stockLevel.store_id,
    store_name: store.name,
    party_name: party.name,
    component_id: stockLevel.component_id,
    component_name: component.name,
    part_number: component.part_number,
    unit: component.unit,
    quantity: stockLevel.quantity,
    reorder_level: component.reorder_level,
    value: stockLevel.value_paise,
    updated_at: stockLevel.updated_at,
  },
  join: (query) =>
    query
      .innerJoin(
        store,
        and(eq(store.id, stockLevel.store_id), eq(store.organization_id, stockLevel.organization_id)),
      )
      .innerJoin(
        component,
        and(
          eq(component.id, stockLevel.component_id),
          eq(component.organization_id, stockLevel.organization_id),
        ),
      )
      .leftJoin(party, and(eq(party.id, store.party_id), eq(party.organization_id, store.organization_id))),
  search: [component.name, component.part_number],
  // Names sort on the components' and stores' own (organization_id, lower(...)) indexes; quantity,
  // value and time have no index of their own, since every movement rewrites them: an
  // organization's stock rows (components x stores) are few enough to sort.
  sort: {
    component_name: sql`lower(${component.name})`,
    part_number: sql`lower(${component.part_number})`,
    service_center_name: sql`lower(${store.name})`,
    quantity: stockLevel.quantity,
    stock_value: stockLevel.value_paise,
    updated_on: stockLevel.updated_at,
  },
  filters: (input) => [
    input.service_center_id ? eq(stockLevel.store_id, input.service_center_id) : undefined,
    input.component_id ? eq(stockLevel.component_id, input.component_id) : undefined,
    input.below_reorder === undefined
      ? undefined
      : input.below_reorder
        ? lte(stockLevel.quantity, component.reorder_level)
        : gt(stockLevel.quantity, component.reorder_level),
  ],
  toItem: (row): StockItem => {
    const value = Number(row.value);
    return {
      service_center_id: row.store_id,
      service_center_name: row.store_name,
      party_name: row.party_name,
      component_id: row.component_id,
      component_name: row.component_name,
      part_number: row.part_number,
      unit: row.unit,
      quantity: row.quantity,
      reorder_level: row.reorder_level,
      below_reorder: row.quantity <= row.reorder_level,
      average_cost: averageCost(value, row.quantity),
      stock_value: value,
      updated_on: row.updated_at.toISOString(),
    };
  },
  export: {
    title: 'Inventory',
    columns: [
      { header: 'Component', width: 30, value: (item) => item.component_name },
      { header: 'Part number', width: 18, value: (item) => item.part_number },
      { header: 'Store', width: 26, value: (item) => item.service_center_name },
      { header: 'Service partner', width: 24, value: (item) => item.party_name },
      { header: 'Quantity', width: 11, value: (item) => item.quantity },
      { header: 'Unit', width: 8, value: (item) => COMPONENT_UNIT_LABELS[item.unit] },
      { header: 'Reorder level', width: 13, value: (item) => item.reorder_level },
      { header: 'Below reorder', width: 13, value: (item) => (item.below_reorder ? 'Yes' : 'No') },
      { header: 'Average cost (₹)', width: 16, numFmt: RUPEES, value: (item) => item.average_cost / 100 },
      { header: 'Value (₹)', width: 16, numFmt: RUPEES, value: (item) => item.stock_value / 100 },
      {
        header: 'Updated',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm',
        value: (item) => new Date(item.updated_on),
      },
    ],
  },
});

const otherStore = alias(store, 'other_store');
const technician = alias(user, 'technician');
const creator = alias(user, 'creator');

const movementColumns = {
  id: stockMovement.id,
  movement_type: stockMovement.movement_type,
  store_id: stockMovement.store_id,
  store_name: store.name,
  component_id: stockMovement.component_id,
  component_name: component.name,
  part_number: component.part_number,
  quantity: stockMovement.quantity,
  balance_after: stockMovement.balance_after,
  unit_cost: stockMovement.unit_cost_paise,
  value: stockMovement.value_paise,
  reference: stockMovement.reference,
  reason: stockMovement.reason,
  ticket_id: stockMovement.ticket_id,
  ticket_number: ticket.ticket_number,
  technician_name: technician.name,
  consumed_quantity: stockMovement.consumed_quantity,
  consumed_value: stockMovement.consumed_value_paise,
  other_store_name: otherStore.name,
  created_by_name: creator.name,
  created_at: stockMovement.created_at,
};

function movementJoins(query: PgSelect): PgSelect {
  const sameOrganization = (table: { organization_id: TenantTable['organization_id'] }) =>
    eq(table.organization_id, stockMovement.organization_id);
  return query
    .innerJoin(store, and(eq(store.id, stockMovement.store_id), sameOrganization(store)))
    .innerJoin(component, and(eq(component.id, stockMovement.component_id), sameOrganization(component)))
    .leftJoin(otherStore, and(eq(otherStore.id, stockMovement.other_store_id), sameOrganization(otherStore)))
    .leftJoin(ticket, and(eq(ticket.id, stockMovement.ticket_id), sameOrganization(ticket)))
    .leftJoin(technician, eq(technician.id, stockMovement.technician_user_id))
    .leftJoin(creator, eq(creator.id, stockMovement.created_by));
}

/** A ledger row as read; the left-joined names may be null whatever the type says. */
type MovementRow = SelectResultFields<typeof movementColumns>;

function movementItem(row: MovementRow): StockMovementItem {
  return {
    stock_movement_id: row.id,
    movement_type: row.movement_type,
    service_center_id: row.store_id,
    service_center_name: row.store_name,
    component_id: row.component_id,
    component_name: row.component_name,
    part_number: row.part_number,
    quantity: row.quantity,
    balance_after: row.balance_after,
    unit_cost: Number(row.unit_cost),
    value: Number(row.value),
    reference: row.reference,
    reason: row.reason,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number ?? null,
    technician_name: row.technician_name ?? null,
    consumed_quantity: row.consumed_quantity,
    consumed_value: row.consumed_value === null ? null : Number(row.consumed_value),
    other_service_center_name: row.other_store_name ?? null,
    created_by_name: row.created_by_name ?? 'System',
    movement_on: row.created_at.toISOString(),
  };
}

export const listStockMovements = defineList(ListStockMovements, {
  table: stockMovement,
  scope: (caller) => inStoresOf(stockMovement, caller),
  select: movementColumns,
  join: movementJoins,
  search: [component.name, component.part_number],
  // Newest first on (organization_id, created_at, id); with a store or component filter, on the
  // (organization_id, store_id | component_id, created_at, id) indexes.
  sort: { movement_on: stockMovement.created_at },
  filters: (input, caller) => [
    input.service_center_id ? eq(stockMovement.store_id, input.service_center_id) : undefined,
    input.component_id ? eq(stockMovement.component_id, input.component_id) : undefined,
    input.ticket_id ? eq(stockMovement.ticket_id, input.ticket_id) : undefined,
    input.movement_type ? eq(stockMovement.movement_type, input.movement_type) : undefined,
    ...withinDays(stockMovement.created_at, input.from_date, input.to_date, caller.organization.time_zone),
  ],
  toItem: movementItem,
  export: {
    title: 'Components Transaction History',
    columns: [
      {
        header: 'Time',
        width: 20,
        numFmt: 'dd-mmm-yyyy hh:mm:ss',
        value: (item) => new Date(item.movement_on),
      },
      { header: 'Kind', width: 16, value: (item) => STOCK_MOVEMENT_LABELS[item.movement_type] },
      { header: 'Component', width: 30, value: (item) => item.component_name },
      { header: 'Part number', width: 18, value: (item) => item.part_number },
      { header: 'Store', width: 26, value: (item) => item.service_center_name },
      { header: 'Other store', width: 26, value: (item) => item.other_service_center_name },
      { header: 'Quantity', width: 10, value: (item) => item.quantity },
      { header: 'Balance after', width: 13, value: (item) => item.balance_after },
      { header: 'Unit cost (₹)', width: 14, numFmt: RUPEES, value: (item) => item.unit_cost / 100 },
      { header: 'Value (₹)', width: 14, numFmt: RUPEES, value: (item) => item.value / 100 },
      { header: 'Consumed', width: 10, value: (item) => item.consumed_quantity },
      {
        header: 'Consumed value (₹)',
        width: 16,
        numFmt: RUPEES,
        value: (item) => (item.consumed_value === null ? null : item.consumed_value / 100),
      },
      { header: 'Reference', width: 18, value: (item) => item.reference },
      { header: 'Reason', width: 30, value: (item) => item.reason },
      { header: 'Ticket', width: 16, value: (item) => item.ticket_number },
      { header: 'Technician', width: 22, value: (item) => item.technician_name },
      { header: 'By', width: 22, value: (item) => item.created_by_name },
    ],
  },
});

/** Ledger rows as the list shows them, in the order written: the answer of a movement. */
export async function movementItems(db: Db, caller: Caller, ids: string[]): Promise<StockMovementItem[]> {
  if (ids.length === 0) return [];
  const query = movementJoins(
    db.select(movementColumns).from(stockMovement).$dynamic() as unknown as PgSelect,
  );
  const rows = (await query
    .where(and(inStoresOf(stockMovement, caller), inArray(stockMovement.id, ids)))
    .orderBy(asc(stockMovement.created_at), asc(stockMovement.id))) as unknown as MovementRow[];
  return rows.map(movementItem);
}
