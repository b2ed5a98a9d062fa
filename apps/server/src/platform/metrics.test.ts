import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

// GET /metrics (docs/operations.md#monitoring) as Prometheus reads it: requests counted by route
// pattern (never by address), latencies, the pool on PostgreSQL, the process; and kept from anyone
// who is neither on this machine nor holding the token.

const TOKEN = 'metrics-token-of-at-least-32-characters';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await app?.close();
});

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** A sample's value in the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests by route pattern, method and status, with their latencies', async () => {
    const before = (await scrape()).body;
    const graphql = `fieldport_http_requests_total{route="/graphql",method="POST",status="200"}`;
    const files = `fieldport_http_requests_total{route="/files/*",method="GET",status="403"}`;
    const health = `fieldport_http_requests_total{route="/healthz",method="GET",status="200"}`;
    for (let index = 0; index < 3; index += 1) {
      const answer = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
        payload: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(answer.statusCode).toBe(200);
    }
    await app.app.inject({ method: 'GET', url: '/healthz' });
    // A file's address names its organization and key: it is counted under the route's pattern.
    const forged = await app.app.inject({
      method: 'GET',
      url: '/files/organizations/o1/logo.png?signature=x',
    });
    expect(forged.statusCode).toBe(403);

    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    expect(sample(text, graphql)).toBe((sample(before, graphql) ?? 0) + 3);
    expect(sample(text, health)).toBe((sample(before, health) ?? 0) + 1);
    expect(sample(text, files)).toBe((sample(before, files) ?? 0) + 1);
    expect(text).not.toContain('organizations/o1');
    expect(
      sample(text, `fieldport_http_request_duration_seconds_count{route="/graphql",method="POST"}`),
    ).toBe(sample(text, graphql));
    expect(text).toContain(
      'fieldport_http_request_duration_seconds_bucket{le="0.05",route="/graphql",method="POST"}',
    );
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/metrics"');
    // The process: memory, CPU, the event loop's delay.
    expect(sample(text, 'fieldport_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toContain('fieldport_process_cpu_seconds_total');
    expect(text).toContain('fieldport_nodejs_eventloop_lag_seconds');
    expect(text).toContain('# TYPE fieldport_jobs gauge');
  });

  it("reports the PostgreSQL pool's connections, and nothing for the embedded database", async () => {
    // /healthz reads the database: the pool holds that connection, idle, when the scrape comes.
    expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const text = (await scrape()).body;
    if (app.database.kind === 'postgres') {
      expect(sample(text, 'fieldport_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fieldport_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'fieldport_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('fieldport_db_pool_connections{');
    }
  });

  it('is refused to another machine, unless it sends the token', async () => {
    const refused = await scrape({}, '10.20.30.40');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Metrics are read from this machine, or with METRICS_TOKEN as a bearer token.',
    });
    expect(refused.body).not.toContain('fieldport_');
    const wrong = await scrape({ authorization: `Bearer ${TOKEN.replace('m', 'n')}` }, '10.20.30.40');
    expect(wrong.statusCode).toBe(403);
    const allowed = await scrape({ authorization: `Bearer ${TOKEN}` }, '10.20.30.40');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('fieldport_http_requests_total');
  });
});
