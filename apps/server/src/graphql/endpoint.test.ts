import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { member, organization, session } from '../db/schema/identity.ts';
import { party } from '../db/schema/platform.ts';
import { HANDLERS } from '../modules/handlers.ts';
import { call, signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';
import { registerGraphqlEndpoint } from './endpoint.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const OPERATIONS = Object.values(CATALOGUE);

async function signedInAgent() {
  const { members, org, dealer } = await seedTestOrganization(app.database.db, {
    roles: ['AGENT', 'DEALER_AGENT'],
  });
  const cookie = await signIn(app, members.AGENT.email, TEST_PASSWORD);
  return { person: members.AGENT, members, org, dealer, cookie };
}

describe('the GraphQL endpoint', () => {
  it('refuses to start when a declared operation has no handler', async () => {
    const bare = Fastify({ logger: false });
    const [dropped, ...rest] = HANDLERS;
    await expect(
      registerGraphqlEndpoint(bare, {
        db: app.database.db,
        identity: app.identity,
        mailer: app.mailer,
        config: app.config,
        files: app.files,
        payments: null,
        jobs: app.jobs,
        handlers: rest,
      }),
    ).rejects.toThrow(`Operations declared without a handler: ${dropped.operation.name}`);
    await bare.close();
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    'refuses %s without a session with UNAUTHENTICATED',
    async (_name, op) => {
      const answer = await call(app, '', op, {});
      expect(answer.envelope).toBeUndefined();
      expect(answer.errors?.[0]).toMatchObject({
        message: MSG.signInRequired,
        extensions: { code: 'UNAUTHENTICATED' },
      });
    },
  );

  it('refuses a forged session cookie and an expired session with UNAUTHENTICATED', async () => {
    const forged = await call(app, 'fieldport.session_token=forged.token', Get_Current_User_Details, {});
    expect(forged.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const { person, cookie } = await signedInAgent();
    await app.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, person.userId));
    const expired = await call(app, cookie, Get_Current_User_Details, {});
    expect(expired.errors?.[0]).toMatchObject({
      message: MSG.signInRequired,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    'refuses %s with FORBIDDEN while the temporary password is not changed',
    async (_name, op) => {
      const { org } = await seedTestOrganization(app.database.db, { roles: [] });
      const person = await addTestMember(app.database.db, {
        organizationId: org.id,
        role: 'OWNER',
        mustChangePassword: true,
      });
      const cookie = await signIn(app, person.email, TEST_PASSWORD);
      const answer = await call(app, cookie, op, {});
      expect(answer.errors?.[0]).toMatchObject({
        message: MSG.mustChangePassword,
        extensions: { code: 'FORBIDDEN' },
      });
    },
  );

  it('answers Not Found when the membership of the session was removed', async () => {
    const { person, cookie } = await signedInAgent();
    await app.database.db.update(member).set({ status: 'INVALID' }).where(eq(member.id, person.membershipId));
    const answer = await call(app, cookie, Get_Current_User_Details, {});
    expect(answer.errors?.[0]).toMatchObject({
      message: MSG.userNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(answer.errors?.[0].message).toContain('Not Found');

    await app.database.db.delete(member).where(eq(member.id, person.membershipId));
    const deleted = await call(app, cookie, Get_Current_User_Details, {});
    expect(deleted.errors?.[0]).toMatchObject({
      message: MSG.userNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('answers Temporarily Suspended when the organization is suspended after sign-in', async () => {
    const { org, cookie } = await signedInAgent();
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, org.id));
    const answer = await call(app, cookie, Get_Current_User_Details, {});
    expect(answer.errors?.[0]).toMatchObject({
      message: MSG.organizationSuspended,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(answer.errors?.[0].message).toContain('Temporarily Suspended');
  });

  it('answers Temporarily Suspended when the membership is made INACTIVE after sign-in', async () => {
    const { person, cookie } = await signedInAgent();
    await app.database.db
      .update(member)
      .set({ status: 'INACTIVE' })
      .where(eq(member.id, person.membershipId));
    const answer = await call(app, cookie, Get_Current_User_Details, {});
    expect(answer.errors?.[0]).toMatchObject({
      message: MSG.membershipSuspended,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(answer.errors?.[0].message).toContain('Temporarily Suspended');
  });

  it("answers Temporarily Suspended when a dealer user's dealer is suspended after sign-in", async () => {
    const { members, dealer } = await signedInAgent();
    const cookie = await signIn(app, members.DEALER_AGENT.email, TEST_PASSWORD);
    await app.database.db.update(party).set({ status: 'SUSPENDED' }).where(eq(party.id, dealer.id));
    const answer = await call(app, cookie, Get_Current_User_Details, {});
    expect(answer.errors?.[0]).toMatchObject({
      message: MSG.membershipSuspended,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it.each([
    ['a string', 'me'],
    ['a list', [1, 2]],
  ])('refuses an input that is %s with BAD_USER_INPUT naming input', async (_name, input) => {
    const { cookie } = await signedInAgent();
    const answer = await call(app, cookie, Get_Current_User_Details, input);
    expect(answer.errors?.[0]).toMatchObject({
      message: 'input must be a JSON object',
      extensions: { code: 'BAD_USER_INPUT', field: 'input' },
    });
  });

  it('answers an unknown operation with a GraphQL validation error', async () => {
    const { cookie } = await signedInAgent();
    const response = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie, origin: app.config.publicUrl },
      payload: JSON.stringify({ query: 'query { Drop_All_Tables(input: {}) }' }),
    });
    const body = response.json() as { data?: unknown; errors: { message: string }[] };
    expect(body.data ?? null).toBeNull();
    expect(body.errors[0].message).toContain('Drop_All_Tables');
  });
});
