import { eq } from 'drizzle-orm';
import { SearchAllModules, type SearchKind } from '@fieldport/contract/operations/search';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedFleetItems, type SeedFleetItem } from '../apps/server/src/db/seed/product-fleet.ts';
import { defineBenchmark, type BenchContext } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';
import { generateTicketData, scaledTicketData } from './lib/ticket-data.ts';

/**
 * All Search (docs/search.md) at 1,000,000 tickets in 5 organizations (the tickets bench's data,
 * 50,000 customers, 2,000 technicians), and 200,000 fleet items, 100,000 quotations and 50,000
 * purchase orders in the demo organization: the p95 of
 * SearchAllModules for each kind alone (a page of 10, as "show all" asks) and of the first view
 * (every kind the owner may search, the first 5 of each), each beside every statement one such
 * call sends, replayed directly. Each worker searches its own term, found in the data first.
 *
 * BENCH_TICKET_SCALE scales the tickets, customers and technicians as in the tickets bench (PGlite
 * gets a tenth by default); BENCH_SEARCH_FLEET sets the fleet items (default 200,000).
 */

const FLEET_BATCH = 5_000;

export const benchmark = defineBenchmark({
  name: 'search',
  title:
    'All Search at 1,000,000 tickets: SearchAllModules for each kind and for the first view, beside the same SQL directly',
  async run(context) {
    const { env, options, note, progress } = context;
    const database = env.database;
    const db = database.db;
    const data = scaledTicketData(env.kind);
    const started = performance.now();
    const generated = await generateTicketData(database, data, progress);
    const orgId = generated.demoOrganizationId;
    const [org] = await db.select().from(organization).where(eq(organization.id, orgId));

    const fleetTotal = Number(process.env.BENCH_SEARCH_FLEET ?? 200_000);
    progress(`generating ${fleetTotal.toLocaleString('en-US')} fleet items in ${org.name}`);
    const owners = await database.query<{ id: string; location_id: string }>(
      `SELECT c.id, l.id AS location_id FROM customer c JOIN customer_location l ON l.customer_id = c.id AND l.is_primary
        WHERE c.organization_id = $1 ORDER BY c.id LIMIT 20000`,
      [orgId],
    );
    const products = await database.query<{ id: string }>(
      `SELECT id FROM service WHERE organization_id = $1 AND status = 'ACTIVE' ORDER BY id`,
      [orgId],
    );
    for (let start = 0; start < fleetTotal; start += FLEET_BATCH) {
      const batch: SeedFleetItem[] = [];
      for (let index = start; index < Math.min(start + FLEET_BATCH, fleetTotal); index++) {
        const owner = owners[(index * 7919) % owners.length];
        batch.push({
          organization_id: orgId,
          serial_number: `SR${String(index + 1).padStart(7, '0')}`,
          service_id: products[index % products.length].id,
          customer_id: owner.id,
          location_id: owner.location_id,
          warranty_months: 12,
        });
      }
      await seedFleetItems(db, batch, { history: false });
    }
    const quotationsTotal = Number(process.env.BENCH_SEARCH_QUOTATIONS ?? 100_000);
    const ordersTotal = Math.round(quotationsTotal / 2);
    progress(
      `generating ${quotationsTotal.toLocaleString('en-US')} quotations and ${ordersTotal.toLocaleString('en-US')} purchase orders from 500 vendors`,
    );
    await generateDocuments(database, orgId, quotationsTotal, ordersTotal);
    await database.query(
      'VACUUM ANALYZE ticket, customer, customer_location, fleet_item, "user", member, quotation, vendor, purchase_order',
    );
    const [{ n }] = await database.query<{ n: string }>('SELECT count(*) AS n FROM ticket');
    note(
      `${Number(n).toLocaleString('en-US')} tickets in ${data.organizations} organizations (the demo organization holds ${generated.ticketsPerOrganization.toLocaleString('en-US')}), ${data.customersTotal.toLocaleString('en-US')} customers, ${data.techniciansTotal.toLocaleString('en-US')} technicians, ${fleetTotal.toLocaleString('en-US')} fleet items, ${quotationsTotal.toLocaleString('en-US')} quotations and ${ordersTotal.toLocaleString('en-US')} purchase orders, generated in ${formatFixed((performance.now() - started) / 1000, 1)} s`,
    );

    // Terms found in the data, one per worker: what a co-ordinator types (digits of a ticket
    // number, the start of a phone, a name, the start of a serial or a document number).
    const workers = options.concurrency;
    const sample = async (sqlText: string) =>
      (await database.query<{ term: string }>(sqlText, [orgId, workers])).map((row) => row.term);
    const terms: Partial<Record<SearchKind, string[]>> = {
      TICKETS: Array.from({ length: workers }, (_, worker) =>
        String(1000 + worker * 997)
          .padStart(6, '0')
          .slice(0, 5),
      ),
      CUSTOMERS: await sample(
        `SELECT substr(phone_national, 1, 6) AS term FROM customer WHERE organization_id = $1 ORDER BY id DESC LIMIT $2`,
      ),
      FLEET_ITEMS: Array.from(
        { length: workers },
        (_, worker) => `SR0${String(1 + worker * 13).padStart(3, '0')}`,
      ),
      TECHNICIANS: await sample(
        `SELECT split_part(u.name, ' ', 1) || ' ' || substr(split_part(u.name, ' ', 2), 1, 3) AS term
           FROM member m JOIN "user" u ON u.id = m.user_id
          WHERE m.organization_id = $1 AND m.role = 'TECHNICIAN' ORDER BY m.id LIMIT $2`,
      ),
      QUOTATIONS: await sample(
        `SELECT right(quotation_number, 6) AS term FROM quotation WHERE organization_id = $1 ORDER BY id LIMIT $2`,
      ),
      PURCHASE_ORDERS: await sample(
        `SELECT right(po_number, 6) AS term FROM purchase_order WHERE organization_id = $1 ORDER BY id LIMIT $2`,
      ),
    };

    progress(`signing in ${workers} sessions as the demo owner`);
    const cookies: string[] = [];
    for (let i = 0; i < workers; i++) cookies.push(await env.signIn(demoEmail('OWNER')));
    const termOf = (kind: SearchKind, worker: number) => {
      const list = terms[kind] ?? [];
      return list[worker % list.length];
    };

    for (const kind of Object.keys(terms) as SearchKind[]) {
      if (!terms[kind]?.length) {
        note(`${kind}: no records to search in the demo organization; not measured`);
        continue;
      }
      await measureOperationAgainstSql(
        context,
        kind.toLowerCase(),
        `SearchAllModules, ${kind.toLowerCase().replace('_', ' ')} alone (page of 10)`,
        cookies.map((cookie, worker) =>
          operationRequest(env.baseUrl, cookie, SearchAllModules, {
            search: termOf(kind, worker),
            kind,
            page_size: 10,
          }),
        ),
      );
    }
    await measureOperationAgainstSql(
      context,
      'all',
      'SearchAllModules, the first view (every kind, 5 of each), by ticket number digits',
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, SearchAllModules, { search: termOf('TICKETS', worker) }),
      ),
    );
  },
});

