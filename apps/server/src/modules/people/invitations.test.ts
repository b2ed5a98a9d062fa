import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import {
  Get_Current_User_Details,
  GetAllMyOrganizations,
  UpdateUserDetails,
} from '@fieldport/contract/operations/account';
import {
  ActivateOrDeactivateUser,
  CreateServicePartner,
  CreateUser,
  List_Users,
  ListServicePartners,
  MarkUserAsInvalid,
  ResendInvitation,
} from '@fieldport/contract/operations/people';
import { member, session } from '../../db/schema/identity.ts';
import { newId } from '../../db/ids.ts';
import {
  authCall,
  call,
  mailedTemporaryPassword,
  mailsTo,
  sessionsOf,
  signIn,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/organizations.ts';
import { expectRefused, newEmail, peopleOrganization, stored, succeed } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'http://portal.example.test:3000' });
});
afterAll(async () => {
  await app?.close();
});

const technician = (email: string) => ({
  user_group: 'TECHNICIANS',
  user_name: 'Made Up Name',
  user_email_id: email,
  user_phone_number: '98765 43210',
  user_type: 'TECHNICIAN',
});

/** The token of the newest invitation link mailed to an address, as the person reads the mail. */
async function mailedToken(email: string): Promise<string> {
  const mail = (await mailsTo(app, email)).at(-1);
  const token = mail?.body_text?.match(/\/AcceptInvitation\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`No invitation link was mailed to ${email}`);
  return token;
}

