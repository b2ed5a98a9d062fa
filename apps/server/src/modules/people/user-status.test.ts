import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import {
  ActivateOrDeactivateUser,
  List_Users,
  MarkUserAsInvalid,
} from '@fieldport/contract/operations/people';
import { authCall, call, sessionsOf, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, TEST_PASSWORD } from '../../test/organizations.ts';
import { auditsOf, expectRefused, peopleOrganization, stored, succeed } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const signInAnswer = (email: string) =>
  authCall(app, '/auth/sign-in/email', { email, password: TEST_PASSWORD, rememberMe: false });

describe('ActivateOrDeactivateUser', () => {
  it('deactivates a member: their session ends, and they cannot sign in (Temporarily Suspended, no session)', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'AGENT'] });
    const agent = org.members.AGENT;
    const agentCookie = await org.as('AGENT');
    const envelope = await succeed(app, await org.as('OWNER'), ActivateOrDeactivateUser, {
      user_group: 'STAFF',
      user_id: agent.userId,
      user_status: 'INACTIVE',
    });
    expect(envelope.status_message).toMatch(/ deactivated$/);
    expect(envelope.data.items[0]).toMatchObject({ user_id: agent.userId, user_status: 'INACTIVE' });

    // The session they had is gone; a new sign-in is refused before any session exists.
    expect(await sessionsOf(app, agent.userId)).toEqual([]);
    expectRefused(await call(app, agentCookie, Get_Current_User_Details, {}), 'UNAUTHENTICATED');
    const refused = await signInAnswer(agent.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.membershipSuspended);
    expect(refused.cookie).toBe('');
    expect(await sessionsOf(app, agent.userId)).toEqual([]);

    const [audit] = await auditsOf(app, org.org.id, 'ActivateOrDeactivateUser');
    expect(audit).toMatchObject({ target: agent.userId, user_email: org.members.OWNER.email });
    expect(audit.changes).toMatchObject({ user_status: { from: 'ACTIVE', to: 'INACTIVE' } });

    // Activated again, they sign in.
    await succeed(app, await org.as('OWNER'), ActivateOrDeactivateUser, {
      user_group: 'STAFF',
      user_id: agent.userId,
      user_status: 'ACTIVE',
    });
    await signIn(app, agent.email, TEST_PASSWORD);
  });

  it('keeps the member’s other organizations: they still sign in there', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const other = await peopleOrganization(app);
    await addTestMember(app.database.db, {
      organizationId: other.org.id,
      role: 'ADMIN',
      email: org.members.ADMIN.email,
    });
    await succeed(app, await org.as('OWNER'), ActivateOrDeactivateUser, {
      user_group: 'STAFF',
      user_id: org.members.ADMIN.userId,
      user_status: 'INACTIVE',
    });
    const cookie = await signIn(app, org.members.ADMIN.email, TEST_PASSWORD);
    const own = await succeed(app, cookie, Get_Current_User_Details, {});
    expect(own.data.items[0].organization_id).toBe(other.org.id);
  });

  it('refuses to deactivate or invalidate yourself', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const target = { user_group: 'STAFF', user_id: org.members.ADMIN.userId };
    expectRefused(
      await call(app, await org.as('ADMIN'), ActivateOrDeactivateUser, {
        ...target,
        user_status: 'INACTIVE',
      }),
      'CONFLICT',
      { message: 'You cannot deactivate yourself.' },
    );
    expectRefused(await call(app, await org.as('ADMIN'), MarkUserAsInvalid, target), 'CONFLICT', {
      message: 'You cannot mark as invalid yourself.',
    });
    expect((await stored(app, org.org.id, org.members.ADMIN.email)).status).toBe('ACTIVE');
  });

  it("lets only an owner change an owner's membership, so that an active owner always remains", async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const owner = { user_group: 'STAFF', user_id: org.members.OWNER.userId };
    expectRefused(
      await call(app, await org.as('ADMIN'), ActivateOrDeactivateUser, { ...owner, user_status: 'INACTIVE' }),
      'FORBIDDEN',
      { message: "Only the owner can change the owner's membership." },
    );
    expectRefused(await call(app, await org.as('ADMIN'), MarkUserAsInvalid, owner), 'FORBIDDEN');
    // A second owner may deactivate the first: the second stays as the active owner.
    const second = await addTestMember(app.database.db, { organizationId: org.org.id, role: 'OWNER' });
    await succeed(app, await signIn(app, second.email, TEST_PASSWORD), ActivateOrDeactivateUser, {
      ...owner,
      user_status: 'INACTIVE',
    });
    expect((await stored(app, org.org.id, org.members.OWNER.email)).status).toBe('INACTIVE');
  });

  it('finds a member only on their own screen: a technician is not a user of /EnterpriseUsers', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'TECHNICIAN'] });
    expectRefused(
      await call(app, await org.as('OWNER'), ActivateOrDeactivateUser, {
        user_group: 'STAFF',
        user_id: org.members.TECHNICIAN.userId,
        user_status: 'INACTIVE',
      }),
      'NOT_FOUND',
      { message: /^User not found/ },
    );
    expect((await stored(app, org.org.id, org.members.TECHNICIAN.email)).status).toBe('ACTIVE');
  });
});

describe('MarkUserAsInvalid', () => {
  it('moves a member to Invalid Users: they cannot sign in (Not Found) until restored', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'TECHNICIAN'] });
    const technician = org.members.TECHNICIAN;
    const cookie = await org.as('OWNER');
    const envelope = await succeed(app, cookie, MarkUserAsInvalid, {
      user_group: 'TECHNICIANS',
      user_id: technician.userId,
    });
    expect(envelope.data.items[0].user_status).toBe('INVALID');

    const listed = async (user_group: string) =>
      (await succeed(app, cookie, List_Users, { user_group, status: 'ALL' })).data.items.map(
        (item) => item.user_id,
      );
    expect(await listed('TECHNICIANS')).not.toContain(technician.userId);
    expect(await listed('INVALID')).toEqual([technician.userId]);

    const refused = await signInAnswer(technician.email);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(MSG.userNotFound);

    // Restored from Invalid Users.
    const restored = await succeed(app, cookie, ActivateOrDeactivateUser, {
      user_group: 'INVALID',
      user_id: technician.userId,
      user_status: 'ACTIVE',
    });
    expect(restored.status_message).toMatch(/ restored$/);
    expect(await listed('TECHNICIANS')).toContain(technician.userId);
    await signIn(app, technician.email, TEST_PASSWORD);
  });

  it('needs the DELETE right with access control on', async () => {
    const org = await peopleOrganization(app, {
      roles: ['OWNER', 'MANAGER'],
      accessControl: true,
      designationModules: [
        {
          module_name: 'Masters',
          module_rights: [{ VIEW: true }],
          sub_modules: [
            { module_name: 'Users', module_rights: [{ VIEW: true, EDIT: true }], sub_modules: [] },
          ],
        },
      ],
    });
    const agent = await addTestMember(app.database.db, {
      organizationId: org.org.id,
      role: 'AGENT',
      designation_id: org.designation.id,
    });
    const cookie = await org.as('MANAGER');
    expectRefused(
      await call(app, cookie, MarkUserAsInvalid, { user_group: 'STAFF', user_id: agent.userId }),
      'FORBIDDEN',
      { message: MSG.forbiddenModule },
    );
    await succeed(app, cookie, ActivateOrDeactivateUser, {
      user_group: 'STAFF',
      user_id: agent.userId,
      user_status: 'INACTIVE',
    });
    expect((await stored(app, org.org.id, agent.email)).status).toBe('INACTIVE');
  });
});
