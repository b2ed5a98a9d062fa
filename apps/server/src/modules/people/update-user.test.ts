import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateUser } from '@fieldport/contract/operations/people';
import { seedDesignation, grant, seedOrganization } from '../../db/seed/factories.ts';
import { call, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { auditsOf, expectRefused, peopleOrganization, stored, succeed } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('UpdateUser', () => {
  it('changes name, phone, role and designation, and audits what changed', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'AGENT'] });
    const agent = org.members.AGENT;
    const store = await seedDesignation(app.database.db, {
      organization_id: org.org.id,
      name: `Store ${org.tag}`,
      accessing_module: [grant('Inventory', ['Inventory'])],
    });
    const envelope = await succeed(app, await org.as('OWNER'), UpdateUser, {
      user_group: 'STAFF',
      user_id: agent.userId,
      user_name: 'Arun Renamed',
      user_phone_number: '+91 91234 56789',
      user_type: 'STORE_MANAGER',
      designation_id: store.id,
    });
    expect(envelope.status_message).toBe('Arun Renamed saved');
    expect(envelope.data.items[0]).toMatchObject({
      user_name: 'Arun Renamed',
      user_phone_number: '+919123456789',
      user_type: 'STORE_MANAGER',
      designation_id: store.id,
      designation_name: store.name,
    });
    expect(await stored(app, org.org.id, agent.email)).toMatchObject({
      name: 'Arun Renamed',
      role: 'STORE_MANAGER',
      designation_id: store.id,
      phone_number: '+919123456789',
    });
    const [audit] = await auditsOf(app, org.org.id, 'UpdateUser');
    expect(audit.target).toBe(agent.userId);
    expect(audit.changes).toMatchObject({
      user_type: { from: 'AGENT', to: 'STORE_MANAGER' },
      designation_id: { from: org.designation.id, to: store.id },
      user_phone_number: { from: null, to: '+919123456789' },
    });
  });

  it('refuses a change of your own role or designation', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'MANAGER'] });
    const other = await seedDesignation(app.database.db, {
      organization_id: org.org.id,
      name: `Everything ${org.tag}`,
      accessing_module: [grant('Dashboard')],
    });
    const self = {
      user_group: 'STAFF',
      user_id: org.members.MANAGER.userId,
      user_name: `MANAGER ${org.tag}`,
      user_type: 'MANAGER',
      designation_id: org.designation.id,
    };
    const cookie = await org.as('MANAGER');
    expectRefused(await call(app, cookie, UpdateUser, { ...self, user_type: 'NSM' }), 'BAD_USER_INPUT', {
      field: 'user_type',
      message: 'You cannot change your own role.',
    });
    expectRefused(
      await call(app, cookie, UpdateUser, { ...self, designation_id: other.id }),
      'BAD_USER_INPUT',
      {
        field: 'designation_id',
        message: 'You cannot change your own designation or party.',
      },
    );
    expect(await stored(app, org.org.id, org.members.MANAGER.email)).toMatchObject({
      role: 'MANAGER',
      designation_id: org.designation.id,
    });
    // Their own phone is theirs to change.
    await succeed(app, cookie, UpdateUser, { ...self, user_phone_number: '98765 43210' });
  });

  it("keeps the owner's role (only TransferOwnerShip moves it) and refuses a role the screen does not give", async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const second = await addTestMember(app.database.db, { organizationId: org.org.id, role: 'OWNER' });
    expectRefused(
      await call(app, await org.as('OWNER'), UpdateUser, {
        user_group: 'STAFF',
        user_id: second.userId,
        user_name: 'Second Owner',
        user_type: 'ADMIN',
      }),
      'BAD_USER_INPUT',
      { field: 'user_type', message: 'The owner keeps the OWNER role until they transfer the ownership.' },
    );
    expectRefused(
      await call(app, await org.as('OWNER'), UpdateUser, {
        user_group: 'STAFF',
        user_id: org.members.ADMIN.userId,
        user_name: 'Admin',
        user_type: 'TECHNICIAN',
      }),
      'BAD_USER_INPUT',
      { field: 'user_type', message: /Role must be one of: OWNER, ADMIN, MANAGEMENT/ },
    );
    expect((await stored(app, org.org.id, second.email)).role).toBe('OWNER');
  });

  it('does not rename a person who also works in another organization', async () => {
    const org = await peopleOrganization(app);
    const elsewhere = await seedOrganization(app.database.db, { name: 'Elsewhere' });
    const person = await addTestMember(app.database.db, { organizationId: elsewhere.id, role: 'OWNER' });
    await addTestMember(app.database.db, {
      organizationId: org.org.id,
      role: 'TECHNICIAN',
      email: person.email,
    });
    const before = await stored(app, org.org.id, person.email);
    const answer = await call(app, await org.as('OWNER'), UpdateUser, {
      user_group: 'TECHNICIANS',
      user_id: person.userId,
      user_name: 'Someone Else',
      user_type: 'TECHNICIAN',
    });
    expectRefused(answer, 'BAD_USER_INPUT', {
      field: 'user_name',
      message: /also works in another organization/,
    });
    expect((await stored(app, org.org.id, person.email)).name).toBe(before.name);
  });

  it('moves a technician to a service partner and back to the organization', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'TECHNICIAN'] });
    const input = {
      user_group: 'TECHNICIANS',
      user_id: org.members.TECHNICIAN.userId,
      user_name: 'Ted Technician',
      user_type: 'TECHNICIAN',
    };
    const cookie = await org.as('OWNER');
    const moved = await succeed(app, cookie, UpdateUser, { ...input, party_id: org.partner.id });
    expect(moved.data.items[0]).toMatchObject({ party_id: org.partner.id, party_name: org.partner.name });
    const back = await succeed(app, cookie, UpdateUser, { ...input, party_id: null });
    expect(back.data.items[0]).toMatchObject({ party_id: null, party_name: null });
  });

  it("refuses another organization's member as not found, changing nothing", async () => {
    const org = await peopleOrganization(app);
    const other = await peopleOrganization(app, { roles: ['OWNER', 'TECHNICIAN'] });
    const before = await stored(app, other.org.id, other.members.TECHNICIAN.email);
    expectRefused(
      await call(app, await org.as('OWNER'), UpdateUser, {
        user_group: 'TECHNICIANS',
        user_id: other.members.TECHNICIAN.userId,
        user_name: 'Hijacked',
        user_type: 'TECHNICIAN',
      }),
      'NOT_FOUND',
      { message: /^Technician not found/ },
    );
    expect(await stored(app, other.org.id, other.members.TECHNICIAN.email)).toEqual(before);
  });
});
