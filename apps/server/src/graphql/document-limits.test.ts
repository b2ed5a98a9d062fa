import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';
import { DOCUMENT_LIMITS, LIMIT_MESSAGES } from './document-limits.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function post(target: TestApp, document: string, cookie = '', variables: unknown = {}) {
  const response = await target.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      origin: target.config.publicUrl,
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({ query: document, variables }),
  });
  return { status: response.statusCode, body: response.json() as GraphqlBody, size: response.body.length };
}

async function ownerCookie() {
  const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
  return signIn(app, members.OWNER.email, TEST_PASSWORD);
}

const aliased = (count: number) =>
  `query Many { ${Array.from({ length: count }, (_, i) => `c${i}: ListCustomers(input: {})`).join(' ')} }`;

describe('security finding 4: GraphQL amplification', () => {
  it('refuses a document of 1,000 aliased ListCustomers before running any of them', async () => {
    const cookie = await ownerCookie();
    const answer = await post(app, aliased(1000), cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.data ?? null).toBeNull();
    expect(answer.body.errors?.[0].extensions?.code).toBe('QUERY_TOO_LARGE');
    // The refusal is a few hundred bytes, not 83 MB of customers.
    expect(answer.size).toBeLessThan(2_000);

    // Short enough to pass the size limit, 300 aliases still meet the root-field limit.
    const shorter = await post(app, aliased(300), cookie);
    expect(shorter.body.errors?.[0]).toMatchObject({
      message: LIMIT_MESSAGES.rootFields,
      extensions: { code: 'QUERY_TOO_LARGE' },
    });
  });

  it(`runs ${DOCUMENT_LIMITS.rootFields} root fields and refuses ${DOCUMENT_LIMITS.rootFields + 1}, fragments counted`, async () => {
    const cookie = await ownerCookie();
    const allowed = await post(app, aliased(DOCUMENT_LIMITS.rootFields), cookie);
    expect(allowed.status).toBe(200);
    expect(Object.keys(allowed.body.data ?? {})).toHaveLength(DOCUMENT_LIMITS.rootFields);

    const refused = await post(app, aliased(DOCUMENT_LIMITS.rootFields + 1), cookie);
    expect(refused.body.errors?.[0].extensions?.code).toBe('QUERY_TOO_LARGE');

    const viaFragments = await post(
      app,
      `query Q { ...A ...A2 } fragment A on Query { ${aliased(6).slice(13, -2)} } fragment A2 on Query { ${aliased(6).slice(13, -2).replaceAll('c', 'd')} }`,
      cookie,
    );
    expect(viaFragments.body.errors?.[0].extensions?.code).toBe('QUERY_TOO_LARGE');
  });

  it('refuses a document longer than the limit, whatever it asks', async () => {
    const padding = ' '.repeat(DOCUMENT_LIMITS.documentCharacters);
    const answer = await post(app, `query Q { Get_Current_User_Details(input: {}) ${padding} }`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({
      message: LIMIT_MESSAGES.documentCharacters,
      extensions: { code: 'QUERY_TOO_LARGE' },
    });
  });

  it('refuses a document nested deeper than the limit', async () => {
    let selection = 'name';
    for (let level = 0; level < DOCUMENT_LIMITS.depth + 2; level++) selection = `ofType { ${selection} }`;
    const cookie = await ownerCookie();
    const answer = await post(app, `query Deep { __type(name: "Query") { ${selection} } }`, cookie);
    expect(answer.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(answer.body.errors?.[0].message).toMatch(/depth/);
  });

  const introspection = 'query Schema { __schema { queryType { name } types { name } } }';

  it('refuses introspection to an anonymous caller outside development, and answers a signed-in one', async () => {
    const anonymous = await post(app, introspection);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors?.[0]).toMatchObject({
      message: LIMIT_MESSAGES.introspection,
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const viaType = await post(app, 'query T { __type(name: "Query") { name } }');
    expect(viaType.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const signedIn = await post(app, introspection, await ownerCookie());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ __schema: { queryType: { name: 'Query' } } });
  });

  it('answers introspection to anybody in development', async () => {
    const dev = await startTestApp({ NODE_ENV: 'development' });
    try {
      const answer = await post(dev, introspection);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await dev.close();
    }
  });

  it('gives transport-level errors a code and no internal message', async () => {
    const syntax = await post(app, 'query {');
    expect(syntax.body.errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    const unknown = await post(app, 'query { NoSuchOperation }');
    expect(unknown.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const noDocument = await post(app, '');
    expect(noDocument.body.errors?.[0].extensions?.code).toBeTruthy();
    const badJson = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      payload: '{"query": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({
      errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    for (const answer of [syntax, unknown, noDocument]) {
      for (const error of answer.body.errors ?? []) expect(error.extensions?.code).toBeTruthy();
    }
  });

  it('keeps /healthz answering while a refused amplification document is sent', async () => {
    const cookie = await ownerCookie();
    const attacks = Array.from({ length: 20 }, () => post(app, aliased(1000), cookie));
    const health = await app.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    for (const attack of await Promise.all(attacks)) {
      expect(attack.body.errors?.[0].extensions?.code).toBe('QUERY_TOO_LARGE');
    }
  });
});