/**
 * Quotations for the first 20,000 customers in turn and purchase orders from 500 vendors into the
 * organization's first store, in SQL: only what the lists read and search (numbers as the
 * sequences write them, states, amounts, dates five and ten minutes apart).
 */
async function generateDocuments(
  database: BenchContext['env']['database'],
  organizationId: string,
  quotations: number,
  orders: number,
): Promise<void> {
  await database.query(
    `WITH owners AS (
       SELECT c.id, l.id AS location_id, row_number() OVER (ORDER BY c.id) - 1 AS n
         FROM customer c JOIN customer_location l ON l.customer_id = c.id AND l.is_primary
        WHERE c.organization_id = $1 ORDER BY c.id LIMIT 20000
     ), counted AS (SELECT count(*) AS total FROM owners)
     INSERT INTO quotation (id, organization_id, quotation_number, revision, state, customer_id, location_id,
                            supply, valid_until, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise,
                            created_at, updated_at)
     SELECT 'bench-qt-' || i, $1, 'QT/2026-27/' || lpad(i::text, 6, '0'), 1,
            (ARRAY['DRAFT','PENDING_APPROVAL','APPROVED','SENT','ACCEPTED','REJECTED'])[1 + i % 6],
            o.id, o.location_id, 'INTRA_STATE', date '2027-03-31', 100000, 9000, 9000, 0, 118000,
            timestamptz '2026-01-01' + i * interval '5 minutes', timestamptz '2026-01-01' + i * interval '5 minutes'
       FROM generate_series(1, $2::int) AS i CROSS JOIN counted JOIN owners o ON o.n = (i * 7919) % counted.total`,
    [organizationId, quotations],
  );
  await database.query(
    `INSERT INTO vendor (id, organization_id, name, address, city, state, pincode)
     SELECT 'bench-vendor-' || i, $1, 'Bench Supplier ' || lpad(i::text, 4, '0') || ' Traders', 'Plot ' || i,
            'Bengaluru', 'Karnataka', '560058'
       FROM generate_series(1, 500) AS i`,
    [organizationId],
  );
  await database.query(
    `INSERT INTO purchase_order (id, organization_id, po_number, state, vendor_id, store_id, supply, taxable_paise,
                                 cgst_paise, sgst_paise, igst_paise, total_paise, created_at, updated_at)
     SELECT 'bench-po-' || i, $1, 'PO/2026-27/' || lpad(i::text, 6, '0'),
            (ARRAY['PENDING','APPROVED','PARTLY_RECEIVED','RECEIVED'])[1 + i % 4], 'bench-vendor-' || (1 + i % 500),
            (SELECT id FROM store WHERE organization_id = $1 ORDER BY id LIMIT 1), 'INTRA_STATE',
            500000, 45000, 45000, 0, 590000,
            timestamptz '2026-01-01' + i * interval '10 minutes', timestamptz '2026-01-01' + i * interval '10 minutes'
       FROM generate_series(1, $2::int) AS i`,
    [organizationId, orders],
  );
}
