import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { category, service } from '../../apps/server/src/db/schema/product-catalogue.ts';
import { territory } from '../../apps/server/src/db/schema/territories.ts';
import { generateIndianCustomers, seedCustomers } from '../../apps/server/src/db/seed/customers.ts';
import { seedOrganization, seedParty } from '../../apps/server/src/db/seed/factories.ts';
import { seedDemoCatalogue } from '../../apps/server/src/db/seed/product-catalogue.ts';
import { seedDemoSettings } from '../../apps/server/src/db/seed/settings.ts';
import { seedDemoTerritories } from '../../apps/server/src/db/seed/territories.ts';

/**
 * Realistic data: tickets across several organizations, with their customers,
 * technicians and partners. Customers come from the demo's own generator (Indian names, cities and
 * phones) and the seed functions; technicians and tickets, by the hundred thousand, are written by
 * one INSERT ... SELECT over generate_series each, so that a million rows take a minute, not hours.
 *
 * The demo organization is the first of the organizations (its owner signs in for the benchmark);
 * the others are new ones, each with the demo's settings, catalogue and territories.
 */

export interface TicketDataOptions {
  organizations: number;
  ticketsTotal: number;
  customersTotal: number;
  techniciansTotal: number;
  partnersPerOrganization: number;
}

export const FULL_TICKET_DATA: TicketDataOptions = {
  organizations: 5,
  ticketsTotal: 1_000_000,
  customersTotal: 50_000,
  techniciansTotal: 2_000,
  partnersPerOrganization: 4,
};

/**
 * The share of each state among generated tickets, out of 100: a year of work, most of it closed,
 * a fifth still active (the Active list's steady state).
 */
const STATE_SHARES: [string, number][] = [
  ['CLOSED', 70],
  ['DISCARDED', 3],
  ['PARTIALLY_CLOSED', 3],
  ['OPEN', 4],
  ['ASSIGNED', 6],
  ['ACCEPTED', 3],
  ['IN_PROGRESS', 8],
  ['ON_HOLD', 3],
];

function stateCase(column: string): string {
  let upper = 0;
  const arms = STATE_SHARES.map(([state, share]) => {
    upper += share;
    return `WHEN ${column} < ${upper} THEN '${state}'`;
  });
  return `CASE ${arms.join(' ')} END`;
}

/**
 * The full data scaled for a database: BENCH_TICKET_SCALE (0.01 makes 10,000 tickets) scales the
 * tickets, customers and technicians; PostgreSQL gets the full million by default and the embedded
 * PGlite a tenth (BENCH_TICKET_SCALE_PGLITE sets PGlite's alone).
 */
export function scaledTicketData(kind: 'pglite' | 'postgres'): TicketDataOptions {
  const chosen =
    kind === 'pglite'
      ? (process.env.BENCH_TICKET_SCALE_PGLITE ?? process.env.BENCH_TICKET_SCALE ?? '0.1')
      : (process.env.BENCH_TICKET_SCALE ?? '1');
  const value = Number(chosen);
  const scale = Number.isFinite(value) && value > 0 ? value : 1;
  const scaled = (count: number) => Math.max(1, Math.round(count * scale));
  return {
    ...FULL_TICKET_DATA,
    ticketsTotal: scaled(FULL_TICKET_DATA.ticketsTotal),
    customersTotal: scaled(FULL_TICKET_DATA.customersTotal),
    techniciansTotal: scaled(FULL_TICKET_DATA.techniciansTotal),
  };
}

export interface GeneratedTicketData {
  organizationIds: string[];
  /** The demo organization's id (organizationIds[0]). */
  demoOrganizationId: string;
  ticketsPerOrganization: number;
}

