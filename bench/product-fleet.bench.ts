import { and, asc, eq, inArray } from 'drizzle-orm';
import { ListProductFleet } from '@fieldport/contract/operations/product-fleet';
import { customer, customerLocation } from '../apps/server/src/db/schema/customers.ts';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { service } from '../apps/server/src/db/schema/product-catalogue.ts';
import { generateIndianCustomers, seedCustomers } from '../apps/server/src/db/seed/customers.ts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedFleetItems, type SeedFleetItem } from '../apps/server/src/db/seed/product-fleet.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';
import { formatFixed } from './lib/table.ts';

/**
 * With 1,000,000 fleet items, the p95 of ListProductFleet searched by the start of a serial number
 * and by the start of a customer's phone, each beside the same SQL run directly (ratio printed).
 *
 * Data: 100,000 generated Indian customers added to the demo organization, and 1,000,000 fleet
 * items spread over them and the demo's products (10 per customer on average; serials FB0000001
 * onwards; warranty and AMC varied), written by the seed's own function without history rows.
 * Subjects: ListProductFleet over HTTP as the owner, (a) a search by all but the last character of a
 * real serial, (b) a search by the first 5 digits of a real customer's phone; each worker its own
 * term. Baselines: every statement one such call sends, sent again as it was.
 */

const CUSTOMERS = 100_000;
const ITEMS = 1_000_000;
// 18 parameters a row: 2,000 rows stay under PostgreSQL's 65,535 parameters a statement.
const BATCH = 2_000;
const SIGNED_IN_AS = demoEmail('OWNER');

const seconds = (ms: number) => `${formatFixed(ms / 1000, 2)} s`;

export const benchmark = defineBenchmark({
  name: 'product-fleet',
  title:
    'With 1,000,000 fleet items, p95 of a serial-prefix search and of a customer-phone search beside the same SQL directly',
  async run(context) {
    const { env, options, note, progress } = context;
    const db = env.database.db;
    const [org] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));

    progress(`generating ${CUSTOMERS.toLocaleString('en-US')} customers in ${org.name}`);
    const people = generateIndianCustomers(CUSTOMERS, 7);
    for (let start = 0; start < people.length; start += 10_000) {
      await seedCustomers(
        db,
        people.slice(start, start + 10_000).map((person) => ({
          organization_id: org.id,
          name: person.name,
          phone: person.phone,
          email: person.email,
          customer_category_id: null,
          primary_location: person.primary_location,
          secondary_locations: [],
        })),
      );
    }
    const owners = await db
      .select({ id: customer.id, location_id: customerLocation.id, phone: customer.phone_national })
      .from(customer)
      .innerJoin(
        customerLocation,
        and(eq(customerLocation.customer_id, customer.id), eq(customerLocation.is_primary, true)),
      )
      .where(eq(customer.organization_id, org.id))
      .orderBy(asc(customer.id));
    const products = await db
      .select({ id: service.id })
      .from(service)
      .where(and(eq(service.organization_id, org.id), inArray(service.status, ['ACTIVE'])));

    progress(`generating ${ITEMS.toLocaleString('en-US')} fleet items`);
    const started = performance.now();
    const serialOf = (index: number) => `FB${String(index + 1).padStart(7, '0')}`;
    for (let start = 0; start < ITEMS; start += BATCH) {
      const batch: SeedFleetItem[] = [];
      for (let index = start; index < Math.min(start + BATCH, ITEMS); index++) {
        const owner = owners[(index * 7919) % owners.length];
        const year = 2019 + (index % 7);
        const installed = `${year}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
        batch.push({
          organization_id: org.id,
          serial_number: serialOf(index),
          service_id: products[index % products.length].id,
          customer_id: owner.id,
          location_id: owner.location_id,
          invoice_date: installed,
          installation_date: installed,
          warranty_months: index % 3 === 0 ? 24 : 12,
        });
      }
      await seedFleetItems(db, batch, { batchSize: BATCH, history: false });
      if ((start + BATCH) % 100_000 === 0) progress(`  ${(start + BATCH).toLocaleString('en-US')} written`);
    }
    await env.database.query('VACUUM ANALYZE fleet_item, customer, customer_location');
    const [{ n }] = await env.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM fleet_item WHERE organization_id = $1',
      [org.id],
    );
    note(
      `${Number(n).toLocaleString('en-US')} fleet items in the organization (generated ${ITEMS.toLocaleString('en-US')} in ${seconds(performance.now() - started)})`,
    );

    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));
    const request = (cookie: string, input: Record<string, unknown>) =>
      operationRequest(env.baseUrl, cookie, ListProductFleet, input);
    const fleetStatements = {
      label: 'its fleet statements only (page + count)',
      pick: (query: { text: string }) => /"fleet_item"/.test(query.text),
    };

    // (a) A serial typed from a label: all but its last character (10 serials match).
    const step = Math.floor(ITEMS / cookies.length);
    await measureOperationAgainstSql(
      context,
      'serial',
      'ListProductFleet serial search (8 of 9 characters)',
      cookies.map((cookie, worker) =>
        request(cookie, { search: serialOf(worker * step + 4242).slice(0, 8) }),
      ),
      fleetStatements,
    );

    // (b) A customer's phone as a co-ordinator types it: the first five digits.
    const ownerStep = Math.floor(owners.length / cookies.length);
    await measureOperationAgainstSql(
      context,
      'phone',
      'ListProductFleet customer phone search (5 digits)',
      cookies.map((cookie, worker) =>
        request(cookie, { search: owners[worker * ownerStep + 17].phone.slice(0, 5) }),
      ),
      fleetStatements,
    );
  },
});
