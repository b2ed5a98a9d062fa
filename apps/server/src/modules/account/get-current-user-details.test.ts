import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { organization } from '../../db/schema/identity.ts';
import { designation, party } from '../../db/schema/platform.ts';
import { grant } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const DEALER_FLAGS = [
  'is_report_tab_visible',
  'is_product_fleet_tab_visible',
  'is_customer_tab_visible',
  'enable_service_co_ordinators_tab',
  'enable_representatives_tab',
];

async function currentUser(cookie: string, input: unknown = {}) {
  return call(app, cookie, Get_Current_User_Details, input);
}

describe('Get_Current_User_Details', () => {
  it('answers exactly the current user fields for an owner, without dealer flags, with the Mail Outbox', async () => {
    const { members, org, tag } = await seedTestOrganization(app.database.db, {
      roles: ['OWNER'],
      accessControl: true,
      creditsRecharge: true,
    });
    await app.database.db
      .update(organization)
      .set({
        logo: 'https://cdn.example.com/logo.png',
        is_enable_partners_monthly_closed_ticket_report_tab: true,
      })
      .where(eq(organization.id, org.id));
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const answer = await currentUser(cookie, { user_email_id: members.OWNER.email });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope?.status).toBe('SUCCESS');
    expect(answer.envelope?.data.items).toHaveLength(1);
    expect(answer.envelope?.data.items[0]).toStrictEqual({
      user_id: members.OWNER.userId,
      user_name: `OWNER ${tag}`,
      user_email_id: members.OWNER.email,
      user_type: 'OWNER',
      organization_id: org.id,
      designation_id: null,
      designation_detail: null,
      organization_details: {
        organization_name: org.name,
        organization_logo_url: 'https://cdn.example.com/logo.png',
        // Ours: its GSTIN, which decides a quotation's tax (docs/quotations.md#tax).
        organization_gstin: null,
        enable_credits_recharge: true,
        is_access_control_enable: true,
        is_enable_partners_monthly_closed_ticket_report_tab: true,
      },
      // Ours, beside the old API's fields: the organization's time zone, in which the web app shows
      // times.
      time_zone: 'Asia/Kolkata',
      // Ours, beside the old API's fields: no mail server in the tests, so the owner has the Mail
      // Outbox.
      mail_outbox: true,
    });
  });

  it("gives a designated role its designation and the designation's module rights", async () => {
    const modules = [grant('Dashboard'), grant('Tickets', ['Active Tickets', 'Closed Tickets'])];
    const { members, designation: row } = await seedTestOrganization(app.database.db, {
      roles: ['AGENT'],
      designationModules: modules,
    });
    const cookie = await signIn(app, members.AGENT.email, TEST_PASSWORD);
    const item = (await currentUser(cookie)).envelope?.data.items[0];
    expect(item).toMatchObject({
      user_type: 'AGENT',
      designation_id: row.id,
      designation_detail: { accessing_module: modules },
      organization_details: { is_access_control_enable: false, enable_credits_recharge: false },
    });
    expect(Object.keys(item ?? {})).not.toContain('is_report_tab_visible');
  });

  it('drops an inactive designation', async () => {
    const { members, designation: row } = await seedTestOrganization(app.database.db, { roles: ['MANAGER'] });
    await app.database.db.update(designation).set({ status: 'INACTIVE' }).where(eq(designation.id, row.id));
    const cookie = await signIn(app, members.MANAGER.email, TEST_PASSWORD);
    const item = (await currentUser(cookie)).envelope?.data.items[0];
    expect(item).toMatchObject({ designation_id: null, designation_detail: null });
  });

  it.each(['DEALER_OWNER', 'DEALER_AGENT'] as const)(
    'adds the dealer flags, with their values, for the role %s',
    async (role) => {
      const { members, dealer } = await seedTestOrganization(app.database.db, { roles: [role] });
      await app.database.db
        .update(party)
        .set({ is_customer_tab_visible: false, enable_representatives_tab: false })
        .where(eq(party.id, dealer.id));
      const cookie = await signIn(app, members[role].email, TEST_PASSWORD);
      const item = (await currentUser(cookie)).envelope?.data.items[0] ?? {};
      expect(Object.keys(item).sort()).toEqual(
        [
          'user_id',
          'user_name',
          'user_email_id',
          'user_type',
          'organization_id',
          'designation_id',
          'designation_detail',
          'organization_details',
          'time_zone',
          ...DEALER_FLAGS,
        ].sort(),
      );
      expect(item).toMatchObject({
        user_type: role,
        is_report_tab_visible: true,
        is_product_fleet_tab_visible: true,
        is_customer_tab_visible: false,
        enable_service_co_ordinators_tab: true,
        enable_representatives_tab: false,
      });
    },
  );

  it.each(['SERVICE_PARTNER', 'PARTNER_AGENT', 'ADMIN', 'STORE_MANAGER'] as const)(
    'gives no dealer flags to the role %s',
    async (role) => {
      const { members } = await seedTestOrganization(app.database.db, { roles: [role] });
      const cookie = await signIn(app, members[role].email, TEST_PASSWORD);
      const item = (await currentUser(cookie)).envelope?.data.items[0] ?? {};
      expect(item).toMatchObject({ user_type: role });
      for (const flag of DEALER_FLAGS) expect(item).not.toHaveProperty(flag);
    },
  );

  it('accepts its own email written in another case', async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const answer = await currentUser(cookie, { user_email_id: ` ${members.OWNER.email.toUpperCase()} ` });
    expect(answer.envelope?.data.items[0].user_id).toBe(members.OWNER.userId);
  });

  it("refuses to read another person's details", async () => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER', 'ADMIN'] });
    const cookie = await signIn(app, members.ADMIN.email, TEST_PASSWORD);
    const answer = await currentUser(cookie, { user_email_id: members.OWNER.email });
    expect(answer.envelope).toBeUndefined();
    expect(answer.errors?.[0]).toMatchObject({
      message: 'You can only read your own details.',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it.each([
    ['an email without an at-sign', { user_email_id: 'someone' }, 'user_email_id', 'Email must be valid'],
    ['an empty email', { user_email_id: '' }, 'user_email_id', 'Required'],
    ['an email that is not a string', { user_email_id: 42 }, 'user_email_id', 'Required'],
    ['an unknown field', { organization_id: 'x' }, undefined, 'organization_id'],
  ])('refuses %s with BAD_USER_INPUT naming the field', async (_name, input, field, text) => {
    const { members } = await seedTestOrganization(app.database.db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    const answer = await currentUser(cookie, input);
    expect(answer.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', ...(field ? { field } : {}) });
    expect(answer.errors?.[0].message).toContain(text);
    expect(answer.errors?.[0].message).toMatch(/user_email_id|organization_id/);
  });
});
