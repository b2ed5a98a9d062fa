import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import { Get_Current_User_Details } from '@fieldport/contract/operations/account';
import { List_Logs } from '@fieldport/contract/operations/audit';
import {
  ActivateOrDeactivateDesignation,
  CreateDesignation,
  ListDesignations,
  UpdateDesignation,
} from '@fieldport/contract/operations/designations';
import { buildMenu, menuInputFromUser, menuRoutes } from '@fieldport/contract/menus';
import { designation } from '../../db/schema/platform.ts';
import { assignDesignation, grant, seedDesignation } from '../../db/seed/factories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ALL_RIGHTS = { VIEW: true, CREATE: true, EDIT: true, DELETE: true, APPROVE: true, EXPORT: true };
const NO_RIGHTS = { VIEW: false, CREATE: false, EDIT: false, DELETE: false, APPROVE: false, EXPORT: false };

async function organizationWithAgent(accessing = [grant('Dashboard'), grant('Audit Logs')]) {
  const seeded = await seedTestOrganization(app.database.db, {
    roles: ['OWNER', 'AGENT'],
    accessControl: true,
    designationModules: accessing,
  });
  const owner = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  const agent = await signIn(app, seeded.members.AGENT.email, TEST_PASSWORD);
  return { ...seeded, owner, agent };
}

async function routesOf(cookie: string) {
  const user = (await call(app, cookie, Get_Current_User_Details, {})).envelope!.data.items[0];
  const menu = buildMenu(menuInputFromUser(user));
  return menu.ok ? [...menuRoutes(menu.menu)] : [];
}

