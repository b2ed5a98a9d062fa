import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Get_Current_User_Details, UpdateUserDetails } from '@fieldport/contract/operations/account';
import { loadConfig } from '../config.ts';
import { call, signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';
import {
  INTERNAL_ERROR_MESSAGE,
  redactedError,
  registerHttpGuards,
  UNTRUSTED_ORIGIN_MESSAGE,
} from './http-guards.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function signedInOwner() {
  const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
  return signIn(app, members.OWNER.email, TEST_PASSWORD);
}

const graphqlBody = JSON.stringify({
  query: `query Call($input: JSON) { ${Get_Current_User_Details.name}(input: $input) }`,
  variables: { input: {} },
});

describe('security finding 10: the Origin check on /graphql, /api/* and /auth/complete-new-password', () => {
  it.each([
    ['no Origin or Referer', {}],
    ['another site as Origin', { origin: 'https://evil.example' }],
    ['another site as Referer', { referer: 'https://evil.example/page' }],
    ['the Vite dev server outside development', { origin: 'http://localhost:5173' }],
  ])('refuses a POST with the session cookie and %s, and does nothing', async (_label, headers) => {
    const cookie = await signedInOwner();
    for (const url of ['/graphql', '/api/report-issue', '/auth/complete-new-password']) {
      const response = await app.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie, ...headers },
        payload: url === '/graphql' ? graphqlBody : JSON.stringify({ issue_description: 'x' }),
      });
      expect(response.statusCode, url).toBe(403);
      const body = response.json();
      const message = url === '/graphql' ? body.errors[0].message : body.message;
      const code = url === '/graphql' ? body.errors[0].extensions.code : body.code;
      expect(message).toBe(UNTRUSTED_ORIGIN_MESSAGE);
      expect(code).toBe('FORBIDDEN');
    }
  });

  it("accepts the portal's own origin, by Origin or by Referer", async () => {
    const cookie = await signedInOwner();
    for (const headers of [
      { origin: app.config.publicUrl },
      { referer: `${app.config.publicUrl}/Dashboard` },
    ]) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        payload: graphqlBody,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('SUCCESS');
    }
  });

  it('trusts the Vite dev server only in development', () => {
    expect(loadConfig({}).trustedOrigins).toEqual(['http://127.0.0.1:3000']);
    expect(loadConfig({ NODE_ENV: 'development' }).trustedOrigins).toContain('http://localhost:5173');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).trustedOrigins).toEqual([
      'https://portal.example.com',
    ]);
  });
});

describe('security finding 10: headers of authenticated answers', () => {
  it('answers the API with Cache-Control: no-store', async () => {
    const cookie = await signedInOwner();
    const answer = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie, origin: app.config.publicUrl },
      payload: graphqlBody,
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    const session = await app.app.inject({ method: 'GET', url: '/auth/get-session', headers: { cookie } });
    expect(session.headers['cache-control']).toBe('no-store');
  });

  it('sends Strict-Transport-Security only when the portal is served over https', async () => {
    const plain = await app.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await startTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    try {
      const answer = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('security finding 2: no SQL text or parameters reach a client or the log', () => {
  async function failingApp() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const bare = Fastify({
      logger: { level: 'error', stream, serializers: { err: redactedError } },
    });
    registerHttpGuards(bare, { trustedOrigins: ['http://127.0.0.1:3000'] });
    bare.get('/api/fails', async () => {
      const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
        detail: 'Key (phone)=(+919876543210) is personal',
      });
      throw new DrizzleQueryError(
        'select * from customer where name = $1',
        ['Ravi Kumar +919876543210'],
        cause,
      );
    });
    await bare.ready();
    return { bare, lines };
  }

  it('answers an unknown error with INTERNAL_SERVER_ERROR and a generic message', async () => {
    const { bare } = await failingApp();
    const response = await bare.inject({ method: 'GET', url: '/api/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: INTERNAL_ERROR_MESSAGE,
      errorMessage: INTERNAL_ERROR_MESSAGE,
    });
    expect(response.body).not.toMatch(/Failed query|params|select|Ravi/i);
    await bare.close();
  });

  it('logs the failure with its parameters and the database detail left out', async () => {
    const { bare, lines } = await failingApp();
    await bare.inject({ method: 'GET', url: '/api/fails' });
    const log = lines.join('\n');
    expect(log).toContain('Failed query: select * from customer where name = $1');
    expect(log).toContain('22021');
    expect(log).not.toContain('Ravi Kumar');
    expect(log).not.toContain('+919876543210');
    await bare.close();
  });

  it('answers malformed JSON with BAD_USER_INPUT, not a server error', async () => {
    for (const url of ['/graphql', '/auth/sign-in/email', '/api/report-issue']) {
      const response = await app.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
        payload: '{"email": ',
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toContain('BAD_USER_INPUT');
      expect(response.body, url).not.toMatch(/Unexpected|position|SyntaxError/);
    }
  });
});

describe('security finding 2: a database failure inside an operation or the identity provider', () => {
  /** A database error for one person only (a trigger), so that tests sharing PostgreSQL never meet it. */
  async function failInsertsOf(table: string, column: string, value: string) {
    const name = `fail_${Math.random().toString(36).slice(2, 10)}`;
    await app.database.query(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'secret detail of %', NEW.${column}; END $$`,
    );
    await app.database.query(
      `CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" FOR EACH ROW WHEN (NEW.${column} = '${value}') EXECUTE FUNCTION ${name}()`,
    );
    return async () => {
      await app.database.query(`DROP TRIGGER ${name} ON "${table}"`);
      await app.database.query(`DROP FUNCTION ${name}()`);
    };
  }

  it('answers a failed sign-in inside the identity provider with INTERNAL_SERVER_ERROR and nothing else', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const restore = await failInsertsOf('session', 'user_id', members.OWNER.userId);
    try {
      const response = await app.app.inject({
        method: 'POST',
        url: '/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
        payload: JSON.stringify({ email: members.OWNER.email, password: TEST_PASSWORD }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        message: INTERNAL_ERROR_MESSAGE,
      });
      expect(response.body).not.toMatch(/secret detail|insert into|params/i);
    } finally {
      await restore();
    }
  });

  it('answers a failed operation with INTERNAL_SERVER_ERROR, no SQL and no parameters', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const restore = await failInsertsOf('audit_log', 'organization_id', org.id);
    try {
      const answer = await call(app, cookie, UpdateUserDetails, {
        updater_user_id: members.OWNER.userId,
        organization_id: org.id,
        is_switch_between_organization: 'true',
        new_organization_id: org.id,
      });
      expect(answer.errors?.[0]).toMatchObject({
        message: INTERNAL_ERROR_MESSAGE,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(JSON.stringify(answer)).not.toMatch(/secret detail|insert into|params/i);
    } finally {
      await restore();
    }
  });
});

describe('the signed-in page still works through the guards', () => {
  it('answers an operation called as the web client calls it', async () => {
    const cookie = await signedInOwner();
    const answer = await call(app, cookie, Get_Current_User_Details, {});
    expect(answer.envelope?.status).toBe('SUCCESS');
  });
});
