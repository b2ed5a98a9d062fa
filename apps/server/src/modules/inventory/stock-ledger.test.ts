import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { INVENTORY_MESSAGES } from '@fieldport/contract/operations/inventory';
import type { Db } from '../../db/client.ts';
import { stockLevel, stockMovement } from '../../db/schema/inventory.ts';
import { DomainError } from '../../platform/errors.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization } from '../../test/organizations.ts';
import {
  applyStockMovements,
  partWords,
  shareOf,
  type LedgerActor,
  type StockMovementInput,
} from './stock-ledger.ts';
import { seedTestComponent, seedTestStore, seedTestTicket } from './stock.test-kit.ts';

// docs/inventory.md#the-ledger: stock of a component in a store is the sum of its ledger rows; the
// stored level never disagrees with it, never goes below 0, and a refused movement writes nothing.

const shared = Boolean(process.env.TEST_DATABASE_URL);

let app: TestApp;
let db: Db;
let actor: LedgerActor;
let organizationId: string;
let ticket: { ticket_id: string; technician_user_id: string };
beforeAll(async () => {
  app = await startTestApp();
  db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles: ['OWNER', 'TECHNICIAN'] });
  organizationId = seeded.org.id;
  actor = { organization_id: organizationId, user_id: seeded.members.OWNER.userId };
  const row = await seedTestTicket(db, organizationId);
  ticket = { ticket_id: row.id, technician_user_id: seeded.members.TECHNICIAN.userId };
});
afterAll(async () => {
  await app?.close();
});

/** Applies movements in a transaction of their own, as an operation does; a refusal rolls it back. */
const apply = (movements: StockMovementInput[], on: Db = db) =>
  on.transaction((tx) => applyStockMovements(tx as unknown as Db, actor, movements));

/** The error a refused call threw. */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function movementCount(storeIds: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(stockMovement)
    .where(and(eq(stockMovement.organization_id, organizationId), inArray(stockMovement.store_id, storeIds)));
  return row.n;
}

