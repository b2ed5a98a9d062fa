import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { organization, verification } from '../db/schema/identity.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import {
  authCall,
  latestCode,
  sessionsOf,
  signIn,
  startTestApp,
  unique,
  type TestApp,
} from '../test/harness.ts';
import {
  addTestMember,
  seedTestOrganization,
  TEST_PASSWORD,
  type TestMember,
} from '../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const NEW_PASSWORD = 'Reset#Pass77';

async function member(): Promise<TestMember> {
  const { members } = await seedTestOrganization(app.database.db, { roles: ['MANAGER'] });
  return members.MANAGER;
}

function sendCode(email: string) {
  return authCall(app, '/auth/email-otp/send-verification-otp', { email, type: 'forget-password' });
}

function resetPassword(email: string, otp: string, password = NEW_PASSWORD) {
  return authCall(app, '/auth/email-otp/reset-password', { email, otp, password });
}

function passwordSignIn(email: string, password: string) {
  return authCall(app, '/auth/sign-in/email', { email, password });
}

/** A code of six digits that is not the one mailed. */
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function mailsTo(email: string) {
  return app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
}

describe('forgot password (login steps 3 and 4)', () => {
  it('a password chosen through Forgot Password replaces a temporary one: no change is asked afterwards', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'OWNER',
      mustChangePassword: true,
    });
    await sendCode(person.email);
    expect((await resetPassword(person.email, await latestCode(app, person.email))).status).toBe(200);
    const answer = await passwordSignIn(person.email, NEW_PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ mustChangePassword: false });
  });

  it('mails a 6-digit code, which is stored only hashed', async () => {
    const person = await member();
    const answer = await sendCode(person.email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const [mail] = await mailsTo(person.email);
    expect(mail).toMatchObject({ subject: 'Your Fieldport password reset code', transport: 'console' });
    const code = await latestCode(app, person.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.body_text).toContain('valid for 10 minutes');
    const rows = await app.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `forget-password-otp-${person.email}`));
    expect(rows).toHaveLength(1);
    expect(rows[0].value).not.toContain(code);
  });

  it('resets the password with the code: the new password signs in, the old one fails, old sessions end', async () => {
    const person = await member();
    const earlier = await signIn(app, person.email, TEST_PASSWORD);
    await sendCode(person.email);
    const code = await latestCode(app, person.email);

    const answer = await resetPassword(person.email, code);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(answer.cookie).toBe('');

    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
    expect((await authCall(app, '/auth/get-session', undefined, earlier)).body).toBeNull();
    const old = await passwordSignIn(person.email, TEST_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid email or password');
    expect((await passwordSignIn(person.email, NEW_PASSWORD)).status).toBe(200);

    // The code is used up.
    const replay = await resetPassword(person.email, code, 'Other#Pass88');
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('Invalid OTP');
    expect((await passwordSignIn(person.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a weak new password with the policy message and keeps the code usable', async () => {
    const person = await member();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);

    const weak = await resetPassword(person.email, code, 'password');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MSG.passwordPolicy);
    expect((await passwordSignIn(person.email, TEST_PASSWORD)).status).toBe(200);

    const good = await resetPassword(person.email, code);
    expect(good.status).toBe(200);
    expect((await passwordSignIn(person.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('voids the code after three wrong entries, so that even the right code then fails', async () => {
    const person = await member();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await resetPassword(person.email, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_OTP', message: 'Invalid OTP' });
    }
    const right = await resetPassword(person.email, code);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' });
    expect((await passwordSignIn(person.email, NEW_PASSWORD)).status).toBe(401);
    expect((await passwordSignIn(person.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired code and leaves the password as it was', async () => {
    const person = await member();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);
    const moved = await app.database.query(
      `UPDATE verification SET expires_at = now() - interval '1 minute' WHERE identifier = $1 RETURNING id`,
      [`forget-password-otp-${person.email}`],
    );
    expect(moved).toHaveLength(1);

    const answer = await resetPassword(person.email, code);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'OTP_EXPIRED', message: 'OTP expired' });
    expect((await passwordSignIn(person.email, NEW_PASSWORD)).status).toBe(401);
    expect((await passwordSignIn(person.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('accepts only the newest code once a second one was sent', async () => {
    const person = await member();
    await sendCode(person.email);
    const first = await latestCode(app, person.email);
    await sendCode(person.email);
    const second = await latestCode(app, person.email);
    expect(await mailsTo(person.email)).toHaveLength(2);
    expect(second).not.toBe(first);
    const stale = await resetPassword(person.email, first);
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Invalid OTP');
    expect((await resetPassword(person.email, second)).status).toBe(200);
  });

  it('refuses a reset with a code that was never sent', async () => {
    const person = await member();
    const answer = await resetPassword(person.email, '123456');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid OTP');
    expect((await passwordSignIn(person.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown email as it answers a known one, and mails nothing: no one can probe for accounts', async () => {
    const known = await member();
    const email = `nobody.${unique()}@test.local`;
    const answers = [await sendCode(known.email), await sendCode(email)];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, { success: true }],
      [200, { success: true }],
    ]);
    expect(await mailsTo(known.email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('answers a member of a suspended organization alike too, and mails nothing', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, org.id));
    const answer = await sendCode(members.AGENT.email);
    expect([answer.status, answer.body]).toEqual([200, { success: true }]);
    expect(await mailsTo(members.AGENT.email)).toHaveLength(0);
  });

  it.each([
    ['an empty email', '', MSG.required],
    [
      'a 300-character email',
      `${'y'.repeat(281)}@example.test.local`,
      'Email must be at most 254 characters',
    ],
  ])('refuses %s with a 400 and its message', async (_name, email, message) => {
    const send = await sendCode(email);
    expect(send.status).toBe(400);
    expect(send.body).toMatchObject({ code: 'BAD_USER_INPUT', message });
    const reset = await resetPassword(email, '123456');
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(message);
  });

  it('refuses an empty new password with the required message', async () => {
    const person = await member();
    await sendCode(person.email);
    const answer = await resetPassword(person.email, await latestCode(app, person.email), '');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MSG.passwordRequired);
    const rows = await app.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `forget-password-otp-${person.email}`));
    expect(rows).toHaveLength(1);
  });
});