describe('designations', () => {
  it('creates a designation, storing the rights in the menu spelling and order with every right spelled out', async () => {
    const { owner } = await organizationWithAgent();
    const answer = await call(app, owner, CreateDesignation, {
      designation_name: '  Field Supervisor ',
      accessing_module: [
        { module_name: 'audit logs', module_rights: [{ VIEW: true, EXPORT: true }], sub_modules: [] },
        {
          module_name: 'TICKETS',
          module_rights: [{ VIEW: true }],
          sub_modules: [
            { module_name: 'closed tickets', module_rights: [{ VIEW: true }] },
            { module_name: 'ActiveTickets', module_rights: [{ VIEW: true, EDIT: true }] },
          ],
        },
      ],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope?.status_message).toBe("Designation 'Field Supervisor' created");
    expect(answer.envelope?.data.items[0]).toMatchObject({
      designation_name: 'Field Supervisor',
      designation_status: 'ACTIVE',
      member_count: 0,
      accessing_module: [
        {
          module_name: 'Tickets',
          module_rights: [{ ...NO_RIGHTS, VIEW: true }],
          sub_modules: [
            {
              module_name: 'Active Tickets',
              module_rights: [{ ...NO_RIGHTS, VIEW: true, EDIT: true }],
              sub_modules: [],
            },
            { module_name: 'Closed Tickets', module_rights: [{ ...NO_RIGHTS, VIEW: true }], sub_modules: [] },
          ],
        },
        {
          module_name: 'Audit Logs',
          module_rights: [{ ...NO_RIGHTS, VIEW: true, EXPORT: true }],
          sub_modules: [],
        },
      ],
    });
  });

  it.each([
    [
      'a module the menu does not have',
      [{ module_name: 'Payroll', module_rights: [{ VIEW: true }], sub_modules: [] }],
      "'Payroll' is not a module of the menu",
      'accessing_module.0.module_name',
    ],
    [
      'a sub-module of another module',
      [
        {
          module_name: 'Tickets',
          module_rights: [{ VIEW: true }],
          sub_modules: [{ module_name: 'Vendors', module_rights: [{ VIEW: true }] }],
        },
      ],
      "'Vendors' is not a sub-module of 'Tickets'",
      'accessing_module.0.sub_modules.0.module_name',
    ],
    [
      'a module listed twice',
      [
        { module_name: 'Cabinet', module_rights: [{ VIEW: true }], sub_modules: [] },
        { module_name: 'cabinet', module_rights: [{ VIEW: false }], sub_modules: [] },
      ],
      "'Cabinet' is listed twice",
      'accessing_module.1.module_name',
    ],
    [
      'a right the product does not have',
      [{ module_name: 'Cabinet', module_rights: [{ VIEW: true, PRINT: true }], sub_modules: [] }],
      'Unrecognized key: "PRINT"',
      'accessing_module.0.module_rights.0',
    ],
  ])(
    'refuses %s with a message naming the entry, and writes nothing',
    async (_label, accessing_module, message, field) => {
      const { owner, org } = await organizationWithAgent();
      const before = await app.database.db
        .select()
        .from(designation)
        .where(eq(designation.organization_id, org.id));
      const answer = await call(app, owner, CreateDesignation, {
        designation_name: 'Broken',
        accessing_module,
      });
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(answer.errors?.[0].message).toContain(message);
      const after = await app.database.db
        .select()
        .from(designation)
        .where(eq(designation.organization_id, org.id));
      expect(after).toEqual(before);
    },
  );

  it('refuses a second designation of the same name (ignoring case) with CONFLICT on the name', async () => {
    const { owner, designation: existing } = await organizationWithAgent();
    const answer = await call(app, owner, CreateDesignation, {
      designation_name: existing.name.toUpperCase(),
      accessing_module: [],
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: `A designation named '${existing.name.toUpperCase()}' already exists.`,
      extensions: { code: 'CONFLICT', field: 'designation_name' },
    });
  });

  it('lists with search, member counts and sorting, in the organization only', async () => {
    const { owner, org, designation: held } = await organizationWithAgent();
    await seedDesignation(app.database.db, {
      organization_id: org.id,
      name: 'Zonal Lead',
      accessing_module: [],
    });
    await seedDesignation(app.database.db, {
      organization_id: org.id,
      name: 'Area Lead',
      accessing_module: [],
    });
    const other = await seedTestOrganization(app.database.db, { roles: [] });
    await seedDesignation(app.database.db, {
      organization_id: other.org.id,
      name: 'Area Lead Elsewhere',
      accessing_module: [],
    });

    const page = await call(app, owner, ListDesignations, { search: 'lead', sort_by: 'designation_name' });
    expect(page.envelope?.data).toMatchObject({ total_count: 2, page: 1, page_size: 25 });
    expect(page.envelope?.data.items.map((item) => item.designation_name)).toEqual([
      'Area Lead',
      'Zonal Lead',
    ]);

    const all = await call(app, owner, ListDesignations, { page_size: 10 });
    const heldItem = all.envelope?.data.items.find((item) => item.designation_id === held.id);
    expect(heldItem?.member_count).toBe(1);
  });

  it('refuses to deactivate a designation that members hold, and deactivates it once nobody does', async () => {
    const { owner, org, designation: held, members } = await organizationWithAgent();
    const refused = await call(app, owner, ActivateOrDeactivateDesignation, {
      designation_id: held.id,
      designation_status: 'INACTIVE',
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: '1 member holds this designation. Give them another designation before deactivating it.',
      extensions: { code: 'CONFLICT' },
    });
    const spare = await seedDesignation(app.database.db, {
      organization_id: org.id,
      name: 'Spare',
      accessing_module: [grant('Dashboard')],
    });
    await assignDesignation(app.database.db, {
      membershipId: members.AGENT.membershipId,
      designationId: spare.id,
    });

    const answer = await call(app, owner, ActivateOrDeactivateDesignation, {
      designation_id: held.id,
      designation_status: 'INACTIVE',
    });
    expect(answer.envelope?.status_message).toBe(`Designation '${held.name}' deactivated`);
    const [row] = await app.database.db.select().from(designation).where(eq(designation.id, held.id));
    expect(row.status).toBe('INACTIVE');
  });

  it("answers NOT_FOUND for another organization's designation and changes nothing", async () => {
    const { owner } = await organizationWithAgent();
    const other = await organizationWithAgent();
    const answer = await call(app, owner, UpdateDesignation, {
      designation_id: other.designation.id,
      designation_name: 'Taken over',
      accessing_module: [],
    });
    expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const [row] = await app.database.db
      .select()
      .from(designation)
      .where(eq(designation.id, other.designation.id));
    expect(row.name).toBe(other.designation.name);
  });

  it("with access control on, a changed designation applies to its holders' next call: menu and server alike", async () => {
    const {
      owner,
      agent,
      designation: held,
    } = await organizationWithAgent([grant('Dashboard'), grant('Audit Logs')]);
    expect((await call(app, agent, List_Logs, {})).errors).toBeUndefined();
    expect(await routesOf(agent)).toEqual(['/Dashboard', '/AuditLogs']);

    const update = await call(app, owner, UpdateDesignation, {
      designation_id: held.id,
      designation_name: held.name,
      accessing_module: [
        { module_name: 'Dashboard', module_rights: [ALL_RIGHTS], sub_modules: [] },
        { module_name: 'Audit Logs', module_rights: [{ ...ALL_RIGHTS, VIEW: false }], sub_modules: [] },
      ],
    });
    expect(update.errors).toBeUndefined();

    const refused = await call(app, agent, List_Logs, {});
    expect(refused.errors?.[0]).toMatchObject({
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await routesOf(agent)).toEqual(['/Dashboard']);
  });

  it('lets the users screens read the list (readers), but not change a designation', async () => {
    const { agent, designation: held } = await organizationWithAgent([grant('Masters', ['Users'])]);
    expect((await call(app, agent, ListDesignations, {})).errors).toBeUndefined();
    const refused = await call(app, agent, UpdateDesignation, {
      designation_id: held.id,
      designation_name: 'Self-promoted',
      accessing_module: [{ module_name: 'Settings', module_rights: [ALL_RIGHTS], sub_modules: [] }],
    });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const [row] = await app.database.db
      .select()
      .from(designation)
      .where(and(eq(designation.id, held.id)));
    expect(row.name).toBe(held.name);
  });
});
