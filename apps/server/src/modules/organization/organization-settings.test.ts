import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildMenu, menuInputFromUser, menuRoutes } from '@fieldport/contract/menus';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { List_Logs } from '@fieldport/contract/operations/audit';
import {
  GetOrganizationSettings,
  ListDealerFlags,
  UpdateDealerFlags,
  UpdateOrganizationLogo,
  UpdateOrganizationSettings,
} from '@fieldport/contract/operations/organization';
import { organization } from '../../db/schema/identity.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { grant, seedParty } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { TINY_PNG_BASE64 } from './tenant-fixtures.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function signedInOwner(options: Parameters<typeof seedTestOrganization>[1] = {}) {
  const seeded = await seedTestOrganization(app.database.db, {
    roles: ['OWNER', 'AGENT', 'DEALER_OWNER'],
    creditsRecharge: true,
    ...options,
  });
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  return { ...seeded, cookie };
}

async function orgRow(id: string) {
  const [row] = await app.database.db.select().from(organization).where(eq(organization.id, id));
  return row;
}

async function menuOf(cookie: string) {
  const answer = await call(app, cookie, Get_Current_User_Details, {});
  const user = answer.envelope!.data.items[0];
  const menu = buildMenu(menuInputFromUser(user));
  if (!menu.ok) throw new Error(menu.message);
  return { user, routes: menuRoutes(menu.menu) };
}

