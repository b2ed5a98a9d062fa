import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { session } from '../db/schema/identity.ts';
import { authCall, startTestApp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function sessionCount(userId: string) {
  return (await app.database.db.select().from(session).where(eq(session.userId, userId))).length;
}

describe('password sign-in', () => {
  it('signs in with the email trimmed and lowercased and sets an httpOnly session cookie', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await authCall(app, '/auth/sign-in/email', {
      email: `  ${members.OWNER.email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: members.OWNER.email, mustChangePassword: false });
    expect(answer.cookie).toMatch(/^fieldport\.session_token=/);
    expect(await sessionCount(members.OWNER.userId)).toBe(1);
  });

  it('refuses a wrong password with the identity message and creates no session', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const answer = await authCall(app, '/auth/sign-in/email', {
      email: members.OWNER.email,
      password: 'Wrong@1234',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Invalid email or password');
    expect(answer.cookie).toBe('');
    expect(await sessionCount(members.OWNER.userId)).toBe(0);
  });

  it('refuses a member of a suspended organization with Temporarily Suspended and no session', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
    await app.database.query(`UPDATE organization SET status = 'SUSPENDED' WHERE id = $1`, [org.id]);
    const answer = await authCall(app, '/auth/sign-in/email', {
      email: members.AGENT.email,
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MSG.organizationSuspended);
    expect(answer.body.message).toContain('Temporarily Suspended');
    expect(await sessionCount(members.AGENT.userId)).toBe(0);
  });
});
