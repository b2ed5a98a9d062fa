import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG } from '@fieldport/contract/messages';
import { List_Representatives, List_Users, type UserItem } from '@fieldport/contract/operations/people';
import type { Role } from '@fieldport/contract/roles';
import { XLSX_CONTENT_TYPE } from '../../graphql/export-route.ts';
import { call, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember } from '../../test/organizations.ts';
import { expectRefused, peopleOrganization, succeed, type PeopleOrg } from './people.test-kit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** An organization with somebody on every screen, and one of another organization beside it. */
let org: PeopleOrg;
let other: PeopleOrg;
beforeAll(async () => {
  org = await peopleOrganization(app, {
    roles: [
      'OWNER',
      'ADMIN',
      'MANAGER',
      'TECHNICIAN',
      'SERVICE_PARTNER',
      'PARTNER_AGENT',
      'DEALER_OWNER',
      'DEALER_AGENT',
    ],
  });
  const db = app.database.db;
  await addTestMember(db, { organizationId: org.org.id, role: 'REPRESENTATIVE', party_id: org.partner.id });
  await addTestMember(db, { organizationId: org.org.id, role: 'REPRESENTATIVE', party_id: org.dealer.id });
  await addTestMember(db, { organizationId: org.org.id, role: 'TECHNICIAN', party_id: org.partner.id });
  await addTestMember(db, {
    organizationId: org.org.id,
    role: 'AGENT',
    status: 'INACTIVE',
    designation_id: org.designation.id,
  });
  await addTestMember(db, { organizationId: org.org.id, role: 'ADMIN', status: 'INVALID' });
  other = await peopleOrganization(app, { roles: ['OWNER', 'ADMIN', 'TECHNICIAN', 'PARTNER_AGENT'] });
});

async function page(cookie: string, input: Record<string, unknown>) {
  return (await succeed(app, cookie, List_Users, input)).data;
}

const rolesOf = (items: UserItem[]) => items.map((item) => item.user_type).sort();

