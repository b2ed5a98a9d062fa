import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { TransferOwnerShip } from '@fieldport/contract/operations/people';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, TEST_PASSWORD } from '../../test/organizations.ts';
import { auditsOf, expectRefused, peopleOrganization, stored, succeed } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('TransferOwnerShip', () => {
  it('hands the OWNER role to an active staff member; the old owner becomes ADMIN; audited', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'MANAGER'] });
    const cookie = await org.as('OWNER');
    const envelope = await succeed(app, cookie, TransferOwnerShip, { user_id: org.members.MANAGER.userId });
    expect(envelope.status_message).toMatch(/is now the owner\. You are now an admin\.$/);
    expect(envelope.data.items[0]).toMatchObject({ user_id: org.members.MANAGER.userId, user_type: 'OWNER' });
    expect((await stored(app, org.org.id, org.members.OWNER.email)).role).toBe('ADMIN');
    expect((await stored(app, org.org.id, org.members.MANAGER.email)).role).toBe('OWNER');
    // Both see their new roles at once.
    expect((await succeed(app, cookie, Get_Current_User_Details, {})).data.items[0].user_type).toBe('ADMIN');
    const newOwner = await signIn(app, org.members.MANAGER.email, TEST_PASSWORD);
    expect((await succeed(app, newOwner, Get_Current_User_Details, {})).data.items[0].user_type).toBe(
      'OWNER',
    );
    const [audit] = await auditsOf(app, org.org.id, 'TransferOwnerShip');
    expect(audit).toMatchObject({ user_email: org.members.OWNER.email, target: org.members.MANAGER.userId });
    expect(audit.changes).toMatchObject({
      new_owner: org.members.MANAGER.email,
      previous_owner: org.members.OWNER.email,
      new_owner_previous_role: 'MANAGER',
    });
    // The former owner, now an admin, can no longer transfer it.
    expectRefused(
      await call(app, cookie, TransferOwnerShip, { user_id: org.members.OWNER.userId }),
      'FORBIDDEN',
      {
        message: 'Only the owner can transfer the ownership.',
      },
    );
  });

  it('is refused to anyone but the owner', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN', 'MANAGER'] });
    expectRefused(
      await call(app, await org.as('ADMIN'), TransferOwnerShip, { user_id: org.members.MANAGER.userId }),
      'FORBIDDEN',
      { message: 'Only the owner can transfer the ownership.' },
    );
    expect((await stored(app, org.org.id, org.members.OWNER.email)).role).toBe('OWNER');
  });

  it('goes only to another active member of the own staff', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'TECHNICIAN', 'SERVICE_PARTNER'] });
    const other = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const inactive = await addTestMember(app.database.db, {
      organizationId: org.org.id,
      role: 'ADMIN',
      status: 'INACTIVE',
    });
    const invalid = await addTestMember(app.database.db, {
      organizationId: org.org.id,
      role: 'ADMIN',
      status: 'INVALID',
    });
    const cookie = await org.as('OWNER');
    const cases: [string, string, string | RegExp][] = [
      [org.members.OWNER.userId, 'BAD_USER_INPUT', 'You are the owner already. Choose another member.'],
      [
        org.members.TECHNICIAN.userId,
        'CONFLICT',
        /is a TECHNICIAN\. The ownership can go to a member of the organization's own staff only\.$/,
      ],
      [org.members.SERVICE_PARTNER.userId, 'CONFLICT', /organization's own staff only/],
      [inactive.userId, 'CONFLICT', /is deactivated/],
      [invalid.userId, 'NOT_FOUND', /^User not found/],
      [other.members.ADMIN.userId, 'NOT_FOUND', /^User not found/],
    ];
    for (const [user_id, code, message] of cases) {
      expectRefused(await call(app, cookie, TransferOwnerShip, { user_id }), code, { message });
    }
    expect((await stored(app, org.org.id, org.members.OWNER.email)).role).toBe('OWNER');
    expect((await stored(app, other.org.id, other.members.ADMIN.email)).role).toBe('ADMIN');
    expect(await auditsOf(app, org.org.id, 'TransferOwnerShip')).toEqual([]);
  });
});
