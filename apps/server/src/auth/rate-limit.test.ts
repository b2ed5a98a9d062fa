import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { mailOutbox } from '../db/schema/platform.ts';
import { authCall, latestCode, sessionsOf, startTestApp, uniqueIp, type TestApp } from '../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../test/organizations.ts';

// Two apps started with low limits: one per account (sign-ins and resets 3, codes 2), one per IP.
let perAccount: TestApp;
let perIp: TestApp;
beforeAll(async () => {
  [perAccount, perIp] = await Promise.all([
    startTestApp({ AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '3', AUTH_RATE_LIMIT_CODES_PER_15_MINUTES: '2' }),
    startTestApp({ AUTH_RATE_LIMIT_IP_PER_MINUTE: '3' }),
  ]);
});
afterAll(async () => {
  await Promise.all([perAccount?.close(), perIp?.close()]);
});

function expectTooManyRequests(answer: Awaited<ReturnType<typeof authCall>>) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.cookie).toBe('');
}

describe('rate limits of the identity routes', () => {
  it('refuses a fourth sign-in of one account from one address in 15 minutes, even with the right password', async () => {
    const app = perAccount;
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'ADMIN'] });
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await authCall(app, '/auth/sign-in/email', {
        email: members.OWNER.email,
        password: 'Wrong@1234',
      });
      expect(wrong.status).toBe(401);
    }
    // The account is counted however the email is written.
    const blocked = await authCall(app, '/auth/sign-in/email', {
      email: ` ${members.OWNER.email.toUpperCase()}`,
      password: TEST_PASSWORD,
    });
    expectTooManyRequests(blocked);
    expect(await sessionsOf(app, members.OWNER.userId)).toHaveLength(0);

    // The OTP sign-in of the same account shares the count.
    const otp = await authCall(app, '/auth/sign-in/email-otp', { email: members.OWNER.email, otp: '123456' });
    expectTooManyRequests(otp);

    // Another account from the same address is not affected.
    const other = await authCall(app, '/auth/sign-in/email', {
      email: members.ADMIN.email,
      password: TEST_PASSWORD,
    });
    expect(other.status).toBe(200);
  });

  it('refuses more password-reset attempts of one account from one address than allowed', async () => {
    const app = perAccount;
    const { members } = await seedTestOrganization(app.database.db, { roles: ['MANAGER'] });
    const email = members.MANAGER.email;
    await authCall(app, '/auth/email-otp/send-verification-otp', { email, type: 'forget-password' });
    const code = await latestCode(app, email);
    for (let attempt = 0; attempt < 3; attempt++) {
      const weak = await authCall(app, '/auth/email-otp/reset-password', {
        email,
        otp: code,
        password: 'weak',
      });
      expect(weak.status).toBe(400);
    }
    const blocked = await authCall(app, '/auth/email-otp/reset-password', {
      email,
      otp: code,
      password: 'Strong#Pass99',
    });
    expectTooManyRequests(blocked);
    const old = await authCall(app, '/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(old.status).toBe(200);
  });

  it('refuses more codes for one account than allowed and mails no more', async () => {
    const app = perAccount;
    const { members } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
    const email = members.AGENT.email;
    for (const type of ['sign-in', 'forget-password']) {
      const sent = await authCall(app, '/auth/email-otp/send-verification-otp', { email, type });
      expect(sent.status).toBe(200);
    }
    const blocked = await authCall(app, '/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expectTooManyRequests(blocked);
    const mails = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));
    expect(mails).toHaveLength(2);
  });

  it('refuses more requests from one IP address per minute than allowed, whatever the account', async () => {
    const app = perIp;
    const { members } = await seedTestOrganization(app.database.db, {
      roles: ['OWNER', 'ADMIN', 'MANAGER', 'AGENT'],
    });
    const ip = uniqueIp();
    for (const role of ['OWNER', 'ADMIN', 'MANAGER'] as const) {
      const answer = await authCall(
        app,
        '/auth/sign-in/email',
        { email: members[role].email, password: TEST_PASSWORD },
        '',
        { remoteAddress: ip },
      );
      expect(answer.status).toBe(200);
    }
    const blocked = await authCall(
      app,
      '/auth/sign-in/email',
      { email: members.AGENT.email, password: TEST_PASSWORD },
      '',
      { remoteAddress: ip },
    );
    expectTooManyRequests(blocked);
    expect(await sessionsOf(app, members.AGENT.userId)).toHaveLength(0);

    // The same person from another address signs in.
    const elsewhere = await authCall(
      app,
      '/auth/sign-in/email',
      { email: members.AGENT.email, password: TEST_PASSWORD },
      '',
      { remoteAddress: uniqueIp() },
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe('security finding 9: lockout by anyone', () => {
  // The looser per-account limit is lowered so that the test trips it with a few requests.
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      AUTH_RATE_LIMIT_ACCOUNT_PER_15_MINUTES: '10',
      AUTH_ACCOUNT_FAILURES_PER_HOUR: '13',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const signInFrom = (ip: string, email: string, password: string) =>
    authCall(app, '/auth/sign-in/email', { email, password }, '', { remoteAddress: ip });

  it('locks one address out of an account after 10 attempts, while the owner signs in from another', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const email = members.OWNER.email;
    const attacker = uniqueIp();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signInFrom(attacker, email, 'Wrong@1234')).status).toBe(401);
    }
    expectTooManyRequests(await signInFrom(attacker, email, 'Wrong@1234'));
    expectTooManyRequests(await signInFrom(attacker, email, TEST_PASSWORD));
    // The OTP sign-in from that address shares the count.
    expectTooManyRequests(
      await authCall(app, '/auth/sign-in/email-otp', { email, otp: '123456' }, '', {
        remoteAddress: attacker,
      }),
    );

    const owner = await signInFrom(uniqueIp(), email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.cookie).not.toBe('');
  });

  it('slows an account down after failures from many addresses, and lets it in again after the wait', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const email = members.OWNER.email;
    // 12 failures, 3 from each of 4 addresses (no address reaches its own limit of 10), and a 13th.
    for (let address = 0; address < 4; address++) {
      const ip = uniqueIp();
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await signInFrom(ip, email, 'Wrong@1234')).status).toBe(401);
      }
    }
    // Wrong reset codes count too, from yet another address.
    const reset = await authCall(
      app,
      '/auth/email-otp/reset-password',
      { email, otp: '000000', password: 'Strong#Pass99' },
      '',
      { remoteAddress: uniqueIp() },
    );
    expect(reset.status).toBe(400);

    const blocked = await signInFrom(uniqueIp(), email, TEST_PASSWORD);
    expectTooManyRequests(blocked);
    expect(await sessionsOf(app, members.OWNER.userId)).toHaveLength(0);
    const firstWait = Number(blocked.headers['retry-after']);

    // The wait is over (moved into the past instead of sleeping): one more failure waits longer.
    const pastWait = () =>
      app.database.query(
        `UPDATE rate_limit SET blocked_until = now() - interval '1 second' WHERE key = $1 RETURNING key`,
        [`account:${email}:failures`],
      );
    expect(await pastWait()).toHaveLength(1);
    expect((await signInFrom(uniqueIp(), email, 'Wrong@1234')).status).toBe(401);
    const longer = await signInFrom(uniqueIp(), email, TEST_PASSWORD);
    expectTooManyRequests(longer);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(firstWait);

    // After the wait, the owner signs in.
    await pastWait();
    const owner = await signInFrom(uniqueIp(), email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
  });

  it('never waits longer than the cap', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const email = members.OWNER.email;
    await app.database.query(`INSERT INTO rate_limit (key, window_start, count) VALUES ($1, now(), 40)`, [
      `account:${email}:failures`,
    ]);
    expect((await signInFrom(uniqueIp(), email, 'Wrong@1234')).status).toBe(401);
    const blocked = await signInFrom(uniqueIp(), email, TEST_PASSWORD);
    expectTooManyRequests(blocked);
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
  });
});
