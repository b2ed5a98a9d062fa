import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { member, organization, user } from '../db/schema/identity.ts';
import { auditLog } from '../db/schema/platform.ts';
import { seedOrganization, seedParty, seedUser } from '../db/seed/factories.ts';
import { newId } from '../db/ids.ts';
import { authCall, call, sessionsOf, signIn, startTestApp, unique, type TestApp } from '../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

function signInWithPassword(email: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) {
  return authCall(app, '/auth/sign-in/email', { email, password, ...extra });
}

function sessionCookieLine(setCookies: string[]): string {
  const line = setCookies.filter((cookie) => cookie.startsWith('fieldport.session_token=')).pop();
  if (!line) throw new Error('No session cookie was set');
  return line;
}

describe('password sign-in', () => {
  it('signs in with the email trimmed and lowercased and sets an httpOnly session cookie', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await signInWithPassword(`  ${members.OWNER.email.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: members.OWNER.email, mustChangePassword: false });
    expect(answer.cookie).toMatch(/^fieldport\.session_token=/);
    expect(sessionCookieLine(answer.setCookies)).toMatch(/; HttpOnly/);
    expect(await sessionsOf(app, members.OWNER.userId)).toHaveLength(1);
  });

  it('starts the session in the organization of the membership and records the sign-in', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['ADMIN'] });
    await signIn(app, members.ADMIN.email, TEST_PASSWORD);
    const [row] = await sessionsOf(app, members.ADMIN.userId);
    expect(row.activeOrganizationId).toBe(org.id);
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, members.ADMIN.userId), eq(auditLog.operation, 'SIGN_IN')));
    expect(audit).toHaveLength(1);
    expect(audit[0].organization_id).toBe(org.id);
  });

  it('with Remember Me keeps the session 30 days: the cookie carries a Max-Age', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await signInWithPassword(members.OWNER.email, TEST_PASSWORD, { rememberMe: true });
    expect(answer.status).toBe(200);
    expect(sessionCookieLine(answer.setCookies)).toMatch(/; Max-Age=2592000(;|$)/);
    const [row] = await sessionsOf(app, members.OWNER.userId);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);
  });

  it('without Remember Me sets a browser-session cookie (no Max-Age) and a short server session', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await signInWithPassword(members.OWNER.email, TEST_PASSWORD, { rememberMe: false });
    expect(answer.status).toBe(200);
    const line = sessionCookieLine(answer.setCookies);
    expect(line).not.toMatch(/Max-Age|Expires/i);
    const [row] = await sessionsOf(app, members.OWNER.userId);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(DAY_MS);
  });

  it('creates a new session on every sign-in', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['MANAGER'] });
    const first = await signIn(app, members.MANAGER.email, TEST_PASSWORD);
    const second = await signIn(app, members.MANAGER.email, TEST_PASSWORD);
    expect(second).not.toBe(first);
    const rows = await sessionsOf(app, members.MANAGER.userId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.token)).size).toBe(2);
    for (const cookie of [first, second]) {
      const session = await authCall(app, '/auth/get-session', undefined, cookie);
      expect(session.body).toMatchObject({ user: { email: members.MANAGER.email } });
    }
  });

  it('refuses a wrong password with the identity message and creates no session', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await signInWithPassword(members.OWNER.email, 'Wrong@1234');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Invalid email or password');
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, members.OWNER.userId)).toHaveLength(0);
  });

  it("records a refused sign-in in the audit log of the person's organization, without the password", async () => {
    const { org, members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    await signInWithPassword(members.OWNER.email, 'Wrong@1234');
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, members.OWNER.userId), eq(auditLog.operation, 'SIGN_IN_FAILED')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ organization_id: org.id, user_email: members.OWNER.email });
    expect(JSON.stringify(audit[0])).not.toContain('Wrong@1234');
  });

  it('refuses an unknown email with the same message as a wrong password', async () => {
    const answer = await signInWithPassword(`nobody.${unique()}@test.local`);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Invalid email or password');
    expect(answer.cookie).toBe('');
  });

  it('starts the session in the first membership, by id where memberships share their creation time', async () => {
    const person = await seedUser(app.database.db, {
      email: `two.orgs.${unique()}@test.local`,
      name: 'Two Orgs',
      password: TEST_PASSWORD,
    });
    const first = await seedOrganization(app.database.db, { name: `First ${unique()}` });
    const second = await seedOrganization(app.database.db, { name: `Second ${unique()}` });
    // As the demo seed makes them, in one transaction with one now(); the later id is written
    // first, so that the order rows happen to be read in would pick the wrong one.
    const [earlierId, laterId] = [newId(), newId()];
    const createdAt = new Date('2026-01-01T00:00:00Z');
    await app.database.db.insert(member).values([
      { id: laterId, organizationId: second.id, userId: person.id, role: 'ADMIN', createdAt },
      { id: earlierId, organizationId: first.id, userId: person.id, role: 'ADMIN', createdAt },
    ]);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await signInWithPassword(person.email)).status).toBe(200);
    }
    const sessions = await sessionsOf(app, person.id);
    expect(sessions.map((row) => row.activeOrganizationId)).toEqual([first.id, first.id]);
  });

  it('refuses a person with no membership with Not Found and no session', async () => {
    const person = await seedUser(app.database.db, {
      email: `loner.${unique()}@test.local`,
      name: 'Lone Person',
      password: TEST_PASSWORD,
    });
    const answer = await signInWithPassword(person.email);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(MSG.userNotFound);
    expect(answer.body.message).toContain('Not Found');
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, person.id)).toHaveLength(0);
  });

  it('refuses a person whose only membership is INVALID with Not Found and no session', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'AGENT',
      status: 'INVALID',
    });
    const answer = await signInWithPassword(person.email);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(MSG.userNotFound);
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it('refuses a membership marked INACTIVE with Temporarily Suspended and no session', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'ADMIN',
      status: 'INACTIVE',
    });
    const answer = await signInWithPassword(person.email);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MSG.membershipSuspended);
    expect(answer.body.message).toContain('Temporarily Suspended');
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it('refuses a member of a suspended organization with Temporarily Suspended and no session', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, org.id));
    const answer = await signInWithPassword(members.AGENT.email);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MSG.organizationSuspended);
    expect(answer.body.message).toContain('Temporarily Suspended');
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, members.AGENT.userId)).toHaveLength(0);
  });

  it('refuses a dealer user whose dealer is suspended with Temporarily Suspended and no session', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const dealer = await seedParty(app.database.db, {
      organization_id: org.id,
      kind: 'DEALER',
      name: `Suspended dealer ${unique()}`,
      status: 'SUSPENDED',
    });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'DEALER_OWNER',
      party_id: dealer.id,
    });
    const answer = await signInWithPassword(person.email);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain('Temporarily Suspended');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it('starts the session in an active organization when an older one is suspended', async () => {
    const suspended = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, suspended.org.id));
    const active = await seedOrganization(app.database.db, { name: `Active Org ${unique()}` });
    await addTestMember(app.database.db, {
      organizationId: active.id,
      role: 'ADMIN',
      email: suspended.members.OWNER.email,
    });
    const cookie = await signIn(app, suspended.members.OWNER.email, TEST_PASSWORD);
    const [row] = await sessionsOf(app, suspended.members.OWNER.userId);
    expect(row.activeOrganizationId).toBe(active.id);
    const details = await call(app, cookie, Get_Current_User_Details, {});
    expect(details.envelope?.data.items[0]).toMatchObject({ organization_id: active.id, user_type: 'ADMIN' });
  });
});

describe('empty and oversized fields', () => {
  const cases: { name: string; body: (email: string) => unknown; message: string }[] = [
    { name: 'no fields at all', body: () => ({}), message: MSG.required },
    { name: 'an empty email', body: () => ({ email: '', password: TEST_PASSWORD }), message: MSG.required },
    {
      name: 'an email of spaces',
      body: () => ({ email: '   ', password: TEST_PASSWORD }),
      message: MSG.required,
    },
    {
      name: 'an email without an at-sign',
      body: (email) => ({ email: email.replace('@', '.'), password: TEST_PASSWORD }),
      message: MSG.emailInvalid,
    },
    {
      name: 'a 300-character email',
      body: (email) => ({ email: `${'x'.repeat(300 - email.length)}${email}`, password: TEST_PASSWORD }),
      message: 'Email must be at most 254 characters',
    },
    { name: 'an empty password', body: (email) => ({ email, password: '' }), message: MSG.passwordRequired },
    { name: 'no password', body: (email) => ({ email }), message: MSG.passwordRequired },
    {
      name: 'a 200-character password',
      body: (email) => ({ email, password: `${TEST_PASSWORD}${'x'.repeat(200 - TEST_PASSWORD.length)}` }),
      message: 'Password must be at most 128 characters',
    },
    { name: 'a body that is not an object', body: () => ['x'], message: MSG.mandatoryFields },
  ];

  it.each(cases)('refuses $name with a 400, its message and no session', async ({ body, message }) => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await authCall(app, '/auth/sign-in/email', body(members.OWNER.email));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', message });
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, members.OWNER.userId)).toHaveLength(0);
  });
});

describe('sign-out', () => {
  it('ends the session on the server: the row is gone and the cookie no longer works', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const other = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const token = decodeURIComponent(cookie.split('=')[1]).split('.')[0];

    const answer = await authCall(app, '/auth/sign-out', {}, cookie);
    expect(answer.status).toBe(200);
    expect(answer.setCookies.some((line) => /^fieldport\.session_token=;.*Max-Age=0/.test(line))).toBe(true);

    const rows = await sessionsOf(app, members.OWNER.userId);
    expect(rows.map((row) => row.token)).not.toContain(token);
    expect(rows).toHaveLength(1);
    expect((await authCall(app, '/auth/get-session', undefined, cookie)).body).toBeNull();
    const refused = await call(app, cookie, Get_Current_User_Details, {});
    expect(refused.errors?.[0]).toMatchObject({
      message: MSG.signInRequired,
      extensions: { code: 'UNAUTHENTICATED' },
    });
    // Signing out on one device leaves the person's other sessions alone.
    const stillIn = await call(app, other, Get_Current_User_Details, {});
    expect(stillIn.envelope?.status).toBe('SUCCESS');

    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, members.OWNER.userId), eq(auditLog.operation, 'SIGN_OUT')));
    expect(audit).toHaveLength(1);
    expect(audit[0].organization_id).toBe(org.id);
  });

  it('answers get-session with null when nobody is signed in', async () => {
    const answer = await app.app.inject({ method: 'GET', url: '/auth/get-session' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBeNull();
  });
});

describe('identity routes outside the allowed list', () => {
  it('answers 404 for sign-up and creates no user', async () => {
    const email = `signup.${unique()}@test.local`;
    const answer = await authCall(app, '/auth/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Self Registered',
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
    expect(await app.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it('answers 404 for the organization plugin and creates no organization', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const slug = `plugin-${unique()}`;
    const answer = await authCall(app, '/auth/organization/create', { name: 'Plugin Org', slug }, cookie);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Not Found');
    expect(await app.database.db.select().from(organization).where(eq(organization.slug, slug))).toHaveLength(
      0,
    );
  });

  it.each([
    ['POST', '/auth/organization/set-active'],
    ['POST', '/auth/email-otp/verify-email'],
    ['POST', '/auth/request-password-reset'],
    ['POST', '/auth/change-password'],
    ['GET', '/auth/list-sessions'],
    ['GET', '/auth/sign-in/email'],
    ['POST', '/auth/get-session'],
  ])('answers 404 for %s %s', async (method, url) => {
    const answer = await app.app.inject({
      method: method as 'GET' | 'POST',
      url,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' });
  });
});
