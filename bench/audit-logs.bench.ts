import { eq } from 'drizzle-orm';
import { List_Logs } from '@fieldport/contract/operations/audit';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedOrganization } from '../apps/server/src/db/seed/factories.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';

/**
 * The audit log, measured as every list is (docs/benchmarks.md): List_Logs over HTTP
 * beside the same SQL run directly. Data: 200,000 entries over a year in the demo organization
 * (50 people, 20 operations) and as many in another organization, so that scoping has rows to
 * skip. Subjects, as the owner: (a) the newest page of 25; (b) one operation within a month;
 * (c) one person's entries; (d) a search by an email fragment.
 */

const ENTRIES = 200_000;
const SIGNED_IN_AS = demoEmail('OWNER');

/** Entries written in bulk as writeAudit writes them (ids text, times spread over a year). */
const GENERATE = `
insert into audit_log (id, organization_id, user_id, user_email, operation, target, changes, ip_address, created_at)
select gen_random_uuid()::text, $1, null, 'person' || (i % 50) || '@bench.local',
       'BenchOperation' || (i % 20), 'target-' || i, jsonb_build_object('n', i), '10.0.0.' || (i % 250),
       timestamptz '2025-01-01 00:00:00+00' + (i * interval '157 seconds')
from generate_series(1, $2::int) as i`;

export const benchmark = defineBenchmark({
  name: 'audit-logs',
  title: 'List_Logs over HTTP with 200,000 entries per organization, beside the same SQL run directly',
  async run(context) {
    const { env, options, progress } = context;
    const db = env.database.db;
    const [demo] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
    const other = await seedOrganization(db, { name: 'Bench Other Org' });
    progress(
      `generating ${ENTRIES.toLocaleString('en-US')} audit entries in ${demo.name} and as many in ${other.name}`,
    );
    await env.database.query(GENERATE, [demo.id, ENTRIES]);
    await env.database.query(GENERATE, [other.id, ENTRIES]);
    await env.database.query('VACUUM ANALYZE audit_log');

    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));
    const requests = (input: (worker: number) => Record<string, unknown>) =>
      cookies.map((cookie, worker) => operationRequest(env.baseUrl, cookie, List_Logs, input(worker)));

    await measureOperationAgainstSql(
      context,
      'newest',
      'List_Logs, the newest page of 25',
      requests(() => ({})),
    );
    await measureOperationAgainstSql(
      context,
      'operation',
      'List_Logs, one operation in March 2025',
      requests((worker) => ({
        operation: `BenchOperation${worker % 20}`,
        date_from: '2025-03-01',
        date_to: '2025-03-31',
      })),
    );
    await measureOperationAgainstSql(
      context,
      'person',
      "List_Logs, one person's entries",
      requests((worker) => ({ user_email: `person${worker % 50}@bench.local` })),
    );
    await measureOperationAgainstSql(
      context,
      'search',
      "List_Logs, search 'person1'",
      requests(() => ({ search: 'person1' })),
    );
  },
});
