import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ActivateOrDeactivateComponent,
  CreateComponent,
  INVENTORY_MESSAGES,
  List_Components,
  UpdateComponent,
  type ComponentItem,
} from '@fieldport/contract/operations/inventory';
import { ActivateOrDeactivateService, List_Services } from '@fieldport/contract/operations/product-catalogue';
import { MSG } from '@fieldport/contract/messages';
import { XLSX_CONTENT_TYPE } from '../../graphql/export-route.ts';
import { component } from '../../db/schema/inventory.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { seedComponent } from '../../db/seed/inventory.ts';
import { seedCategory, seedMasterCategory, seedService } from '../../db/seed/product-catalogue.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { SAMPLE_FILES, uploadFile } from '../../test/uploads.ts';

// Components (docs/inventory.md#components): a master of spare parts with part numbers unique per
// organization, prices in paise, GST in basis points, the products they fit and photos; through
// the GraphQL endpoint as each role.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** An organization of the test's own with a small catalogue, and another organization's product. */
async function partsWorld() {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles: ['OWNER', 'STORE_MANAGER', 'SERVICE_PARTNER'] });
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  const organization_id = seeded.org.id;
  const cooling = await seedMasterCategory(db, { organization_id, name: 'Cooling' });
  const ac = await seedCategory(db, {
    organization_id,
    master_category_id: cooling.id,
    name: 'Air Conditioner',
    ticket_prefix: 'AC',
  });
  const product = (name: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') =>
    seedService(db, { organization_id, category_id: ac.id, name, price_paise: 99_900, status });
  const split = await product('Split AC Installation');
  const repair = await product('AC Repair');
  const retired = await product('AC Stabilizer Fitting', 'INACTIVE');
  const other = await seedTestOrganization(db);
  const otherCategory = await seedCategory(db, {
    organization_id: other.org.id,
    master_category_id: (await seedMasterCategory(db, { organization_id: other.org.id, name: 'Cooling' })).id,
    name: 'Air Conditioner',
    ticket_prefix: 'AC',
  });
  const foreign = await seedService(db, {
    organization_id: other.org.id,
    category_id: otherCategory.id,
    name: 'Foreign AC Repair',
    price_paise: 50_000,
  });
  return { ...seeded, cookie, split, repair, retired, foreign, other };
}

function capacitor(overrides: Record<string, unknown> = {}) {
  return {
    part_number: 'cap-35-5',
    component_name: '  Dual run capacitor 35+5 MFD ',
    unit: 'NOS',
    component_price: 45_050,
    tax_rate: 18,
    hsn_code: '85322200',
    service_ids: [],
    reorder_level: 20,
    component_files: [],
    ...overrides,
  };
}

/** The organization's components and audited operations: nothing may change when a call is refused. */
async function written(organizationId: string) {
  const db = app.database.db;
  return {
    components: await db
      .select()
      .from(component)
      .where(eq(component.organization_id, organizationId))
      .orderBy(component.id),
    audits: (
      await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, organizationId), ne(auditLog.operation, 'SIGN_IN')))
    )[0].n,
  };
}

