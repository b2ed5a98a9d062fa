import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AnyMasterContract } from '@fieldport/contract/masters';
import { MSG } from '@fieldport/contract/messages';
import {
  additionalParts,
  closureRemarks,
  customerCategories,
  escalationNotifications,
  problemDescriptions,
  productFleetStatuses,
  serviceTypes,
  supportTypes,
  territoryCategories,
  wipStates,
  wipSubStages,
} from '@fieldport/contract/operations/settings';
import { vendors } from '@fieldport/contract/operations/purchasing';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { grant } from '../../db/seed/factories.ts';
import { seedWipState } from '../../db/seed/settings.ts';
import { XLSX_CONTENT_TYPE } from '../../graphql/export-route.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Values = Record<string, unknown>;

/**
 * One master as the generic suite drives it: its contract, what its create input needs in an
 * organization (`prepare` returns a maker of valid inputs from a name), and one bad input with
 * the field its message must name.
 */
interface MasterCase {
  contract: AnyMasterContract;
  prepare(db: Db, organizationId: string): Promise<(name: string, n: number) => Values>;
  bad: { change: Values; field: string; message: string };
  /** When the master words its duplicate message itself. */
  duplicate?: (name: string) => string;
  /** The menu group the master's screen is under (default Settings). */
  menuGroup?: string;
}

const named = (contract: AnyMasterContract): MasterCase => ({
  contract,
  prepare: async () => (name) => ({ [contract.nameKey]: name }),
  bad: { change: { [contract.nameKey]: '   ' }, field: contract.nameKey, message: 'Name is required' },
});

const CASES: MasterCase[] = [
  named(problemDescriptions),
  named(closureRemarks),
  named(productFleetStatuses),
  named(customerCategories),
  named(serviceTypes),
  named(supportTypes),
  named(territoryCategories),
  {
    contract: wipStates,
    prepare: async () => (name, n) => ({ wip_state_name: name, wip_state_order: n }),
    bad: {
      change: { wip_state_order: 0 },
      field: 'wip_state_order',
      message: 'Order must be a whole number from 1 to 999',
    },
  },
  {
    contract: wipSubStages,
    prepare: async (db, organization_id) => {
      const state = await seedWipState(db, { organization_id, name: 'Diagnosis', display_order: 1 });
      return (name, n) => ({ wip_state_id: state.id, wip_sub_stage_name: name, wip_sub_stage_order: n });
    },
    bad: {
      change: { wip_sub_stage_name: 'x'.repeat(101) },
      field: 'wip_sub_stage_name',
      message: 'Name must be at most 100 characters',
    },
    duplicate: (name) => `A WIP sub-stage named '${name}' already exists in this WIP state.`,
  },
  {
    contract: additionalParts,
    prepare: async () => (name, n) => ({
      additional_part_name: name,
      part_code: `P-${n}-${name.length}${name.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`,
      additional_part_price: 1000 * n + 50,
    }),
    bad: {
      change: { additional_part_price: -100 },
      field: 'additional_part_price',
      message: 'Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
    },
  },
  {
    contract: vendors,
    menuGroup: 'Purchase Order',
    prepare: async () => (name) => ({
      vendor_name: name,
      address: '14, Peenya Industrial Area',
      city: 'Bengaluru',
      state: 'karnataka',
      pincode: '560058',
    }),
    bad: {
      change: { gstin: '27AAPFU0939F1ZW' },
      field: 'gstin',
      message: 'GSTIN check character does not match; check the number for a typing mistake',
    },
  },
  {
    contract: escalationNotifications,
    prepare: async () => (name, n) => ({
      escalation_notification_name: name,
      ticket_state: 'OPEN',
      after_hours: n,
      notify_roles: ['MANAGER'],
      notify_emails: [],
    }),
    bad: {
      change: { notify_roles: [], notify_emails: [] },
      field: 'notify_roles',
      message: 'Choose at least one role or email address to notify',
    },
  },
];

/** An organization of the test's own with its owner signed in, and what its masters need. */
async function organizationFor(master: MasterCase, roles: Parameters<typeof seedTestOrganization>[1] = {}) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles: ['OWNER'], ...roles });
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  const make = await master.prepare(db, seeded.org.id);
  return { ...seeded, cookie, make };
}

async function rowsWritten(organizationId: string, master: MasterCase) {
  const audit = await app.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.organization_id, organizationId));
  const list = await listAll(organizationId, master);
  return { audit: audit[0].n, rows: list };
}

