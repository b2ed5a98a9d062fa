import { eq } from 'drizzle-orm';
import { ListInventory, ListStockMovements } from '@fieldport/contract/operations/inventory';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';

/**
 * With a stock ledger of 1,000,000 movements, the p95 of one store's stock (ListInventory, a page
 * of 50) and of one component's history (ListStockMovements, a page of 50), each beside the same
 * SQL run directly (ratio printed).
 *
 * Data: 40 stores and 5,000 components added to the demo organization, and 1,000,000 ledger rows
 * over them (receipts, issues, returns, transfers and adjustments, one year of times), written in
 * SQL with each row's balance the running sum of its store and component; the stock levels are
 * then the sums of the ledger, as the product keeps them (docs/inventory.md#the-ledger).
 * Subjects: over HTTP as the owner, each worker its own store (a) and its own component (b).
 * Baselines: every statement one such call sends, sent again as it was.
 */

const STORES = 40;
const COMPONENTS = 5_000;
const MOVEMENTS = 1_000_000;
const SIGNED_IN_AS = demoEmail('OWNER');

const seconds = (ms: number) => `${formatFixed(ms / 1000, 2)} s`;

export const benchmark = defineBenchmark({
  name: 'inventory',
  title:
    "With a ledger of 1,000,000 stock movements, p95 of one store's stock and of one component's history beside the same SQL directly",
  async run(context) {
    const { env, options, note, progress } = context;
    const db = env.database.db;
    const [org] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
    const query = env.database.query.bind(env.database);

    progress(
      `generating ${STORES} stores and ${COMPONENTS.toLocaleString('en-US')} components in ${org.name}`,
    );
    const started = performance.now();
    await query(
      `INSERT INTO store (id, organization_id, name, address, city, state, pincode)
       SELECT 'bench-store-' || n, $1, 'Bench store ' || lpad(n::text, 2, '0'), n || ', Industrial Estate',
              'Bengaluru', 'Karnataka', '560058'
       FROM generate_series(1, ${STORES}) AS n`,
      [org.id],
    );
    await query(
      `INSERT INTO component (id, organization_id, name, part_number, price_paise, tax_rate_bp, reorder_level)
       SELECT 'bench-part-' || n, $1, 'Bench part ' || lpad(n::text, 5, '0'), 'BP-' || lpad(n::text, 5, '0'),
              1000 + (n * 37) % 90000, 1800, n % 20
       FROM generate_series(1, ${COMPONENTS}) AS n`,
      [org.id],
    );

    progress(`generating ${MOVEMENTS.toLocaleString('en-US')} ledger rows`);
    // Each (store, component) pair starts with a receipt; later rows move stock in and out
    // around it, never below zero (the outgoing quantity is at most what came in before).
    for (let start = 0; start < MOVEMENTS; start += 100_000) {
      await query(
        `INSERT INTO stock_movement (id, organization_id, store_id, component_id, movement_type, quantity,
           balance_after, unit_cost_paise, value_paise, reference, movement_group_id, created_at)
         SELECT 'bench-move-' || n, $1,
                'bench-store-' || (1 + n % ${STORES}),
                'bench-part-' || (1 + (n / ${STORES}) % ${COMPONENTS}),
                CASE WHEN n < ${STORES * COMPONENTS} OR n % 3 = 0 THEN 'RECEIVE'
                     WHEN n % 3 = 1 THEN 'ISSUE' ELSE 'RETURN' END,
                CASE WHEN n < ${STORES * COMPONENTS} OR n % 3 = 0 THEN 10 WHEN n % 3 = 1 THEN -4 ELSE 2 END,
                0, 500, 0, 'BENCH-' || n, 'bench-group-' || n,
                now() - interval '365 days' + (n * interval '31 seconds')
         FROM generate_series($2::int, $3::int) AS n`,
        [org.id, start, Math.min(start + 100_000, MOVEMENTS) - 1],
      );
      progress(`  ${Math.min(start + 100_000, MOVEMENTS).toLocaleString('en-US')} written`);
    }
    await query(
      `UPDATE stock_movement AS m SET balance_after = running.balance, value_paise = m.quantity * 500
       FROM (SELECT id, sum(quantity) OVER (PARTITION BY store_id, component_id ORDER BY created_at, id) AS balance
             FROM stock_movement WHERE organization_id = $1 AND id LIKE 'bench-move-%') AS running
       WHERE m.id = running.id`,
      [org.id],
    );
    await query(
      `INSERT INTO stock_level (organization_id, store_id, component_id, quantity, value_paise)
       SELECT $1, store_id, component_id, sum(quantity), sum(value_paise)
       FROM stock_movement WHERE organization_id = $1 AND id LIKE 'bench-move-%'
       GROUP BY store_id, component_id`,
      [org.id],
    );
    await query('VACUUM ANALYZE stock_movement, stock_level, component, store');
    const [{ n, negative }] = await query<{ n: string; negative: string }>(
      `SELECT (SELECT count(*) FROM stock_movement WHERE organization_id = $1) AS n,
              (SELECT count(*) FROM stock_movement WHERE organization_id = $1 AND balance_after < 0) AS negative`,
      [org.id],
    );
    note(
      `${Number(n).toLocaleString('en-US')} ledger rows in the organization, ${negative} with a negative balance (generated in ${seconds(performance.now() - started)})`,
    );

    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));

    // (a) One store's stock, a page of 50 sorted by component name (what /InventoryView shows).
    await measureOperationAgainstSql(
      context,
      'store-stock',
      "ListInventory one store's stock (page of 50)",
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, ListInventory, {
          service_center_id: `bench-store-${1 + (worker % STORES)}`,
          page_size: 50,
        }),
      ),
      { label: 'its stock statements only', pick: (recorded) => /"stock_level"/.test(recorded.text) },
    );

    // (b) One component's history, newest first (what /ComponentsTransactionHistory shows).
    await measureOperationAgainstSql(
      context,
      'component-history',
      "ListStockMovements one component's history (page of 50)",
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, ListStockMovements, {
          component_id: `bench-part-${1 + ((worker * 997) % COMPONENTS)}`,
          page_size: 50,
        }),
      ),
      { label: 'its ledger statements only', pick: (recorded) => /"stock_movement"/.test(recorded.text) },
    );
  },
});
