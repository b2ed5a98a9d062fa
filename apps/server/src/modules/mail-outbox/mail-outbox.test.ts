import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ListOutboxMails, MAIL_ATTEMPTS } from '@fieldport/contract/operations/mail-outbox';
import { mailOutbox } from '../../db/schema/platform.ts';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { seedCustomer } from '../../db/seed/customers.ts';
import { authCall, call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { newMobile } from '../customers/customer.test-kit.ts';
import { codesIn } from './list-outbox-mails.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const askForCode = (email: string) =>
  authCall(app, '/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });

async function outboxOf(cookie: string, input: Record<string, unknown> = {}) {
  const answer = await call(app, cookie, ListOutboxMails, input);
  if (!answer.envelope) throw new Error(`ListOutboxMails failed: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data;
}

describe('the mail outbox (no mail server configured)', () => {
  it("shows the owner the organization's kept mails, newest first, with their codes", async () => {
    const { org, members } = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'AGENT'] });
    const owner = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    await askForCode(members.AGENT.email);
    await askForCode(members.AGENT.email);
    const page = await outboxOf(owner);
    const toAgent = page.items.filter((item) => item.to_address === members.AGENT.email);
    expect(toAgent).toHaveLength(2);
    expect(toAgent[0].subject).toMatch(/code/i);
    expect(toAgent[0].codes).toEqual([expect.stringMatching(/^\d{6}$/)]);
    // Newest first: the second code asked for is on top.
    expect(new Date(toAgent[0].created_on) >= new Date(toAgent[1].created_on)).toBe(true);
    expect(page.time_zone).toBe(org.time_zone);
    // The current user carries the outbox, and the owner's menu shows it.
    const me = await call(app, owner, Get_Current_User_Details, {});
    expect(me.envelope?.data.items[0].mail_outbox).toBe(true);
  });

  it("keeps other organizations' mails and the codes of people in several organizations out", async () => {
    const first = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'AGENT'] });
    const second = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    // The agent of the first organization is also a member of the second: their sign-in code would
    // open the second organization too, so neither owner reads it.
    const both = await addTestMember(app.database.db, { organizationId: first.org.id, role: 'AGENT' });
    await addTestMember(app.database.db, { organizationId: second.org.id, role: 'AGENT', email: both.email });
    await askForCode(both.email);
    await askForCode(first.members.AGENT.email);
    const firstOwner = await signIn(app, first.members.OWNER.email, TEST_PASSWORD);
    const secondOwner = await signIn(app, second.members.OWNER.email, TEST_PASSWORD);
    const seenByFirst = (await outboxOf(firstOwner)).items.map((item) => item.to_address);
    const seenBySecond = (await outboxOf(secondOwner)).items.map((item) => item.to_address);
    expect(seenByFirst).toContain(first.members.AGENT.email);
    expect(seenByFirst).not.toContain(both.email);
    expect(seenBySecond).not.toContain(both.email);
    expect(seenBySecond).not.toContain(first.members.AGENT.email);
  });

  it("does not show an admin the owner's codes, and refuses every other role", async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'ADMIN', 'AGENT'] });
    await askForCode(members.OWNER.email);
    await askForCode(members.AGENT.email);
    const admin = await signIn(app, members.ADMIN.email, TEST_PASSWORD);
    const seen = (await outboxOf(admin)).items.map((item) => item.to_address);
    expect(seen).toContain(members.AGENT.email);
    expect(seen).not.toContain(members.OWNER.email);
    const agent = await signIn(app, members.AGENT.email, TEST_PASSWORD);
    const refused = await call(app, agent, ListOutboxMails, {});
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it("keeps a customer's closure code with the organization of the ticket", async () => {
    const { org, members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const customerEmail = `customer.${org.id}@test.local`;
    await seedCustomer(app.database.db, {
      organization_id: org.id,
      name: 'Closure Customer',
      phone: newMobile(),
      email: customerEmail,
      primary_location: { address: '1, MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
    });
    await app.mailer.send({
      to: customerEmail,
      subject: 'Closure code for your service request T-1',
      text: 'Dear Closure Customer,\n\nYour closure code is 482913.\nPincode 560001 is not a code.',
      organizationId: org.id,
    });
    const owner = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const page = await outboxOf(owner, { to_address: customerEmail });
    expect(page.items.map((item) => [item.to_address, item.codes])).toEqual([[customerEmail, ['482913']]]);
  });
});

describe('with a mail server configured', () => {
  it("shows the owner each mail's delivery, never its body or codes, and a mail that keeps failing as FAILED with why", async () => {
    // Nothing listens on port 9: the mail server is down.
    const smtp = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9/' });
    try {
      const { org, members } = await seedTestOrganization(smtp.database.db, { roles: ['OWNER'] });
      const owner = await signIn(smtp, members.OWNER.email, TEST_PASSWORD);
      const me = await call(smtp, owner, Get_Current_User_Details, {});
      expect(me.envelope?.data.items[0].mail_outbox).toBe(true);
      const to = `down.${org.id}@test.local`;
      await smtp.mailer.send({
        to,
        subject: 'Your closure code',
        text: 'Your closure code is 123456.',
        organizationId: org.id,
      });
      const list = async (input: Record<string, unknown> = {}) => {
        const answer = await call(smtp, owner, ListOutboxMails, { to_address: to, ...input });
        if (!answer.envelope) throw new Error(JSON.stringify(answer.errors));
        return answer.envelope.data;
      };
      const queued = await list();
      expect(queued.transport).toBe('smtp');
      expect(queued.items).toEqual([
        expect.objectContaining({ status: 'QUEUED', attempts: 0, body_text: '', codes: [], error: null }),
      ]);
      for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt += 1) {
        await smtp.mailer.deliverDue({ to: to });
        await smtp.database.db
          .update(mailOutbox)
          .set({ next_attempt_at: new Date(Date.now() - 1000) })
          .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.status, 'QUEUED')));
      }
      const failed = await list({ mail_status: 'FAILED' });
      expect(failed.items).toEqual([
        expect.objectContaining({
          to_address: to,
          status: 'FAILED',
          attempts: MAIL_ATTEMPTS,
          body_text: '',
          codes: [],
          next_attempt_on: null,
          sent_on: null,
          error: expect.stringContaining('ECONNREFUSED'),
        }),
      ]);
      expect((await list({ mail_status: 'SENT' })).items).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

describe('codes in a mail', () => {
  it('finds sign-in, reset and closure codes and temporary passwords, not other numbers', () => {
    expect(codesIn('Your code to sign in is 123456.\n\nIt is valid for 10 minutes.')).toEqual(['123456']);
    expect(codesIn('Your closure code is 654321.\nTicket 100234 at pincode 560001.')).toEqual(['654321']);
    expect(codesIn('Email: a@b.c\nTemporary password: Xy7#kLm2')).toEqual(['Xy7#kLm2']);
    expect(codesIn('Ticket 100234 was assigned.')).toEqual([]);
  });
});
