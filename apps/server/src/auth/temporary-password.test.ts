import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details, GetAllMyOrganizations } from '@fieldport/contract/operations/account';
import { account, user } from '../db/schema/identity.ts';
import { auditLog } from '../db/schema/platform.ts';
import { authCall, call, signIn, startTestApp, type TestApp } from '../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const NEW_PASSWORD = 'Fresh#Pass42';

/** A person whose administrator gave them a temporary password (TEST_PASSWORD). */
async function temporaryPasswordUser() {
  const { org } = await seedTestOrganization(app.database.db, { roles: [] });
  return addTestMember(app.database.db, { organizationId: org.id, role: 'OWNER', mustChangePassword: true });
}

async function storedState(userId: string) {
  const [row] = await app.database.db
    .select({ must: user.mustChangePassword, hash: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.id, userId));
  return row;
}

function completeNewPassword(cookie: string, body: unknown) {
  return authCall(app, '/auth/complete-new-password', body, cookie);
}

describe('temporary password (login step 2)', () => {
  it('signs in and says the password must be changed', async () => {
    const person = await temporaryPasswordUser();
    const answer = await authCall(app, '/auth/sign-in/email', {
      email: person.email,
      password: TEST_PASSWORD,
      rememberMe: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: person.email, mustChangePassword: true });
    expect(answer.cookie).not.toBe('');
  });

  it('refuses every GraphQL operation with the change-password message until it is changed', async () => {
    const person = await temporaryPasswordUser();
    const cookie = await signIn(app, person.email, TEST_PASSWORD);
    for (const op of [Get_Current_User_Details, GetAllMyOrganizations]) {
      const answer = await call(app, cookie, op, {});
      expect(answer.envelope).toBeUndefined();
      expect(answer.errors?.[0]).toMatchObject({
        message: MSG.mustChangePassword,
        extensions: { code: 'FORBIDDEN' },
      });
    }
  });

  it('refuses a new password that breaks the policy and changes nothing', async () => {
    const person = await temporaryPasswordUser();
    const cookie = await signIn(app, person.email, TEST_PASSWORD);
    const before = await storedState(person.userId);
    for (const weak of ['short1!', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigitsHere!', 'NoSymbols123']) {
      const answer = await completeNewPassword(cookie, { newPassword: weak });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', message: MSG.passwordPolicy });
    }
    const empty = await completeNewPassword(cookie, { newPassword: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.passwordRequired);
    expect(await storedState(person.userId)).toEqual(before);
    expect((await call(app, cookie, Get_Current_User_Details, {})).errors?.[0].message).toBe(
      MSG.mustChangePassword,
    );
  });

  it('refuses the temporary password itself as the new one and changes nothing', async () => {
    const person = await temporaryPasswordUser();
    const cookie = await signIn(app, person.email, TEST_PASSWORD);
    const before = await storedState(person.userId);
    const answer = await completeNewPassword(cookie, { newPassword: TEST_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'The new password must be different from the temporary password.',
    });
    expect(await storedState(person.userId)).toEqual(before);
  });

  it('refuses without a session', async () => {
    const answer = await completeNewPassword('', { newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHENTICATED', message: MSG.signInRequired });
  });

  it('refuses a person whose password is not temporary', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const before = await storedState(members.OWNER.userId);
    const answer = await completeNewPassword(cookie, { newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', message: MSG.notTemporaryPassword });
    expect(await storedState(members.OWNER.userId)).toEqual(before);
  });

  it('changes the password, lifts the refusal, and the new password signs in while the old one fails', async () => {
    const person = await temporaryPasswordUser();
    const cookie = await signIn(app, person.email, TEST_PASSWORD);

    const answer = await completeNewPassword(cookie, { newPassword: NEW_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'SUCCESS', status_message: MSG.passwordChanged });
    expect((await storedState(person.userId)).must).toBe(false);

    // The same session may now work.
    const details = await call(app, cookie, Get_Current_User_Details, {});
    expect(details.errors).toBeUndefined();
    expect(details.envelope?.data.items[0].user_email_id).toBe(person.email);

    const old = await authCall(app, '/auth/sign-in/email', { email: person.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await authCall(app, '/auth/sign-in/email', { email: person.email, password: NEW_PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user).toMatchObject({ mustChangePassword: false });

    // A second change through this route is refused: the password is no longer temporary.
    const again = await completeNewPassword(cookie, { newPassword: 'Another#Pass43' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.notTemporaryPassword);

    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, person.userId), eq(auditLog.operation, 'CHANGE_TEMPORARY_PASSWORD')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain(NEW_PASSWORD);
  });
});
