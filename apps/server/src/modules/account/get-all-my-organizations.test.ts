import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAllMyOrganizations } from '@fieldport/contract/operations/account';
import { seedOrganization, seedParty } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GetAllMyOrganizations', () => {
  it('lists, by name, the organizations where the caller is active, and only those', async () => {
    const tag = unique();
    const db = app.database.db;
    const home = await seedOrganization(db, { name: `Mango ${tag}` });
    const person = await addTestMember(db, { organizationId: home.id, role: 'OWNER' });
    const alpha = await seedOrganization(db, { name: `Alpha ${tag}` });
    await addTestMember(db, { organizationId: alpha.id, role: 'MANAGER', email: person.email });
    const zeta = await seedOrganization(db, { name: `Zeta ${tag}` });
    await addTestMember(db, { organizationId: zeta.id, role: 'ADMIN', email: person.email });

    // Four organizations in which the person cannot work now.
    const suspended = await seedOrganization(db, { name: `Beta ${tag}`, status: 'SUSPENDED' });
    await addTestMember(db, { organizationId: suspended.id, role: 'ADMIN', email: person.email });
    const inactive = await seedOrganization(db, { name: `Gamma ${tag}` });
    await addTestMember(db, {
      organizationId: inactive.id,
      role: 'ADMIN',
      email: person.email,
      status: 'INACTIVE',
    });
    const invalid = await seedOrganization(db, { name: `Delta ${tag}` });
    await addTestMember(db, {
      organizationId: invalid.id,
      role: 'ADMIN',
      email: person.email,
      status: 'INVALID',
    });
    const dealerOrg = await seedOrganization(db, { name: `Epsilon ${tag}` });
    const dealer = await seedParty(db, {
      organization_id: dealerOrg.id,
      kind: 'DEALER',
      name: `Dealer ${tag}`,
      status: 'SUSPENDED',
    });
    await addTestMember(db, {
      organizationId: dealerOrg.id,
      role: 'DEALER_OWNER',
      email: person.email,
      party_id: dealer.id,
    });
    // And one the person has nothing to do with.
    await seedTestOrganization(db, { roles: ['OWNER'] });

    const cookie = await signIn(app, person.email, TEST_PASSWORD);
    const answer = await call(app, cookie, GetAllMyOrganizations, { user_email_id: person.email });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope?.status).toBe('SUCCESS');
    expect(answer.envelope?.data.items).toStrictEqual([
      { organization_id: alpha.id, organization_name: alpha.name },
      { organization_id: home.id, organization_name: home.name },
      { organization_id: zeta.id, organization_name: zeta.name },
    ]);
  });

  it('answers the same without an input', async () => {
    const { members, org } = await seedTestOrganization(app.database.db, { roles: ['AGENT'] });
    const cookie = await signIn(app, members.AGENT.email, TEST_PASSWORD);
    const answer = await call(app, cookie, GetAllMyOrganizations, {});
    expect(answer.envelope?.data.items).toStrictEqual([
      { organization_id: org.id, organization_name: org.name },
    ]);
  });

  it("refuses to list another person's organizations", async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'ADMIN'] });
    const cookie = await signIn(app, members.ADMIN.email, TEST_PASSWORD);
    const answer = await call(app, cookie, GetAllMyOrganizations, { user_email_id: members.OWNER.email });
    expect(answer.envelope).toBeUndefined();
    expect(answer.errors?.[0]).toMatchObject({
      message: 'You can only list your own organizations.',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('refuses a malformed email with BAD_USER_INPUT naming user_email_id', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const answer = await call(app, cookie, GetAllMyOrganizations, { user_email_id: 'owner-at-nowhere' });
    expect(answer.errors?.[0]).toMatchObject({
      message: 'user_email_id: Email must be valid',
      extensions: { code: 'BAD_USER_INPUT', field: 'user_email_id' },
    });
  });
});