describe('valuation at the moving-average cost', () => {
  it('values receipts at their cost, issues at the average, and the last unit takes what is left', async () => {
    const store = await seedTestStore(db, organizationId, 'Valuation store');
    const part = await seedTestComponent(db, organizationId, 'Compressor relay');
    const at = { store_id: store.id, component_id: part.id };
    await apply([
      { kind: 'RECEIVE', ...at, quantity: 3, unit_cost: 10_000 },
      { kind: 'RECEIVE', ...at, quantity: 2, unit_cost: 10_333, reference: 'INV-77' },
    ]);
    // 5 units worth 30,000 + 20,666 = 50,666 paise; 2 of them take round(50,666 x 2 / 5) = 20,266.
    const [issued] = await apply([{ kind: 'ISSUE', ...at, quantity: 2, ...ticket }]);
    expect(issued).toMatchObject({
      quantity: -2,
      balance_after: 3,
      value_paise: -20_266,
      unit_cost_paise: 10_133,
    });
    // The last 3 take all that is left: 30,400, however the average rounds.
    const [last] = await apply([{ kind: 'ISSUE', ...at, quantity: 3, ...ticket }]);
    expect(last).toMatchObject({
      quantity: -3,
      balance_after: 0,
      value_paise: -30_400,
      unit_cost_paise: 10_133,
    });
    const [level] = await db.select().from(stockLevel).where(eq(stockLevel.store_id, store.id));
    expect(level).toMatchObject({ quantity: 0, value_paise: 0, id: `${store.id}:${part.id}` });

    // Returned at the value the units left with; consumed on the ticket without touching the store.
    const [returned] = await apply([{ kind: 'RETURN', ...at, quantity: 1, value: 10_133, ...ticket }]);
    expect(returned).toMatchObject({ quantity: 1, balance_after: 1, value_paise: 10_133, ...ticket });
    const [consumed] = await apply([{ kind: 'CONSUME', ...at, quantity: 4, value: 40_533, ...ticket }]);
    expect(consumed).toMatchObject({
      movement_type: 'CONSUME',
      quantity: 0,
      balance_after: 1,
      value_paise: 0,
      unit_cost_paise: 10_133,
      consumed_quantity: 4,
      consumed_value_paise: 40_533,
    });

    // Adjusted up at the average cost (10,133 for the one unit there), then down again.
    const [up] = await apply([{ kind: 'ADJUST', ...at, quantity: 2, reason: 'Found in the back room' }]);
    expect(up).toMatchObject({ quantity: 2, balance_after: 3, unit_cost_paise: 10_133, value_paise: 20_266 });
    const [down] = await apply([{ kind: 'ADJUST', ...at, quantity: -3, reason: 'Water damage' }]);
    expect(down).toMatchObject({ quantity: -3, balance_after: 0, value_paise: -30_399 });
    // An empty store counts one more at what a unit last cost there.
    const [found] = await apply([{ kind: 'ADJUST', ...at, quantity: 1, reason: 'Counted again' }]);
    expect(found).toMatchObject({
      quantity: 1,
      balance_after: 1,
      unit_cost_paise: 10_133,
      value_paise: 10_133,
    });
  });

  it('moves a transfer at the source’s average cost: out and in, one group, each naming the other store', async () => {
    const from = await seedTestStore(db, organizationId, 'Source');
    const to = await seedTestStore(db, organizationId, 'Destination');
    const part = await seedTestComponent(db, organizationId, 'Blower motor');
    await apply([
      { kind: 'RECEIVE', store_id: from.id, component_id: part.id, quantity: 3, unit_cost: 1_001 },
    ]);
    const rows = await apply([
      {
        kind: 'TRANSFER',
        store_id: from.id,
        to_store_id: to.id,
        component_id: part.id,
        quantity: 2,
        reference: 'DC-9',
      },
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        movement_type: 'TRANSFER_OUT',
        store_id: from.id,
        other_store_id: to.id,
        quantity: -2,
        balance_after: 1,
        value_paise: -2_002,
        reference: 'DC-9',
      }),
      expect.objectContaining({
        movement_type: 'TRANSFER_IN',
        store_id: to.id,
        other_store_id: from.id,
        quantity: 2,
        balance_after: 2,
        value_paise: 2_002,
        reference: 'DC-9',
      }),
    ]);
    expect(rows[0].movement_group_id).toBe(rows[1].movement_group_id);
  });

  it('rounds a share half up in whole paise, even for values past 2^53 when multiplied', () => {
    expect(shareOf(5, 1, 2)).toBe(3);
    expect(shareOf(50_666, 2, 5)).toBe(20_266);
    expect(shareOf(100, 3, 3)).toBe(100);
    expect(shareOf(99_999_999_999_999, 999_999, 1_000_000)).toBe(99_999_899_999_999);
  });
});

