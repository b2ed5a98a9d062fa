import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { INVENTORY_MESSAGES } from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { component, stockLevel, stockMovement, store } from '../../db/schema/inventory.ts';
import type { Caller } from '../../platform/caller.ts';
import { conflict, notFound } from '../../platform/errors.ts';

/**
 * The stock ledger (docs/inventory.md#the-ledger): the one writer of stock_movement and stock_level.
 * Each movement appends ledger rows and updates the store's stock_level row in the caller's
 * transaction, so that stock_level always equals the sum of the ledger, in units and in paise.
 *
 * Valuation: each store keeps the moving-average cost of each component as value_paise; n of q
 * units going out take round(value * n / q) paise, and the last unit takes whatever is left, so
 * the value never drifts from the units. Integer paise only.
 *
 * Concurrency: the stock_level rows a call touches are created if missing (ON CONFLICT DO NOTHING)
 * and then locked FOR UPDATE in one order, (store_id, component_id), before anything is read: two
 * issues of the last unit wait for each other and the second sees 0, and two transfers in opposite
 * directions lock the same rows in the same order, so they cannot deadlock.
 */

interface MovementBase {
  store_id: string;
  component_id: string;
  /** Units, a whole number above 0 (ADJUST: the signed change, not 0). */
  quantity: number;
  /** Invoice, challan, PO or ticket number. */
  reference?: string | null;
  /** Why (an adjustment's reason), or a note. */
  reason?: string | null;
}

interface TicketParts {
  ticket_id: string;
  technician_user_id: string;
}

export type StockMovementInput =
  /** Into the store at what one unit cost, paise. */
  | (MovementBase & { kind: 'RECEIVE'; unit_cost: number })
  /** Out of the store to a technician for a ticket, at the store's average cost. */
  | (MovementBase & { kind: 'ISSUE' } & TicketParts)
  /**
   * Used on the ticket: the units left the store at ISSUE, so the row's quantity and value are 0;
   * it records the units consumed and `value`, what they cost (as they were issued), paise.
   */
  | (MovementBase & { kind: 'CONSUME'; value: number } & TicketParts)
  /** Back into the store from a ticket, at `value`, the paise the units left with. */
  | (MovementBase & { kind: 'RETURN'; value: number } & TicketParts)
  /** Out of `store_id` into `to_store_id`, at the source's average cost: two rows, one group. */
  | (MovementBase & { kind: 'TRANSFER'; to_store_id: string })
  /** A count's correction with a reason: down at the average cost, up at it too. */
  | (MovementBase & { kind: 'ADJUST'; reason: string });

export type StockMovementRow = typeof stockMovement.$inferSelect;

/** Who moves the stock: the organization whose stock it is and the person (null: the system). */
export interface LedgerActor {
  organization_id: string;
  user_id: string | null;
}

export const actorOf = (caller: Caller): LedgerActor => ({
  organization_id: caller.organization.id,
  user_id: caller.user.id,
});

/** How a component is named in messages: "CR-100 Compressor relay". */
export const partWords = (part: { part_number: string; name: string }) => `${part.part_number} ${part.name}`;

/** stock_level.quantity is an integer column: no store holds more of one component. */
const MAX_STOCK_LEVEL = 2_147_483_647;

/** round(value * n / q), half up, without losing paise to floating point on large values. */
export function shareOf(value: number, n: number, q: number): number {
  if (n >= q) return value;
  const [v, units, total] = [BigInt(value), BigInt(n), BigInt(q)];
  return Number((2n * v * units + total) / (2n * total));
}

const roundedDivision = (value: number, n: number) => (n === 0 ? 0 : shareOf(value, 1, n));

interface Level {
  store_id: string;
  component_id: string;
  quantity: number;
  value: number;
  /** What one unit last cost here, for an adjustment up of an empty store. */
  lastUnitCost?: number;
  changed: boolean;
}

const pairKey = (storeId: string, componentId: string) => `${storeId}:${componentId}`;

/** Names for messages and the check that every store and component is the organization's. */
async function namesOf(db: Db, actor: LedgerActor, storeIds: string[], componentIds: string[]) {
  const stores = await db
    .select({ id: store.id, name: store.name })
    .from(store)
    .where(and(eq(store.organization_id, actor.organization_id), inArray(store.id, storeIds)));
  const components = await db
    .select({ id: component.id, name: component.name, part_number: component.part_number })
    .from(component)
    .where(and(eq(component.organization_id, actor.organization_id), inArray(component.id, componentIds)));
  if (stores.length !== storeIds.length) throw notFound(INVENTORY_MESSAGES.storeNotFound);
  if (components.length !== componentIds.length) throw notFound(INVENTORY_MESSAGES.componentNotFound);
  return {
    store: new Map(stores.map((row) => [row.id, row.name])),
    part: new Map(components.map((row) => [row.id, partWords(row)])),
  };
}