export async function generateTicketData(
  database: Database,
  options: TicketDataOptions,
  progress: (line: string) => void,
): Promise<GeneratedTicketData> {
  const db = database.db;
  const [demo] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
  const organizationIds = [demo.id];
  for (let index = 1; index < options.organizations; index++) {
    const org = await seedOrganization(db, { name: `Bench Service Co ${index}` });
    await seedDemoSettings(db, org.id);
    await seedDemoCatalogue(db, org.id);
    await seedDemoTerritories(db, org.id);
    organizationIds.push(org.id);
  }
  const perOrganization = (total: number) => Math.ceil(total / options.organizations);
  const ticketsPerOrganization = perOrganization(options.ticketsTotal);

  for (const [index, organizationId] of organizationIds.entries()) {
    const label = `organization ${index + 1}/${organizationIds.length}`;
    progress(`${label}: ${perOrganization(options.customersTotal).toLocaleString('en-US')} customers`);
    const people = generateIndianCustomers(perOrganization(options.customersTotal), 1000 + index);
    for (let start = 0; start < people.length; start += 5_000) {
      await seedCustomers(
        db,
        people.slice(start, start + 5_000).map((person) => ({
          organization_id: organizationId,
          name: person.name,
          phone: person.phone,
          email: person.email,
          customer_category_id: null,
          primary_location: person.primary_location,
          secondary_locations: [],
        })),
      );
    }

    for (let p = 1; p <= options.partnersPerOrganization; p++) {
      await seedParty(db, {
        organization_id: organizationId,
        kind: 'SERVICE_PARTNER',
        name: `Bench Partner ${p}`,
      });
    }

    progress(`${label}: ${perOrganization(options.techniciansTotal).toLocaleString('en-US')} technicians`);
    await insertTechnicians(database, organizationId, index, perOrganization(options.techniciansTotal));

    progress(`${label}: ${ticketsPerOrganization.toLocaleString('en-US')} tickets`);
    await insertTickets(database, organizationId, ticketsPerOrganization);
  }
  progress('VACUUM ANALYZE');
  await database.query(
    'VACUUM ANALYZE ticket, customer, customer_location, member, "user", technician_territory, technician_expertise',
  );
  return { organizationIds, demoOrganizationId: demo.id, ticketsPerOrganization };
}

/**
 * Technicians without a password (nobody signs in as them here), a fifth of them working for the
 * organization's partners, each mapped to one territory and to every category of the organization.
 */
async function insertTechnicians(
  database: Database,
  organizationId: string,
  orgIndex: number,
  count: number,
) {
  const tag = `b${orgIndex}`;
  await database.query(
    `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
     SELECT 'tech-${tag}-' || g, 'Technician ' || g || ' (${tag})', 'tech' || g || '.${tag}@bench.local', true, now(), now()
     FROM generate_series(1, $1::int) g`,
    [count],
  );
  await database.query(
    `WITH partners AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM party
       WHERE organization_id = $1 AND kind = 'SERVICE_PARTNER'
     )
     INSERT INTO member (id, organization_id, user_id, role, status, party_id, created_at, updated_at)
     SELECT 'tm-${tag}-' || g, $1, 'tech-${tag}-' || g, 'TECHNICIAN', 'ACTIVE',
            CASE WHEN g % 5 = 0 AND cardinality(partners.ids) > 0
                 THEN partners.ids[1 + (g / 5) % cardinality(partners.ids)] END,
            now() - make_interval(days => g % 700), now()
     FROM generate_series(1, $2::int) g, partners`,
    [organizationId, count],
  );
  await database.query(
    `WITH territories AS (SELECT array_agg(id ORDER BY id) AS ids FROM territory WHERE organization_id = $1)
     INSERT INTO technician_territory (organization_id, member_id, territory_id)
     SELECT $1, 'tm-${tag}-' || g, territories.ids[1 + g % cardinality(territories.ids)]
     FROM generate_series(1, $2::int) g, territories`,
    [organizationId, count],
  );
  await database.query(
    `INSERT INTO technician_expertise (organization_id, member_id, category_id)
     SELECT $1, 'tm-${tag}-' || g, c.id
     FROM generate_series(1, $2::int) g, category c
     WHERE c.organization_id = $1`,
    [organizationId, count],
  );
}

/**
 * Tickets over the last year: each picks a customer (and its primary location), a service and
 * its category, a technician for the states that have one, and a number from the category's prefix.
 * The organization's 'ticket' sequence is moved past them, so that tickets created afterwards by
 * the product continue the numbering.
 */