describe('refusals', () => {
  it('refuses a movement below 0 with the part, the store and the numbers, and writes nothing of the call', async () => {
    const store = await seedTestStore(db, organizationId, 'Refusing store');
    const other = await seedTestStore(db, organizationId, 'Other store');
    const part = await seedTestComponent(db, organizationId, 'Drain pump');
    const spare = await seedTestComponent(db, organizationId, 'Door seal');
    await apply([
      { kind: 'RECEIVE', store_id: store.id, component_id: part.id, quantity: 2, unit_cost: 500 },
    ]);
    const before = await movementCount([store.id, other.id]);
    const error = await refusal(
      apply([
        // The first line would pass; the second cannot, so neither is written.
        { kind: 'RECEIVE', store_id: store.id, component_id: spare.id, quantity: 5, unit_cost: 100 },
        { kind: 'TRANSFER', store_id: store.id, to_store_id: other.id, component_id: part.id, quantity: 3 },
      ]),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(INVENTORY_MESSAGES.notEnoughStock(partWords(part), store.name, 2, 3));
    expect(error.message).toBe(
      `Not enough stock of ${part.part_number} Drain pump at ${store.name}: 2 available, 3 needed.`,
    );
    expect(await movementCount([store.id, other.id])).toBe(before);
    const levels = await db
      .select({
        component_id: stockLevel.component_id,
        store_id: stockLevel.store_id,
        quantity: stockLevel.quantity,
      })
      .from(stockLevel)
      .where(inArray(stockLevel.store_id, [store.id, other.id]));
    expect(levels).toEqual([{ component_id: part.id, store_id: store.id, quantity: 2 }]);
  });

  it('refuses a store or component of another organization as not found', async () => {
    const foreign = await seedTestOrganization(db);
    const theirs = await seedTestStore(db, foreign.org.id, 'Foreign store');
    const theirPart = await seedTestComponent(db, foreign.org.id, 'Foreign part');
    const mine = await seedTestStore(db, organizationId, 'My store');
    const myPart = await seedTestComponent(db, organizationId, 'My part');
    const intoTheirs = await refusal(
      apply([{ kind: 'RECEIVE', store_id: theirs.id, component_id: myPart.id, quantity: 1, unit_cost: 1 }]),
    );
    expect([intoTheirs.code, intoTheirs.message]).toEqual(['NOT_FOUND', INVENTORY_MESSAGES.storeNotFound]);
    const theirComponent = await refusal(
      apply([{ kind: 'RECEIVE', store_id: mine.id, component_id: theirPart.id, quantity: 1, unit_cost: 1 }]),
    );
    expect([theirComponent.code, theirComponent.message]).toEqual([
      'NOT_FOUND',
      INVENTORY_MESSAGES.componentNotFound,
    ]);
    expect(await movementCount([theirs.id, mine.id])).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The ledger property: random movements, some of which must be refused.

const STORES = 3;
const PARTS = 2;

type Step =
  | { kind: 'RECEIVE'; store: number; part: number; quantity: number; unit_cost: number }
  | { kind: 'ISSUE'; store: number; part: number; quantity: number }
  | { kind: 'CONSUME'; store: number; part: number; quantity: number; value: number }
  | { kind: 'RETURN'; store: number; part: number; quantity: number; value: number }
  | { kind: 'TRANSFER'; store: number; to: number; part: number; quantity: number }
  | { kind: 'ADJUST'; store: number; part: number; quantity: number };

const store = fc.nat({ max: STORES - 1 });
const part = fc.nat({ max: PARTS - 1 });
const units = fc.integer({ min: 1, max: 12 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('RECEIVE' as const),
    store,
    part,
    quantity: units,
    unit_cost: fc.integer({ min: 0, max: 99_999 }),
  }),
  fc.record({ kind: fc.constant('ISSUE' as const), store, part, quantity: units }),
  fc.record({
    kind: fc.constant('CONSUME' as const),
    store,
    part,
    quantity: units,
    value: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant('RETURN' as const),
    store,
    part,
    quantity: units,
    value: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc
    .record({ kind: fc.constant('TRANSFER' as const), store, to: store, part, quantity: units })
    .filter((step) => step.store !== step.to),
  fc.record({
    kind: fc.constant('ADJUST' as const),
    store,
    part,
    quantity: fc.integer({ min: -12, max: 12 }).filter((n) => n !== 0),
  }),
);

/** What the model expects of a call's steps: the units left per store and part, or the refusal. */
function expectedAfter(
  quantities: number[][],
  steps: Step[],
): { refused: null | { store: number; part: number; available: number; needed: number }; next: number[][] } {
  const next = quantities.map((row) => [...row]);
  for (const step of steps) {
    const out =
      step.kind === 'ISSUE' || step.kind === 'TRANSFER'
        ? step.quantity
        : step.kind === 'ADJUST' && step.quantity < 0
          ? -step.quantity
          : 0;
    const available = next[step.store][step.part];
    if (out > available)
      return { refused: { store: step.store, part: step.part, available, needed: out }, next: quantities };
    if (step.kind === 'RECEIVE' || step.kind === 'RETURN' || (step.kind === 'ADJUST' && step.quantity > 0))
      next[step.store][step.part] += step.quantity;
    else next[step.store][step.part] -= out;
    if (step.kind === 'TRANSFER') next[step.to][step.part] += step.quantity;
  }
  return { refused: null, next };
}

describe('the ledger property', () => {
  it('keeps every level equal to its ledger, never negative, and writes nothing of a refused call', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(stepArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }),
        async (calls) => {
          const stores = await Promise.all(
            Array.from({ length: STORES }, (_, n) =>
              seedTestStore(db, organizationId, `Property store ${n}`),
            ),
          );
          const parts = await Promise.all(
            Array.from({ length: PARTS }, (_, n) =>
              seedTestComponent(db, organizationId, `Property part ${n}`),
            ),
          );
          const storeIds = stores.map((row) => row.id);
          let quantities = stores.map(() => parts.map(() => 0));

          for (const steps of calls) {
            const movements = steps.map((step): StockMovementInput => {
              const at = {
                store_id: stores[step.store].id,
                component_id: parts[step.part].id,
                quantity: step.quantity,
              };
              switch (step.kind) {
                case 'RECEIVE':
                  return { kind: 'RECEIVE', ...at, unit_cost: step.unit_cost };
                case 'ISSUE':
                  return { kind: 'ISSUE', ...at, ...ticket };
                case 'CONSUME':
                  return { kind: 'CONSUME', ...at, value: step.value, ...ticket };
                case 'RETURN':
                  return { kind: 'RETURN', ...at, value: step.value, ...ticket };
                case 'TRANSFER':
                  return { kind: 'TRANSFER', ...at, to_store_id: stores[step.to].id };
                case 'ADJUST':
                  return { kind: 'ADJUST', ...at, reason: 'Counted' };
              }
            });
            const expected = expectedAfter(quantities, steps);
            const before = await movementCount(storeIds);
            if (expected.refused) {
              const { store: at, part: which, available, needed } = expected.refused;
              const error = await refusal(apply(movements));
              expect(error.message).toBe(
                INVENTORY_MESSAGES.notEnoughStock(
                  partWords(parts[which]),
                  stores[at].name,
                  available,
                  needed,
                ),
              );
              expect(await movementCount(storeIds)).toBe(before);
            } else {
              const rows = await apply(movements);
              expect(rows).toHaveLength(
                steps.length + steps.filter((step) => step.kind === 'TRANSFER').length,
              );
              quantities = expected.next;
            }
          }

          const ledger = await db
            .select({
              store_id: stockMovement.store_id,
              component_id: stockMovement.component_id,
              quantity: sql<number>`sum(${stockMovement.quantity})`.mapWith(Number),
              value: sql<number>`sum(${stockMovement.value_paise})`.mapWith(Number),
            })
            .from(stockMovement)
            .where(inArray(stockMovement.store_id, storeIds))
            .groupBy(stockMovement.store_id, stockMovement.component_id)
            .orderBy(asc(stockMovement.store_id), asc(stockMovement.component_id));
          const levels = await db
            .select({
              store_id: stockLevel.store_id,
              component_id: stockLevel.component_id,
              quantity: stockLevel.quantity,
              value: stockLevel.value_paise,
            })
            .from(stockLevel)
            .where(inArray(stockLevel.store_id, storeIds))
            .orderBy(asc(stockLevel.store_id), asc(stockLevel.component_id));
          const sums = new Map(ledger.map((row) => [`${row.store_id}:${row.component_id}`, row]));
          for (const level of levels) {
            const sum = sums.get(`${level.store_id}:${level.component_id}`) ?? { quantity: 0, value: 0 };
            expect({ quantity: level.quantity, value: Number(level.value) }).toEqual({
              quantity: sum.quantity,
              value: sum.value,
            });
            expect(level.quantity).toBeGreaterThanOrEqual(0);
            expect(Number(level.value)).toBeGreaterThanOrEqual(0);
            // No units, no value: the last unit out took all of it.
            if (level.quantity === 0) expect(Number(level.value)).toBe(0);
          }
          // Every ledger sum has its level, and both agree with the model's units.
          expect(levels.length).toBe(ledger.length);
          stores.forEach((row, s) =>
            parts.forEach((component, p) =>
              expect(sums.get(`${row.id}:${component.id}`)?.quantity ?? 0).toBe(quantities[s][p]),
            ),
          );
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Concurrency: on PostgreSQL the transactions truly overlap (separate connections of the pool).

/** On PostgreSQL, waits until a statement on stock_level waits for a lock (the other transaction). */
async function someoneWaitsForTheLock() {
  for (let tries = 0; tries < 200; tries += 1) {
    const [row] = await app.database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%stock_level%'`,
    );
    if (row.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The second transaction never waited for the stock_level lock');
}

describe('concurrent movements', () => {
  it(`lets exactly one of two concurrent issues of the last unit pass${shared ? ' (PostgreSQL: the second waits for the first’s lock)' : ''}`, async () => {
    const store = await seedTestStore(db, organizationId, 'Race store');
    const part = await seedTestComponent(db, organizationId, 'Last capacitor');
    await apply([
      { kind: 'RECEIVE', store_id: store.id, component_id: part.id, quantity: 1, unit_cost: 4_500 },
    ]);
    const issue: StockMovementInput = {
      kind: 'ISSUE',
      store_id: store.id,
      component_id: part.id,
      quantity: 1,
      ...ticket,
    };

    let release: () => void = () => undefined;
    const firstHolds = new Promise<void>((resolve) => (release = resolve));
    let applied: () => void = () => undefined;
    const firstApplied = new Promise<void>((resolve) => (applied = resolve));
    const first = db.transaction(async (tx) => {
      const rows = await applyStockMovements(tx as unknown as Db, actor, [issue]);
      applied();
      // On PostgreSQL the first keeps its lock until the second is seen waiting for it.
      if (shared) await firstHolds;
      return rows;
    });
    first.catch(applied);
    await firstApplied;
    const second = apply([issue]);
    if (shared) {
      await someoneWaitsForTheLock();
      release();
    }
    const results = await Promise.allSettled([first, second]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      message: INVENTORY_MESSAGES.notEnoughStock(partWords(part), store.name, 0, 1),
    });
    const [level] = await db.select().from(stockLevel).where(eq(stockLevel.store_id, store.id));
    expect(level).toMatchObject({ quantity: 0, value_paise: 0 });
    expect(await movementCount([store.id])).toBe(2);
  });

  it('runs transfers in opposite directions at once without a deadlock, and the levels still equal the ledger', async () => {
    const a = await seedTestStore(db, organizationId, 'Store A');
    const b = await seedTestStore(db, organizationId, 'Store B');
    const x = await seedTestComponent(db, organizationId, 'Part X');
    const y = await seedTestComponent(db, organizationId, 'Part Y');
    await apply(
      [a, b].flatMap((at) =>
        [x, y].map((component) => ({
          kind: 'RECEIVE' as const,
          store_id: at.id,
          component_id: component.id,
          quantity: 20,
          unit_cost: 700,
        })),
      ),
    );
    const transfer = (from: string, to: string, order: string[]) =>
      apply(
        order.map((component_id) => ({
          kind: 'TRANSFER' as const,
          store_id: from,
          to_store_id: to,
          component_id,
          quantity: 1,
        })),
      );
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, n) =>
        n % 2 === 0 ? transfer(a.id, b.id, [x.id, y.id]) : transfer(b.id, a.id, [y.id, x.id]),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    for (const at of [a, b]) {
      for (const component of [x, y]) {
        const [level] = await db
          .select({ quantity: stockLevel.quantity, value: stockLevel.value_paise })
          .from(stockLevel)
          .where(and(eq(stockLevel.store_id, at.id), eq(stockLevel.component_id, component.id)));
        expect(level).toEqual({ quantity: 20, value: 14_000 });
      }
    }
  });
});
