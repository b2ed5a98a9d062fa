import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/platform.ts';
import { authCall, latestCode, sessionsOf, startTestApp, unique, type TestApp } from '../test/harness.ts';
import { addTestMember, seedTestOrganization } from '../test/organizations.ts';
import { startSmtpReceiver } from '../test/smtp-receiver.ts';
import { createMailer } from './mail.ts';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let app: TestApp;
const MAIL_FROM = 'Fieldport Test <portal@fieldport.test>';
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function mailsFor(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email));
}

async function outboxRows(email: string) {
  return app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.created_at));
}

describe('mail over SMTP', () => {
  it('delivers the forgot-password code to the person, and the outbox keeps no body', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const email = members.OWNER.email;
    const sent = await authCall(app, '/auth/email-otp/send-verification-otp', {
      email,
      type: 'forget-password',
    });
    expect(sent.status).toBe(200);

    const [mail] = mailsFor(email);
    expect(mailsFor(email)).toHaveLength(1);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('portal@fieldport.test');
    expect(mail.headers).toMatch(/^From: Fieldport Test <portal@fieldport\.test>$/m);
    expect(mail.headers).toMatch(/^Subject: Your Fieldport password reset code$/m);
    const code = mail.body.match(/Your code to reset your Fieldport password is (\d{6})\./)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await outboxRows(email);
    expect(row).toMatchObject({
      transport: 'smtp',
      status: 'SENT',
      subject: 'Your Fieldport password reset code',
      body_text: null,
      error: null,
    });
    await expect(latestCode(app, email)).rejects.toThrow('No code was mailed');

    // The mailed code is the real one: it resets the password.
    const reset = await authCall(app, '/auth/email-otp/reset-password', {
      email,
      otp: code,
      password: 'Mailed#Code11',
    });
    expect(reset.status).toBe(200);
    expect((await authCall(app, '/auth/sign-in/email', { email, password: 'Mailed#Code11' })).status).toBe(
      200,
    );
  });

  it('delivers the sign-in code, which signs in', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
    const email = members.AGENT.email;
    expect(
      (await authCall(app, '/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })).status,
    ).toBe(200);
    const [mail] = mailsFor(email);
    expect(mail.headers).toMatch(/^Subject: Your Fieldport sign-in code$/m);
    const code = mail.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    const answer = await authCall(app, '/auth/sign-in/email-otp', { email, otp: code });
    expect(answer.status).toBe(200);
    expect(await sessionsOf(app, members.AGENT.userId)).toHaveLength(1);
  });

  it('records a refused delivery as FAILED with the reason, and tells the client it failed', async () => {
    const { org } = await seedTestOrganization(app.database.db, { roles: [] });
    const person = await addTestMember(app.database.db, {
      organizationId: org.id,
      role: 'OWNER',
      email: `refused.${unique()}@test.local`,
    });
    const sent = await authCall(app, '/auth/email-otp/send-verification-otp', {
      email: person.email,
      type: 'forget-password',
    });
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({
      code: 'MAIL_FAILED',
      message: 'The code could not be mailed. Please try again in a few minutes.',
    });
    expect(mailsFor(person.email)).toHaveLength(0);
    const [row] = await outboxRows(person.email);
    expect(row).toMatchObject({ transport: 'smtp', status: 'FAILED', body_text: null });
    expect(row.error).toContain('Mailbox unavailable');
  });

  it('reports the SMTP transport on the health check', async () => {
    const health = await app.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok', mail: 'smtp' });
  });
});

describe('the console outbox (no SMTP_URL)', () => {
  it('prints the mail as a readable block and keeps its body, so that codes can be read without a mail server', async () => {
    const blocks: string[] = [];
    const mailer = createMailer({
      db: app.database.db,
      from: MAIL_FROM,
      print: (block) => blocks.push(block),
    });
    expect(mailer.transport).toBe('console');
    const to = `console.${unique()}@test.local`;
    await mailer.send({ to, subject: 'Hello', text: 'Your code is 424242.\n\nThanks.' });
    mailer.close();
    expect(blocks).toHaveLength(1);
    const lines = blocks[0].split('\n');
    expect(lines[0]).toMatch(/^=+$/);
    expect(lines[1]).toMatch(/^\[mail outbox\] \d{4}-\d\d-\d\dT/);
    expect(lines.slice(2)).toEqual([
      `To:      ${to}`,
      'Subject: Hello',
      '',
      'Your code is 424242.',
      '',
      'Thanks.',
      lines[0],
      '',
    ]);
    const [row] = await outboxRows(to);
    expect(row).toMatchObject({
      transport: 'console',
      status: 'SENT',
      body_text: 'Your code is 424242.\n\nThanks.',
    });
    expect(await latestCode(app, to)).toBe('424242');
  });
});