async function created(cookie: string, input: Record<string, unknown>): Promise<ComponentItem> {
  const answer = await call(app, cookie, CreateComponent, input);
  if (!answer.envelope) throw new Error(`CreateComponent refused: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data.items[0];
}

describe('components', () => {
  /** One organization for the many refusals, which write nothing. */
  let shared: ReturnType<typeof partsWorld> | undefined;

  it('creates a component with products and a photo: the item as listed, GST kept in basis points, the photo readable', async () => {
    const { org, cookie, split, repair } = await partsWorld();
    const photo = await uploadFile(app, cookie, {
      name: 'capacitor.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
      purpose: 'COMPONENT_PHOTO',
    });
    const answer = await call(
      app,
      cookie,
      CreateComponent,
      capacitor({
        service_ids: [repair.id, split.id],
        tax_rate: 0.25,
        component_files: [{ file_name: 'Capacitor.png', s3_key: photo.s3_key }],
      }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe("Component 'Dual run capacitor 35+5 MFD' created");
    const item = answer.envelope!.data.items[0];
    expect(item).toEqual({
      component_id: expect.any(String),
      component_name: 'Dual run capacitor 35+5 MFD',
      part_number: 'CAP-35-5',
      unit: 'NOS',
      component_price: 45_050,
      tax_rate: 0.25,
      hsn_code: '85322200',
      service_ids: [repair.id, split.id],
      service_names: ['AC Repair', 'Split AC Installation'],
      reorder_level: 20,
      component_files: [
        {
          file_name: 'Capacitor.png',
          file_type: 'image/png',
          file_size: SAMPLE_FILES.png.length,
          file_url: expect.any(String),
        },
      ],
      component_status: 'ACTIVE',
      component_created_on: expect.any(String),
    });
    const [row] = (await written(org.id)).components;
    expect(row).toMatchObject({ price_paise: 45_050, tax_rate_bp: 25, part_number: 'CAP-35-5' });

    const listed = (await call(app, cookie, List_Components, {})).envelope!.data;
    expect(listed).toMatchObject({ total_count: 1, page: 1, page_size: 25 });
    expect({ ...listed.items[0], component_files: [] }).toEqual({ ...item, component_files: [] });
    const image = await app.app.inject({ method: 'GET', url: listed.items[0].component_files[0].file_url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);

    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'CreateComponent')));
    expect(entry.target).toBe(item.component_id);
  });

  it('edits a component (photos kept by name), deactivates and activates it', async () => {
    const { cookie, split, repair } = await partsWorld();
    const photo = await uploadFile(app, cookie, {
      name: 'front.png',
      type: 'image/png',
      body: SAMPLE_FILES.png,
      purpose: 'COMPONENT_PHOTO',
    });
    const first = await created(
      cookie,
      capacitor({
        service_ids: [split.id],
        component_files: [{ file_name: 'front.png', s3_key: photo.s3_key }],
      }),
    );
    const answer = await call(app, cookie, UpdateComponent, {
      component_id: first.component_id,
      ...capacitor({
        component_name: 'Run capacitor 35+5 MFD 440V',
        unit: 'SET',
        component_price: 47_500,
        tax_rate: 28,
        hsn_code: '',
        service_ids: [repair.id],
        reorder_level: 12,
        component_files: [{ file_name: 'FRONT.png' }],
      }),
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe("Component 'Run capacitor 35+5 MFD 440V' saved");
    expect(answer.envelope!.data.items[0]).toMatchObject({
      component_id: first.component_id,
      part_number: 'CAP-35-5',
      unit: 'SET',
      component_price: 47_500,
      tax_rate: 28,
      hsn_code: null,
      service_ids: [repair.id],
      service_names: ['AC Repair'],
      reorder_level: 12,
      component_files: [{ file_name: 'front.png', file_type: 'image/png' }],
    });

    const off = await call(app, cookie, ActivateOrDeactivateComponent, {
      component_id: first.component_id,
      component_status: 'INACTIVE',
    });
    expect(off.envelope!.status_message).toBe("Component 'Run capacitor 35+5 MFD 440V' deactivated");
    const inactive = (await call(app, cookie, List_Components, { status: 'INACTIVE' })).envelope!.data;
    expect(inactive.items.map((item) => item.component_id)).toEqual([first.component_id]);
    expect((await call(app, cookie, List_Components, { status: 'ACTIVE' })).envelope!.data.total_count).toBe(
      0,
    );
    const on = await call(app, cookie, ActivateOrDeactivateComponent, {
      component_id: first.component_id,
      component_status: 'ACTIVE',
    });
    expect(on.envelope!.data.items[0].component_status).toBe('ACTIVE');
  });

  it('refuses a part number the organization already has, in any case, and writes nothing', async () => {
    const { org, cookie } = await partsWorld();
    const first = await created(cookie, capacitor());
    const second = await created(
      cookie,
      capacitor({ part_number: 'CAP-25', component_name: 'Run capacitor 25 MFD' }),
    );
    const before = await written(org.id);
    const duplicate = await call(app, cookie, CreateComponent, capacitor({ part_number: ' Cap-35-5 ' }));
    expect(duplicate.errors?.[0]).toMatchObject({
      message: INVENTORY_MESSAGES.duplicatePartNumber('CAP-35-5'),
      extensions: { code: 'CONFLICT', field: 'part_number' },
    });
    const renamed = await call(app, cookie, UpdateComponent, {
      component_id: second.component_id,
      ...capacitor({ part_number: 'cap-35-5' }),
    });
    expect(renamed.errors?.[0]).toMatchObject({
      message: "A component with part number 'CAP-35-5' already exists.",
      extensions: { code: 'CONFLICT', field: 'part_number' },
    });
    expect(await written(org.id)).toEqual(before);
    // Another organization may use the same part number.
    const other = await seedTestOrganization(app.database.db);
    const otherCookie = await signIn(app, other.members.OWNER.email, TEST_PASSWORD);
    expect((await created(otherCookie, capacitor())).part_number).toBe(first.part_number);
  });

  it.each([
    ['part_number', { part_number: '' }, 'Part number is required'],
    ['part_number', { part_number: 'CAP 35' }, 'Part number may contain letters, digits and . _ / -'],
    ['part_number', { part_number: 'P'.repeat(41) }, 'Part number must be at most 40 characters'],
    ['component_name', { component_name: ' ' }, 'Name is required'],
    ['component_name', { component_name: 'n'.repeat(151) }, 'Name must be at most 150 characters'],
    ['unit', { unit: 'DOZEN' }, 'Unit must be one of NOS, SET, PAIR, METRE, KG, LITRE, BOX'],
    [
      'component_price',
      { component_price: -1 },
      'Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
    ],
    [
      'component_price',
      { component_price: 12.5 },
      'Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
    ],
    [
      'component_price',
      { component_price: 100_000_001 },
      'Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
    ],
    ['tax_rate', { tax_rate: 17 }, 'GST % must be one of 0, 0.25, 3, 5, 12, 18, 28'],
    ['tax_rate', { tax_rate: '18' }, 'GST % must be one of 0, 0.25, 3, 5, 12, 18, 28'],
    ['hsn_code', { hsn_code: '85322' }, 'HSN code must be 4, 6 or 8 digits'],
    ['service_ids', { service_ids: 'all' }, 'Products must be a list'],
    ['reorder_level', { reorder_level: -1 }, 'Reorder level must be a whole number from 0 to 10,00,000'],
    ['reorder_level', { reorder_level: 2.5 }, 'Reorder level must be a whole number from 0 to 10,00,000'],
    [
      'component_files',
      { component_files: [1, 2, 3, 4].map((n) => ({ file_name: `p${n}.png` })) },
      'At most 3 files can be attached to a component',
    ],
  ])(
    'refuses a bad %s (%j) with a message naming the field, writing nothing',
    async (field, change, message) => {
      shared ??= partsWorld();
      const { org, cookie } = await shared;
      const before = await written(org.id);
      const answer = await call(app, cookie, CreateComponent, capacitor(change));
      expect(answer.errors?.[0]).toMatchObject({
        message: `${field}: ${message}`,
        extensions: { code: 'BAD_USER_INPUT', field },
      });
      expect(await written(org.id)).toEqual(before);
    },
  );

  it("fits only the organization's active products: another organization's or a retired one is refused, and nothing is written", async () => {
    const { org, cookie, split, retired, foreign } = await partsWorld();
    const before = await written(org.id);
    for (const ids of [[split.id, foreign.id], [retired.id], ['no-such-product']]) {
      const answer = await call(app, cookie, CreateComponent, capacitor({ service_ids: ids }));
      expect(answer.errors?.[0]).toMatchObject({
        message: INVENTORY_MESSAGES.productNotFound,
        extensions: { code: 'BAD_USER_INPUT', field: 'service_ids' },
      });
    }
    const twice = await call(app, cookie, CreateComponent, capacitor({ service_ids: [split.id, split.id] }));
    expect(twice.errors?.[0].message).toBe('service_ids: Choose each product once');
    expect(await written(org.id)).toEqual(before);

    // A product retired after the part was fitted to it may stay on the part.
    const part = await created(cookie, capacitor({ service_ids: [split.id] }));
    await call(app, cookie, ActivateOrDeactivateService, {
      service_id: split.id,
      service_status: 'INACTIVE',
    });
    const kept = await call(app, cookie, UpdateComponent, {
      component_id: part.component_id,
      ...capacitor({ service_ids: [split.id], component_price: 50_000 }),
    });
    expect(kept.envelope?.data.items[0]).toMatchObject({ service_ids: [split.id], component_price: 50_000 });
  });

  it("shows in List_Services' component_count and component_ids while active", async () => {
    const { org, cookie, split, repair } = await partsWorld();
    const fits = await created(
      cookie,
      capacitor({ part_number: 'B-PART', service_ids: [split.id, repair.id] }),
    );
    const alsoFits = await created(cookie, capacitor({ part_number: 'A-PART', service_ids: [split.id] }));
    const retiredPart = await seedComponent(app.database.db, {
      organization_id: org.id,
      name: 'Old capacitor',
      part_number: 'C-OLD',
      price_paise: 10_000,
      service_ids: [split.id],
      status: 'INACTIVE',
    });
    const services = async () =>
      new Map(
        (await call(app, cookie, List_Services, {})).envelope!.data.items.map((item) => [
          item.service_id,
          { component_count: item.component_count, component_ids: item.component_ids },
        ]),
      );
    const before = await services();
    expect(before.get(split.id)).toEqual({
      component_count: 2,
      component_ids: [alsoFits.component_id, fits.component_id],
    });
    expect(before.get(repair.id)).toEqual({ component_count: 1, component_ids: [fits.component_id] });
    expect(before.get(split.id)!.component_ids).not.toContain(retiredPart.id);

    await call(app, cookie, ActivateOrDeactivateComponent, {
      component_id: fits.component_id,
      component_status: 'INACTIVE',
    });
    const after = await services();
    expect(after.get(split.id)).toEqual({ component_count: 1, component_ids: [alsoFits.component_id] });
    expect(after.get(repair.id)).toEqual({ component_count: 0, component_ids: [] });
  });

  it('lists with search by name or part number, the product filter, sorting and paging, in SQL', async () => {
    const { cookie, split, repair } = await partsWorld();
    const parts = [
      {
        part_number: 'CAP-35',
        component_name: 'Run capacitor 35 MFD',
        component_price: 45_000,
        service_ids: [split.id],
      },
      {
        part_number: 'PCB-IDU-15',
        component_name: 'Indoor PCB 1.5T',
        component_price: 385_000,
        service_ids: [repair.id],
      },
      {
        part_number: 'MTR-FAN',
        component_name: 'Blower motor',
        component_price: 175_000,
        service_ids: [repair.id, split.id],
      },
      {
        part_number: 'GAS-R32',
        component_name: 'R32 refrigerant',
        component_price: 115_000,
        service_ids: [],
      },
    ];
    for (const part of parts) await created(cookie, capacitor(part));
    const list = async (input: Record<string, unknown>) =>
      (await call(app, cookie, List_Components, input)).envelope!.data;
    const numbers = (page: { items: ComponentItem[] }) => page.items.map((item) => item.part_number);

    expect(numbers(await list({}))).toEqual(['MTR-FAN', 'PCB-IDU-15', 'GAS-R32', 'CAP-35']);
    expect(numbers(await list({ search: 'capacitor' }))).toEqual(['CAP-35']);
    expect(numbers(await list({ search: 'idu' }))).toEqual(['PCB-IDU-15']);
    expect(numbers(await list({ service_id: split.id }))).toEqual(['MTR-FAN', 'CAP-35']);
    expect(numbers(await list({ service_id: repair.id, search: 'pcb' }))).toEqual(['PCB-IDU-15']);
    expect(numbers(await list({ sort_by: 'component_price', sort_order: 'desc' }))).toEqual([
      'PCB-IDU-15',
      'MTR-FAN',
      'GAS-R32',
      'CAP-35',
    ]);
    expect(numbers(await list({ sort_by: 'part_number' }))).toEqual([
      'CAP-35',
      'GAS-R32',
      'MTR-FAN',
      'PCB-IDU-15',
    ]);
    const second = await list({ sort_by: 'part_number', page: 2, page_size: 10 });
    expect(second).toMatchObject({ items: [], total_count: 4, page: 2 });
    const refused = await call(app, cookie, List_Components, { sort_by: 'hsn_code' });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sort_by' });
  });

  it('exports the filtered components to .xlsx with the columns people read', async () => {
    const { cookie, split, repair } = await partsWorld();
    await created(cookie, capacitor({ service_ids: [split.id, repair.id] }));
    await created(
      cookie,
      capacitor({
        part_number: 'GAS-R32',
        component_name: 'R32 refrigerant',
        unit: 'KG',
        hsn_code: '',
        component_price: 115_000,
      }),
    );
    const response = await app.app.inject({
      method: 'GET',
      url: `/api/exports/List_Components.xlsx?search=capacitor`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1, 10)));
    expect(rows).toEqual([
      [
        'Part number',
        'Name',
        'Unit',
        'Price (₹)',
        'GST %',
        'HSN code',
        'Products',
        'Reorder level',
        'Status',
      ],
      [
        'CAP-35-5',
        'Dual run capacitor 35+5 MFD',
        'Nos',
        450.5,
        18,
        '85322200',
        'Split AC Installation; AC Repair',
        20,
        'Active',
      ],
    ]);
    expect(book.worksheets[0].getRow(1).getCell(10).value).toBe('Created on');
  });

  it("keeps to the organization: another organization's component is NOT_FOUND and unchanged", async () => {
    const mine = await partsWorld();
    const theirs = await partsWorld();
    const part = await created(theirs.cookie, capacitor());
    const before = await written(theirs.org.id);
    const update = await call(app, mine.cookie, UpdateComponent, {
      component_id: part.component_id,
      ...capacitor(),
    });
    expect(update.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    const off = await call(app, mine.cookie, ActivateOrDeactivateComponent, {
      component_id: part.component_id,
      component_status: 'INACTIVE',
    });
    expect(off.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await call(app, mine.cookie, List_Components, {})).envelope!.data.total_count).toBe(0);
    expect(await written(theirs.org.id)).toEqual(before);
  });

  it("lets a store manager manage components; a partner's users read them but may not add one", async () => {
    const { members, cookie, split } = await partsWorld();
    await created(cookie, capacitor({ service_ids: [split.id] }));
    const storeManager = await signIn(app, members.STORE_MANAGER.email, TEST_PASSWORD);
    expect((await created(storeManager, capacitor({ part_number: 'SM-1' }))).part_number).toBe('SM-1');
    const partner = await signIn(app, members.SERVICE_PARTNER.email, TEST_PASSWORD);
    const read = await call(app, partner, List_Components, { sort_by: 'part_number' });
    expect(read.envelope!.data.items.map((item) => item.part_number)).toEqual(['CAP-35-5', 'SM-1']);
    const refused = await call(app, partner, CreateComponent, capacitor({ part_number: 'P-1' }));
    expect(refused.errors?.[0]).toMatchObject({
      message: MSG.forbiddenModule,
      extensions: { code: 'FORBIDDEN' },
    });
  });
});
