import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { CreateUser } from '@fieldport/contract/operations/people';
import { seedOrganization, seedParty } from '../../db/seed/factories.ts';
import {
  authCall,
  call,
  mailedTemporaryPassword,
  mailsTo,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { addTestMember, TEST_PASSWORD } from '../../test/organizations.ts';
import {
  auditsOf,
  expectRefused,
  footprint,
  newEmail,
  peopleOrganization,
  stored,
  succeed,
} from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'http://portal.example.test:3000' });
});
afterAll(async () => {
  await app?.close();
});

const technician = (email: string) => ({
  user_group: 'TECHNICIANS',
  user_name: 'Tara Technician',
  user_email_id: email,
  user_phone_number: '98765 43210',
  user_type: 'TECHNICIAN',
});

describe('CreateUser', () => {
  it('invites a technician: the mail has the sign-in address, the email and a temporary password that must be changed', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const email = newEmail('tara');
    const envelope = await succeed(
      app,
      await org.as('ADMIN'),
      CreateUser,
      technician(`  ${email.toUpperCase()} `),
    );
    expect(envelope.status_message).toBe(
      `Tara Technician invited. A temporary password was mailed to ${email}.`,
    );
    expect(envelope.data.items[0]).toMatchObject({
      user_name: 'Tara Technician',
      user_email_id: email,
      user_phone_number: '+919876543210',
      user_type: 'TECHNICIAN',
      user_status: 'ACTIVE',
      party_id: null,
      invitation_pending: true,
    });

    const [mail] = await mailsTo(app, email);
    expect(mail.subject).toBe(`You are invited to ${org.org.name} on Fieldport`);
    expect(mail.body_text).toContain('Sign-in address: http://portal.example.test:3000/');
    expect(mail.body_text).toContain(`Email: ${email}`);
    expect(mail.body_text).toContain('as TECHNICIAN');

    const password = await mailedTemporaryPassword(app, email);
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    const signedIn = await authCall(app, '/auth/sign-in/email', { email, password, rememberMe: false });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email, mustChangePassword: true });
    // Until the temporary password is replaced, nothing else answers.
    expectRefused(await call(app, signedIn.cookie, Get_Current_User_Details, {}), 'FORBIDDEN', {
      message: MSG.mustChangePassword,
    });
    const changed = await authCall(
      app,
      '/auth/complete-new-password',
      { newPassword: 'Chosen#Pass42' },
      signedIn.cookie,
    );
    expect(changed.status).toBe(200);
    const own = await succeed(app, await signIn(app, email, 'Chosen#Pass42'), Get_Current_User_Details, {});
    expect(own.data.items[0]).toMatchObject({ user_email_id: email, user_type: 'TECHNICIAN' });

    const [audit] = await auditsOf(app, org.org.id, 'CreateUser');
    expect(audit).toMatchObject({
      user_email: org.members.ADMIN.email,
      target: envelope.data.items[0].user_id,
    });
    expect(JSON.stringify(audit.changes)).not.toContain(password);
  });

  it('gives a staff member with a designation role the designation chosen', async () => {
    const org = await peopleOrganization(app);
    const email = newEmail('manager');
    const envelope = await succeed(app, await org.as('OWNER'), CreateUser, {
      user_group: 'STAFF',
      user_name: 'Mona Manager',
      user_email_id: email,
      user_type: 'MANAGER',
      designation_id: org.designation.id,
    });
    expect(envelope.data.items[0]).toMatchObject({
      user_type: 'MANAGER',
      designation_id: org.designation.id,
      designation_name: org.designation.name,
    });
  });

  it('invites an email that already signs in elsewhere to a pending membership, keeping the password', async () => {
    const elsewhere = await seedOrganization(app.database.db, { name: 'Elsewhere Ltd' });
    const person = await addTestMember(app.database.db, { organizationId: elsewhere.id, role: 'ADMIN' });
    const before = await stored(app, elsewhere.id, person.email);
    const org = await peopleOrganization(app);

    const envelope = await succeed(app, await org.as('OWNER'), CreateUser, technician(person.email));
    expect(envelope.status_message).toBe(
      `Invitation sent to ${person.email}. They join ${org.org.name} when they accept it.`,
    );
    // Known here by the email only until they accept; their password and its state are untouched.
    expect(envelope.data.items[0]).toMatchObject({
      user_name: person.email,
      user_status: 'PENDING',
      invitation_pending: true,
    });
    const after = await stored(app, org.org.id, person.email);
    expect(after).toMatchObject({
      hash: before.hash,
      mustChangePassword: false,
      role: 'TECHNICIAN',
      status: 'PENDING',
    });
    const [mail] = await mailsTo(app, person.email);
    expect(mail.body_text).toContain('http://portal.example.test:3000/AcceptInvitation?token=');
    expect(mail.body_text).not.toContain('Temporary password');
    await signIn(app, person.email, TEST_PASSWORD);
  });

  it('refuses an email that is already a member, naming the field, and writes nothing', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'AGENT'] });
    const email = org.members.AGENT.email;
    const cookie = await org.as('OWNER');
    const before = await footprint(app, org.org.id, email);
    expectRefused(await call(app, cookie, CreateUser, technician(email)), 'CONFLICT', {
      field: 'user_email_id',
      message: `${email} is already a member of this organization (Service Co-Ordinator).`,
    });
    expect(await footprint(app, org.org.id, email)).toEqual(before);
  });

  const badInputs: [string, Record<string, unknown>, string, string | RegExp][] = [
    ['an empty name', { user_name: '  ' }, 'user_name', 'Name is required'],
    ['an email without @', { user_email_id: 'nobody.example.com' }, 'user_email_id', MSG.emailInvalid],
    [
      'a phone number that is not one',
      { user_phone_number: '12345' },
      'user_phone_number',
      /^user_phone_number: Phone number is too short for/,
    ],
    [
      'a role the screen does not give',
      { user_type: 'ADMIN' },
      'user_type',
      'Role must be one of: TECHNICIAN',
    ],
    ['an unknown group', { user_group: 'EVERYONE' }, 'user_group', /user_group must be one of/],
    ['an unknown key', { is_admin: true }, '', /Unrecognized key/],
  ];
  it.each(badInputs)(
    'refuses %s, naming the field, and writes nothing',
    async (_label, change, field, message) => {
      const org = await peopleOrganization(app);
      const email = newEmail('bad');
      const cookie = await org.as('OWNER');
      const before = await footprint(app, org.org.id, email);
      const answer = await call(app, cookie, CreateUser, { ...technician(email), ...change });
      expectRefused(answer, 'BAD_USER_INPUT', { field: field || undefined, message });
      expect(await footprint(app, org.org.id, email)).toEqual(before);
    },
  );

  it('refuses a designation role without a designation, or with another organization’s', async () => {
    const org = await peopleOrganization(app);
    const other = await peopleOrganization(app);
    const email = newEmail('nsm');
    const input = { user_group: 'STAFF', user_name: 'Nita Nsm', user_email_id: email, user_type: 'NSM' };
    const cookie = await org.as('OWNER');
    expectRefused(await call(app, cookie, CreateUser, input), 'BAD_USER_INPUT', {
      field: 'designation_id',
      message: /Designation is required for this role/,
    });
    expectRefused(
      await call(app, cookie, CreateUser, { ...input, designation_id: other.designation.id }),
      'BAD_USER_INPUT',
      { field: 'designation_id', message: 'Designation not found. Choose one from the list.' },
    );
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
  });

  it('needs a party of the right kind and of this organization for a partner’s co-ordinator', async () => {
    const org = await peopleOrganization(app);
    const other = await peopleOrganization(app);
    const cookie = await org.as('OWNER');
    const email = newEmail('agent');
    const input = {
      user_group: 'PARTNER_AGENTS',
      user_name: 'Pia Partner',
      user_email_id: email,
      user_type: 'PARTNER_AGENT',
    };
    expectRefused(await call(app, cookie, CreateUser, input), 'BAD_USER_INPUT', {
      field: 'party_id',
      message: 'Service partner is required',
    });
    for (const party_id of [other.partner.id, org.dealer.id]) {
      expectRefused(await call(app, cookie, CreateUser, { ...input, party_id }), 'BAD_USER_INPUT', {
        field: 'party_id',
        message: 'Service partner not found. Choose one from the list.',
      });
    }
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
    const envelope = await succeed(app, cookie, CreateUser, { ...input, party_id: org.partner.id });
    expect(envelope.data.items[0]).toMatchObject({ party_id: org.partner.id, party_kind: 'SERVICE_PARTNER' });
    expect((await mailsTo(app, email))[0].body_text).toContain(`${org.org.name} (${org.partner.name})`);
  });

  it('lets a technician belong to a service partner, never to a dealer', async () => {
    const org = await peopleOrganization(app);
    const cookie = await org.as('OWNER');
    const withPartner = await succeed(app, cookie, CreateUser, {
      ...technician(newEmail('t')),
      party_id: org.partner.id,
    });
    expect(withPartner.data.items[0].party_name).toBe(org.partner.name);
    expectRefused(
      await call(app, cookie, CreateUser, { ...technician(newEmail('t')), party_id: org.dealer.id }),
      'BAD_USER_INPUT',
      { field: 'party_id' },
    );
  });

  it('lets only the owner or an admin give the ADMIN role', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'MANAGER'] });
    const input = (email: string, user_type: string) => ({
      user_group: 'STAFF',
      user_name: 'New Person',
      user_email_id: email,
      user_type,
      designation_id: org.designation.id,
    });
    const email = newEmail('admin');
    expectRefused(await call(app, await org.as('MANAGER'), CreateUser, input(email, 'ADMIN')), 'FORBIDDEN', {
      message: 'Only the owner or an admin can change an admin.',
    });
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
    // A manager gives a role whose menu is within their own (docs/people.md#who-may-grant-what).
    await succeed(app, await org.as('MANAGER'), CreateUser, input(newEmail('manager'), 'MANAGER'));
    await succeed(app, await org.as('OWNER'), CreateUser, input(email, 'ADMIN'));
  });

  it('refuses a screen whose module the caller does not have, before anything is read', async () => {
    // MANAGER's default menu has Users and Technicians, not the partners' co-ordinators.
    const org = await peopleOrganization(app, { roles: ['OWNER', 'MANAGER'] });
    const email = newEmail('agent');
    const answer = await call(app, await org.as('MANAGER'), CreateUser, {
      user_group: 'PARTNER_AGENTS',
      user_name: 'Pia Partner',
      user_email_id: email,
      user_type: 'PARTNER_AGENT',
      party_id: org.partner.id,
    });
    expectRefused(answer, 'FORBIDDEN', { message: MSG.forbiddenModule });
    expect((await footprint(app, org.org.id, email)).people).toBe(0);
  });

  it('refuses a party the suspended partner cannot take people in', async () => {
    const org = await peopleOrganization(app);
    const suspended = await seedParty(app.database.db, {
      organization_id: org.org.id,
      kind: 'SERVICE_PARTNER',
      name: `Suspended ${org.tag}`,
      status: 'SUSPENDED',
    });
    const answer = await call(app, await org.as('OWNER'), CreateUser, {
      ...technician(newEmail('t')),
      party_id: suspended.id,
    });
    expectRefused(answer, 'BAD_USER_INPUT', { field: 'party_id', message: /is suspended/ });
  });
});

describe('CreateUser when the invitation cannot be mailed', () => {
  let smtpApp: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: the mail server is down.
    smtpApp = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await smtpApp?.close();
  });

  it('keeps the person and queues the invitation, which waits for the mail server to come back', async () => {
    const org = await peopleOrganization(smtpApp);
    const email = newEmail('unmailed');
    const cookie = await org.as('OWNER');
    const before = await footprint(smtpApp, org.org.id, email);
    const answer = await call(smtpApp, cookie, CreateUser, technician(email));
    expect(answer.errors).toBeUndefined();
    expect((await footprint(smtpApp, org.org.id, email)).people).toBe(before.people + 1);
    await smtpApp.mailer.deliverDue({ to: email });
    const [mail] = await mailsTo(smtpApp, email);
    expect(mail).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      subject: expect.stringContaining('invited'),
    });
    expect(mail.error).toContain('ECONNREFUSED');
  });
});
