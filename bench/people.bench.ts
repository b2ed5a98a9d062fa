import { eq } from 'drizzle-orm';
import { List_Users } from '@fieldport/contract/operations/people';
import { organization } from '../apps/server/src/db/schema/identity.ts';
import { DEMO_PASSWORD, demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { seedOrganization } from '../apps/server/src/db/seed/factories.ts';
import { seedPeople } from '../apps/server/src/db/seed/people.ts';
import { defineBenchmark, type BenchContext } from './lib/benchmark.ts';
import { runHttpLoad, type HttpRequestSpec } from './lib/http-load.ts';
import { runLoad } from './lib/load.ts';
import { recordQueries, statementGist, type RecordedQuery } from './lib/sql-probe.ts';
import { formatFixed } from './lib/table.ts';

/**
 * Issue 5 item 1 (people screens), measured as the brief asks of every list: List_Users over HTTP
 * beside the same SQL run directly. Data: 50,000 technicians added to the demo organization and
 * 50,000 to another organization (so that scoping has rows to skip). Subjects, as the owner:
 * (a) a page of 25 technicians sorted by name, each worker on its own page among the first ones;
 * (b) a search by a surname fragment. Baselines: every statement one such call sends (session,
 * caller, page), recorded once per request and sent again with the same parameters through the
 * same database handle and concurrency.
 */

const PEOPLE = 50_000;
const SIGNED_IN_AS = demoEmail('OWNER');

function request(baseUrl: string, cookie: string, input: Record<string, unknown>): HttpRequestSpec {
  return {
    method: 'POST',
    url: `${baseUrl}/graphql`,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      query: `query Call($input: JSON) { ${List_Users.name}(input: $input) }`,
      variables: { input },
    }),
  };
}

async function recordRequest(context: BenchContext, spec: HttpRequestSpec): Promise<RecordedQuery[]> {
  return recordQueries(context.env.database, async () => {
    const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body });
    const text = await response.text();
    if (response.status !== 200 || !text.includes('SUCCESS')) {
      throw new Error(`List_Users failed: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
  });
}

async function measurePair(context: BenchContext, group: string, label: string, requests: HttpRequestSpec[]) {
  const { env, options, measure, note } = context;
  const recorded: RecordedQuery[][] = [];
  for (const spec of requests) recorded.push(await recordRequest(context, spec));
  note(
    `${label}: one call sends ${recorded[0].length} statements (${recorded[0].map((query) => statementGist(query.text)).join('; ')})`,
  );
  const subject = await measure(
    `${label} over HTTP`,
    'subject',
    () => runHttpLoad({ ...options, requests, expect: 'SUCCESS' }),
    group,
  );
  const baseline = await measure(
    `${label}: same SQL directly`,
    'baseline',
    () =>
      runLoad(async (worker) => {
        for (const query of recorded[worker % recorded.length])
          await env.database.query(query.text, query.params);
      }, options),
    group,
  );
  note(
    `${label}: p95 ${formatFixed(subject.p95, 2)} ms over HTTP beside ${formatFixed(baseline.p95, 2)} ms for the same SQL directly: ratio ${formatFixed(subject.p95 / baseline.p95, 2)}`,
  );
}

export const benchmark = defineBenchmark({
  name: 'people',
  title: 'Issue 5: List_Users over HTTP with 50,000 technicians, beside the same SQL run directly',
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

    await measurePair(
      context,
      'page',
      'List_Users, technicians, a page of 25 by name',
      cookies.map((cookie, worker) =>
        request(env.baseUrl, cookie, {
          user_group: 'TECHNICIANS',
          page: worker + 1,
          page_size: 25,
          sort_by: 'user_name',
        }),
      ),
    );
    await measurePair(
      context,
      'search',
      "List_Users, technicians, search 'sharm'",
      cookies.map((cookie) => request(env.baseUrl, cookie, { user_group: 'TECHNICIANS', search: 'sharm' })),
    );
  },
});
