import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { DataOf, OperationDef } from '@fieldport/contract/operation';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { session } from '../db/schema/identity.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import type { PaymentProvider } from '../platform/payments.ts';

export interface TestApp extends BuiltApp {
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app in-process on a database of its own (a copy of the migrated PGlite template), or
 * on the shared PostgreSQL when TEST_DATABASE_URL is set; tests then keep to their own organization.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { jobs?: boolean; payments?: PaymentProvider } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '1000',
    AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '1000',
    ...env,
  });
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const template = inject('pgliteTemplate');
  const database = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 4 })
    : await openDatabase({
        dataDir: 'memory://',
        loadDataDir: new Blob([await fs.readFile(template)], { type: 'application/x-gzip' }),
      });
  const built = await buildApp(config, database, {
    logger: false,
    jobs: options.jobs,
    payments: options.payments,
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    async close() {
      await built.app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A unique suffix, so that tests sharing one PostgreSQL never collide. */
export function unique(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

interface AuthAnswer {
  status: number;
  body: Record<string, unknown> & { message?: string; code?: string };
  /** The session cookie pair (`fieldport.session_token=...`) to send back, or '' when none was set. */
  cookie: string;
  /** Every Set-Cookie line as sent, attributes included (Max-Age, HttpOnly ...). */
  setCookies: string[];
  headers: Record<string, string | string[] | number | undefined>;
}

interface CallOptions {
  /** The client address the request comes from (the rate limits count per IP). */
  remoteAddress?: string;
}

/** Calls an /auth route as a browser would and keeps the session cookie it sets. */
export async function authCall(
  app: TestApp,
  url: string,
  payload?: unknown,
  cookie = '',
  options: CallOptions = {},
): Promise<AuthAnswer> {
  const response = await app.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    remoteAddress: options.remoteAddress,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json', origin: app.config.publicUrl }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const session = setCookies
    .map((line) => line.split(';')[0])
    .filter(
      (pair) =>
        pair.startsWith('fieldport.session_token=') && pair.length > 'fieldport.session_token='.length,
    )
    .pop();
  return {
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : {},
    cookie: session ?? '',
    setCookies,
    headers: response.headers,
  };
}

/** The session rows of a person: what a sign-in wrote, or did not. */
export async function sessionsOf(app: TestApp, userId: string) {
  return app.database.db.select().from(session).where(eq(session.userId, userId));
}

/** A client address of a test's own, so that per-IP counters of tests sharing a database never meet. */
export function uniqueIp(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const answer = await authCall(app, '/auth/sign-in/email', { email, password, rememberMe: false });
  if (answer.status !== 200 || !answer.cookie) {
    throw new Error(`Sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.cookie;
}

export interface GraphqlAnswer<Data> {
  envelope?: { status: string; status_message: string; data: Data };
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

/** Calls one operation of the contract the way the web client does. */
export async function call<Op extends OperationDef>(
  app: TestApp,
  cookie: string,
  op: Op,
  input: unknown,
): Promise<GraphqlAnswer<DataOf<Op>>> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    // A browser sends its page's origin with every POST (docs/security.md#http).
    headers: {
      'content-type': 'application/json',
      origin: app.config.publicUrl,
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({
      query: `${op.kind} Call($input: JSON) { ${op.name}(input: $input) }`,
      variables: { input },
    }),
  });
  const body = JSON.parse(response.body) as {
    data?: Record<string, string> | null;
    errors?: GraphqlAnswer<never>['errors'];
  };
  const raw = body.data?.[op.name];
  return { envelope: raw ? JSON.parse(raw) : undefined, errors: body.errors };
}

/** The newest code mailed to an address, read from the console outbox as a person reads the mail. */
export async function latestCode(app: TestApp, email: string): Promise<string> {
  const [mail] = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
    .limit(1);
  const code = mail?.body_text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was mailed to ${email}`);
  return code;
}

/** Every mail sent to an address, oldest first, as the console outbox kept it. */
export async function mailsTo(app: TestApp, email: string) {
  return app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(mailOutbox.created_at, mailOutbox.id);
}

/** The temporary password of the newest invitation mailed to an address (docs/people.md#rules). */
export async function mailedTemporaryPassword(app: TestApp, email: string): Promise<string> {
  const mail = (await mailsTo(app, email)).at(-1);
  const password = mail?.body_text?.match(/^Temporary password: (\S+)$/m)?.[1];
  if (!password) throw new Error(`No temporary password was mailed to ${email}`);
  return password;
}
