import crypto from 'node:crypto';
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server benchmarks run against: BENCH_DATABASE_URL, else a local PostgreSQL. */
export function postgresServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
}

/** The URL without its password, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export type Reachability = { ok: true; version: string } | { ok: false; reason: string };

/** Connects once with a short timeout; never throws. */
export async function checkPostgres(url: string): Promise<Reachability> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return { ok: true, version: rows[0].server_version };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `fieldport_bench_<random>` on the server; `drop()` removes it even with open connections,
 * unless BENCH_KEEP_DATABASE=1, which keeps it (named on stderr) for EXPLAIN ANALYZE afterwards.
 */
export async function createThrowawayDatabase(serverUrl: string): Promise<ThrowawayDatabase> {
  const name = `fieldport_bench_${crypto.randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        process.stderr.write(`kept database ${name} (BENCH_KEEP_DATABASE=1): drop it when done\n`);
        return;
      }
      await withClient(serverUrl, async (client) => {
        // pg's Pool.end() resolves before its sockets have closed. Give them a moment: FORCE would
        // terminate them, and a client that receives the termination after its pool let go of it
        // raises an 'error' event that nobody listens to any more.
        for (let waited = 0; waited < 5000; waited += 50) {
          const { rows } = await client.query<{ count: number }>(
            'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0].count === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}
