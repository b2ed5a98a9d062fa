import { eq } from 'drizzle-orm';
import { List_Users } from '@fieldport/contract/operations/people';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { DEMO_PASSWORD, demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedOrganization } from '../apps/server/src/db/seed/factories.ts';
import { seedPeople } from '../apps/server/src/db/seed/people.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { measureOperationAgainstSql, operationRequest } from './lib/operation-pair.ts';

/**
 * The people screens, measured as every list is (docs/benchmarks.md): List_Users over HTTP
 * beside the same SQL run directly. Data: 50,000 technicians added to the demo organization and
 * 50,000 to another organization (so that scoping has rows to skip). Subjects, as the owner:
 * (a) a page of 25 technicians sorted by name, each worker on its own page among the first ones;
 * (b) a search by a surname fragment. Baselines: every statement one such call sends (session,
 * caller, page), recorded once per request and sent again with the same parameters through the
 * same database handle and concurrency.
 */

const PEOPLE = 50_000;
const SIGNED_IN_AS = demoEmail('OWNER');

export const benchmark = defineBenchmark({
  name: 'people',
  title: 'List_Users over HTTP with 50,000 technicians, beside the same SQL run directly',
  async run(context) {
    const { env, options, progress } = context;
    const db = env.database.db;
    const [demo] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
    const other = await seedOrganization(db, { name: 'Bench Other Org' });
    progress(
      `generating ${PEOPLE.toLocaleString('en-US')} technicians in ${demo.name} and as many in ${other.name}`,
    );
    await seedPeople(db, {
      organizationId: demo.id,
      count: PEOPLE,
      role: 'TECHNICIAN',
      password: DEMO_PASSWORD,
      tag: 'a',
    });
    await seedPeople(db, {
      organizationId: other.id,
      count: PEOPLE,
      role: 'TECHNICIAN',
      password: DEMO_PASSWORD,
      tag: 'b',
    });
    await env.database.query('VACUUM ANALYZE member, "user", party, designation');

    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));

    await measureOperationAgainstSql(
      context,
      'page',
      'List_Users, technicians, a page of 25 by name',
      cookies.map((cookie, worker) =>
        operationRequest(env.baseUrl, cookie, List_Users, {
          user_group: 'TECHNICIANS',
          page: worker + 1,
          page_size: 25,
          sort_by: 'user_name',
        }),
      ),
    );
    await measureOperationAgainstSql(
      context,
      'search',
      "List_Users, technicians, search 'sharm'",
      cookies.map((cookie) =>
        operationRequest(env.baseUrl, cookie, List_Users, { user_group: 'TECHNICIANS', search: 'sharm' }),
      ),
    );
  },
});
