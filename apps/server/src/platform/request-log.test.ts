import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateCustomer } from '@fieldport/contract/operations/customers';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { customerInput } from '../modules/customers/customer.test-kit.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

// The JSON log (docs/operations.md#logs) as an operator reads it: a line per request with its id,
// route, status and who asked, and nothing a person typed: no password, phone number, email,
// session cookie or a file address's signature.

const PHONE = '9845012345';
let app: BuiltApp;
let database: Database;
let config: Config;
let dataDir: string;
const lines: Record<string, unknown>[] = [];
let raw = '';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fieldport-log-'));
  config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_RATE_LIMIT_IP_PER_MINUTE: '1000' });
  database = process.env.TEST_DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 2 })
    : await openDatabase({
        dataDir: 'memory://',
        loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplate'))], { type: 'application/x-gzip' }),
      });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    raw += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  app = await buildApp(config, database, { logStream: stream });
  await app.app.ready();
});
afterAll(async () => {
  await app?.app.close();
  await database?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const requestLines = () => lines.filter((line) => line.msg === 'request');

describe('the request log', () => {
  it('logs one line per request with its id, route, status and who asked, and none of what was typed', async () => {
    const { org, members } = await seedTestOrganization(database.db);
    const owner = members.OWNER;
    const headers = { 'content-type': 'application/json', origin: config.publicUrl };

    const refused = await app.app.inject({
      method: 'POST',
      url: '/auth/sign-in/email',
      headers,
      payload: JSON.stringify({ email: owner.email, password: 'wrong-password-typed' }),
    });
    expect(refused.statusCode).toBe(401);
    const signedIn = await app.app.inject({
      method: 'POST',
      url: '/auth/sign-in/email',
      headers: { ...headers, 'x-request-id': 'proxy-given-id-42' },
      payload: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-request-id']).toBe('proxy-given-id-42');
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];

    const created = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...headers, cookie },
      payload: JSON.stringify({
        query: `mutation Call($input: JSON) { ${CreateCustomer.name}(input: $input) }`,
        variables: {
          input: customerInput(PHONE, {
            customer_name: 'Log Test Customer',
            customer_email: 'log.customer@example.com',
          }),
        },
      }),
    });
    expect(created.statusCode).toBe(200);
    // A file's signed address: its key and signature are not logged.
    await app.app.inject({
      method: 'GET',
      url: `/files/organizations/${org.id}/logo.png?signature=secret-sig-77`,
    });
    // A proxy's id that is not a plain token is replaced.
    const odd = await app.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\n{}' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const logged = requestLines();
    const signIn = logged.find((line) => line.request_id === 'proxy-given-id-42');
    // better-auth's routes are one pattern; the sign-in's address is its own.
    expect(signIn).toMatchObject({ route: '/auth/*', method: 'POST', status: 200 });
    const graphql = logged.find((line) => line.route === '/graphql');
    expect(graphql).toMatchObject({
      method: 'POST',
      status: 200,
      operations: [CreateCustomer.name],
      user_id: owner.userId,
      organization_id: org.id,
    });
    expect(typeof graphql!.ms).toBe('number');
    expect(graphql!.request_id).toBe(created.headers['x-request-id']);
    expect(logged.find((line) => line.route === '/files/*')).toMatchObject({ status: 403 });
    expect(logged.find((line) => line.request_id === odd.headers['x-request-id'])).toMatchObject({
      route: '/healthz',
    });

    for (const secret of [
      TEST_PASSWORD,
      'wrong-password-typed',
      PHONE,
      PHONE.slice(0, 5),
      owner.email,
      'log.customer@example.com',
      'Log Test Customer',
      'secret-sig-77',
      cookie.split('=')[1],
      'logo.png',
    ]) {
      expect(raw, `the log holds ${secret}`).not.toContain(secret);
    }
  });
});
