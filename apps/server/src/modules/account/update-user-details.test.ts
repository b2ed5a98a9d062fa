import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details, UpdateUserDetails } from '@fieldport/contract/operations/account';
import { member, organization, session } from '../../db/schema/identity.ts';
import { auditLog, party } from '../../db/schema/platform.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** An owner of organization `home` who is also an admin of organization `other`, signed in at home. */
async function personInTwoOrganizations() {
  const db = app.database.db;
  const home = await seedTestOrganization(db, { roles: ['OWNER'] });
  const other = await seedTestOrganization(db, { roles: [] });
  const person = home.members.OWNER;
  const otherMembership = await addTestMember(db, {
    organizationId: other.org.id,
    role: 'ADMIN',
    email: person.email,
  });
  const cookie = await signIn(app, person.email, TEST_PASSWORD);
  return { person, home: home.org, other: other.org, otherMembership, cookie };
}

function switchInput(userId: string, from: string, to: string) {
  return {
    updater_user_id: userId,
    organization_id: from,
    is_switch_between_organization: 'true',
    new_organization_id: to,
  };
}

/** What a refused switch must leave as it was: the session's organization and the audit log. */
async function written(userId: string) {
  const sessions = await app.database.db
    .select({ activeOrganizationId: session.activeOrganizationId })
    .from(session)
    .where(eq(session.userId, userId));
  const audit = await app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.user_id, userId), eq(auditLog.operation, 'UpdateUserDetails')));
  return { organizations: sessions.map((row) => row.activeOrganizationId), audit: audit.length };
}

