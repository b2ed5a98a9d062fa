import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { member, organization, verification } from '../db/schema/identity.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import { seedUser } from '../db/seed/factories.ts';
import {
  authCall,
  call,
  latestCode,
  sessionsOf,
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

async function agent(): Promise<TestMember & { organizationId: string }> {
  const { members, org } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
  return { ...members.AGENT, organizationId: org.id };
}

function sendCode(email: string) {
  return authCall(app, '/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
}

function signInWithCode(email: string, otp: string, extra: Record<string, unknown> = {}) {
  return authCall(app, '/auth/sign-in/email-otp', { email, otp, ...extra });
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function mailsTo(email: string) {
  return app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
}

function sessionCookieLine(setCookies: string[]): string {
  const line = setCookies.filter((cookie) => cookie.startsWith('fieldport.session_token=')).pop();
  if (!line) throw new Error('No session cookie was set');
  return line;
}

describe('OTP sign-in (login steps 5 and 6)', () => {
  it('mails a sign-in code that signs in once, in the member organization', async () => {
    const person = await agent();
    const sent = await sendCode(` ${person.email.toUpperCase()} `);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true });
    const [mail] = await mailsTo(person.email);
    expect(mail.subject).toBe('Your Fieldport sign-in code');
    const code = await latestCode(app, person.email);
    const stored = await app.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `sign-in-otp-${person.email}`));
    expect(stored).toHaveLength(1);
    expect(stored[0].value).not.toContain(code);

    const answer = await signInWithCode(person.email, code);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: person.email });
    expect(answer.cookie).not.toBe('');
    const sessions = await sessionsOf(app, person.userId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].activeOrganizationId).toBe(person.organizationId);
    const details = await call(app, answer.cookie, Get_Current_User_Details, {});
    expect(details.envelope?.data.items[0]).toMatchObject({
      user_email_id: person.email,
      organization_id: person.organizationId,
    });

    const replay = await signInWithCode(person.email, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('Invalid OTP');
    expect(replay.cookie).toBe('');
    expect(await sessionsOf(app, person.userId)).toHaveLength(1);
  });

  it('ends the cookie with the browser unless Remember Me is on', async () => {
    const person = await agent();
    await sendCode(person.email);
    const browserSession = await signInWithCode(person.email, await latestCode(app, person.email));
    expect(browserSession.status).toBe(200);
    expect(sessionCookieLine(browserSession.setCookies)).not.toMatch(/Max-Age|Expires/i);

    await sendCode(person.email);
    const remembered = await signInWithCode(person.email, await latestCode(app, person.email), {
      rememberMe: true,
    });
    expect(remembered.status).toBe(200);
    expect(sessionCookieLine(remembered.setCookies)).toMatch(/; Max-Age=2592000(;|$)/);
  });

  it('tells an unknown email Not Found and mails nothing', async () => {
    const email = `nobody.${unique()}@test.local`;
    const answer = await sendCode(email);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND', message: MSG.userNotFound });
    expect(answer.body.message).toContain('Not Found');
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('tells a person with no membership Not Found and mails nothing', async () => {
    const person = await seedUser(app.database.db, {
      email: `loner.${unique()}@test.local`,
      name: 'Lone Person',
      password: TEST_PASSWORD,
    });
    const answer = await sendCode(person.email);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(MSG.userNotFound);
    expect(await mailsTo(person.email)).toHaveLength(0);
  });

  it('tells a member of a suspended organization Temporarily Suspended and mails nothing', async () => {
    const person = await agent();
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, person.organizationId));
    const answer = await sendCode(person.email);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'FORBIDDEN', message: MSG.organizationSuspended });
    expect(answer.body.message).toContain('Temporarily Suspended');
    expect(await mailsTo(person.email)).toHaveLength(0);
  });

  it('tells an INACTIVE membership Temporarily Suspended and mails nothing', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'MANAGER',
      status: 'INACTIVE',
    });
    const answer = await sendCode(person.email);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MSG.membershipSuspended);
    expect(await mailsTo(person.email)).toHaveLength(0);
  });

  it('refuses a person suspended after the code was sent, with no session', async () => {
    const person = await agent();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);
    await app.database.db.update(member).set({ status: 'INACTIVE' }).where(eq(member.userId, person.userId));
    const answer = await signInWithCode(person.email, code);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MSG.membershipSuspended);
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it('voids the code after three wrong entries, so that even the right code then fails', async () => {
    const person = await agent();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await signInWithCode(person.email, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_OTP', message: 'Invalid OTP' });
      expect(wrong.cookie).toBe('');
    }
    const right = await signInWithCode(person.email, code);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' });
    expect(right.cookie).toBe('');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it('accepts the right code after fewer than three wrong entries', async () => {
    const person = await agent();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await signInWithCode(person.email, wrongCode(code))).status).toBe(400);
    }
    const right = await signInWithCode(person.email, code);
    expect(right.status).toBe(200);
    expect(await sessionsOf(app, person.userId)).toHaveLength(1);
  });

  it('refuses an expired code with no session', async () => {
    const person = await agent();
    await sendCode(person.email);
    const code = await latestCode(app, person.email);
    const moved = await app.database.query(
      `UPDATE verification SET expires_at = now() - interval '1 second' WHERE identifier = $1 RETURNING id`,
      [`sign-in-otp-${person.email}`],
    );
    expect(moved).toHaveLength(1);
    const answer = await signInWithCode(person.email, code);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'OTP_EXPIRED', message: 'OTP expired' });
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it('does not accept a password-reset code for signing in', async () => {
    const person = await agent();
    await authCall(app, '/auth/email-otp/send-verification-otp', {
      email: person.email,
      type: 'forget-password',
    });
    const answer = await signInWithCode(person.email, await latestCode(app, person.email));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid OTP');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });

  it.each([
    ['an empty email', '', MSG.required],
    ['an email without an at-sign', 'not-an-email', MSG.emailInvalid],
    [
      'a 300-character email',
      `${'z'.repeat(281)}@example.test.local`,
      'Email must be at most 254 characters',
    ],
  ])('refuses %s with a 400 and its message, mailing nothing', async (_name, email, message) => {
    const send = await sendCode(email);
    expect(send.status).toBe(400);
    expect(send.body).toMatchObject({ code: 'BAD_USER_INPUT', message });
    const signIn = await signInWithCode(email, '123456');
    expect(signIn.status).toBe(400);
    expect(signIn.body.message).toBe(message);
    expect(signIn.cookie).toBe('');
  });

  it.each([
    ['an empty code', ''],
    ['a 200-character code', '1'.repeat(200)],
  ])('refuses %s with a 4xx, a message and no session', async (_name, otp) => {
    const person = await agent();
    await sendCode(person.email);
    const answer = await signInWithCode(person.email, otp);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid OTP');
    expect(answer.cookie).toBe('');
    expect(await sessionsOf(app, person.userId)).toHaveLength(0);
  });
});
