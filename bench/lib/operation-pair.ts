import type { OperationDef } from '@fieldport/contract/operation';
import type { BenchContext } from './benchmark.ts';
import { runHttpLoad, type HttpRequestSpec } from './http-load.ts';
import { runLoad } from './load.ts';
import { recordQueries, statementGist, type RecordedQuery } from './sql-probe.ts';
import { formatFixed } from './table.ts';

/** A GraphQL call of one operation with one input, as the web client sends it. */
export function operationRequest(
  baseUrl: string,
  cookie: string,
  op: OperationDef,
  input: Record<string, unknown>,
): HttpRequestSpec {
  return {
    method: 'POST',
    url: `${baseUrl}/graphql`,
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({
      query: `${op.kind} Call($input: JSON) { ${op.name}(input: $input) }`,
      variables: { input },
    }),
  };
}

/**
 * An operation over HTTP (the subject) beside every statement one such call sends (session,
 * caller, the operation's own), recorded once per request and sent again with the same parameters
 * through the same database handle and concurrency (the baseline); notes the p95 ratio. With
 * --breakdown, `detail` also measures only the statements it picks (the operation's own, say).
 */
export async function measureOperationAgainstSql(
  context: BenchContext,
  group: string,
  label: string,
  requests: HttpRequestSpec[],
  detail?: { label: string; pick: (query: RecordedQuery) => boolean },
): Promise<void> {
  const { env, options, measure, note } = context;
  const recorded: RecordedQuery[][] = [];
  for (const spec of requests) {
    recorded.push(
      await recordQueries(env.database, async () => {
        const response = await fetch(spec.url, {
          method: spec.method,
          headers: spec.headers,
          body: spec.body,
        });
        const text = await response.text();
        if (response.status !== 200 || !text.includes('SUCCESS')) {
          throw new Error(`${label} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
        }
      }),
    );
  }
  note(
    `${label}: one call sends ${recorded[0].length} statements (${recorded[0].map((query) => statementGist(query.text)).join('; ')})`,
  );
  const subject = await measure(
    `${label} over HTTP`,
    'subject',
    () => runHttpLoad({ ...options, requests, expect: 'SUCCESS' }),
    group,
  );
  const replay = (pick: (query: RecordedQuery) => boolean) => async (worker: number) => {
    for (const query of recorded[worker % recorded.length].filter(pick))
      await env.database.query(query.text, query.params);
  };
  const baseline = await measure(
    `${label}: same SQL directly`,
    'baseline',
    () =>
      runLoad(
        replay(() => true),
        options,
      ),
    group,
  );
  note(
    `${label}: p95 ${formatFixed(subject.p95, 2)} ms over HTTP beside ${formatFixed(baseline.p95, 2)} ms for the same SQL directly: ratio ${formatFixed(subject.p95 / baseline.p95, 2)}`,
  );
  if (detail && options.breakdown) {
    await measure(`${label}: ${detail.label}`, 'detail', () => runLoad(replay(detail.pick), options), group);
  }
}