describe('organization settings', () => {
  it('reads the settings of the current organization, with their defaults', async () => {
    const { org, cookie } = await signedInOwner();
    const answer = await call(app, cookie, GetOrganizationSettings, {});
    expect(answer.envelope?.data.items).toEqual([
      {
        organization_id: org.id,
        organization_name: org.name,
        organization_logo_url: null,
        time_zone: 'Asia/Kolkata',
        currency: 'INR',
        gstin: null,
        enable_credits_recharge: true,
        is_access_control_enable: false,
        is_enable_partners_monthly_closed_ticket_report_tab: false,
        ticket_assignment_mode: 'MANUAL',
      },
    ]);
  });

  it('saves the given settings, audits each change as from/to, and the menu follows at the next call', async () => {
    const { org, cookie } = await signedInOwner();
    expect((await menuOf(cookie)).routes.has('/Transactions')).toBe(true);

    const answer = await call(app, cookie, UpdateOrganizationSettings, {
      organization_name: '  Cool Air Services  ',
      time_zone: 'Europe/London',
      currency: 'gbp',
      enable_credits_recharge: false,
      is_enable_partners_monthly_closed_ticket_report_tab: true,
      ticket_assignment_mode: 'FLOATING',
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope?.status_message).toBe('Organization settings saved');
    expect(answer.envelope?.data.items[0]).toMatchObject({
      organization_name: 'Cool Air Services',
      time_zone: 'Europe/London',
      currency: 'GBP',
      enable_credits_recharge: false,
      ticket_assignment_mode: 'FLOATING',
    });
    expect(await orgRow(org.id)).toMatchObject({
      name: 'Cool Air Services',
      ticket_assignment_mode: 'FLOATING',
    });

    // docs/product.md#menus-and-landing-pages: without credits recharge the Transactions item is
    // gone; the partners report appears.
    const { user, routes } = await menuOf(cookie);
    expect(user.organization_details.organization_name).toBe('Cool Air Services');
    expect(routes.has('/Transactions')).toBe(false);
    expect(routes.has('/PartnersClosedTicketReports')).toBe(true);

    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'UpdateOrganizationSettings')));
    expect(entry.target).toBe(org.id);
    expect(entry.changes).toEqual({
      organization_name: { from: org.name, to: 'Cool Air Services' },
      time_zone: { from: 'Asia/Kolkata', to: 'Europe/London' },
      currency: { from: 'INR', to: 'GBP' },
      enable_credits_recharge: { from: true, to: false },
      is_enable_partners_monthly_closed_ticket_report_tab: { from: false, to: true },
      ticket_assignment_mode: { from: 'MANUAL', to: 'FLOATING' },
    });
  });

  it('turns access control on: a designation role follows its designation from the next call', async () => {
    const { cookie, members } = await signedInOwner({ designationModules: [grant('Dashboard')] });
    const agent = await signIn(app, members.AGENT.email, TEST_PASSWORD);
    // Access control off: the agent's role default menu has the Audit Logs.
    expect((await call(app, agent, List_Logs, {})).errors).toBeUndefined();

    await call(app, cookie, UpdateOrganizationSettings, { is_access_control_enable: true });
    const refused = await call(app, agent, List_Logs, {});
    expect(refused.errors?.[0]).toMatchObject({
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
    expect([...(await menuOf(agent)).routes]).toEqual(['/Dashboard']);
  });

  it.each([
    [{}, 'Change at least one setting', ''],
    [{ time_zone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone such as Asia/Kolkata', 'time_zone'],
    [{ currency: 'RUPEES' }, 'Currency must be an ISO 4217 code such as INR', 'currency'],
    [{ organization_name: '   ' }, 'Organization name is required', 'organization_name'],
    [
      { ticket_assignment_mode: 'RANDOM' },
      'Ticket assignment mode must be one of MANUAL, FLOATING, AUTOMATIC',
      'ticket_assignment_mode',
    ],
    [
      { enable_credits_recharge: 'yes' },
      'enable_credits_recharge must be true or false',
      'enable_credits_recharge',
    ],
    [{ logo: 'x' }, 'Unrecognized key: "logo"', ''],
  ])('refuses %j with a message naming the field, and writes nothing', async (input, message, field) => {
    const { org, cookie } = await signedInOwner();
    const before = await orgRow(org.id);
    const answer = await call(app, cookie, UpdateOrganizationSettings, input);
    expect(answer.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0].message).toContain(message);
    if (field) expect(answer.errors?.[0].extensions?.field).toBe(field);
    expect(await orgRow(org.id)).toEqual(before);
  });

  it('refuses the settings to an agent (not in its menu) and lets a designation with EDIT change them', async () => {
    const settingsRights = [grant('Settings', ['Organization Settings'])];
    const { members, org } = await signedInOwner({ accessControl: true, designationModules: settingsRights });
    const agent = await signIn(app, members.AGENT.email, TEST_PASSWORD);
    expect((await call(app, agent, UpdateOrganizationSettings, { currency: 'USD' })).errors).toBeUndefined();
    expect((await orgRow(org.id)).currency).toBe('USD');

    const other = await signedInOwner();
    const plainAgent = await signIn(app, other.members.AGENT.email, TEST_PASSWORD);
    const refused = await call(app, plainAgent, GetOrganizationSettings, {});
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the organization logo', () => {
  const png = Buffer.from(TINY_PNG_BASE64, 'base64');

  it('stores a PNG, shows it in the top bar through a signed address, and removes it', async () => {
    const { org, cookie } = await signedInOwner();
    const answer = await call(app, cookie, UpdateOrganizationLogo, {
      logo: { content_type: 'image/png', file_data: TINY_PNG_BASE64 },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope?.status_message).toBe('Logo saved');
    const url = (await menuOf(cookie)).user.organization_details.organization_logo_url!;
    expect(url).toMatch(
      new RegExp(`^/files/organizations/${org.id}/logo-[0-9a-f-]+\\.png\\?expires=\\d+&signature=`),
    );
    expect(answer.envelope?.data.items[0].organization_logo_url).toBe(url);

    // The browser loads it without a session: the signature is the permission.
    const image = await app.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);

    // A forged, altered or expired address is refused.
    const forged = await app.app.inject({
      method: 'GET',
      url: url.replace(/signature=.{4}/, 'signature=AAAA'),
    });
    expect(forged.statusCode).toBe(403);
    const otherKey = await app.app.inject({ method: 'GET', url: url.replace('.png?', '.jpg?') });
    expect(otherKey.statusCode).toBe(403);
    const key = decodeURIComponent(url.split('?')[0].slice('/files/'.length));
    const query = new URLSearchParams(url.split('?')[1]);
    const tomorrow = new Date(Number(query.get('expires')) * 1000 + 1000);
    expect(app.files.verifySignature(key, query.get('expires')!, query.get('signature')!)).toBe(true);
    expect(app.files.verifySignature(key, query.get('expires')!, query.get('signature')!, tomorrow)).toBe(
      false,
    );
    const unsigned = await app.app.inject({ method: 'GET', url: url.split('?')[0] });
    expect(unsigned.statusCode).toBe(403);

    // The audit entry says what changed, never the image's bytes.
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'UpdateOrganizationLogo')));
    expect(entry.changes).toMatchObject({
      logo: { from: null, content_type: 'image/png', bytes: png.length },
    });
    expect(JSON.stringify(entry.changes)).not.toContain(TINY_PNG_BASE64.slice(0, 20));

    const removed = await call(app, cookie, UpdateOrganizationLogo, { logo: null });
    expect(removed.envelope?.status_message).toBe('Logo removed');
    expect((await menuOf(cookie)).user.organization_details.organization_logo_url).toBeNull();
  });

  it.each([
    [
      'bytes that are not a PNG',
      { content_type: 'image/png', file_data: Buffer.from('<svg></svg>').toString('base64') },
      'The logo is not a valid PNG image.',
    ],
    [
      'a PNG sent as a JPEG',
      { content_type: 'image/jpeg', file_data: TINY_PNG_BASE64 },
      'The logo is not a valid JPEG image.',
    ],
    [
      'an SVG',
      { content_type: 'image/svg+xml', file_data: TINY_PNG_BASE64 },
      'The logo must be a PNG or JPEG image',
    ],
    [
      'text that is not base64',
      { content_type: 'image/png', file_data: 'not base64!' },
      'logo.file_data must be base64',
    ],
    [
      'an image over 1 MB',
      {
        content_type: 'image/png',
        file_data: Buffer.concat([png, Buffer.alloc(1024 * 1024)]).toString('base64'),
      },
      'The logo must be at most 1 MB',
    ],
  ])('refuses %s and keeps the logo as it was', async (_label, logo, message) => {
    const { org, cookie } = await signedInOwner();
    const answer = await call(app, cookie, UpdateOrganizationLogo, { logo });
    expect(answer.errors?.[0]).toMatchObject({
      message: expect.stringContaining(message),
      extensions: { code: 'BAD_USER_INPUT', field: expect.stringMatching(/^logo\./) },
    });
    expect((await orgRow(org.id)).logo).toBeNull();
  });
});