/** The stock_level rows of the pairs, created when missing, locked in (store_id, component_id) order. */
async function lockLevels(
  db: Db,
  actor: LedgerActor,
  pairs: { store_id: string; component_id: string }[],
): Promise<Map<string, Level>> {
  // Code-unit order in JavaScript and "C" collation in PostgreSQL agree, so the inserts and the
  // locks of every call follow one order.
  const sorted = [...pairs].sort((a, b) =>
    a.store_id === b.store_id ? (a.component_id < b.component_id ? -1 : 1) : a.store_id < b.store_id ? -1 : 1,
  );
  await db
    .insert(stockLevel)
    .values(sorted.map((pair) => ({ organization_id: actor.organization_id, ...pair })))
    .onConflictDoNothing();
  const rows = await db
    .select({
      store_id: stockLevel.store_id,
      component_id: stockLevel.component_id,
      quantity: stockLevel.quantity,
      value: stockLevel.value_paise,
    })
    .from(stockLevel)
    .where(
      and(
        eq(stockLevel.organization_id, actor.organization_id),
        or(
          ...sorted.map((pair) =>
            and(eq(stockLevel.store_id, pair.store_id), eq(stockLevel.component_id, pair.component_id)),
          ),
        ),
      ),
    )
    .orderBy(sql`${stockLevel.store_id} collate "C"`, sql`${stockLevel.component_id} collate "C"`)
    .for('update');
  return new Map(
    rows.map((row) => [
      pairKey(row.store_id, row.component_id),
      { ...row, value: Number(row.value), changed: false },
    ]),
  );
}

/** What one unit last cost in a store: the newest ledger row of the component there. */
async function lastUnitCost(db: Db, actor: LedgerActor, level: Level): Promise<number> {
  const [row] = await db
    .select({ unit_cost: stockMovement.unit_cost_paise })
    .from(stockMovement)
    .where(
      and(
        eq(stockMovement.organization_id, actor.organization_id),
        eq(stockMovement.store_id, level.store_id),
        eq(stockMovement.component_id, level.component_id),
      ),
    )
    .orderBy(desc(stockMovement.created_at), desc(stockMovement.id))
    .limit(1);
  return row ? Number(row.unit_cost) : 0;
}

/** The operations check their input (contract schemas); a wrong movement here is the server's mistake. */
function checkShape(movement: StockMovementInput) {
  const whole = (value: number, min: number) => Number.isSafeInteger(value) && value >= min;
  const quantity =
    movement.kind === 'ADJUST'
      ? Number.isSafeInteger(movement.quantity) && movement.quantity !== 0
      : whole(movement.quantity, 1);
  const paise =
    'unit_cost' in movement
      ? whole(movement.unit_cost, 0)
      : 'value' in movement
        ? whole(movement.value, 0)
        : true;
  const elsewhere = movement.kind !== 'TRANSFER' || movement.to_store_id !== movement.store_id;
  if (!quantity || !paise || !elsewhere)
    throw new Error(`A stock movement of a wrong shape: ${JSON.stringify(movement)}`);
}

type NewRow = Omit<typeof stockMovement.$inferInsert, 'id' | 'organization_id' | 'movement_group_id'>;

/**
 * Applies the movements in order inside the caller's transaction and returns the ledger rows
 * written, in order. A movement that would take a store's stock below 0 throws CONFLICT
 * (INVENTORY_MESSAGES.notEnoughStock) before anything of the call is written; a store or component
 * of another organization throws NOT_FOUND. The caller's transaction must roll back on a throw
 * (every mutation's does: graphql/endpoint.ts), since the missing stock_level rows are created
 * first. All the rows of one call share one movement_group_id.
 */
