import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import {
  ActivateOrDeactivateServicePartner,
  CreateDealer,
  CreateServicePartner,
  ListDealers,
  ListServicePartners,
  ResendInvitation,
  UpdateServicePartner,
} from '@fieldport/contract/operations/people';
import { party } from '../../db/schema/platform.ts';
import {
  authCall,
  call,
  mailedTemporaryPassword,
  mailsTo,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/organizations.ts';
import { auditsOf, expectRefused, newEmail, peopleOrganization, stored, succeed } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function partiesOf(organizationId: string) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(party)
    .where(eq(party.organization_id, organizationId));
  return row.n;
}

describe('service partners and dealers', () => {
  it('creates a service partner with its owner, who is invited and lands in the partner’s portal', async () => {
    const org = await peopleOrganization(app);
    const email = newEmail('owner');
    const envelope = await succeed(app, await org.as('OWNER'), CreateServicePartner, {
      party_name: 'CoolAir Services',
      owner_name: 'Oscar Owner',
      owner_email_id: email,
      owner_phone_number: '080 4123 4567',
    });
    expect(envelope.status_message).toBe(
      `Service partner 'CoolAir Services' created. The owner's temporary password was mailed to ${email}.`,
    );
    expect(envelope.data.items[0]).toMatchObject({
      party_name: 'CoolAir Services',
      party_kind: 'SERVICE_PARTNER',
      party_status: 'ACTIVE',
      owner_name: 'Oscar Owner',
      owner_email_id: email,
      owner_phone_number: '+918041234567',
      owner_status: 'ACTIVE',
      owner_invitation_pending: true,
      user_count: 1,
    });
    expect((await mailsTo(app, email))[0].body_text).toContain(`${org.org.name} (CoolAir Services)`);

    const password = await mailedTemporaryPassword(app, email);
    const signedIn = await authCall(app, '/auth/sign-in/email', { email, password, rememberMe: false });
    await authCall(app, '/auth/complete-new-password', { newPassword: 'Partner#Pass1' }, signedIn.cookie);
    const session = await authCall(app, '/auth/sign-in/email', {
      email,
      password: 'Partner#Pass1',
      rememberMe: false,
    });
    const own = await succeed(app, session.cookie, Get_Current_User_Details, {});
    expect(own.data.items[0]).toMatchObject({ user_type: 'SERVICE_PARTNER', organization_id: org.org.id });

    const [audit] = await auditsOf(app, org.org.id, 'CreateServicePartner');
    expect(audit.target).toBe(envelope.data.items[0].party_id);
  });

  it('refuses a second partner of the same name, and an owner already in the organization, writing nothing', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN'] });
    const cookie = await org.as('OWNER');
    const before = await partiesOf(org.org.id);
    expectRefused(
      await call(app, cookie, CreateServicePartner, {
        party_name: ` ${org.partner.name.toUpperCase()} `,
        owner_name: 'Someone',
        owner_email_id: newEmail('o'),
      }),
      'CONFLICT',
      {
        field: 'party_name',
        message: `A service partner named '${org.partner.name.toUpperCase()}' already exists.`,
      },
    );
    expectRefused(
      await call(app, cookie, CreateServicePartner, {
        party_name: 'Brand New Partner',
        owner_name: 'Admin Again',
        owner_email_id: org.members.ADMIN.email,
      }),
      'CONFLICT',
      { field: 'owner_email_id', message: /is already a member of this organization/ },
    );
    expectRefused(
      await call(app, cookie, CreateServicePartner, {
        party_name: '',
        owner_name: 'X',
        owner_email_id: 'x@y.z',
      }),
      'BAD_USER_INPUT',
      { field: 'party_name', message: /Name is required/ },
    );
    expect(await partiesOf(org.org.id)).toBe(before);
    // A dealer may share a partner's name: they are different kinds of party.
    await succeed(app, cookie, CreateDealer, {
      party_name: org.partner.name,
      owner_name: 'Dina Dealer',
      owner_email_id: newEmail('dealer'),
    });
  });

  it("lists partners with their owners, searchable by the owner's email; dealers apart", async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'SERVICE_PARTNER', 'DEALER_OWNER'] });
    const other = await peopleOrganization(app, { roles: ['OWNER', 'SERVICE_PARTNER'] });
    const cookie = await org.as('OWNER');
    const partners = (await succeed(app, cookie, ListServicePartners, {})).data;
    expect(partners.items).toHaveLength(1);
    expect(partners.items[0]).toMatchObject({
      party_id: org.partner.id,
      owner_email_id: org.members.SERVICE_PARTNER.email,
      user_count: 1,
    });
    const found = await succeed(app, cookie, ListServicePartners, {
      search: org.members.SERVICE_PARTNER.email,
    });
    expect(found.data.items.map((item) => item.party_id)).toEqual([org.partner.id]);
    const foreign = await succeed(app, cookie, ListServicePartners, { search: other.partner.name });
    expect(foreign.data.total_count).toBe(0);
    const dealers = (await succeed(app, cookie, ListDealers, {})).data;
    expect(dealers.items.map((item) => item.owner_email_id)).toEqual([org.members.DEALER_OWNER.email]);
  });

  it('renames a partner and changes its owner’s name and phone', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'SERVICE_PARTNER'] });
    const envelope = await succeed(app, await org.as('OWNER'), UpdateServicePartner, {
      party_id: org.partner.id,
      party_name: 'Renamed Partner',
      owner_name: 'Olga Owner',
      owner_phone_number: '9000012345',
    });
    expect(envelope.data.items[0]).toMatchObject({
      party_name: 'Renamed Partner',
      owner_name: 'Olga Owner',
      owner_phone_number: '+919000012345',
    });
    const [audit] = await auditsOf(app, org.org.id, 'UpdateServicePartner');
    expect(audit.changes).toMatchObject({
      party_name: { from: org.partner.name, to: 'Renamed Partner' },
      owner_name: { to: 'Olga Owner' },
      owner_phone_number: { from: null, to: '+919000012345' },
    });
  });

  it('suspends a partner: its users cannot sign in (Temporarily Suspended) until it is activated', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'SERVICE_PARTNER', 'PARTNER_AGENT'] });
    const cookie = await org.as('OWNER');
    const agentSession = await org.as('PARTNER_AGENT');
    const suspended = await succeed(app, cookie, ActivateOrDeactivateServicePartner, {
      party_id: org.partner.id,
      party_status: 'INACTIVE',
    });
    expect(suspended.data.items[0].party_status).toBe('INACTIVE');
    expectRefused(await call(app, agentSession, Get_Current_User_Details, {}), 'FORBIDDEN', {
      message: MSG.membershipSuspended,
    });
    const refused = await authCall(app, '/auth/sign-in/email', {
      email: org.members.SERVICE_PARTNER.email,
      password: TEST_PASSWORD,
      rememberMe: false,
    });
    expect(refused.status).toBe(403);
    expect(refused.cookie).toBe('');
    const inactive = await succeed(app, cookie, ListServicePartners, { status: 'INACTIVE' });
    expect(inactive.data.items.map((item) => item.party_id)).toEqual([org.partner.id]);

    await succeed(app, cookie, ActivateOrDeactivateServicePartner, {
      party_id: org.partner.id,
      party_status: 'ACTIVE',
    });
    await succeed(app, agentSession, Get_Current_User_Details, {});
  });

  it("resends the owner's invitation from the partners' screen", async () => {
    const org = await peopleOrganization(app);
    const email = newEmail('owner');
    const created = await succeed(app, await org.as('OWNER'), CreateServicePartner, {
      party_name: 'Late Starter',
      owner_name: 'Lou Late',
      owner_email_id: email,
    });
    await succeed(app, await org.as('OWNER'), ResendInvitation, {
      user_group: 'SERVICE_PARTNER_OWNERS',
      user_id: created.data.items[0].owner_user_id,
    });
    expect(await mailsTo(app, email)).toHaveLength(2);
  });

  it('does not let another organization read or change a partner', async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'SERVICE_PARTNER'] });
    const intruder = await peopleOrganization(app);
    const cookie = await intruder.as('OWNER');
    const listed = await succeed(app, cookie, ListServicePartners, { status: 'ALL' });
    expect(JSON.stringify(listed)).not.toContain(org.partner.id);
    expectRefused(
      await call(app, cookie, UpdateServicePartner, {
        party_id: org.partner.id,
        party_name: 'Taken',
        owner_name: 'Taken',
      }),
      'NOT_FOUND',
    );
    expectRefused(
      await call(app, cookie, ActivateOrDeactivateServicePartner, {
        party_id: org.partner.id,
        party_status: 'INACTIVE',
      }),
      'NOT_FOUND',
    );
    const [row] = await app.database.db.select().from(party).where(eq(party.id, org.partner.id));
    expect(row).toMatchObject({ name: org.partner.name, status: 'ACTIVE' });
    expect((await stored(app, org.org.id, org.members.SERVICE_PARTNER.email)).name).toBe(
      `SERVICE_PARTNER ${org.tag}`,
    );
  });

  it("is refused to the partner's own users: only the organization manages partners", async () => {
    const org = await peopleOrganization(app, { roles: ['OWNER', 'SERVICE_PARTNER'] });
    expectRefused(
      await call(app, await org.as('SERVICE_PARTNER'), CreateServicePartner, {
        party_name: 'Sub Partner',
        owner_name: 'Sub Owner',
        owner_email_id: newEmail('sub'),
      }),
      'FORBIDDEN',
      { message: MSG.forbiddenModule },
    );
  });
});
