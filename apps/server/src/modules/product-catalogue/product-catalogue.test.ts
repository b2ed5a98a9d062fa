import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MSG } from '@fieldport/contract/messages';
import type { Role } from '@fieldport/contract/roles';
import {
  ActivateOrDeactivateCategory,
  ActivateOrDeactivateService,
  CreateCategory,
  CreateMasterCategory,
  CreateService,
  List_Categories_By_Selected_Master_Category,
  List_Services,
  ListMasterCategories,
  UpdateCategory,
  UpdateService,
  type ServiceItem,
} from '@fieldport/contract/operations/product-catalogue';
import { auditLog } from '../../db/schema/platform.ts';
import { category, masterCategory, service } from '../../db/schema/product-catalogue.ts';
import {
  seedCategory,
  seedDemoCatalogue,
  seedMasterCategory,
  seedService,
} from '../../db/seed/product-catalogue.ts';
import { seedDemoSettings, seedNamedMaster } from '../../db/seed/settings.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { requestUpload, SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';

// docs/product.md#product-catalogue: master categories, categories with ticket prefixes, services
// with the exact fields of the old API and attached files.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** An organization of the test's own with a master category and a category to put services in. */
async function catalogue(roles: Role[] = ['OWNER']) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles });
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  const cooling = await seedMasterCategory(db, { organization_id: seeded.org.id, name: 'Cooling' });
  const ac = await seedCategory(db, {
    organization_id: seeded.org.id,
    master_category_id: cooling.id,
    name: 'Air Conditioner',
    ticket_prefix: 'AC',
  });
  const installation = await seedNamedMaster(db, 'serviceType', {
    organization_id: seeded.org.id,
    name: 'Installation',
  });
  return { ...seeded, cookie, cooling, ac, installation };
}

/** What the organization has in the catalogue tables: nothing may change when a call is refused. */
async function written(organizationId: string) {
  const db = app.database.db;
  const n = async (table: typeof service | typeof category | typeof masterCategory) =>
    (await db.select({ n: count() }).from(table).where(eq(table.organization_id, organizationId)))[0].n;
  return {
    services: await db.select().from(service).where(eq(service.organization_id, organizationId)),
    categories: await n(category),
    masters: await n(masterCategory),
    // Signing in is audited too; only what operations wrote counts here.
    audit: (
      await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, organizationId), ne(auditLog.operation, 'SIGN_IN')))
    )[0].n,
  };
}

const SERVICE_KEYS = [
  'service_id',
  'category_id',
  'master_category_id',
  'service_display_id',
  'service_enable_type',
  'organization_id',
  'component_count',
  'component_ids',
  'is_visible',
  'service_price',
  'service_technician_enabled',
  'service_created_by',
  'service_created_on',
  'service_name',
  'service_credits',
  's3_key',
  'service_s3_files',
  'service_type_ids',
  'category_name',
  'manufacturer_name',
  'service_source',
  'service_status',
  'service_ticket_prefix',
  'autotag_to_users',
].sort();

