import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  ActivateOrDeactivateServiceCenter,
  CreateServiceCenter,
  INVENTORY_MESSAGES,
  ListServiceCenters,
  UpdateServiceCenter,
  type ServiceCenterItem,
} from '@fieldport/contract/operations/inventory';
import { store } from '../../db/schema/inventory.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { seedParty } from '../../db/seed/factories.ts';
import { seedStore } from '../../db/seed/inventory.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';

// Stores (docs/inventory.md#stores): the organization's own and its service partners', behind the
// party wall: a partner's users see and manage only their partner's stores; staff see them all.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** An organization with staff, its partner (owner and agent), another partner, and a dealer. */
async function storesWorld() {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, {
    roles: ['OWNER', 'STORE_MANAGER', 'SERVICE_PARTNER', 'PARTNER_AGENT', 'DEALER_OWNER'],
  });
  const organizationId = seeded.org.id;
  const otherPartner = await seedParty(db, {
    organization_id: organizationId,
    kind: 'SERVICE_PARTNER',
    name: `Other partner ${seeded.tag}`,
  });
  const otherPartnerOwner = await addTestMember(db, {
    organizationId,
    role: 'SERVICE_PARTNER',
    party_id: otherPartner.id,
  });
  const suspendedPartner = await seedParty(db, {
    organization_id: organizationId,
    kind: 'SERVICE_PARTNER',
    name: `Suspended partner ${seeded.tag}`,
    status: 'SUSPENDED',
  });
  const cookies = {
    owner: await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD),
    partner: await signIn(app, seeded.members.SERVICE_PARTNER.email, TEST_PASSWORD),
    otherPartner: await signIn(app, otherPartnerOwner.email, TEST_PASSWORD),
  };
  return { ...seeded, otherPartner, otherPartnerOwner, suspendedPartner, cookies };
}

function storeInput(overrides: Record<string, unknown> = {}) {
  return {
    service_center_name: ' Main Store, Peenya ',
    address: 'Plot 42, 2nd Phase, Peenya Industrial Area',
    city: 'Bengaluru',
    state: 'karnataka',
    pincode: '560058',
    phone: '+91 98450 12345',
    manager_user_ids: [],
    ...overrides,
  };
}

/** The organization's stores and audited operations: nothing may change when a call is refused. */
async function written(organizationId: string) {
  const db = app.database.db;
  return {
    stores: await db.select().from(store).where(eq(store.organization_id, organizationId)).orderBy(store.id),
    audits: (
      await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, organizationId), ne(auditLog.operation, 'SIGN_IN')))
    )[0].n,
  };
}

async function created(cookie: string, input: Record<string, unknown>): Promise<ServiceCenterItem> {
  const answer = await call(app, cookie, CreateServiceCenter, input);
  if (!answer.envelope) throw new Error(`CreateServiceCenter refused: ${JSON.stringify(answer.errors)}`);
  return answer.envelope.data.items[0];
}

const names = (page: { items: ServiceCenterItem[] }) => page.items.map((item) => item.service_center_name);

