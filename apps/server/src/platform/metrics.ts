import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';

// GET /metrics in Prometheus's text format (docs/operations.md#monitoring): requests by route,
// method and status with their latencies, the database pool's connections, the durable jobs
// waiting and running, and the process's CPU, memory and event-loop delay. Each app has its own
// registry, so that several apps in one process (the tests) do not share figures.

/** Seconds: a GraphQL call is tens of milliseconds; an export or an import may take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Whether a request may read the metrics: from this machine, or with the configured token. */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (token && header.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice('Bearer '.length));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  // request.ip is the client's address (X-Forwarded-For's when TRUST_PROXY=1): a request through
  // the proxy is never taken for a local one.
  return ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip);
}

export function registerMetrics(app: FastifyInstance, database: Database, options: { token?: string }): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fieldport_' });

  const requests = new Counter({
    name: 'fieldport_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'fieldport_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'fieldport_db_pool_connections',
    help: "The PostgreSQL pool's connections: all of them, those idle, and requests waiting for one (the embedded database has none).",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'fieldport_jobs',
    help: 'Durable jobs by queue and state: created and retry are waiting, active are running.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = await database.query<{ name: string; state: string; n: number }>(
          `select name, state::text as state, count(*)::int as n from pgboss.job
            where state in ('created', 'retry', 'active') group by name, state`,
        );
        for (const row of rows) this.set({ queue: row.name, state: row.state }, row.n);
      } catch {
        // The queue's schema exists once the jobs have started; until then nothing waits.
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/files/*), never the address itself: ids would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request, options.token)) {
      return reply
        .code(403)
        .send({ message: 'Metrics are read from this machine, or with METRICS_TOKEN as a bearer token.' });
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