describe('services', () => {
  it('creates a service with an attached file: the exact fields of the spec, listed with a readable file', async () => {
    const { org, cookie, ac, cooling, installation, members, tag } = await catalogue();
    const manual = await uploadFile(app, cookie, {
      name: 'Split AC manual.pdf',
      type: 'application/pdf',
      body: SAMPLE_FILES.pdf,
    });
    const photo = await uploadFile(app, cookie, {
      name: 'unit.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
    });
    const answer = await call(app, cookie, CreateService, {
      category_id: ac.id,
      service_name: '  Split AC Installation ',
      service_price: 149_900,
      service_credits: 2,
      manufacturer_name: 'Voltas',
      service_type_ids: [installation.id],
      autotag_to_users: [members.OWNER.userId],
      service_s3_files: [
        { file_name: 'Unit photo.png', s3_key: photo.s3_key },
        { file_name: 'Split AC manual.pdf', s3_key: manual.s3_key },
      ],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe("Service 'Split AC Installation' created");
    const item = answer.envelope!.data.items[0];
    expect(Object.keys(item).sort()).toEqual(SERVICE_KEYS);
    expect(item).toMatchObject({
      category_id: ac.id,
      master_category_id: cooling.id,
      service_display_id: 'SRV-000001',
      service_enable_type: 'ALL',
      organization_id: org.id,
      component_count: 0,
      component_ids: [],
      is_visible: true,
      service_price: 149_900,
      service_technician_enabled: true,
      service_created_by: `OWNER ${tag}`,
      service_name: 'Split AC Installation',
      service_credits: 2,
      s3_key: photo.s3_key,
      service_type_ids: [installation.id],
      category_name: 'Air Conditioner',
      manufacturer_name: 'Voltas',
      service_source: 'PORTAL',
      service_status: 'ACTIVE',
      service_ticket_prefix: 'AC',
      autotag_to_users: [members.OWNER.userId],
    });
    expect(
      item.service_s3_files.map(({ file_name, file_type, file_size }) => ({
        file_name,
        file_type,
        file_size,
      })),
    ).toEqual([
      { file_name: 'Unit photo.png', file_type: 'image/png', file_size: SAMPLE_FILES.png.length },
      { file_name: 'Split AC manual.pdf', file_type: 'application/pdf', file_size: SAMPLE_FILES.pdf.length },
    ]);

    const listed = (await call(app, cookie, List_Services, {})).envelope!.data;
    expect(listed).toMatchObject({ total_count: 1, page: 1, page_size: 25 });
    expect(listed.items[0]).toEqual(item);
    const pdf = await app.app.inject({ method: 'GET', url: listed.items[0].service_s3_files[1].file_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'CreateService')));
    expect(entry.target).toBe(item.service_id);
  });

  it('edits a service: keeps files by name, adds new uploads, drops the rest; numbers stay', async () => {
    const { cookie, ac } = await catalogue();
    const manual = await uploadFile(app, cookie, {
      name: 'manual.pdf',
      type: 'application/pdf',
      body: SAMPLE_FILES.pdf,
    });
    const first = await uploadFile(app, cookie, {
      name: 'old.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
    });
    const created = (
      await call(app, cookie, CreateService, {
        category_id: ac.id,
        service_name: 'AC Gas Refill',
        service_price: 249_900,
        service_s3_files: [
          { file_name: 'old.png', s3_key: first.s3_key },
          { file_name: 'manual.pdf', s3_key: manual.s3_key },
        ],
      })
    ).envelope!.data.items[0];
    const second = await uploadFile(app, cookie, {
      name: 'new.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
    });
    const answer = await call(app, cookie, UpdateService, {
      service_id: created.service_id,
      category_id: ac.id,
      service_name: 'AC Gas Refill (R32)',
      service_price: 259_900,
      is_visible: false,
      service_enable_type: 'DEALERS',
      service_s3_files: [{ file_name: 'Manual.PDF' }, { file_name: 'new.png', s3_key: second.s3_key }],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe("Service 'AC Gas Refill (R32)' saved");
    const item = answer.envelope!.data.items[0];
    expect(item).toMatchObject({
      service_id: created.service_id,
      service_display_id: created.service_display_id,
      service_price: 259_900,
      is_visible: false,
      service_enable_type: 'DEALERS',
      s3_key: manual.s3_key,
      service_created_by: created.service_created_by,
    });
    expect(item.service_s3_files.map((file) => file.file_name)).toEqual(['manual.pdf', 'new.png']);

    const unknown = await call(app, cookie, UpdateService, {
      service_id: created.service_id,
      category_id: ac.id,
      service_name: 'AC Gas Refill (R32)',
      service_price: 259_900,
      service_s3_files: [{ file_name: 'old.png' }],
    });
    expect(unknown.errors?.[0]).toMatchObject({
      message: "No file named 'old.png' is attached to this service. Upload it again.",
      extensions: { code: 'BAD_USER_INPUT', field: 'service_s3_files.0.file_name' },
    });
  });

  it('numbers services per organization and refuses a duplicate name in the same category', async () => {
    const { org, cookie, ac, cooling } = await catalogue();
    const fridge = await seedCategory(app.database.db, {
      organization_id: org.id,
      master_category_id: cooling.id,
      name: 'Refrigerator',
      ticket_prefix: 'RF',
    });
    const make = (name: string, category_id = ac.id) =>
      call(app, cookie, CreateService, { category_id, service_name: name, service_price: 50_000 });
    expect((await make('Repair')).envelope!.data.items[0].service_display_id).toBe('SRV-000001');
    const before = await written(org.id);
    const duplicate = await make('REPAIR');
    expect(duplicate.errors?.[0]).toMatchObject({
      message: "A service named 'REPAIR' already exists.",
      extensions: { code: 'CONFLICT', field: 'service_name' },
    });
    expect(await written(org.id)).toEqual(before);
    // The same name in another category is another service; the failed create used no number.
    expect((await make('Repair', fridge.id)).envelope!.data.items[0].service_display_id).toBe('SRV-000002');
    const other = await catalogue();
    expect(
      (
        await call(app, other.cookie, CreateService, {
          category_id: other.ac.id,
          service_name: 'Repair',
          service_price: 1,
        })
      ).envelope!.data.items[0].service_display_id,
    ).toBe('SRV-000001');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const { org, cookie, ac, installation } = await catalogue();
    const other = await catalogue();
    const unuploaded = await requestUpload(app, cookie, {
      name: 'late.pdf',
      type: 'application/pdf',
      size: 100,
    });
    const foreignUpload = await uploadFile(app, other.cookie, {
      name: 'theirs.pdf',
      type: 'application/pdf',
      body: SAMPLE_FILES.pdf,
    });
    const retired = await seedNamedMaster(app.database.db, 'serviceType', {
      organization_id: org.id,
      name: 'Relocation',
      status: 'INACTIVE',
    });
    const valid = { category_id: ac.id, service_name: 'Microwave Repair', service_price: 34_900 };
    const before = await written(org.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ service_name: '   ' }, 'service_name', 'service_name: Name is required'],
      [
        { service_price: -1 },
        'service_price',
        'service_price: Price must be an amount from ₹0 to ₹1,00,00,000 with at most 2 decimals',
      ],
      [
        { service_price: 12.5 },
        'service_price',
        'service_price: Price must be an amount from ₹0 to ₹1,00,00,000 with at most 2 decimals',
      ],
      [
        { service_price: '1499' },
        'service_price',
        'service_price: Price must be an amount from ₹0 to ₹1,00,00,000 with at most 2 decimals',
      ],
      [
        { service_credits: -2 },
        'service_credits',
        'service_credits: Credits must be a whole number from 0 to 10000',
      ],
      [
        { service_enable_type: 'EVERYONE' },
        'service_enable_type',
        'service_enable_type: Enabled for must be one of ALL, ORGANIZATION, DEALERS',
      ],
      [{ category_id: other.ac.id }, 'category_id', 'Category not found. Choose a category from the list.'],
      [
        { service_type_ids: [other.installation.id] },
        'service_type_ids',
        'A service type was not found. Choose from the list.',
      ],
      [
        { service_type_ids: [installation.id, installation.id] },
        'service_type_ids',
        'service_type_ids: Choose each of the service types once',
      ],
      [
        { service_type_ids: [retired.id] },
        'service_type_ids',
        "Service type 'Relocation' is inactive. Activate it first or leave it out.",
      ],
      [
        { autotag_to_users: [other.members.OWNER.userId] },
        'autotag_to_users',
        'A user to tag was not found among the active members of the organization.',
      ],
      [
        { service_s3_files: [{ file_name: 'late.pdf', s3_key: unuploaded.s3_key }] },
        'service_s3_files.0.s3_key',
        "The file 'late.pdf' has not finished uploading. Upload it again.",
      ],
      [
        { service_s3_files: [{ file_name: 'theirs.pdf', s3_key: foreignUpload.s3_key }] },
        'service_s3_files.0.s3_key',
        "The file 'theirs.pdf' was not found. Upload it again.",
      ],
      [
        {
          service_s3_files: [
            { file_name: 'a.pdf', s3_key: 'x' },
            { file_name: 'A.pdf', s3_key: 'y' },
          ],
        },
        'service_s3_files.1.file_name',
        "Two files are named 'A.pdf'; rename one of them",
      ],
      [{ organization_id: other.org.id }, '', 'Unrecognized key'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await call(app, cookie, CreateService, { ...valid, ...change });
      expect(answer.errors?.[0].extensions?.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
      if (field) expect(answer.errors?.[0].extensions?.field, JSON.stringify(change)).toBe(field);
      expect(answer.errors?.[0].message, JSON.stringify(change)).toContain(message);
    }
    expect(await written(org.id)).toEqual(before);
  });

  it('keeps a service in a category deactivated later editable, but puts no new one there', async () => {
    const { cookie, ac } = await catalogue();
    const created = (
      await call(app, cookie, CreateService, {
        category_id: ac.id,
        service_name: 'AC Repair',
        service_price: 44_900,
      })
    ).envelope!.data.items[0];
    await call(app, cookie, ActivateOrDeactivateCategory, {
      category_id: ac.id,
      category_status: 'INACTIVE',
    });
    const edit = await call(app, cookie, UpdateService, {
      service_id: created.service_id,
      category_id: ac.id,
      service_name: 'AC Repair',
      service_price: 49_900,
    });
    expect(edit.errors).toBeUndefined();
    const refused = await call(app, cookie, CreateService, {
      category_id: ac.id,
      service_name: 'AC Service',
      service_price: 1,
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: "Category 'Air Conditioner' is inactive. Activate it first or choose another.",
      extensions: { code: 'BAD_USER_INPUT', field: 'category_id' },
    });
    const off = await call(app, cookie, ActivateOrDeactivateService, {
      service_id: created.service_id,
      service_status: 'INACTIVE',
    });
    expect(off.envelope!.status_message).toBe("Service 'AC Repair' deactivated");
    expect((await call(app, cookie, List_Services, { status: 'ACTIVE' })).envelope!.data.total_count).toBe(0);
  });

  it('lists with search, filters by category, master category and status, sorts by price, and exports', async () => {
    const db = app.database.db;
    const { org, members } = await seedTestOrganization(db, { roles: ['OWNER'] });
    const cookie = await signIn(app, members.OWNER.email, TEST_PASSWORD);
    await seedDemoSettings(db, org.id);
    await seedDemoCatalogue(db, org.id);
    const list = async (input: Record<string, unknown>) =>
      (await call(app, cookie, List_Services, input)).envelope!.data;
    const names = (items: ServiceItem[]) => items.map((item) => item.service_name);

    expect(names((await list({ search: 'gas' })).items)).toEqual([
      'AC Gas Refill',
      'Refrigerator Gas Charging',
    ]);
    expect(names((await list({ search: 'kent' })).items)).toEqual(['RO Filter Replacement']);
    expect((await list({ search: 'SRV-000002' })).items.map((item) => item.service_display_id)).toEqual([
      'SRV-000002',
    ]);

    const categories = (
      await call(app, cookie, List_Categories_By_Selected_Master_Category, { page_size: 100 })
    ).envelope!.data.items;
    const byPrefix = new Map(categories.map((item) => [item.category_ticket_prefix, item]));
    const microwave = await list({ category_id: byPrefix.get('MW')!.category_id });
    expect(names(microwave.items)).toEqual(['Microwave Demo', 'Microwave Repair']);
    expect(microwave.items.every((item) => item.service_ticket_prefix === 'MW')).toBe(true);

    const coolingId = byPrefix.get('AC')!.master_category_id;
    const cooling = await list({ master_category_id: coolingId, page_size: 100 });
    expect(new Set(cooling.items.map((item) => item.category_name))).toEqual(
      new Set(['Air Conditioner', 'Refrigerator']),
    );
    // Six air-conditioner services, the retired 'AC Stabilizer Fitting', three for refrigerators.
    expect(cooling.total_count).toBe(10);
    const active = await list({ master_category_id: coolingId, status: 'ACTIVE', page_size: 100 });
    expect(active.total_count).toBe(cooling.total_count - 1);

    const byPrice = await list({ sort_by: 'service_price', sort_order: 'desc', page_size: 10 });
    expect(byPrice.items[0]).toMatchObject({
      service_name: 'Compressor Replacement',
      service_price: 499_900,
    });
    const prices = byPrice.items.map((item) => item.service_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const page2 = await list({ sort_by: 'service_price', sort_order: 'desc', page_size: 10, page: 2 });
    expect(page2.items[0].service_price).toBeLessThanOrEqual(prices[9]);

    const exported = await app.app.inject({
      method: 'GET',
      url: `/api/exports/List_Services.xlsx?search=gas&sort_by=service_name`,
      headers: { cookie },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    expect(header.slice(0, 5)).toEqual(['Service ID', 'Name', 'Category', 'Ticket prefix', 'Price (₹)']);
    expect(rows.slice(1).map((row) => [row[1], row[4]])).toEqual([
      ['AC Gas Refill', 2499],
      ['Refrigerator Gas Charging', 2199],
    ]);
  });

  it("never shows or changes another organization's services", async () => {
    const mine = await catalogue();
    const theirs = await catalogue();
    const foreign = (
      await call(app, theirs.cookie, CreateService, {
        category_id: theirs.ac.id,
        service_name: 'Their service',
        service_price: 100,
      })
    ).envelope!.data.items[0];
    const theirsBefore = await written(theirs.org.id);
    const mineBefore = await written(mine.org.id);

    expect((await call(app, mine.cookie, List_Services, { search: 'Their' })).envelope!.data).toMatchObject({
      items: [],
      total_count: 0,
    });
    expect(
      (await call(app, mine.cookie, List_Services, { category_id: theirs.ac.id })).envelope!.data.total_count,
    ).toBe(0);
    const update = await call(app, mine.cookie, UpdateService, {
      service_id: foreign.service_id,
      category_id: mine.ac.id,
      service_name: 'Taken over',
      service_price: 1,
    });
    expect(update.errors?.[0]).toMatchObject({
      message: 'Service not found. It may have been removed; refresh the list and try again.',
      extensions: { code: 'NOT_FOUND' },
    });
    const status = await call(app, mine.cookie, ActivateOrDeactivateService, {
      service_id: foreign.service_id,
      service_status: 'INACTIVE',
    });
    expect(status.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // Their category cannot take my service either.
    const intoTheirs = await call(app, mine.cookie, CreateService, {
      category_id: theirs.ac.id,
      service_name: 'Mine',
      service_price: 1,
    });
    expect(intoTheirs.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'category_id' });
    expect(await written(theirs.org.id)).toEqual(theirsBefore);
    expect(await written(mine.org.id)).toEqual(mineBefore);
  });
});

describe('categories and master categories', () => {
  it('creates categories with ticket prefixes, upper-cased, listed by master category', async () => {
    const { cookie, cooling } = await catalogue();
    const homeAppliances = (
      await call(app, cookie, CreateMasterCategory, { master_category_name: 'Home Appliances' })
    ).envelope!.data.items[0];
    const answer = await call(app, cookie, CreateCategory, {
      master_category_id: homeAppliances.master_category_id,
      category_name: 'Washing Machine',
      category_ticket_prefix: ' wm ',
    });
    expect(answer.errors).toBeUndefined();
    const item = answer.envelope!.data.items[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'category_id',
        'category_created_on',
        'master_category_id',
        'master_category_name',
        'category_name',
        'category_status',
        'category_type',
        'category_ticket_prefix',
      ].sort(),
    );
    expect(item).toMatchObject({
      master_category_name: 'Home Appliances',
      category_name: 'Washing Machine',
      category_status: 'ACTIVE',
      category_type: 'PRODUCT',
      category_ticket_prefix: 'WM',
    });
    const list = async (input: Record<string, unknown>) =>
      (await call(app, cookie, List_Categories_By_Selected_Master_Category, input)).envelope!.data.items.map(
        (entry) => entry.category_name,
      );
    expect(await list({ master_category_id: homeAppliances.master_category_id })).toEqual([
      'Washing Machine',
    ]);
    expect(await list({ master_category_id: cooling.id })).toEqual(['Air Conditioner']);
    expect(await list({})).toEqual(['Air Conditioner', 'Washing Machine']);
    expect(await list({ search: 'WM' })).toEqual(['Washing Machine']);
    const masters = (await call(app, cookie, ListMasterCategories, {})).envelope!.data.items;
    expect(masters.map((m) => [m.master_category_name, m.category_count])).toEqual([
      ['Cooling', 1],
      ['Home Appliances', 1],
    ]);
  });

  it('refuses a ticket prefix that is taken, malformed, or a duplicate name, and writes nothing', async () => {
    const { org, cookie, cooling, ac } = await catalogue();
    const before = await written(org.id);
    const create = (change: Record<string, unknown>) =>
      call(app, cookie, CreateCategory, {
        master_category_id: cooling.id,
        category_name: 'Air Cooler',
        category_ticket_prefix: 'CL',
        ...change,
      });
    const taken = await create({ category_ticket_prefix: 'ac' });
    expect(taken.errors?.[0]).toMatchObject({
      message: "Ticket prefix 'AC' is already used by category 'Air Conditioner'. Choose another prefix.",
      extensions: { code: 'CONFLICT', field: 'category_ticket_prefix' },
    });
    const duplicate = await create({ category_name: 'air conditioner' });
    expect(duplicate.errors?.[0]).toMatchObject({
      message: "A category named 'air conditioner' already exists.",
      extensions: { code: 'CONFLICT', field: 'category_name' },
    });
    const malformed =
      'category_ticket_prefix: Ticket prefix must be 2 to 6 letters or digits, starting with a letter (e.g. AC)';
    for (const prefix of ['A', 'ABCDEFG', 'A-1', '1A', 'ए', '']) {
      const answer = await create({ category_ticket_prefix: prefix });
      expect(answer.errors?.[0], prefix).toMatchObject({
        message: malformed,
        extensions: { code: 'BAD_USER_INPUT', field: 'category_ticket_prefix' },
      });
    }
    const other = await catalogue();
    const foreignMaster = await create({ master_category_id: other.cooling.id });
    expect(foreignMaster.errors?.[0]).toMatchObject({
      message: 'Master category not found. Choose a master category from the list.',
      extensions: { code: 'BAD_USER_INPUT', field: 'master_category_id' },
    });
    expect(await written(org.id)).toEqual(before);

    // The same prefix in another organization is theirs to use; a category keeps its own on edit.
    expect(
      (
        await call(app, other.cookie, CreateCategory, {
          master_category_id: other.cooling.id,
          category_name: 'Air Cooler',
          category_ticket_prefix: 'CL',
        })
      ).errors,
    ).toBeUndefined();
    expect((await create({})).errors).toBeUndefined();
    const renamed = await call(app, cookie, UpdateCategory, {
      category_id: ac.id,
      master_category_id: cooling.id,
      category_name: 'Air Conditioners',
      category_ticket_prefix: 'AC',
    });
    expect(renamed.envelope!.data.items[0]).toMatchObject({
      category_name: 'Air Conditioners',
      category_ticket_prefix: 'AC',
    });
    const stolen = await call(app, cookie, UpdateCategory, {
      category_id: ac.id,
      master_category_id: cooling.id,
      category_name: 'Air Conditioners',
      category_ticket_prefix: 'CL',
    });
    expect(stolen.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      field: 'category_ticket_prefix',
    });
  });

  it('shows a service the prefix of its category as it changes', async () => {
    const { cookie, ac, cooling } = await catalogue();
    await seedService(app.database.db, {
      organization_id: ac.organization_id,
      category_id: ac.id,
      name: 'AC Deep Cleaning',
      price_paise: 79_900,
    });
    await call(app, cookie, UpdateCategory, {
      category_id: ac.id,
      master_category_id: cooling.id,
      category_name: 'Air Conditioner',
      category_ticket_prefix: 'ACN',
    });
    const [item] = (await call(app, cookie, List_Services, {})).envelope!.data.items;
    expect(item).toMatchObject({ service_ticket_prefix: 'ACN', service_price: 79_900 });
  });
});

describe('who may change the catalogue', () => {
  it('lets partner, dealer and technician users read the services a ticket is raised for, and nothing else; writes nothing', async () => {
    const { org, ac, cooling, members } = await catalogue([
      'OWNER',
      'SERVICE_PARTNER',
      'PARTNER_AGENT',
      'DEALER_OWNER',
      'DEALER_AGENT',
      'TECHNICIAN',
    ]);
    const before = await written(org.id);
    for (const role of [
      'SERVICE_PARTNER',
      'PARTNER_AGENT',
      'DEALER_OWNER',
      'DEALER_AGENT',
      'TECHNICIAN',
    ] as const) {
      const cookie = await signIn(app, members[role].email, TEST_PASSWORD);
      // Raising and working a ticket means choosing its service.
      const services = await call(app, cookie, List_Services, {});
      expect(services.errors, `${role} List_Services`).toBeUndefined();
      expect(services.envelope?.status, `${role} List_Services`).toBe('SUCCESS');
      for (const [op, input] of [
        [CreateService, { category_id: ac.id, service_name: 'Sneaky', service_price: 1 }],
        [
          UpdateCategory,
          {
            category_id: ac.id,
            master_category_id: cooling.id,
            category_name: 'X',
            category_ticket_prefix: 'XX',
          },
        ],
        [CreateMasterCategory, { master_category_name: 'Mine now' }],
        [List_Categories_By_Selected_Master_Category, {}],
      ] as const) {
        const answer = await call(app, cookie, op, input);
        expect(answer.errors?.[0], `${role} ${op.name}`).toMatchObject({
          message: MSG.forbiddenModule,
          extensions: { code: 'FORBIDDEN' },
        });
      }
    }
    expect(await written(org.id)).toEqual(before);
  });
});
