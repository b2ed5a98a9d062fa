import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListOutboxMails } from '@fieldport/contract/operations/mail-outbox';
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
  it('keeps no outbox: no menu item, and the operation is refused', async () => {
    const smtp = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9/' });
    try {
      const { members } = await seedTestOrganization(smtp.database.db, { roles: ['OWNER'] });
      const owner = await signIn(smtp, members.OWNER.email, TEST_PASSWORD);
      const me = await call(smtp, owner, Get_Current_User_Details, {});
      expect(me.envelope?.data.items[0].mail_outbox).toBeUndefined();
      const refused = await call(smtp, owner, ListOutboxMails, {});
      expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
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