describe('stores', () => {
  it("staff add the organization's store and a partner's, with managers; the list says who runs each", async () => {
    const { org, partner, members, cookies, tag } = await storesWorld();
    const own = await call(
      app,
      cookies.owner,
      CreateServiceCenter,
      storeInput({ manager_user_ids: [members.STORE_MANAGER.userId, members.OWNER.userId] }),
    );
    expect(own.errors).toBeUndefined();
    expect(own.envelope!.status_message).toBe("Store 'Main Store, Peenya' created");
    expect(own.envelope!.data.items[0]).toEqual({
      service_center_id: expect.any(String),
      service_center_name: 'Main Store, Peenya',
      party_id: null,
      party_name: null,
      address: 'Plot 42, 2nd Phase, Peenya Industrial Area',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560058',
      phone: '9845012345',
      managers: [
        { user_id: members.STORE_MANAGER.userId, user_name: `STORE_MANAGER ${tag}` },
        { user_id: members.OWNER.userId, user_name: `OWNER ${tag}` },
      ],
      service_center_status: 'ACTIVE',
      service_center_created_on: expect.any(String),
    });
    const partnerStore = await created(
      cookies.owner,
      storeInput({
        service_center_name: 'CoolFix Koramangala',
        party_id: partner.id,
        pincode: '560095',
        phone: '',
        // The partner's own people, and staff, may manage a partner's store.
        manager_user_ids: [members.PARTNER_AGENT.userId, members.STORE_MANAGER.userId],
      }),
    );
    expect(partnerStore).toMatchObject({
      party_id: partner.id,
      party_name: partner.name,
      phone: null,
      managers: [
        { user_id: members.PARTNER_AGENT.userId, user_name: `PARTNER_AGENT ${tag}` },
        { user_id: members.STORE_MANAGER.userId, user_name: `STORE_MANAGER ${tag}` },
      ],
    });

    const list = (await call(app, cookies.owner, ListServiceCenters, {})).envelope!.data;
    expect(names(list)).toEqual(['CoolFix Koramangala', 'Main Store, Peenya']);
    expect(list.items[1]).toEqual(own.envelope!.data.items[0]);
    const byPartner = (await call(app, cookies.owner, ListServiceCenters, { party_id: partner.id })).envelope!
      .data;
    expect(names(byPartner)).toEqual(['CoolFix Koramangala']);
    const bySearch = (await call(app, cookies.owner, ListServiceCenters, { search: 'peenya' })).envelope!
      .data;
    expect(names(bySearch)).toEqual(['Main Store, Peenya']);

    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organization_id, org.id), eq(auditLog.operation, 'CreateServiceCenter')))
      .orderBy(auditLog.created_at)
      .limit(1);
    expect(entry.target).toBe(own.envelope!.data.items[0].service_center_id);
  });

  it('edits a store, moves it from a partner to the organization, deactivates it', async () => {
    const { partner, members, cookies, tag } = await storesWorld();
    const first = await created(
      cookies.owner,
      storeInput({ party_id: partner.id, manager_user_ids: [members.SERVICE_PARTNER.userId] }),
    );
    // The partner's manager cannot stay on the organization's own store.
    const refused = await call(app, cookies.owner, UpdateServiceCenter, {
      service_center_id: first.service_center_id,
      ...storeInput({ party_id: null, manager_user_ids: [members.SERVICE_PARTNER.userId] }),
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: INVENTORY_MESSAGES.managerNotFound(`SERVICE_PARTNER ${tag}`),
      extensions: { code: 'BAD_USER_INPUT', field: 'manager_user_ids' },
    });
    const moved = await call(app, cookies.owner, UpdateServiceCenter, {
      service_center_id: first.service_center_id,
      ...storeInput({
        service_center_name: 'Peenya Central Store',
        party_id: '',
        city: 'Bengaluru Rural',
        state: 'Karnataka',
        manager_user_ids: [members.STORE_MANAGER.userId],
      }),
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.envelope!.status_message).toBe("Store 'Peenya Central Store' saved");
    expect(moved.envelope!.data.items[0]).toMatchObject({
      party_id: null,
      party_name: null,
      city: 'Bengaluru Rural',
      managers: [{ user_id: members.STORE_MANAGER.userId }],
    });
    const off = await call(app, cookies.owner, ActivateOrDeactivateServiceCenter, {
      service_center_id: first.service_center_id,
      service_center_status: 'INACTIVE',
    });
    expect(off.envelope!.status_message).toBe("Store 'Peenya Central Store' deactivated");
    const inactive = (await call(app, cookies.owner, ListServiceCenters, { status: 'INACTIVE' })).envelope!
      .data;
    expect(names(inactive)).toEqual(['Peenya Central Store']);
  });

  describe('refusals, each naming its field and writing nothing', () => {
    let world: ReturnType<typeof storesWorld> | undefined;
    const refusal = async (
      input: (w: Awaited<ReturnType<typeof storesWorld>>) => Record<string, unknown>,
      expected: {
        message: string | ((w: Awaited<ReturnType<typeof storesWorld>>) => string);
        field: string;
        code?: string;
      },
    ) => {
      world ??= storesWorld();
      const w = await world;
      const before = await written(w.org.id);
      const answer = await call(app, w.cookies.owner, CreateServiceCenter, input(w));
      expect(answer.errors?.[0]).toMatchObject({
        message: typeof expected.message === 'function' ? expected.message(w) : expected.message,
        extensions: { code: expected.code ?? 'BAD_USER_INPUT', field: expected.field },
      });
      expect(await written(w.org.id)).toEqual(before);
    };

    it.each([
      ['service_center_name', { service_center_name: '' }, 'service_center_name: Name is required'],
      ['address', { address: ' ' }, 'address: Address is required'],
      ['address', { address: 'a'.repeat(301) }, 'address: Address must be at most 300 characters'],
      ['city', { city: '' }, 'city: City is required'],
      ['state', { state: 'Atlantis' }, "State must be one of India's states or union territories"],
      ['pincode', { pincode: '56001' }, 'pincode: Pincode must be 6 digits, e.g. 560001'],
      ['phone', { phone: '12345' }, 'phone: Phone must be a 10-digit mobile number'],
      ['manager_user_ids', { manager_user_ids: 'everyone' }, 'manager_user_ids: Managers must be a list'],
    ])('a bad %s (%j)', async (field, change, message) => {
      await refusal(() => storeInput(change), { message, field });
    });

    it('a service partner that is a dealer, suspended, or of another organization', async () => {
      const other = await seedTestOrganization(app.database.db);
      for (const partyOf of [
        (w: Awaited<ReturnType<typeof storesWorld>>) => w.dealer.id,
        (w: Awaited<ReturnType<typeof storesWorld>>) => w.suspendedPartner.id,
        () => other.partner.id,
      ]) {
        await refusal((w) => storeInput({ party_id: partyOf(w) }), {
          message: INVENTORY_MESSAGES.partnerNotFound,
          field: 'party_id',
        });
      }
    });

    it('a manager of another organization, another partner, a dealer, or twice', async () => {
      const other = await seedTestOrganization(app.database.db);
      await refusal(() => storeInput({ manager_user_ids: [other.members.OWNER.userId] }), {
        message: INVENTORY_MESSAGES.managerNotFound(other.members.OWNER.userId),
        field: 'manager_user_ids',
      });
      await refusal(
        (w) => storeInput({ party_id: w.partner.id, manager_user_ids: [w.otherPartnerOwner.userId] }),
        {
          message: (w) =>
            INVENTORY_MESSAGES.managerNotFound(`SERVICE_PARTNER ${w.otherPartnerOwner.email.split('@')[0]}`),
          field: 'manager_user_ids',
        },
      );
      await refusal((w) => storeInput({ manager_user_ids: [w.members.DEALER_OWNER.userId] }), {
        message: (w) => INVENTORY_MESSAGES.managerNotFound(`DEALER_OWNER ${w.tag}`),
        field: 'manager_user_ids',
      });
      await refusal(
        (w) => storeInput({ manager_user_ids: [w.members.OWNER.userId, w.members.OWNER.userId] }),
        {
          message: 'manager_user_ids: Choose each manager once',
          field: 'manager_user_ids',
        },
      );
    });

    it('an inactive member as manager', async () => {
      world ??= storesWorld();
      const w = await world;
      const left = await addTestMember(app.database.db, {
        organizationId: w.org.id,
        role: 'AGENT',
        status: 'INACTIVE',
      });
      await refusal(() => storeInput({ manager_user_ids: [left.userId] }), {
        message: INVENTORY_MESSAGES.managerNotFound(`AGENT ${left.email.split('@')[0]}`),
        field: 'manager_user_ids',
      });
    });

    it('a name the organization already has, in any case', async () => {
      world ??= storesWorld();
      const w = await world;
      await created(w.cookies.owner, storeInput({ service_center_name: 'Whitefield Store' }));
      await refusal(() => storeInput({ service_center_name: 'WHITEFIELD store' }), {
        message: "A store named 'WHITEFIELD store' already exists.",
        field: 'service_center_name',
        code: 'CONFLICT',
      });
    });
  });

  it("keeps a partner's users to their own partner's stores; staff see all", async () => {
    const { org, partner, otherPartner, cookies, members } = await storesWorld();
    const db = app.database.db;
    const base = {
      organization_id: org.id,
      address: '1, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
    await seedStore(db, { ...base, name: 'Own Store' });
    const theirs = await seedStore(db, { ...base, name: 'Other Partner Store', party_id: otherPartner.id });
    const ours = await seedStore(db, { ...base, name: 'Partner Store', party_id: partner.id });

    const asPartner = (input: Record<string, unknown> = {}) =>
      call(app, cookies.partner, ListServiceCenters, input);
    expect(names((await asPartner()).envelope!.data)).toEqual(['Partner Store']);
    // Filtering by another party shows nothing more.
    expect((await asPartner({ party_id: otherPartner.id })).envelope!.data.total_count).toBe(0);
    expect(names((await call(app, cookies.otherPartner, ListServiceCenters, {})).envelope!.data)).toEqual([
      'Other Partner Store',
    ]);
    expect(names((await call(app, cookies.owner, ListServiceCenters, {})).envelope!.data)).toEqual([
      'Other Partner Store',
      'Own Store',
      'Partner Store',
    ]);

    // Another partner's store, and the organization's own, are NOT_FOUND to a partner's user.
    const before = await written(org.id);
    for (const id of [theirs.id, (await asPartnerOwnStoreId(cookies.owner))!]) {
      const update = await call(app, cookies.partner, UpdateServiceCenter, {
        service_center_id: id,
        ...storeInput({ service_center_name: 'Taken over' }),
      });
      expect(update.errors?.[0]).toMatchObject({
        message: 'Store not found. It may have been removed; refresh the list and try again.',
        extensions: { code: 'NOT_FOUND' },
      });
      const off = await call(app, cookies.partner, ActivateOrDeactivateServiceCenter, {
        service_center_id: id,
        service_center_status: 'INACTIVE',
      });
      expect(off.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect(await written(org.id)).toEqual(before);

    // Their own store they edit; naming no partner keeps it theirs, and staff may manage it.
    const edited = await call(app, cookies.partner, UpdateServiceCenter, {
      service_center_id: ours.id,
      ...storeInput({
        service_center_name: 'Partner Store, Indiranagar',
        party_id: null,
        manager_user_ids: [members.PARTNER_AGENT.userId, members.STORE_MANAGER.userId],
      }),
    });
    expect(edited.errors).toBeUndefined();
    expect(edited.envelope!.data.items[0]).toMatchObject({ party_id: partner.id, party_name: partner.name });
  });

  it("makes a partner's user's new store their partner's, and refuses another party", async () => {
    const { org, partner, otherPartner, cookies, members, otherPartnerOwner } = await storesWorld();
    const none = await created(cookies.partner, storeInput({ service_center_name: 'Partner HSR' }));
    expect(none).toMatchObject({ party_id: partner.id, party_name: partner.name });
    const own = await created(
      cookies.partner,
      storeInput({
        service_center_name: 'Partner BTM',
        party_id: partner.id,
        manager_user_ids: [members.SERVICE_PARTNER.userId],
      }),
    );
    expect(own).toMatchObject({
      party_id: partner.id,
      managers: [{ user_id: members.SERVICE_PARTNER.userId }],
    });

    const before = await written(org.id);
    const refused = await call(
      app,
      cookies.partner,
      CreateServiceCenter,
      storeInput({ service_center_name: 'Sneaky', party_id: otherPartner.id }),
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: INVENTORY_MESSAGES.partnerIsYours,
      extensions: { code: 'BAD_USER_INPUT', field: 'party_id' },
    });
    // Another partner's people are not told who is who: the id comes back as sent.
    const foreignManager = await call(
      app,
      cookies.partner,
      CreateServiceCenter,
      storeInput({ service_center_name: 'Sneaky', manager_user_ids: [otherPartnerOwner.userId] }),
    );
    expect(foreignManager.errors?.[0]).toMatchObject({
      message: INVENTORY_MESSAGES.managerNotFound(otherPartnerOwner.userId),
      extensions: { field: 'manager_user_ids' },
    });
    expect(await written(org.id)).toEqual(before);
  });

  it('exports the stores the caller may see to .xlsx', async () => {
    const { partner, members, cookies, tag } = await storesWorld();
    await created(cookies.owner, storeInput({ manager_user_ids: [members.STORE_MANAGER.userId] }));
    await created(
      cookies.owner,
      storeInput({ service_center_name: 'CoolFix HSR', party_id: partner.id, phone: null }),
    );
    const rowsOf = async (cookie: string) => {
      const response = await app.app.inject({
        method: 'GET',
        url: '/api/exports/ListServiceCenters.xlsx',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1, 10)));
      return rows;
    };
    expect(await rowsOf(cookies.owner)).toEqual([
      ['Name', 'Run by', 'Address', 'City', 'State', 'Pincode', 'Phone', 'Managers', 'Status'],
      [
        'CoolFix HSR',
        partner.name,
        'Plot 42, 2nd Phase, Peenya Industrial Area',
        'Bengaluru',
        'Karnataka',
        '560058',
        undefined,
        undefined,
        'Active',
      ],
      [
        'Main Store, Peenya',
        'Own store',
        'Plot 42, 2nd Phase, Peenya Industrial Area',
        'Bengaluru',
        'Karnataka',
        '560058',
        '9845012345',
        `STORE_MANAGER ${tag}`,
        'Active',
      ],
    ]);
    expect((await rowsOf(cookies.partner)).map((row) => row[0])).toEqual(['Name', 'CoolFix HSR']);
  });
});

/** The id of the organization's own store, as staff list it. */
async function asPartnerOwnStoreId(ownerCookie: string) {
  const page = (await call(app, ownerCookie, ListServiceCenters, { search: 'Own Store' })).envelope!.data;
  return page.items[0]?.service_center_id;
}
