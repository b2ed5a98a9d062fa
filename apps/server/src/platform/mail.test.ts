import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/platform.ts';
import { authCall, latestCode, sessionsOf, startTestApp, unique, type TestApp } from '../test/harness.ts';
import { addTestMember, seedTestOrganization } from '../test/organizations.ts';
import { startSmtpReceiver } from '../test/smtp-receiver.ts';
import { MAIL_ATTEMPTS } from '@fieldport/contract/operations/mail-outbox';
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
    // Queued by the request, delivered by the mail job (here run at once, as its nudge would).
    const [queued] = await outboxRows(email);
    expect(queued).toMatchObject({ status: 'QUEUED', attempts: 0 });
    expect(mailsFor(email)).toHaveLength(0);
    expect(await app.mailer.deliverDue({ to: email })).toBeGreaterThanOrEqual(1);

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
    await app.mailer.deliverDue({ to: email });
    const [mail] = mailsFor(email);
    expect(mail.headers).toMatch(/^Subject: Your Fieldport sign-in code$/m);
    const code = mail.body.match(/\b(\d{6})\b/)?.[1] ?? '';
    const answer = await authCall(app, '/auth/sign-in/email-otp', { email, otp: code });
    expect(answer.status).toBe(200);
    expect(await sessionsOf(app, members.AGENT.userId)).toHaveLength(1);
  });

  it('retries a refused delivery with growing waits, then keeps it FAILED with the reason and no body', async () => {
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
    expect(sent.status).toBe(200);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt += 1) {
      await app.mailer.deliverDue({ to: person.email });
      const [row] = await outboxRows(person.email);
      expect(row.attempts).toBe(attempt);
      expect(row.error).toContain('Mailbox unavailable');
      if (attempt < MAIL_ATTEMPTS) {
        expect(row.status).toBe('QUEUED');
        waits.push(Math.round((row.next_attempt_at.getTime() - Date.now()) / 1000));
        // The wait has not passed: nothing is tried.
        await app.mailer.deliverDue({ to: person.email });
        expect((await outboxRows(person.email))[0].attempts).toBe(attempt);
        // The clock moves on.
        await app.database.db
          .update(mailOutbox)
          .set({ next_attempt_at: new Date(Date.now() - 1000) })
          .where(eq(mailOutbox.id, row.id));
      } else {
        expect(row).toMatchObject({ status: 'FAILED', body_text: null, transport: 'smtp' });
      }
    }
    expect(mailsFor(person.email)).toHaveLength(0);
    // 30 s, 2, 8 and 32 minutes, give or take the test's own time.
    expect(waits.map((wait) => Math.round(wait / 30))).toEqual([1, 4, 16, 64]);
  });

  it('queues one mail per idempotency key, however often the work that sends it runs', async () => {
    const to = `once.${unique()}@test.local`;
    const key = `test:${unique()}`;
    await app.mailer.send({ to, subject: 'Once', text: 'Only once.' }, undefined, { idempotencyKey: key });
    await app.mailer.send({ to, subject: 'Once', text: 'Only once.' }, undefined, { idempotencyKey: key });
    await app.mailer.deliverDue({ to: to });
    expect(mailsFor(to)).toHaveLength(1);
    expect(await outboxRows(to)).toHaveLength(1);
  });

  it('takes up a mail whose attempt was lost (its process died) once the attempt has run out', async () => {
    const to = `lost.${unique()}@test.local`;
    await app.mailer.send({ to, subject: 'Lost attempt', text: 'Sent after all.' });
    // Another process claimed it and died before it could say how the attempt went.
    await app.database.db
      .update(mailOutbox)
      .set({ status: 'SENDING', attempts: 1, next_attempt_at: new Date(Date.now() + 60_000) })
      .where(eq(mailOutbox.to_address, to));
    await app.mailer.deliverDue({ to: to });
    expect(mailsFor(to)).toHaveLength(0);
    await app.database.db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.to_address, to));
    await app.mailer.deliverDue({ to: to });
    expect(mailsFor(to)).toHaveLength(1);
    expect((await outboxRows(to))[0]).toMatchObject({ status: 'SENT', attempts: 2 });
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
    // Queued, with its body, until the job delivers it: printed then.
    expect(blocks).toHaveLength(0);
    expect(await latestCode(app, to)).toBe('424242');
    await mailer.deliverDue({ to: to });
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
