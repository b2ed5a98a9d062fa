import type { FastifyRequest } from 'fastify';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { demoEmail } from '../apps/server/src/db/seed/demo.ts';
import { resolveCaller } from '../apps/server/src/graphql/caller.ts';
import { defineBenchmark } from './lib/benchmark.ts';
import { sessionTokenOf } from './lib/environment.ts';
import { runHttpLoad, type HttpRequestSpec } from './lib/http-load.ts';
import { runLoad } from './lib/load.ts';
import { recordStatements, statementGist } from './lib/sql-probe.ts';

/**
 * The throughput of Get_Current_User_Details and of the same SQL run directly, and their ratio,
 * on PGlite and on PostgreSQL.
 *
 * Subject: the operation as the web client calls it, over real HTTP (cookie, session lookup,
 * GraphQL, handler). Baseline: the SQL that the operation needs, sent straight through the same
 * database handle with the same concurrency: the one statement graphql/caller.ts sends, the
 * session by its token joined to its user, membership, organization, party and designation.
 */

/** A staff member with a designation, so that the join returns module rights as well. */
const SIGNED_IN_AS = demoEmail('MANAGER');

const select = (alias: string, columns: string[]) =>
  columns.map((column) => `${alias}.${column} AS ${alias}_${column}`).join(', ');

/** What resolveCaller sends (graphql/caller.ts): the session by its token with everything else. */
export const CALLER_SQL = `SELECT ${select('s', ['id', 'expires_at', 'active_organization_id'])}, ${select(
  'm',
  ['id', 'organization_id', 'user_id', 'role', 'created_at', 'status', 'designation_id', 'party_id'],
)}, ${select('o', [
  'id',
  'name',
  'slug',
  'logo',
  'metadata',
  'created_at',
  'status',
  'time_zone',
  'currency',
  'enable_credits_recharge',
  'is_access_control_enable',
  'is_enable_partners_monthly_closed_ticket_report_tab',
])}, ${select('p', [
  'id',
  'organization_id',
  'kind',
  'name',
  'status',
  'is_report_tab_visible',
  'is_product_fleet_tab_visible',
  'is_customer_tab_visible',
  'enable_service_co_ordinators_tab',
  'enable_representatives_tab',
  'created_at',
])}, ${select('d', ['id', 'organization_id', 'name', 'accessing_module', 'status', 'created_at'])}, ${select(
  'u',
  ['id', 'name', 'email', 'must_change_password'],
)}
FROM "session" s
JOIN "user" u ON u.id = s.user_id
LEFT JOIN member m ON m.user_id = s.user_id AND m.organization_id = s.active_organization_id
LEFT JOIN organization o ON o.id = m.organization_id
LEFT JOIN party p ON p.id = m.party_id AND p.organization_id = m.organization_id
LEFT JOIN designation d ON d.id = m.designation_id AND d.organization_id = m.organization_id
WHERE s.token = $1`;

interface CallerRow {
  s_expires_at: Date | string;
  m_id: string | null;
}

export const benchmark = defineBenchmark({
  name: 'current-user',
  title:
    'Throughput of Get_Current_User_Details (over HTTP) and of the same SQL run directly, and their ratio',
  async run({ env, options, measure, note, progress }) {
    // One session per worker, as that many people (the same person) would have.
    progress(`signing in ${options.concurrency} sessions as ${SIGNED_IN_AS}`);
    const cookies: string[] = [];
    for (let i = 0; i < options.concurrency; i++) cookies.push(await env.signIn(SIGNED_IN_AS));

    const body = JSON.stringify({
      query: `query Call($input: JSON) { ${Get_Current_User_Details.name}(input: $input) }`,
      variables: { input: {} },
    });
    const requests: HttpRequestSpec[] = cookies.map((cookie) => ({
      method: 'POST',
      url: `${env.baseUrl}/graphql`,
      headers: { 'content-type': 'application/json', cookie, origin: env.baseUrl },
      body,
    }));

    // One call first: it must succeed, and it tells which statements the operation sends.
    const statements = await recordStatements(env.database, async () => {
      const { method, url, headers } = requests[0];
      const response = await fetch(url, { method, headers, body });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('SUCCESS')) {
        throw new Error(`Get_Current_User_Details failed: HTTP ${response.status} ${text.slice(0, 300)}`);
      }
    });
    note(
      `one Get_Current_User_Details sends ${statements.length} SQL statements (${statements
        .map(statementGist)
        .join('; ')}); the baseline sends 1`,
    );

    await measure('Get_Current_User_Details over HTTP', 'subject', () =>
      runHttpLoad({ ...options, requests, expect: 'SUCCESS' }),
    );

    const tokens = cookies.map(sessionTokenOf);
    const { database } = env;
    await measure('same SQL directly (Database.query)', 'baseline', () =>
      runLoad(async (worker) => {
        const [row] = await database.query<CallerRow>(CALLER_SQL, [tokens[worker % tokens.length]]);
        if (!row || new Date(row.s_expires_at).getTime() <= Date.now()) throw new Error('session not found');
        if (!row.m_id) throw new Error('membership not found');
      }, options),
    );

    if (!options.breakdown) return;

    await measure('HTTP floor: GET /healthz (one SELECT 1)', 'detail', () =>
      runHttpLoad({
        ...options,
        requests: [{ method: 'GET', url: `${env.baseUrl}/healthz` }],
        expect: '"ok"',
      }),
    );
    await measure('Get_Current_User_Details via app.inject (no socket)', 'detail', () =>
      runLoad(async (worker) => {
        const response = await env.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: {
            'content-type': 'application/json',
            cookie: cookies[worker % cookies.length],
            origin: env.baseUrl,
          },
          payload: body,
        });
        if (response.statusCode !== 200 || !response.body.includes('SUCCESS')) {
          throw new Error(`HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`);
        }
      }, options),
    );
    await measure('resolveCaller in-process (one statement + menu)', 'detail', () =>
      runLoad(async (worker) => {
        const request = {
          headers: { cookie: cookies[worker % cookies.length] },
        } as unknown as FastifyRequest;
        await resolveCaller(env.identity, database.db, request);
      }, options),
    );
    await measure('better-auth getSession in-process', 'detail', () =>
      runLoad(async (worker) => {
        const session = await env.identity.api.getSession({
          headers: new Headers({ cookie: cookies[worker % cookies.length] }),
        });
        if (!session) throw new Error('no session');
      }, options),
    );
  },
});
