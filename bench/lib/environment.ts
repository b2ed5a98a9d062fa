import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuiltApp } from '../../apps/server/src/app.ts';
import type { Identity } from '../../apps/server/src/auth/identity.ts';
import { loadConfig, type Config } from '../../apps/server/src/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../apps/server/src/db/seed/demo.ts';
import { onCleanup } from './cleanup.ts';
import { createThrowawayDatabase, redactUrl, type ThrowawayDatabase } from './postgres.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const DATABASE_LABELS: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** What every benchmark receives: the whole app listening on a fresh, migrated, demo-seeded database. */
export interface BenchEnvironment {
  kind: DatabaseKind;
  /** 'PGlite' or 'PostgreSQL', as printed in tables. */
  label: string;
  /** e.g. 'PostgreSQL 15.4 (throwaway database fieldport_bench_1a2b3c4d on ...)'. */
  description: string;
  database: Database;
  config: Config;
  app: FastifyInstance;
  identity: Identity;
  /** What the app's download job runs (docs/reports.md#downloads). */
  runDownloads: BuiltApp['runDownloads'];
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
  /** Signs in over HTTP as a browser does and returns the Cookie header to send afterwards. */
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface EnvironmentOptions {
  /** The PostgreSQL server in which the throwaway database is created (kind 'postgres'). */
  postgresServerUrl: string;
}

/** The app's settings for a benchmark: quiet, and rate limits that a load never reaches. */
function benchConfig(dataDir: string, port: number, databaseUrl: string | undefined): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    DEMO: '1',
    AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '100000000',
    AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '100000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Another build than apps/web/dist, as the journeys allow (two runs on one machine).
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  });
}

export async function prepareEnvironment(
  kind: DatabaseKind,
  options: EnvironmentOptions,
): Promise<BenchEnvironment> {
  const undo: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    undo.length = 0;
  };
  const forget = onCleanup(close);
  try {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-bench-'));
    undo.push(() => fs.rm(dataDir, { recursive: true, force: true }));

    let throwaway: ThrowawayDatabase | undefined;
    if (kind === 'postgres') {
      throwaway = await createThrowawayDatabase(options.postgresServerUrl);
      undo.push(throwaway.drop);
    }
    // The port is known before the app is built, so that its public URL (a trusted origin of the
    // sign-in) is the address the load is sent to.
    const port = await freePort();
    const config = benchConfig(dataDir, port, throwaway?.url);
    const database = await openDatabase(
      throwaway ? { databaseUrl: throwaway.url } : { dataDir: 'memory://' },
    );
    undo.push(() => database.close());
    await migrateDatabase(database);
    await seedDemoIfEmpty(database.db);

    const built = await buildApp(config, database, { logger: false });
    undo.push(() => built.app.close());
    await built.app.listen({ host: config.host, port: config.port });
    const baseUrl = config.publicUrl;

    const [{ server_version: version }] = await database.query<{ server_version: string }>(
      'SHOW server_version',
    );
    const description = throwaway
      ? `PostgreSQL ${version}, throwaway database ${throwaway.name} on ${redactUrl(options.postgresServerUrl).replace(/\/[^/]*$/, '')}`
      : `PGlite (PostgreSQL ${version} in WebAssembly, in memory, in the app's process)`;

    return {
      kind,
      label: DATABASE_LABELS[kind],
      description,
      database,
      config,
      app: built.app,
      identity: built.identity,
      runDownloads: built.runDownloads,
      baseUrl,
      signIn: (email, password = DEMO_PASSWORD) => signInOverHttp(baseUrl, email, password),
      async close() {
        forget();
        await close();
      },
    };
  } catch (error) {
    forget();
    await close();
    throw error;
  }
}

/** A port that was free a moment ago (the app listens on it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** As a browser does: better-auth refuses a sign-in without the page's Origin. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, rememberMe: true }),
  });
  const body = await response.text();
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => pair.includes('=') && !pair.endsWith('='));
  if (response.status !== 200 || !cookies.some((pair) => pair.startsWith('fieldport.session_token='))) {
    throw new Error(`Sign-in of ${email} failed: HTTP ${response.status} ${body.slice(0, 200)}`);
  }
  return cookies.join('; ');
}

/** The session token inside a Cookie header (the cookie holds `<token>.<signature>`, URL-encoded). */
export function sessionTokenOf(cookie: string): string {
  const pair = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('fieldport.session_token='));
  if (!pair) throw new Error('No fieldport.session_token in the cookie.');
  const signed = decodeURIComponent(pair.slice('fieldport.session_token='.length));
  const dot = signed.lastIndexOf('.');
  return dot > 0 ? signed.slice(0, dot) : signed;
}