const cookies = new Map<string, string>();
/** Every record of the organization's master, as its owner's list shows them. */
async function listAll(organizationId: string, master: MasterCase) {
  const cookie = cookies.get(organizationId)!;
  const answer = await call(app, cookie, master.contract.list, { page_size: 100 });
  return answer.envelope!.data.items as Values[];
}

async function create(cookie: string, master: MasterCase, input: Values) {
  return call(app, cookie, master.contract.create, input);
}

const nameOf = (master: MasterCase, item: Values) => item[master.contract.nameKey] as string;
const idOf = (master: MasterCase, item: Values) => item[master.contract.idKey] as string;

async function exportRows(cookie: string, master: MasterCase, query: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/exports/${master.contract.list.name}.xlsx?${query}`,
    headers: { cookie },
  });
  return response;
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(CASES.map((master) => [master.contract.singular, master] as const))(
  '%s master',
  (_, master) => {
    const { contract } = master;

    it('creates a record: the answer, the list and the audit log show it', async () => {
      const { org, cookie, make } = await organizationFor(master);
      cookies.set(org.id, cookie);
      const answer = await create(cookie, master, make('  Customer not available  ', 3));
      expect(answer.errors).toBeUndefined();
      const [item] = answer.envelope!.data.items as Values[];
      expect(answer.envelope!.status_message).toBe(contract.messages.created('Customer not available'));
      expect(item).toMatchObject({
        [contract.nameKey]: 'Customer not available',
        [contract.statusKey]: 'ACTIVE',
      });
      expect(await listAll(org.id, master)).toEqual([item]);
      const [entry] = await app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, contract.create.name)));
      expect(entry.target).toBe(idOf(master, item));
    });

    it('edits a record', async () => {
      const { org, cookie, make } = await organizationFor(master);
      cookies.set(org.id, cookie);
      const created = (await create(cookie, master, make('Old name', 1))).envelope!.data.items[0] as Values;
      const answer = await call(app, cookie, contract.update, {
        [contract.idKey]: idOf(master, created),
        ...make('New name', 2),
      });
      expect(answer.errors).toBeUndefined();
      expect(answer.envelope!.status_message).toBe(contract.messages.updated('New name'));
      const list = await listAll(org.id, master);
      expect(list.map((item) => nameOf(master, item))).toEqual(['New name']);
      expect(idOf(master, list[0])).toBe(idOf(master, created));
    });

    it('refuses a duplicate name, ignoring case, with a CONFLICT that names it, and writes nothing', async () => {
      const { org, cookie, make } = await organizationFor(master);
      cookies.set(org.id, cookie);
      await create(cookie, master, make('Repaired and tested', 1));
      const other = (await create(cookie, master, make('Part replaced', 2))).envelope!.data
        .items[0] as Values;
      const before = await rowsWritten(org.id, master);

      const duplicate = await create(cookie, master, make('REPAIRED AND TESTED', 3));
      expect(duplicate.errors?.[0]).toMatchObject({
        message: (master.duplicate ?? contract.messages.duplicate)('REPAIRED AND TESTED'),
        extensions: { code: 'CONFLICT', field: contract.nameKey },
      });
      // Renaming another record onto the name is the same conflict.
      const renamed = await call(app, cookie, contract.update, {
        [contract.idKey]: idOf(master, other),
        ...make('repaired and tested', 4),
      });
      expect(renamed.errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(await rowsWritten(org.id, master)).toEqual(before);
    });

    it('refuses bad input naming the field, and writes nothing', async () => {
      const { org, cookie, make } = await organizationFor(master);
      cookies.set(org.id, cookie);
      const created = (await create(cookie, master, make('Kept as it was', 1))).envelope!.data
        .items[0] as Values;
      const before = await rowsWritten(org.id, master);

      const answer = await create(cookie, master, { ...make('Bad one', 2), ...master.bad.change });
      expect(answer.errors?.[0]).toMatchObject({
        message: `${master.bad.field}: ${master.bad.message}`,
        extensions: { code: 'BAD_USER_INPUT', field: master.bad.field },
      });
      const update = await call(app, cookie, contract.update, {
        [contract.idKey]: idOf(master, created),
        ...make('Kept as it was', 1),
        ...master.bad.change,
      });
      expect(update.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: master.bad.field,
      });
      const unknownKey = await create(cookie, master, {
        ...make('Extra', 3),
        [contract.statusKey]: 'INACTIVE',
      });
      expect(unknownKey.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      const badStatus = await call(app, cookie, contract.activateOrDeactivate, {
        [contract.idKey]: idOf(master, created),
        [contract.statusKey]: 'DELETED',
      });
      expect(badStatus.errors?.[0]).toMatchObject({
        message: `${contract.statusKey} must be ACTIVE or INACTIVE`,
        extensions: { code: 'BAD_USER_INPUT', field: contract.statusKey },
      });
      expect(await rowsWritten(org.id, master)).toEqual(before);
    });

    it('lists with pagination, sorting, search and the status filter, all in SQL', async () => {
      const { org, cookie, make } = await organizationFor(master);
      cookies.set(org.id, cookie);
      const names = Array.from({ length: 12 }, (_, i) => `Entry ${String(i + 1).padStart(2, '0')}`);
      const created: Values[] = [];
      for (const [i, name] of names.entries()) {
        created.push((await create(cookie, master, make(name, i + 1))).envelope!.data.items[0] as Values);
      }
      await create(cookie, master, make('Special 50% off_', 20));
      for (const item of created.slice(0, 3)) {
        const answer = await call(app, cookie, contract.activateOrDeactivate, {
          [contract.idKey]: idOf(master, item),
          [contract.statusKey]: 'INACTIVE',
        });
        expect(answer.envelope!.status_message).toBe(
          contract.messages.statusChanged(nameOf(master, item), 'INACTIVE'),
        );
      }
      const list = async (input: Values) =>
        (await call(app, cookie, contract.list, { sort_by: contract.nameKey, ...input })).envelope!.data;

      const second = await list({ page: 2, page_size: 10 });
      expect(second).toMatchObject({ total_count: 13, page: 2, page_size: 10 });
      expect(second.items.map((item) => nameOf(master, item as Values))).toEqual([
        'Entry 11',
        'Entry 12',
        'Special 50% off_',
      ]);

      const descending = await list({ page_size: 10, sort_order: 'desc' });
      expect(nameOf(master, descending.items[0] as Values)).toBe('Special 50% off_');
      expect(nameOf(master, descending.items[1] as Values)).toBe('Entry 12');

      const searched = await list({ search: '  entry 1 ' });
      expect(searched.items.map((item) => nameOf(master, item as Values))).toEqual([
        'Entry 10',
        'Entry 11',
        'Entry 12',
      ]);
      expect(searched.total_count).toBe(3);
      // % and _ are searched for literally, not as wildcards.
      expect((await list({ search: '50%' })).total_count).toBe(1);
      expect((await list({ search: '%' })).total_count).toBe(1);
      expect((await list({ search: '_' })).total_count).toBe(1);

      const inactive = await list({ status: 'INACTIVE' });
      expect(inactive.items.map((item) => nameOf(master, item as Values))).toEqual([
        'Entry 01',
        'Entry 02',
        'Entry 03',
      ]);
      expect((await list({ status: 'ACTIVE' })).total_count).toBe(10);
      const beyond = await list({ page: 9, page_size: 10 });
      expect(beyond).toMatchObject({ items: [], total_count: 13, page: 9 });

      for (const sort_by of contract.list.input.shape.sort_by.unwrap().options as string[]) {
        for (const sort_order of ['asc', 'desc']) {
          const page = await list({ sort_by, sort_order, page_size: 100 });
          expect(page.total_count, `${sort_by} ${sort_order}`).toBe(13);
        }
      }
      const refused = await call(app, cookie, contract.list, { page_size: 1000 });
      expect(refused.errors?.[0]).toMatchObject({
        message: 'page_size must be one of 10, 25, 50, 100',
        extensions: { code: 'BAD_USER_INPUT', field: 'page_size' },
      });
      const badSort = await call(app, cookie, contract.list, { sort_by: 'organization_id' });
      expect(badSort.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sort_by' });
    });

    it('exports exactly the filtered rows as an .xlsx, streamed and audited', async () => {
      const { org, cookie, make } = await organizationFor(master);
      cookies.set(org.id, cookie);
      for (const [i, name] of [
        'Gas leak check',
        'Gas refill',
        'Coil cleaning',
        'Gas pressure test',
      ].entries()) {
        await create(cookie, master, make(name, i + 1));
      }
      const refill = (await listAll(org.id, master)).find((item) => nameOf(master, item) === 'Gas refill')!;
      await call(app, cookie, contract.activateOrDeactivate, {
        [contract.idKey]: idOf(master, refill),
        [contract.statusKey]: 'INACTIVE',
      });

      const query = `search=gas&status=ACTIVE&sort_by=${contract.nameKey}&sort_order=desc`;
      const response = await exportRows(cookie, master, query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
      const rows = await readSheet(response.rawPayload);
      const listed = (
        await call(app, cookie, contract.list, {
          search: 'gas',
          status: 'ACTIVE',
          sort_by: contract.nameKey,
          sort_order: 'desc',
        })
      ).envelope!.data.items as Values[];
      expect(listed.map((item) => nameOf(master, item))).toEqual(['Gas pressure test', 'Gas leak check']);
      const nameColumn = (rows[0] as string[]).indexOf('Name');
      expect(rows.slice(1).map((row) => row[nameColumn])).toEqual(listed.map((item) => nameOf(master, item)));
      expect(rows[0]).toContain('Status');
      expect(rows.slice(1).every((row) => row.includes('Active'))).toBe(true);

      const [entry] = await app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'ExportToExcel')));
      expect(entry).toMatchObject({
        target: contract.list.name,
        changes: { search: 'gas', status: 'ACTIVE', row_count: 2 },
      });

      const refused = await exportRows(cookie, master, 'status=SOME');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'status' });
      const signedOut = await exportRows('', master, '');
      expect(signedOut.statusCode).toBe(401);
    });

    it("never shows or changes another organization's records", async () => {
      const mine = await organizationFor(master);
      const theirs = await organizationFor(master);
      cookies.set(mine.org.id, mine.cookie);
      cookies.set(theirs.org.id, theirs.cookie);
      const foreign = (await create(theirs.cookie, master, theirs.make('Their record', 1))).envelope!.data
        .items[0] as Values;
      await create(mine.cookie, master, mine.make('My record', 1));
      const theirsBefore = await rowsWritten(theirs.org.id, master);

      expect((await listAll(mine.org.id, master)).map((item) => nameOf(master, item))).toEqual(['My record']);
      const searched = await call(app, mine.cookie, contract.list, { search: 'Their' });
      expect(searched.envelope!.data).toMatchObject({ items: [], total_count: 0 });
      const exported = await exportRows(mine.cookie, master, 'search=Their');
      expect((await readSheet(exported.rawPayload)).length).toBe(1);

      const update = await call(app, mine.cookie, contract.update, {
        [contract.idKey]: idOf(master, foreign),
        ...mine.make('Taken over', 2),
      });
      expect(update.errors?.[0]).toMatchObject({
        message: contract.messages.notFound,
        extensions: { code: 'NOT_FOUND' },
      });
      const status = await call(app, mine.cookie, contract.activateOrDeactivate, {
        [contract.idKey]: idOf(master, foreign),
        [contract.statusKey]: 'INACTIVE',
      });
      expect(status.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      expect(await rowsWritten(theirs.org.id, master)).toEqual(theirsBefore);
    });

    it('refuses a role whose menu lacks the module, and a designation without the right', async () => {
      const db = app.database.db;
      // Every role's default menu has a tickets screen, which reads some masters (problem
      // descriptions, closure remarks, sub-stages): a designation with the dashboard alone has
      // neither Settings nor a screen that reads a master.
      const { members, org, make } = await organizationFor(master, {
        roles: ['OWNER', 'MANAGER'],
        accessControl: true,
        designationModules: [grant('Dashboard')],
      });
      const agent = await signIn(app, members.MANAGER.email, TEST_PASSWORD);
      for (const [op, input] of [
        [contract.list, {}],
        [contract.create, make('Not allowed', 1)],
      ] as const) {
        const answer = await call(app, agent, op, input);
        expect(answer.errors?.[0]).toMatchObject({
          message: MSG.forbiddenModule,
          extensions: { code: 'FORBIDDEN' },
        });
      }
      const exported = await exportRows(agent, master, '');
      expect(exported.statusCode).toBe(403);

      // With access control: a designation that may VIEW the settings page but not CREATE on it.
      const viewOnly = await seedTestOrganization(db, {
        roles: ['MANAGER'],
        accessControl: true,
        designationModules: [
          {
            module_name: master.menuGroup ?? 'Settings',
            module_rights: [{ VIEW: true }],
            sub_modules: [
              ...(typeof contract.module === 'string' ? [contract.module] : contract.module).map(
                (name: string) => ({
                  module_name: name,
                  module_rights: [{ VIEW: true }],
                  sub_modules: [],
                }),
              ),
            ],
          },
          grant('Dashboard'),
        ],
      });
      const manager = await signIn(app, viewOnly.members.MANAGER.email, TEST_PASSWORD);
      const makeThere = await master.prepare(db, viewOnly.org.id);
      expect((await call(app, manager, contract.list, {})).errors).toBeUndefined();
      const refused = await call(app, manager, contract.create, makeThere('Not mine to add', 1));
      expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      // VIEW reads the page; taking the whole list away as a workbook needs EXPORT, which it lacks.
      expect((await exportRows(manager, master, '')).statusCode).toBe(403);
      expect(org.id).not.toBe(viewOnly.org.id);
    });
  },
);