describe('List_Users', () => {
  it('lists each screen’s members, and nobody of another organization', async () => {
    const cookie = await org.as('OWNER');
    const expected: [string, Role[]][] = [
      ['STAFF', ['ADMIN', 'AGENT', 'MANAGER', 'OWNER']],
      ['TECHNICIANS', ['TECHNICIAN', 'TECHNICIAN']],
      ['PARTNER_AGENTS', ['PARTNER_AGENT']],
      ['DEALER_AGENTS', ['DEALER_AGENT']],
      ['REPS_AND_AGENTS', ['DEALER_AGENT', 'PARTNER_AGENT', 'REPRESENTATIVE', 'REPRESENTATIVE']],
      ['SERVICE_PARTNER_OWNERS', ['SERVICE_PARTNER']],
      ['DEALER_OWNERS', ['DEALER_OWNER']],
      ['INVALID', ['ADMIN']],
    ];
    const otherIds = Object.values(other.members).map((member) => member.userId);
    for (const [user_group, roles] of expected) {
      const data = await page(cookie, { user_group });
      expect(rolesOf(data.items), user_group).toEqual(roles);
      expect(data.total_count).toBe(roles.length);
      expect(data.items.filter((item) => otherIds.includes(item.user_id))).toEqual([]);
    }
  });

  it('filters by status, role and party, searches name, email and party, sorts and pages in SQL', async () => {
    const cookie = await org.as('OWNER');
    expect(rolesOf((await page(cookie, { user_group: 'STAFF', status: 'INACTIVE' })).items)).toEqual([
      'AGENT',
    ]);
    expect(rolesOf((await page(cookie, { user_group: 'STAFF', status: 'ACTIVE' })).items)).toEqual([
      'ADMIN',
      'MANAGER',
      'OWNER',
    ]);
    expect(
      rolesOf((await page(cookie, { user_group: 'REPS_AND_AGENTS', user_type: 'REPRESENTATIVE' })).items),
    ).toEqual(['REPRESENTATIVE', 'REPRESENTATIVE']);
    const partnerTechnicians = await page(cookie, { user_group: 'TECHNICIANS', party_id: org.partner.id });
    expect(partnerTechnicians.items.map((item) => item.party_name)).toEqual([org.partner.name]);

    const byEmail = await page(cookie, {
      user_group: 'STAFF',
      search: org.members.MANAGER.email.toUpperCase(),
    });
    expect(byEmail.items.map((item) => item.user_email_id)).toEqual([org.members.MANAGER.email]);
    const byParty = await page(cookie, { user_group: 'REPS_AND_AGENTS', search: org.dealer.name });
    expect(rolesOf(byParty.items)).toEqual(['DEALER_AGENT', 'REPRESENTATIVE']);
    // % and _ are literal characters, not patterns.
    expect((await page(cookie, { user_group: 'STAFF', search: '%' })).total_count).toBe(0);

    const sorted = await page(cookie, { user_group: 'STAFF', sort_by: 'user_type', sort_order: 'desc' });
    expect(sorted.items.map((item) => item.user_type)).toEqual(['OWNER', 'MANAGER', 'AGENT', 'ADMIN']);
    const second = await page(cookie, { user_group: 'STAFF', sort_by: 'user_type', page: 2, page_size: 10 });
    expect(second).toMatchObject({ items: [], total_count: 4, page: 2, page_size: 10 });
  });

  it('shows what a member row needs: designation, party, invitation state', async () => {
    const cookie = await org.as('OWNER');
    const [manager] = (await page(cookie, { user_group: 'STAFF', search: org.members.MANAGER.email })).items;
    expect(manager).toMatchObject({
      user_id: org.members.MANAGER.userId,
      user_type: 'MANAGER',
      user_status: 'ACTIVE',
      designation_id: org.designation.id,
      designation_name: org.designation.name,
      party_id: null,
      invitation_pending: false,
    });
    const [agent] = (await page(cookie, { user_group: 'PARTNER_AGENTS' })).items;
    expect(agent).toMatchObject({
      party_id: org.partner.id,
      party_name: org.partner.name,
      party_kind: 'SERVICE_PARTNER',
    });
  });

  it('refuses bad input naming the field', async () => {
    const cookie = await org.as('OWNER');
    expectRefused(await call(app, cookie, List_Users, {}), 'BAD_USER_INPUT', { field: 'user_group' });
    expectRefused(
      await call(app, cookie, List_Users, { user_group: 'STAFF', page_size: 1000 }),
      'BAD_USER_INPUT',
      {
        field: 'page_size',
      },
    );
    expectRefused(
      await call(app, cookie, List_Users, { user_group: 'STAFF', sort_by: 'password' }),
      'BAD_USER_INPUT',
      {
        field: 'sort_by',
      },
    );
  });

  it('lets a caller list only the screens their menu shows', async () => {
    // MANAGER's default menu: Users and Technicians, not the partners' or dealers' people.
    const cookie = await org.as('MANAGER');
    await page(cookie, { user_group: 'STAFF' });
    await page(cookie, { user_group: 'TECHNICIANS' });
    for (const user_group of ['PARTNER_AGENTS', 'REPS_AND_AGENTS', 'INVALID', 'SERVICE_PARTNER_OWNERS']) {
      expectRefused(await call(app, cookie, List_Users, { user_group }), 'FORBIDDEN', {
        message: MSG.forbiddenModule,
      });
    }
  });

  it('exports a screen to .xlsx, and refuses the export of a screen the caller may not see', async () => {
    const owner = await app.app.inject({
      method: 'GET',
      url: '/api/exports/List_Users.xlsx?user_group=STAFF&sort_by=user_type',
      headers: { cookie: await org.as('OWNER') },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(owner.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toContain('Email');
    const emails = sheet.getColumn(2).values.slice(2);
    expect(emails).toHaveLength(4);
    expect(emails).toContain(org.members.MANAGER.email);

    const manager = await app.app.inject({
      method: 'GET',
      url: '/api/exports/List_Users.xlsx?user_group=PARTNER_AGENTS',
      headers: { cookie: await org.as('MANAGER') },
    });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbiddenModule });
  });
});

describe('List_Representatives', () => {
  it("lists the service partners' or the dealers' representatives", async () => {
    const cookie = await org.as('OWNER');
    const partners = (await succeed(app, cookie, List_Representatives, { party_kind: 'SERVICE_PARTNER' }))
      .data;
    expect(partners.items.map((item) => item.party_name)).toEqual([org.partner.name]);
    const dealers = (await succeed(app, cookie, List_Representatives, { party_kind: 'DEALER' })).data;
    expect(dealers.items.map((item) => item.party_name)).toEqual([org.dealer.name]);
    expectRefused(await call(app, cookie, List_Representatives, { party_kind: 'VENDOR' }), 'BAD_USER_INPUT', {
      field: 'party_kind',
    });
  });
});