export async function applyStockMovements(
  db: Db,
  actor: LedgerActor,
  movements: StockMovementInput[],
): Promise<StockMovementRow[]> {
  if (movements.length === 0) return [];
  movements.forEach(checkShape);
  const legs = movements.flatMap((movement) => [
    { store_id: movement.store_id, component_id: movement.component_id },
    ...(movement.kind === 'TRANSFER'
      ? [{ store_id: movement.to_store_id, component_id: movement.component_id }]
      : []),
  ]);
  const pairs = [...new Map(legs.map((leg) => [pairKey(leg.store_id, leg.component_id), leg])).values()];
  const names = await namesOf(
    db,
    actor,
    [...new Set(legs.map((leg) => leg.store_id))],
    [...new Set(legs.map((leg) => leg.component_id))],
  );
  const levels = await lockLevels(db, actor, pairs);
  const levelOf = (storeId: string, componentId: string) => levels.get(pairKey(storeId, componentId))!;

  /** n units out of a level at its average cost: the paise they take. */
  const takeOut = (level: Level, n: number): number => {
    if (n > level.quantity) {
      throw conflict(
        INVENTORY_MESSAGES.notEnoughStock(
          names.part.get(level.component_id)!,
          names.store.get(level.store_id)!,
          level.quantity,
          n,
        ),
      );
    }
    const value = shareOf(level.value, n, level.quantity);
    level.quantity -= n;
    level.value -= value;
    level.changed = true;
    return value;
  };
  const putIn = (level: Level, n: number, value: number) => {
    if (level.quantity + n > MAX_STOCK_LEVEL) {
      throw conflict(
        `${names.store.get(level.store_id)} cannot hold more than ${MAX_STOCK_LEVEL.toLocaleString('en-IN')} of ${names.part.get(level.component_id)}.`,
      );
    }
    level.quantity += n;
    level.value += value;
    level.changed = true;
  };

  const rows: NewRow[] = [];
  for (const movement of movements) {
    const level = levelOf(movement.store_id, movement.component_id);
    const n = movement.quantity;
    const common = {
      store_id: movement.store_id,
      component_id: movement.component_id,
      reference: movement.reference ?? null,
      reason: movement.reason ?? null,
      created_by: actor.user_id,
    };
    switch (movement.kind) {
      case 'RECEIVE': {
        const value = n * movement.unit_cost;
        putIn(level, n, value);
        rows.push({
          ...common,
          movement_type: 'RECEIVE',
          quantity: n,
          balance_after: level.quantity,
          unit_cost_paise: movement.unit_cost,
          value_paise: value,
        });
        break;
      }
      case 'ISSUE': {
        const value = takeOut(level, n);
        rows.push({
          ...common,
          movement_type: 'ISSUE',
          quantity: -n,
          balance_after: level.quantity,
          unit_cost_paise: roundedDivision(value, n),
          value_paise: -value,
          ticket_id: movement.ticket_id,
          technician_user_id: movement.technician_user_id,
        });
        break;
      }
      case 'CONSUME':
        rows.push({
          ...common,
          movement_type: 'CONSUME',
          quantity: 0,
          balance_after: level.quantity,
          unit_cost_paise: roundedDivision(movement.value, n),
          value_paise: 0,
          consumed_quantity: n,
          consumed_value_paise: movement.value,
          ticket_id: movement.ticket_id,
          technician_user_id: movement.technician_user_id,
        });
        break;
      case 'RETURN':
        putIn(level, n, movement.value);
        rows.push({
          ...common,
          movement_type: 'RETURN',
          quantity: n,
          balance_after: level.quantity,
          unit_cost_paise: roundedDivision(movement.value, n),
          value_paise: movement.value,
          ticket_id: movement.ticket_id,
          technician_user_id: movement.technician_user_id,
        });
        break;
      case 'TRANSFER': {
        const value = takeOut(level, n);
        const destination = levelOf(movement.to_store_id, movement.component_id);
        putIn(destination, n, value);
        const unitCost = roundedDivision(value, n);
        rows.push(
          {
            ...common,
            movement_type: 'TRANSFER_OUT',
            quantity: -n,
            balance_after: level.quantity,
            unit_cost_paise: unitCost,
            value_paise: -value,
            other_store_id: movement.to_store_id,
          },
          {
            ...common,
            store_id: movement.to_store_id,
            movement_type: 'TRANSFER_IN',
            quantity: n,
            balance_after: destination.quantity,
            unit_cost_paise: unitCost,
            value_paise: value,
            other_store_id: movement.store_id,
          },
        );
        break;
      }
      case 'ADJUST': {
        if (n < 0) {
          const value = takeOut(level, -n);
          rows.push({
            ...common,
            movement_type: 'ADJUST',
            quantity: n,
            balance_after: level.quantity,
            unit_cost_paise: roundedDivision(value, -n),
            value_paise: -value,
          });
        } else {
          // Up at the store's average cost; an empty store at what a unit last cost there.
          const unitCost =
            level.quantity > 0
              ? roundedDivision(level.value, level.quantity)
              : (level.lastUnitCost ??= await lastUnitCost(db, actor, level));
          putIn(level, n, n * unitCost);
          rows.push({
            ...common,
            movement_type: 'ADJUST',
            quantity: n,
            balance_after: level.quantity,
            unit_cost_paise: unitCost,
            value_paise: n * unitCost,
          });
        }
        break;
      }
    }
  }

  const movementGroupId = newId();
  const written = await db
    .insert(stockMovement)
    .values(
      rows.map((row) => ({
        ...row,
        id: newId(),
        organization_id: actor.organization_id,
        movement_group_id: movementGroupId,
        // The time the row was written under the locks, not the transaction's start: the ledger's
        // order by time is then the order of its balances.
        created_at: sql`clock_timestamp()`,
      })),
    )
    .returning();
  for (const level of levels.values()) {
    if (!level.changed) continue;
    await db
      .update(stockLevel)
      .set({ quantity: level.quantity, value_paise: level.value, updated_at: sql`clock_timestamp()` })
      .where(and(eq(stockLevel.store_id, level.store_id), eq(stockLevel.component_id, level.component_id)));
  }
  return written;
}