async function insertTickets(database: Database, organizationId: string, count: number) {
  // Numbers continue the organization's own (the demo seed has made a few tickets already).
  const [sequence] = await database.query<{ value: string }>(
    `SELECT value FROM organization_sequence WHERE organization_id = $1 AND name = 'ticket'`,
    [organizationId],
  );
  const offset = Number(sequence?.value ?? 0);
  for (let start = 1; start <= count; start += 50_000) {
    const end = Math.min(count, start + 50_000 - 1);
    await database.query(
      `WITH customers AS (
         SELECT array_agg(c.id ORDER BY c.id) AS ids, array_agg(l.id ORDER BY c.id) AS locations,
                array_agg(l.pincode ORDER BY c.id) AS pincodes
         FROM customer c JOIN customer_location l ON l.customer_id = c.id AND l.is_primary
         WHERE c.organization_id = $1
       ),
       services AS (
         SELECT array_agg(s.id ORDER BY s.id) AS ids, array_agg(s.category_id ORDER BY s.id) AS categories,
                array_agg(k.ticket_prefix ORDER BY s.id) AS prefixes
         FROM service s JOIN category k ON k.id = s.category_id
         WHERE s.organization_id = $1 AND s.status = 'ACTIVE'
       ),
       technicians AS (
         SELECT array_agg(m.id ORDER BY m.id) AS ids, array_agg(m.party_id ORDER BY m.id) AS parties
         FROM member m WHERE m.organization_id = $1 AND m.role = 'TECHNICIAN'
       ),
       picked AS (
         SELECT g,
                ${stateCase('(g * 37) % 100')} AS state,
                (1 + (g::bigint * 7919) % cardinality(customers.ids))::int AS ci,
                1 + (g * 31) % cardinality(services.ids) AS si,
                1 + (g * 101) % cardinality(technicians.ids) AS ti,
                now() - make_interval(days => (g * 17) % 365, mins => (g * 13) % 1440) AS created
         FROM generate_series($2::int, $3::int) g, customers, services, technicians
       )
       INSERT INTO ticket (id, organization_id, ticket_number, state, priority, customer_id, location_id,
                           service_id, category_id, territory_id, serial_number, problem_note,
                           under_warranty, is_floating, partner_party_id, technician_id, assigned_at,
                           closed_with, closed_at, created_at, updated_at)
       SELECT 'tk-' || $1 || '-' || p.g, $1,
              services.prefixes[p.si] || '-' || lpad((p.g + $4::int)::text, 7, '0'),
              p.state,
              (ARRAY['LOW','MEDIUM','MEDIUM','HIGH','URGENT'])[1 + p.g % 5],
              customers.ids[p.ci], customers.locations[p.ci],
              services.ids[p.si], services.categories[p.si],
              (SELECT tp.territory_id FROM territory_pincode tp
               WHERE tp.organization_id = $1 AND tp.pincode = customers.pincodes[p.ci] LIMIT 1),
              CASE WHEN p.g % 3 = 0 THEN 'SN' || lpad((p.g * 7)::text, 10, '0') END,
              'Generated for the benchmark',
              p.g % 4 = 0,
              p.state = 'OPEN' AND p.g % 2 = 0,
              CASE WHEN p.state <> 'OPEN' THEN technicians.parties[p.ti] END,
              CASE WHEN p.state <> 'OPEN' THEN technicians.ids[p.ti] END,
              CASE WHEN p.state <> 'OPEN' THEN p.created + interval '2 hours' END,
              CASE WHEN p.state = 'CLOSED' THEN (CASE WHEN p.g % 10 = 0 THEN 'REASON' ELSE 'OTP' END) END,
              CASE WHEN p.state = 'CLOSED' THEN p.created + make_interval(hours => 4 + p.g % 72) END,
              p.created, p.created + interval '4 hours'
       FROM picked p, customers, services, technicians`,
      [organizationId, start, end, offset],
    );
  }
  await database.query(
    `INSERT INTO organization_sequence (organization_id, name, value) VALUES ($1, 'ticket', $2)
     ON CONFLICT (organization_id, name) DO UPDATE SET value = GREATEST(organization_sequence.value, EXCLUDED.value)`,
    [organizationId, offset + count],
  );
}

/** The id of one of the organization's territories by name (the claim storm's technicians work there). */
export async function territoryId(database: Database, organizationId: string, name: string): Promise<string> {
  const [row] = await database.db
    .select({ id: territory.id })
    .from(territory)
    .where(and(eq(territory.organization_id, organizationId), eq(sql`${territory.name}`, name)));
  if (!row) throw new Error(`No territory ${name}`);
  return row.id;
}

/** An active air-conditioner service of the organization (category prefix AC), for new tickets. */
export async function acServiceOf(
  database: Database,
  organizationId: string,
): Promise<{ service_id: string; category_id: string }> {
  const [ac] = await database.db
    .select({ service_id: service.id, category_id: service.category_id })
    .from(service)
    .innerJoin(category, eq(category.id, service.category_id))
    .where(
      and(
        eq(service.organization_id, organizationId),
        eq(category.ticket_prefix, 'AC'),
        eq(service.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  if (!ac) throw new Error('No active AC service');
  return ac;
}