describe('UpdateUserDetails (the organization switch)', () => {
  it('switches this session to another organization of the caller, and only this session', async () => {
    const { person, home, other, cookie } = await personInTwoOrganizations();
    const otherDevice = await signIn(app, person.email, TEST_PASSWORD);

    const answer = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, home.id, other.id));
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope).toEqual({
      status: 'SUCCESS',
      status_message: MSG.organizationSwitched,
      data: { items: [] },
    });

    const details = await call(app, cookie, Get_Current_User_Details, {});
    expect(details.envelope?.data.items[0]).toMatchObject({
      organization_id: other.id,
      user_type: 'ADMIN',
      organization_details: { organization_name: other.name },
    });
    const untouched = await call(app, otherDevice, Get_Current_User_Details, {});
    expect(untouched.envelope?.data.items[0]).toMatchObject({ organization_id: home.id, user_type: 'OWNER' });

    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, person.userId), eq(auditLog.operation, 'UpdateUserDetails')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ organization_id: home.id, target: other.id });

    // And back again.
    const back = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, other.id, home.id));
    expect(back.envelope?.status).toBe('SUCCESS');
    const after = await call(app, cookie, Get_Current_User_Details, {});
    expect(after.envelope?.data.items[0].organization_id).toBe(home.id);
  });

  it('refuses an organization the caller is not a member of, and writes nothing', async () => {
    const { person, home, cookie } = await personInTwoOrganizations();
    const foreign = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const before = await written(person.userId);
    for (const target of [foreign.org.id, `no-such-organization-${unique()}`]) {
      const answer = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, home.id, target));
      expect(answer.envelope).toBeUndefined();
      expect(answer.errors?.[0]).toMatchObject({
        message: MSG.organizationNotMember,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect(await written(person.userId)).toEqual(before);
  });

  it("refuses another user's id as the updater, and writes nothing", async () => {
    const { person, home, other, cookie } = await personInTwoOrganizations();
    const stranger = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const before = await written(person.userId);
    const answer = await call(
      app,
      cookie,
      UpdateUserDetails,
      switchInput(stranger.members.OWNER.userId, home.id, other.id),
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: 'updater_user_id must be your own user id.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await written(person.userId)).toEqual(before);
    expect((await written(stranger.members.OWNER.userId)).audit).toBe(0);
  });

  it('refuses a suspended organization, and writes nothing', async () => {
    const { person, home, other, cookie } = await personInTwoOrganizations();
    await app.database.db
      .update(organization)
      .set({ status: 'SUSPENDED' })
      .where(eq(organization.id, other.id));
    const before = await written(person.userId);
    const answer = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, home.id, other.id));
    expect(answer.errors?.[0]).toMatchObject({
      message: MSG.organizationNotMember,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await written(person.userId)).toEqual(before);
  });

  it('refuses an organization where the membership is INACTIVE, and writes nothing', async () => {
    const { person, home, other, otherMembership, cookie } = await personInTwoOrganizations();
    await app.database.db
      .update(member)
      .set({ status: 'INACTIVE' })
      .where(eq(member.id, otherMembership.membershipId));
    const before = await written(person.userId);
    const answer = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, home.id, other.id));
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await written(person.userId)).toEqual(before);
  });

  it("refuses an organization where the caller's dealer is suspended, and writes nothing", async () => {
    const { person, home, other, otherMembership, cookie } = await personInTwoOrganizations();
    const dealer = await seedParty(app.database.db, {
      organization_id: other.id,
      kind: 'DEALER',
      name: `Dealer ${unique()}`,
      status: 'SUSPENDED',
    });
    await app.database.db
      .update(member)
      .set({ role: 'DEALER_OWNER', party_id: dealer.id })
      .where(eq(member.id, otherMembership.membershipId));
    const before = await written(person.userId);
    const answer = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, home.id, other.id));
    expect(answer.errors?.[0]).toMatchObject({ message: MSG.organizationNotMember });
    expect(await written(person.userId)).toEqual(before);
    // Once the dealer is active again, the switch goes through.
    await app.database.db.update(party).set({ status: 'ACTIVE' }).where(eq(party.id, dealer.id));
    const allowed = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, home.id, other.id));
    expect(allowed.envelope?.status).toBe('SUCCESS');
  });

  it('refuses an organization_id that is not the current organization, naming the field', async () => {
    const { person, other, cookie } = await personInTwoOrganizations();
    const before = await written(person.userId);
    const answer = await call(app, cookie, UpdateUserDetails, switchInput(person.userId, other.id, other.id));
    expect(answer.errors?.[0]).toMatchObject({
      message: 'organization_id must be your current organization.',
      extensions: { code: 'BAD_USER_INPUT', field: 'organization_id' },
    });
    expect(await written(person.userId)).toEqual(before);
  });

  const invalidInputs: { name: string; change: Record<string, unknown>; drop?: string; field: string }[] = [
    { name: 'no updater_user_id', change: {}, drop: 'updater_user_id', field: 'updater_user_id' },
    { name: 'an empty updater_user_id', change: { updater_user_id: '' }, field: 'updater_user_id' },
    { name: 'no organization_id', change: {}, drop: 'organization_id', field: 'organization_id' },
    { name: 'a numeric organization_id', change: { organization_id: 7 }, field: 'organization_id' },
    { name: 'no new_organization_id', change: {}, drop: 'new_organization_id', field: 'new_organization_id' },
    {
      name: 'an empty new_organization_id',
      change: { new_organization_id: '' },
      field: 'new_organization_id',
    },
    {
      name: "is_switch_between_organization 'false'",
      change: { is_switch_between_organization: 'false' },
      field: 'is_switch_between_organization',
    },
    {
      name: 'is_switch_between_organization as a boolean',
      change: { is_switch_between_organization: true },
      field: 'is_switch_between_organization',
    },
  ];

  it.each(invalidInputs)(
    'refuses $name with BAD_USER_INPUT naming the field, and writes nothing',
    async ({ change, drop, field }) => {
      const { person, home, other, cookie } = await personInTwoOrganizations();
      const input: Record<string, unknown> = { ...switchInput(person.userId, home.id, other.id), ...change };
      if (drop) delete input[drop];
      const before = await written(person.userId);
      const answer = await call(app, cookie, UpdateUserDetails, input);
      expect(answer.envelope).toBeUndefined();
      expect(answer.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field });
      expect(answer.errors?.[0].message).toContain(field);
      expect(await written(person.userId)).toEqual(before);
    },
  );

  it('refuses an unknown field with BAD_USER_INPUT naming it, and writes nothing', async () => {
    const { person, home, other, cookie } = await personInTwoOrganizations();
    const before = await written(person.userId);
    const answer = await call(app, cookie, UpdateUserDetails, {
      ...switchInput(person.userId, home.id, other.id),
      user_type: 'OWNER',
    });
    expect(answer.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0].message).toContain('user_type');
    expect(await written(person.userId)).toEqual(before);
  });
});