describe('dealer flags', () => {
  it("lists the organization's dealers, and a change hides the tab from the dealer's users at their next call", async () => {
    const { cookie, members, dealer, org } = await signedInOwner();
    const second = await seedParty(app.database.db, {
      organization_id: org.id,
      kind: 'DEALER',
      name: 'Zeta Dealers',
    });
    const page = await call(app, cookie, ListDealerFlags, {});
    expect(page.envelope?.data.total_count).toBe(2);
    expect(page.envelope?.data.items.map((item) => item.party_name)).toEqual([dealer.name, 'Zeta Dealers']);
    expect(page.envelope?.data.items[0]).toMatchObject({
      party_id: dealer.id,
      is_customer_tab_visible: true,
    });

    const dealerOwner = await signIn(app, members.DEALER_OWNER.email, TEST_PASSWORD);
    expect((await menuOf(dealerOwner)).routes.has('/MyCustomer')).toBe(true);

    const answer = await call(app, cookie, UpdateDealerFlags, {
      party_id: dealer.id,
      is_customer_tab_visible: false,
    });
    expect(answer.envelope?.data.items[0]).toMatchObject({
      party_id: dealer.id,
      is_customer_tab_visible: false,
    });
    expect((await menuOf(dealerOwner)).routes.has('/MyCustomer')).toBe(false);
    // The other dealer is untouched.
    const after = await call(app, cookie, ListDealerFlags, { search: 'Zeta' });
    expect(after.envelope?.data.items).toEqual([
      expect.objectContaining({ party_id: second.id, is_customer_tab_visible: true }),
    ]);
  });

  it('answers NOT_FOUND for a service partner or an unknown party, and writes nothing', async () => {
    const { cookie, partner } = await signedInOwner();
    for (const party_id of [partner.id, 'no-such-party']) {
      const answer = await call(app, cookie, UpdateDealerFlags, { party_id, is_report_tab_visible: false });
      expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('refuses an update that changes no tab', async () => {
    const { cookie, dealer } = await signedInOwner();
    const answer = await call(app, cookie, UpdateDealerFlags, { party_id: dealer.id });
    expect(answer.errors?.[0]).toMatchObject({
      message: 'Change at least one dealer tab',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
