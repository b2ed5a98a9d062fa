import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivateOrDeactivateUser,
  CreateUser,
  ResendInvitation,
} from '@fieldport/contract/operations/people';
import {
  authCall,
  call,
  mailedTemporaryPassword,
  mailsTo,
  sessionsOf,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { auditsOf, expectRefused, newEmail, peopleOrganization, succeed } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const signInWith = (email: string, password: string) =>
  authCall(app, '/auth/sign-in/email', { email, password, rememberMe: false });

async function invitedTechnician() {
  const org = await peopleOrganization(app);
  const email = newEmail('invited');
  const created = await succeed(app, await org.as('OWNER'), CreateUser, {
    user_group: 'TECHNICIANS',
    user_name: 'Ivy Invited',
    user_email_id: email,
    user_type: 'TECHNICIAN',
  });
  return {
    org,
    email,
    userId: created.data.items[0].user_id,
    target: { user_group: 'TECHNICIANS', user_id: created.data.items[0].user_id },
  };
}

describe('ResendInvitation', () => {
  it('mails a new temporary password to a person who never signed in: the new one signs in, the old one no longer does', async () => {
    const { org, email, userId, target } = await invitedTechnician();
    const first = await mailedTemporaryPassword(app, email);

    const envelope = await succeed(app, await org.as('OWNER'), ResendInvitation, target);
    expect(envelope.status_message).toBe(`A new temporary password was mailed to ${email}.`);
    expect(await mailsTo(app, email)).toHaveLength(2);
    const second = await mailedTemporaryPassword(app, email);
    expect(second).not.toBe(first);
    expect(await sessionsOf(app, userId)).toEqual([]);
    expect((await signInWith(email, first)).status).toBe(401);
    const signedIn = await signInWith(email, second);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ mustChangePassword: true });
    const [audit] = await auditsOf(app, org.org.id, 'ResendInvitation');
    expect(JSON.stringify(audit.changes)).not.toContain(second);
  });

  it('is refused once the person has signed in (Forgot Password is theirs to use)', async () => {
    const { org, email, target } = await invitedTechnician();
    const temporary = await mailedTemporaryPassword(app, email);
    const session = await signInWith(email, temporary);
    expect(
      (await authCall(app, '/auth/complete-new-password', { newPassword: 'Chosen#Pass42' }, session.cookie))
        .status,
    ).toBe(200);
    expectRefused(await call(app, await org.as('OWNER'), ResendInvitation, target), 'CONFLICT', {
      message:
        /has already signed in to Fieldport with their own password\. If they forgot it, Forgot Password/,
    });
    expect(await mailsTo(app, email)).toHaveLength(1);
    expect((await signInWith(email, 'Chosen#Pass42')).status).toBe(200);
  });

  it('is refused for a deactivated member', async () => {
    const { org, email, target } = await invitedTechnician();
    await succeed(app, await org.as('OWNER'), ActivateOrDeactivateUser, {
      ...target,
      user_status: 'INACTIVE',
    });
    expectRefused(await call(app, await org.as('OWNER'), ResendInvitation, target), 'CONFLICT', {
      message: /is deactivated/,
    });
    expect(await mailsTo(app, email)).toHaveLength(1);
  });

  it("is not found for another organization's member", async () => {
    const { email, target } = await invitedTechnician();
    const intruder = await peopleOrganization(app);
    expectRefused(await call(app, await intruder.as('OWNER'), ResendInvitation, target), 'NOT_FOUND');
    expect(await mailsTo(app, email)).toHaveLength(1);
  });
});
