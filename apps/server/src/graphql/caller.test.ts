import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { member, session } from '../db/schema/identity.ts';
import { call, signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

/**
 * The caller is read in one statement with the session (caller.ts): what changed in the database a
 * moment ago decides the very next request, with no cache in between.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).split('.')[0];

async function signedIn() {
  const seeded = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'AGENT'] });
  const cookie = await signIn(app, seeded.members.AGENT.email, TEST_PASSWORD);
  const first = await call(app, cookie, Get_Current_User_Details, {});
  expect(first.envelope?.status).toBe('SUCCESS');
  return { ...seeded, cookie };
}

describe('the caller of a request', () => {
  it('refuses a session revoked in the database on the very next request', async () => {
    const { cookie } = await signedIn();
    await app.database.db.delete(session).where(eq(session.token, tokenOf(cookie)));
    const refused = await call(app, cookie, Get_Current_User_Details, {});
    expect(refused.errors?.[0]).toMatchObject({
      message: MSG.signInRequired,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('refuses a member deactivated a moment ago on the very next request, and lets them back once active', async () => {
    const { cookie, members } = await signedIn();
    await app.database.db
      .update(member)
      .set({ status: 'INACTIVE' })
      .where(eq(member.id, members.AGENT.membershipId));
    const refused = await call(app, cookie, Get_Current_User_Details, {});
    expect(refused.errors?.[0]).toMatchObject({
      message: MSG.membershipSuspended,
      extensions: { code: 'FORBIDDEN' },
    });
    await app.database.db
      .update(member)
      .set({ status: 'ACTIVE' })
      .where(eq(member.id, members.AGENT.membershipId));
    expect((await call(app, cookie, Get_Current_User_Details, {})).envelope?.status).toBe('SUCCESS');
  });

  it('refuses a cookie whose signature does not match its token, and an expired session', async () => {
    const { cookie } = await signedIn();
    const [name, value] = cookie.split('=');
    const [token, signature] = decodeURIComponent(value).split('.');
    const forged = `${name}=${encodeURIComponent(`${token}x.${signature}`)}`;
    const otherSignature = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    for (const bad of [forged, otherSignature, `${name}=${token}`, `${name}=`]) {
      const refused = await call(app, bad, Get_Current_User_Details, {});
      expect(refused.errors?.[0], bad).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    }

    await app.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    const expired = await call(app, cookie, Get_Current_User_Details, {});
    expect(expired.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('extends a session once a day of its life has passed, as better-auth does', async () => {
    const { cookie } = await signedIn();
    const token = tokenOf(cookie);
    // Two days later: 28 of the 30 days left, past the day after which better-auth extends it.
    const soon = new Date(Date.now() + 28 * 24 * 60 * 60 * 1000);
    await app.database.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token));
    expect((await call(app, cookie, Get_Current_User_Details, {})).envelope?.status).toBe('SUCCESS');
    const [row] = await app.database.db.select().from(session).where(eq(session.token, token));
    expect(row.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60 * 1000);
  });
});