/** One of the public invitation routes, as the acceptance page calls it (no session). */
async function invitationCall(action: 'read' | 'accept' | 'decline', token: string, ip = uniqueIp()) {
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/invitations/${action}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
    payload: JSON.stringify({ token }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

async function organizationsOf(cookie: string) {
  const answer = await succeed(app, cookie, GetAllMyOrganizations, {});
  return answer.data.items.map((item) => item.organization_id);
}

/** A person who works in A and is signed in there; B's owner adds them as a technician. */
async function invitedFromB() {
  const a = await peopleOrganization(app, { roles: ['OWNER', 'AGENT'] });
  const b = await peopleOrganization(app, { roles: ['OWNER'] });
  const person = a.members.AGENT;
  const sessionInA = await signIn(app, person.email, TEST_PASSWORD);
  const before = await stored(app, a.org.id, person.email);
  const created = await succeed(app, await b.as('OWNER'), CreateUser, technician(person.email));
  return { a, b, person, sessionInA, before, created };
}

describe('security finding 8: another organization can take over a person', () => {
  it('adds a person who signs in elsewhere as a pending membership that reveals nothing and changes nothing', async () => {
    const { a, b, person, sessionInA, before, created } = await invitedFromB();
    // The answer names nobody: only the email the owner typed.
    expect(created.status_message).toBe(
      `Invitation sent to ${person.email}. They join ${b.org.name} when they accept it.`,
    );
    expect(JSON.stringify(created)).not.toContain(before.name);
    expect(created.data.items[0]).toMatchObject({
      user_name: person.email,
      user_email_id: person.email,
      user_phone_number: null,
      user_status: 'PENDING',
      invitation_pending: true,
    });
    // The list and its search show the email only, and the person's name finds nothing.
    const listed = await succeed(app, await b.as('OWNER'), List_Users, {
      user_group: 'TECHNICIANS',
      status: 'ALL',
    });
    expect(JSON.stringify(listed)).not.toContain(before.name);
    expect(listed.data.items.map((item) => item.user_email_id)).toContain(person.email);
    const byName = await succeed(app, await b.as('OWNER'), List_Users, {
      user_group: 'TECHNICIANS',
      status: 'ALL',
      search: before.name,
    });
    expect(byName.data.items).toEqual([]);

    // Password and sessions are untouched; sign-in still lands in A, and B is not offered.
    expect(await stored(app, a.org.id, person.email)).toMatchObject({ hash: before.hash, status: 'ACTIVE' });
    expect(await organizationsOf(sessionInA)).toEqual([a.org.id]);
    const fresh = await signIn(app, person.email, TEST_PASSWORD);
    const current = await succeed(app, fresh, Get_Current_User_Details, {});
    expect(current.data.items[0].organization_id).toBe(a.org.id);
    expectRefused(
      await call(app, sessionInA, UpdateUserDetails, {
        updater_user_id: person.userId,
        organization_id: a.org.id,
        is_switch_between_organization: 'true',
        new_organization_id: b.org.id,
      }),
      'FORBIDDEN',
      { message: MSG.organizationNotMember },
    );
    // B cannot switch the membership on by itself.
    expectRefused(
      await call(app, await b.as('OWNER'), ActivateOrDeactivateUser, {
        user_group: 'TECHNICIANS',
        user_id: person.userId,
        user_status: 'ACTIVE',
      }),
      'CONFLICT',
      { message: `${person.email} has not accepted the invitation yet.` },
    );
  });

  it('mails a link that shows the invitation and, accepted, makes the membership active and switchable', async () => {
    const { a, b, person, sessionInA } = await invitedFromB();
    const [mail] = await mailsTo(app, person.email);
    expect(mail.body_text).toContain('http://portal.example.test:3000/AcceptInvitation?token=');
    expect(mail.body_text).not.toContain('Temporary password');
    const token = await mailedToken(person.email);

    const read = await invitationCall('read', token);
    expect(read).toMatchObject({
      status: 200,
      body: { organization_name: b.org.name, role: 'TECHNICIAN', email: person.email },
    });
    const accepted = await invitationCall('accept', token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status_message).toBe(
      `You joined ${b.org.name} as TECHNICIAN. Choose it with Switch Organization in the user menu.`,
    );
    expect((await stored(app, b.org.id, person.email)).status).toBe('ACTIVE');
    expect((await organizationsOf(sessionInA)).sort()).toEqual([a.org.id, b.org.id].sort());
    await succeed(app, sessionInA, UpdateUserDetails, {
      updater_user_id: person.userId,
      organization_id: a.org.id,
      is_switch_between_organization: 'true',
      new_organization_id: b.org.id,
    });
    // The link works once.
    expect(await invitationCall('accept', token)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });

  it('refuses a declined, expired, reused or unknown token', async () => {
    const { b, person } = await invitedFromB();
    const token = await mailedToken(person.email);
    const declined = await invitationCall('decline', token);
    expect(declined).toMatchObject({
      status: 200,
      body: { status_message: `You declined the invitation to ${b.org.name}.` },
    });
    expect((await stored(app, b.org.id, person.email)).status).toBeNull();
    for (const action of ['accept', 'decline', 'read'] as const) {
      expect((await invitationCall(action, token)).status).toBe(404);
    }
    expect((await invitationCall('accept', 'x'.repeat(43))).status).toBe(404);

    // Invited again, the link is left to expire.
    await succeed(app, await b.as('OWNER'), CreateUser, technician(person.email));
    const second = await mailedToken(person.email);
    await app.database.db
      .update(member)
      .set({ invitation_expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(member.organizationId, b.org.id), eq(member.userId, person.userId)));
    const expired = await invitationCall('accept', second);
    expect(expired).toMatchObject({ status: 410, body: { code: 'INVITATION_EXPIRED' } });
    expect(expired.body.message).toBe(`This invitation has expired. Ask ${b.org.name} to send it again.`);
    expect((await stored(app, b.org.id, person.email)).status).toBe('PENDING');
  });

  it('resends a pending invitation as a new link, never a password, and the old link stops working', async () => {
    const { a, b, person, sessionInA, before } = await invitedFromB();
    const first = await mailedToken(person.email);
    const resent = await succeed(app, await b.as('OWNER'), ResendInvitation, {
      user_group: 'TECHNICIANS',
      user_id: person.userId,
    });
    expect(resent.status_message).toBe(`The invitation was mailed again to ${person.email}.`);
    const second = await mailedToken(person.email);
    expect(second).not.toBe(first);
    expect((await invitationCall('accept', first)).status).toBe(404);
    expect(await stored(app, a.org.id, person.email)).toMatchObject({ hash: before.hash });
    expect(await organizationsOf(sessionInA)).toEqual([a.org.id]);
    expect((await invitationCall('accept', second)).status).toBe(200);
  });

  it('never replaces the password or ends the sessions of a person who has signed in', async () => {
    const { a, b, person, sessionInA, before } = await invitedFromB();
    await invitationCall('accept', await mailedToken(person.email));
    expectRefused(
      await call(app, await b.as('OWNER'), ResendInvitation, {
        user_group: 'TECHNICIANS',
        user_id: person.userId,
      }),
      'CONFLICT',
      {
        message: `${before.name} has already signed in to Fieldport with their own password. If they forgot it, Forgot Password on the sign-in page sends them a code.`,
      },
    );
    expect(await stored(app, a.org.id, person.email)).toMatchObject({ hash: before.hash });
    expect(await organizationsOf(sessionInA)).toContain(a.org.id);
  });

  it('gives a never-signed-in invitee a new temporary password, ending only this organization’s sessions', async () => {
    const b = await peopleOrganization(app);
    const a = await peopleOrganization(app);
    const email = newEmail('fresh');
    const created = await succeed(app, await b.as('OWNER'), CreateUser, technician(email));
    const userId = created.data.items[0].user_id;
    expect(created.status_message).toBe(`Made Up Name invited. A temporary password was mailed to ${email}.`);
    // Sessions cannot exist for somebody who never signed in; should any have been kept from before
    // sign-ins were recorded, the resend ends B's alone.
    const expiresAt = new Date(Date.now() + 3_600_000);
    for (const organizationId of [a.org.id, b.org.id]) {
      await app.database.db.insert(session).values({
        id: newId(),
        token: newId(),
        userId,
        expiresAt,
        activeOrganizationId: organizationId,
      });
    }
    const first = await mailedTemporaryPassword(app, email);
    await succeed(app, await b.as('OWNER'), ResendInvitation, { user_group: 'TECHNICIANS', user_id: userId });
    const second = await mailedTemporaryPassword(app, email);
    expect(second).not.toBe(first);
    expect((await sessionsOf(app, userId)).map((row) => row.activeOrganizationId)).toEqual([a.org.id]);
    const signedIn = await authCall(app, '/auth/sign-in/email', { email, password: second });
    expect(signedIn.status).toBe(200);
    // Signed in once, the person's password is theirs: no organization replaces it any more.
    expectRefused(
      await call(app, await b.as('OWNER'), ResendInvitation, { user_group: 'TECHNICIANS', user_id: userId }),
      'CONFLICT',
      { message: /has already signed in to Fieldport/ },
    );
  });

  it("shows a pending party owner by the email only, on the party's screen too", async () => {
    const a = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const b = await peopleOrganization(app);
    const before = await stored(app, a.org.id, a.members.ADMIN.email);
    const created = await succeed(app, await b.as('OWNER'), CreateServicePartner, {
      party_name: `Cool Partners ${b.tag}`,
      owner_name: 'Typed By B',
      owner_email_id: a.members.ADMIN.email,
      owner_phone_number: '98765 43210',
    });
    expect(JSON.stringify(created)).not.toContain(before.name);
    expect(created.data.items[0]).toMatchObject({
      owner_name: a.members.ADMIN.email,
      owner_phone_number: null,
      owner_status: 'PENDING',
      owner_invitation_pending: true,
    });
    expect(created.status_message).toContain(`The invitation was sent to ${a.members.ADMIN.email}`);
    const listed = await succeed(app, await b.as('OWNER'), ListServicePartners, {});
    expect(JSON.stringify(listed)).not.toContain(before.name);
  });

  it('withdraws a pending invitation when it is marked invalid, leaving nothing to restore', async () => {
    const { b, person } = await invitedFromB();
    const token = await mailedToken(person.email);
    const withdrawn = await succeed(app, await b.as('OWNER'), MarkUserAsInvalid, {
      user_group: 'TECHNICIANS',
      user_id: person.userId,
    });
    expect(withdrawn.status_message).toBe(`The invitation to ${person.email} was withdrawn.`);
    expect((await stored(app, b.org.id, person.email)).status).toBeNull();
    expect((await invitationCall('accept', token)).status).toBe(404);
  });
});

describe('the invitation routes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ AUTH_RATE_LIMIT_IP_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limit the tries of one address, so that nobody can go through tokens', async () => {
    const ip = uniqueIp();
    const tryToken = (from: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/invitations/accept',
        remoteAddress: from,
        headers: { 'content-type': 'application/json', origin: limited.config.publicUrl },
        payload: JSON.stringify({ token: 'A'.repeat(43) }),
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await tryToken(ip)).statusCode).toBe(404);
    const blocked = await tryToken(ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(blocked.body)).toEqual({ code: 'TOO_MANY_REQUESTS', message: MSG.tooManyRequests });
    expect((await tryToken(uniqueIp())).statusCode).toBe(404);
  });
});
