import { and, eq, inArray } from 'drizzle-orm';
import {
  AdjustStock,
  INVENTORY_MESSAGES,
  ReceiveStock,
  TransferStock,
} from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { component, store } from '../../db/schema/inventory.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { defineHandler, type OperationContext } from '../../platform/handler.ts';
import { inOrganization, inPartyOf } from '../../platform/tenant.ts';
import { actorOf, applyStockMovements, partWords, type StockMovementRow } from './stock-ledger.ts';
import { listInventory, listStockMovements, movementItems } from './stock-lists.ts';

/**
 * Receiving, adjusting and transferring stock (docs/inventory.md#the-ledger), each through the
 * ledger (stock-ledger.ts). Stores and components must be the caller's organization's and active;
 * a service partner's users move stock only in their own party's stores (and transfer only between
 * them), staff in any store. A store or component the caller may not use is NOT_FOUND, as if it
 * did not exist, and nothing is written.
 */

/** A store the caller may move stock in: active, the organization's, and a partner's users' own. */
async function usableStore(db: Db, caller: Caller, id: string, field: string) {
  const [row] = await db
    .select({ id: store.id, name: store.name, status: store.status })
    .from(store)
    .where(and(inPartyOf(store, caller), eq(store.id, id)));
  if (!row) throw notFound(INVENTORY_MESSAGES.storeNotFound);
  if (row.status !== 'ACTIVE') throw badInput(INVENTORY_MESSAGES.storeInactive(row.name), field);
  return row;
}

/**
 * The components of a movement's (or a ticket's request's) lines: the organization's and active,
 * by id, with their price; NOT_FOUND or BAD_INPUT on the line's field otherwise.
 */
export async function usableComponents(
  db: Db,
  caller: Caller,
  ids: string[],
  fieldOf: (index: number) => string,
) {
  if (ids.length === 0) return new Map<string, never>();
  const rows = await db
    .select({
      id: component.id,
      name: component.name,
      part_number: component.part_number,
      price: component.price_paise,
      status: component.status,
    })
    .from(component)
    .where(and(inOrganization(component, caller), inArray(component.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  ids.forEach((id, index) => {
    const row = byId.get(id);
    if (!row) throw notFound(INVENTORY_MESSAGES.componentNotFound);
    if (row.status !== 'ACTIVE')
      throw badInput(INVENTORY_MESSAGES.componentInactive(partWords(row)), fieldOf(index));
  });
  return byId;
}

/** The answer of a movement: its rows as the ledger lists them; the audit names the movement. */
async function answerOf(context: OperationContext, rows: StockMovementRow[]) {
  context.auditTarget = rows[0].movement_group_id;
  return {
    items: await movementItems(
      context.db,
      context.caller,
      rows.map((row) => row.id),
    ),
  };
}

const receiveStock = defineHandler(ReceiveStock, async (input, context) => {
  const { db, caller } = context;
  const into = await usableStore(db, caller, input.service_center_id, 'service_center_id');
  const lines = input.lines;
  await usableComponents(
    db,
    caller,
    lines.map((line) => line.component_id),
    (index) => `lines.${index}.component_id`,
  );
  const rows = await applyStockMovements(
    db,
    actorOf(caller),
    lines.map((line) => ({
      kind: 'RECEIVE' as const,
      store_id: into.id,
      component_id: line.component_id,
      quantity: line.quantity,
      unit_cost: line.unit_cost,
      reference: input.reference,
      reason: input.note,
    })),
  );
  return {
    data: await answerOf(context, rows),
    message: INVENTORY_MESSAGES.received(lines.length, into.name),
  };
});

const adjustStock = defineHandler(AdjustStock, async (input, context) => {
  const { db, caller } = context;
  const at = await usableStore(db, caller, input.service_center_id, 'service_center_id');
  const parts = await usableComponents(db, caller, [input.component_id], () => 'component_id');
  const rows = await applyStockMovements(db, actorOf(caller), [
    {
      kind: 'ADJUST',
      store_id: at.id,
      component_id: input.component_id,
      quantity: input.quantity_change,
      reason: input.reason,
    },
  ]);
  return {
    data: await answerOf(context, rows),
    message: INVENTORY_MESSAGES.adjusted(
      partWords(parts.get(input.component_id)!),
      at.name,
      rows[0].balance_after,
    ),
  };
});

const transferStock = defineHandler(TransferStock, async (input, context) => {
  const { db, caller } = context;
  const from = await usableStore(db, caller, input.from_service_center_id, 'from_service_center_id');
  const to = await usableStore(db, caller, input.to_service_center_id, 'to_service_center_id');
  const lines = input.lines;
  await usableComponents(
    db,
    caller,
    lines.map((line) => line.component_id),
    (index) => `lines.${index}.component_id`,
  );
  const rows = await applyStockMovements(
    db,
    actorOf(caller),
    lines.map((line) => ({
      kind: 'TRANSFER' as const,
      store_id: from.id,
      to_store_id: to.id,
      component_id: line.component_id,
      quantity: line.quantity,
      reference: input.reference,
      reason: input.note,
    })),
  );
  return {
    data: await answerOf(context, rows),
    message: INVENTORY_MESSAGES.transferred(lines.length, from.name, to.name),
  };
});

export const stockHandlers = [listInventory, listStockMovements, receiveStock, adjustStock, transferStock];
