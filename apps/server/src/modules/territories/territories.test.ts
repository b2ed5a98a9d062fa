import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import { MSG } from '@fieldport/contract/messages';
import {
  ActivateOrDeactivateTerritory,
  CreatePincodeType,
  CreateTerritory,
  ListPincodes,
  ListServicePartnerCoverage,
  ListTechnicianCoverage,
  ListTerritoriesAndPincodes,
  RemovePincode,
  UpdatePincode,
  UpdateServicePartnerCoverage,
  UpdateTechnicianCoverage,
  UpdateTerritory,
  type TerritoryItem,
} from '@fieldport/contract/operations/territories';
import type { Role } from '@fieldport/contract/roles';
import { member } from '../../db/schema/identity.ts';
import { auditLog, party } from '../../db/schema/platform.ts';
import {
  servicePartnerTerritory,
  technicianExpertise,
  technicianTerritory,
  territory,
  territoryPincode,
} from '../../db/schema/territories.ts';
import { seedCategory, seedMasterCategory } from '../../db/seed/product-catalogue.ts';
import { seedDemoSettings, seedNamedMaster } from '../../db/seed/settings.ts';
import {
  DEMO_TERRITORIES,
  mapTechnician,
  seedDemoTerritories,
  seedTerritory,
} from '../../db/seed/territories.ts';
import { call, signIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { addTestMember, seedTestOrganization, TEST_PASSWORD } from '../../test/organizations.ts';
import { eligibleServicePartners, eligibleTechnicians, territoryOfPincode } from './assignment-rules.ts';

// docs/product.md#territories and #assignment-and-claim: territories and their pincodes (one
// territory per pincode in an organization), pincode types, technicians' territories and expertise,
// partners' territories, and the rules tickets will ask.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function organization(roles: Role[] = ['OWNER']) {
  const db = app.database.db;
  const seeded = await seedTestOrganization(db, { roles: ['OWNER', ...roles.filter((r) => r !== 'OWNER')] });
  const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
  const metro = await seedNamedMaster(db, 'territoryCategory', {
    organization_id: seeded.org.id,
    name: 'Metro',
  });
  return { ...seeded, cookie, metro };
}

/** Everything territory-shaped an organization has: nothing may change when a call is refused. */
async function written(organizationId: string) {
  const db = app.database.db;
  return {
    territories: await db.select().from(territory).where(eq(territory.organization_id, organizationId)),
    pincodes: await db
      .select()
      .from(territoryPincode)
      .where(eq(territoryPincode.organization_id, organizationId))
      .orderBy(territoryPincode.pincode),
    technicians: await db
      .select()
      .from(technicianTerritory)
      .where(eq(technicianTerritory.organization_id, organizationId)),
    expertise: await db
      .select()
      .from(technicianExpertise)
      .where(eq(technicianExpertise.organization_id, organizationId)),
    partners: await db
      .select()
      .from(servicePartnerTerritory)
      .where(eq(servicePartnerTerritory.organization_id, organizationId)),
    audit: (
      await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.organization_id, organizationId), ne(auditLog.operation, 'SIGN_IN')))
    )[0].n,
  };
}

const createTerritory = (cookie: string, input: Record<string, unknown>) =>
  call(app, cookie, CreateTerritory, input);

describe('territories and pincodes', () => {
  it('creates a territory with its pincodes, lists it and its pincodes, and knows where a pincode is', async () => {
    const { org, cookie, metro } = await organization();
    const answer = await createTerritory(cookie, {
      territory_name: ' Bengaluru Central ',
      territory_category_id: metro.id,
      pincodes: ['560034', ' 560001', '560002', '560001'],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe("Territory 'Bengaluru Central' created");
    const item = answer.envelope!.data.items[0];
    expect(item).toMatchObject({
      territory_name: 'Bengaluru Central',
      territory_category_id: metro.id,
      territory_category_name: 'Metro',
      territory_status: 'ACTIVE',
      pincodes: ['560001', '560002', '560034'],
      pincode_count: 3,
      technicians: [],
      service_partners: [],
    });
    const listed = (await call(app, cookie, ListTerritoriesAndPincodes, {})).envelope!.data;
    expect(listed).toMatchObject({ total_count: 1, items: [item] });
    expect(
      (await call(app, cookie, ListTerritoriesAndPincodes, { pincode: '560034' })).envelope!.data.total_count,
    ).toBe(1);
    expect(
      (await call(app, cookie, ListTerritoriesAndPincodes, { pincode: '560035' })).envelope!.data.total_count,
    ).toBe(0);

    const pincodes = (await call(app, cookie, ListPincodes, { search: '5600' })).envelope!.data;
    expect(pincodes.items.map((p) => [p.pincode, p.territory_name])).toEqual([
      ['560001', 'Bengaluru Central'],
      ['560002', 'Bengaluru Central'],
      ['560034', 'Bengaluru Central'],
    ]);
    expect(await territoryOfPincode(app.database.db, org.id, '560034')).toMatchObject({
      territory_id: item.territory_id,
      territory_name: 'Bengaluru Central',
      territory_status: 'ACTIVE',
    });
    expect(await territoryOfPincode(app.database.db, org.id, '400001')).toBeNull();
  });

  it('refuses a pincode that belongs to another territory, naming it, and writes nothing', async () => {
    const { org, cookie, metro } = await organization();
    const bengaluru = (
      await createTerritory(cookie, {
        territory_name: 'Bengaluru Central',
        territory_category_id: metro.id,
        pincodes: ['560001', '560002'],
      })
    ).envelope!.data.items[0];
    const chennai = (
      await createTerritory(cookie, {
        territory_name: 'Chennai',
        territory_category_id: metro.id,
        pincodes: ['600001'],
      })
    ).envelope!.data.items[0];
    const before = await written(org.id);

    const one = await createTerritory(cookie, {
      territory_name: 'Bengaluru East',
      territory_category_id: metro.id,
      pincodes: ['560037', '560001'],
    });
    expect(one.errors?.[0]).toMatchObject({
      message: "Pincode 560001 already belongs to territory 'Bengaluru Central'. Remove it there first.",
      extensions: { code: 'CONFLICT', field: 'pincodes' },
    });
    const two = await call(app, cookie, UpdateTerritory, {
      territory_id: chennai.territory_id,
      territory_name: 'Chennai',
      territory_category_id: metro.id,
      pincodes: ['600001', '560002', '560001'],
    });
    expect(two.errors?.[0]).toMatchObject({
      message:
        "Pincodes 560001 ('Bengaluru Central'), 560002 ('Bengaluru Central') already belong to other territories. Remove them there first.",
      extensions: { code: 'CONFLICT', field: 'pincodes' },
    });
    // Moving one through the pincodes list is the same rule from the other side: it leaves its territory.
    const [p560002] = (await call(app, cookie, ListPincodes, { search: '560002' })).envelope!.data.items;
    expect(await written(org.id)).toEqual(before);
    const moved = await call(app, cookie, UpdatePincode, {
      pincode_id: p560002.pincode_id,
      territory_id: chennai.territory_id,
    });
    expect(moved.envelope!.data.items[0]).toMatchObject({ pincode: '560002', territory_name: 'Chennai' });
    expect((await territoryOfPincode(app.database.db, org.id, '560002'))?.territory_id).toBe(
      chennai.territory_id,
    );
    expect(bengaluru.territory_id).not.toBe(chennai.territory_id);

    // Another organization keeps its own map: the same pincode is free there.
    const other = await organization();
    expect(
      (
        await createTerritory(other.cookie, {
          territory_name: 'Bengaluru',
          territory_category_id: other.metro.id,
          pincodes: ['560001'],
        })
      ).errors,
    ).toBeUndefined();
  });

  it('edits a territory: the pincodes become the given ones, those kept keep their type and area', async () => {
    const db = app.database.db;
    const { org, cookie, metro } = await organization();
    const upcountry = (await call(app, cookie, CreatePincodeType, { pincode_type_name: 'Upcountry' }))
      .envelope!.data.items[0];
    const created = (
      await createTerritory(cookie, {
        territory_name: 'Delhi Central',
        territory_category_id: metro.id,
        pincodes: ['110001', '110002'],
      })
    ).envelope!.data.items[0];
    const [cp] = (await call(app, cookie, ListPincodes, { search: '110001' })).envelope!.data.items;
    const typed = await call(app, cookie, UpdatePincode, {
      pincode_id: cp.pincode_id,
      territory_id: created.territory_id,
      pincode_type_id: upcountry.pincode_type_id,
      area_name: 'Connaught Place',
    });
    expect(typed.envelope!.data.items[0]).toMatchObject({
      area_name: 'Connaught Place',
      pincode_type_name: 'Upcountry',
    });

    const urban = await seedNamedMaster(db, 'territoryCategory', { organization_id: org.id, name: 'Urban' });
    const answer = await call(app, cookie, UpdateTerritory, {
      territory_id: created.territory_id,
      territory_name: 'New Delhi',
      territory_category_id: urban.id,
      pincodes: ['110001', '110055'],
    });
    expect(answer.envelope!.status_message).toBe("Territory 'New Delhi' saved");
    expect(answer.envelope!.data.items[0]).toMatchObject({
      territory_name: 'New Delhi',
      territory_category_name: 'Urban',
      pincodes: ['110001', '110055'],
    });
    const listed = (await call(app, cookie, ListPincodes, { territory_id: created.territory_id })).envelope!
      .data.items;
    expect(listed.map((p) => [p.pincode, p.area_name, p.pincode_type_name])).toEqual([
      ['110001', 'Connaught Place', 'Upcountry'],
      ['110055', null, null],
    ]);
    const typedOnly = (await call(app, cookie, ListPincodes, { pincode_type_id: upcountry.pincode_type_id }))
      .envelope!.data;
    expect(typedOnly.items.map((p) => p.pincode)).toEqual(['110001']);

    const removed = await call(app, cookie, RemovePincode, { pincode_id: cp.pincode_id });
    expect(removed.envelope!.status_message).toBe('Pincode 110001 removed');
    expect(await territoryOfPincode(db, org.id, '110001')).toBeNull();
    const again = await call(app, cookie, RemovePincode, { pincode_id: cp.pincode_id });
    expect(again.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses bad pincodes and references naming the field, a duplicate name, and writes nothing', async () => {
    const db = app.database.db;
    const { org, cookie, metro } = await organization();
    const other = await organization();
    const retired = await seedNamedMaster(db, 'territoryCategory', {
      organization_id: org.id,
      name: 'Rural',
      status: 'INACTIVE',
    });
    await createTerritory(cookie, {
      territory_name: 'Mumbai South',
      territory_category_id: metro.id,
      pincodes: ['400001'],
    });
    const before = await written(org.id);
    const valid = { territory_name: 'Chennai', territory_category_id: metro.id, pincodes: ['600001'] };
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { pincodes: ['600001', '56001'] },
        'BAD_USER_INPUT',
        'pincodes.1',
        "pincodes.1: Pincode '56001' must be 6 digits, not starting with 0",
      ],
      [
        { pincodes: ['060001'] },
        'BAD_USER_INPUT',
        'pincodes.0',
        "pincodes.0: Pincode '060001' must be 6 digits, not starting with 0",
      ],
      [
        { pincodes: ['6000O1'] },
        'BAD_USER_INPUT',
        'pincodes.0',
        "pincodes.0: Pincode '6000O1' must be 6 digits, not starting with 0",
      ],
      [{ pincodes: [600001] }, 'BAD_USER_INPUT', 'pincodes.0', 'pincodes.0: Pincode must be 6 digits'],
      [{ pincodes: '600001' }, 'BAD_USER_INPUT', 'pincodes', 'Pincodes must be a list of 6-digit pincodes'],
      [{ territory_name: '' }, 'BAD_USER_INPUT', 'territory_name', 'territory_name: Name is required'],
      [
        { territory_category_id: undefined },
        'BAD_USER_INPUT',
        'territory_category_id',
        'territory_category_id: Territory category is required',
      ],
      [
        { territory_category_id: other.metro.id },
        'BAD_USER_INPUT',
        'territory_category_id',
        'Territory category not found. Choose a territory category from the list.',
      ],
      [
        { territory_category_id: retired.id },
        'BAD_USER_INPUT',
        'territory_category_id',
        "Territory category 'Rural' is inactive. Activate it first or choose another.",
      ],
      [
        { territory_name: 'MUMBAI SOUTH' },
        'CONFLICT',
        'territory_name',
        "A territory named 'MUMBAI SOUTH' already exists.",
      ],
    ];
    for (const [change, code, field, message] of cases) {
      const answer = await createTerritory(cookie, { ...valid, ...change });
      expect(answer.errors?.[0], JSON.stringify(change)).toMatchObject({
        message,
        extensions: { code, field },
      });
    }
    const tooMany = Array.from({ length: 2001 }, (_, i) => String(100000 + i));
    expect((await createTerritory(cookie, { ...valid, pincodes: tooMany })).errors?.[0]).toMatchObject({
      message: 'A territory may have at most 2000 pincodes',
      extensions: { code: 'BAD_USER_INPUT', field: 'pincodes' },
    });
    expect(await written(org.id)).toEqual(before);
  });

  it("never shows or changes another organization's territories, pincodes or people", async () => {
    const mine = await organization(['TECHNICIAN']);
    const theirs = await organization(['TECHNICIAN']);
    const foreign = (
      await createTerritory(theirs.cookie, {
        territory_name: 'Their land',
        territory_category_id: theirs.metro.id,
        pincodes: ['700001'],
      })
    ).envelope!.data.items[0];
    const own = (
      await createTerritory(mine.cookie, {
        territory_name: 'My land',
        territory_category_id: mine.metro.id,
        pincodes: ['700002'],
      })
    ).envelope!.data.items[0];
    const [foreignPincode] = (await call(app, theirs.cookie, ListPincodes, {})).envelope!.data.items;
    const [ownPincode] = (await call(app, mine.cookie, ListPincodes, {})).envelope!.data.items;
    const theirTechnician = theirs.members.TECHNICIAN.membershipId;
    const theirsBefore = await written(theirs.org.id);
    const mineBefore = await written(mine.org.id);

    const seen = JSON.stringify([
      (await call(app, mine.cookie, ListTerritoriesAndPincodes, { search: 'Their' })).envelope,
      (await call(app, mine.cookie, ListTerritoriesAndPincodes, { pincode: '700001' })).envelope,
      (await call(app, mine.cookie, ListPincodes, { search: '700001' })).envelope,
      (await call(app, mine.cookie, ListPincodes, { territory_id: foreign.territory_id })).envelope,
      (await call(app, mine.cookie, ListTechnicianCoverage, { status: 'ALL' })).envelope,
      (await call(app, mine.cookie, ListServicePartnerCoverage, {})).envelope,
    ]);
    for (const trace of [foreign.territory_id, 'Their land', '700001', theirTechnician, theirs.partner.id]) {
      expect(seen).not.toContain(trace);
    }
    const refusals = [
      await call(app, mine.cookie, UpdateTerritory, {
        territory_id: foreign.territory_id,
        territory_name: 'Taken',
        territory_category_id: mine.metro.id,
        pincodes: [],
      }),
      await call(app, mine.cookie, ActivateOrDeactivateTerritory, {
        territory_id: foreign.territory_id,
        territory_status: 'INACTIVE',
      }),
      await call(app, mine.cookie, UpdatePincode, {
        pincode_id: foreignPincode.pincode_id,
        territory_id: own.territory_id,
      }),
      await call(app, mine.cookie, RemovePincode, { pincode_id: foreignPincode.pincode_id }),
      await call(app, mine.cookie, UpdateTechnicianCoverage, {
        technician_id: theirTechnician,
        territory_ids: [own.territory_id],
        category_ids: [],
      }),
      await call(app, mine.cookie, UpdateServicePartnerCoverage, {
        party_id: theirs.partner.id,
        territory_ids: [own.territory_id],
      }),
    ];
    for (const answer of refusals) expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // My records cannot be pointed at theirs either.
    const intoTheirs = await call(app, mine.cookie, UpdatePincode, {
      pincode_id: ownPincode.pincode_id,
      territory_id: foreign.territory_id,
    });
    expect(intoTheirs.errors?.[0]).toMatchObject({
      message: 'Territory not found. Choose a territory from the list.',
      extensions: { code: 'BAD_USER_INPUT', field: 'territory_id' },
    });
    const mapTheirs = await call(app, mine.cookie, UpdateTechnicianCoverage, {
      technician_id: mine.members.TECHNICIAN.membershipId,
      territory_ids: [foreign.territory_id],
      category_ids: [],
    });
    expect(mapTheirs.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'territory_ids',
    });
    expect(await written(theirs.org.id)).toEqual(theirsBefore);
    expect(await written(mine.org.id)).toEqual(mineBefore);
  });

  it('refuses partner, dealer and technician users every territory operation, and writes nothing', async () => {
    const roles: Role[] = ['SERVICE_PARTNER', 'PARTNER_AGENT', 'DEALER_OWNER', 'DEALER_AGENT', 'TECHNICIAN'];
    const { org, cookie, metro, members, partner } = await organization(roles);
    const own = (
      await createTerritory(cookie, {
        territory_name: 'Kolkata',
        territory_category_id: metro.id,
        pincodes: ['700001'],
      })
    ).envelope!.data.items[0];
    const before = await written(org.id);
    for (const role of roles) {
      const session = await signIn(app, members[role].email, TEST_PASSWORD);
      for (const [op, input] of [
        [ListTerritoriesAndPincodes, {}],
        [CreateTerritory, { territory_name: 'Mine', territory_category_id: metro.id, pincodes: ['700091'] }],
        [
          UpdateTerritory,
          {
            territory_id: own.territory_id,
            territory_name: 'Mine',
            territory_category_id: metro.id,
            pincodes: [],
          },
        ],
        [ListPincodes, {}],
        [CreatePincodeType, { pincode_type_name: 'Mine' }],
        [ListServicePartnerCoverage, {}],
        [UpdateServicePartnerCoverage, { party_id: partner.id, territory_ids: [] }],
        [
          UpdateTechnicianCoverage,
          {
            technician_id: members.TECHNICIAN.membershipId,
            territory_ids: [own.territory_id],
            category_ids: [],
          },
        ],
      ] as const) {
        const answer = await call(app, session, op, input);
        expect(answer.errors?.[0], `${role} ${op.name}`).toMatchObject({
          message: MSG.forbiddenModule,
          extensions: { code: 'FORBIDDEN' },
        });
      }
    }
    expect(await written(org.id)).toEqual(before);
  });
});

describe('technicians, partners and who is eligible', () => {
  async function world() {
    const db = app.database.db;
    const base = await organization(['TECHNICIAN', 'MANAGER']);
    const organization_id = base.org.id;
    const cooling = await seedMasterCategory(db, { organization_id, name: 'Cooling' });
    const ac = await seedCategory(db, {
      organization_id,
      master_category_id: cooling.id,
      name: 'Air Conditioner',
      ticket_prefix: 'AC',
    });
    const rf = await seedCategory(db, {
      organization_id,
      master_category_id: cooling.id,
      name: 'Refrigerator',
      ticket_prefix: 'RF',
    });
    const bengaluru = await seedTerritory(db, {
      organization_id,
      name: 'Bengaluru Central',
      territory_category_id: base.metro.id,
      pincodes: ['560001', '560002'],
    });
    const chennai = await seedTerritory(db, {
      organization_id,
      name: 'Chennai',
      territory_category_id: base.metro.id,
      pincodes: ['600001'],
    });
    const partnerTech = await addTestMember(db, {
      organizationId: organization_id,
      role: 'TECHNICIAN',
      party_id: base.partner.id,
    });
    return { ...base, ac, rf, bengaluru, chennai, partnerTech };
  }

  it('maps technicians to territories and expertise; lists them with their partner and filters', async () => {
    const { cookie, members, ac, rf, bengaluru, chennai, partnerTech, partner, tag } = await world();
    const own = members.TECHNICIAN.membershipId;
    const answer = await call(app, cookie, UpdateTechnicianCoverage, {
      technician_id: own,
      territory_ids: [chennai.id, bengaluru.id, chennai.id],
      category_ids: [rf.id, ac.id],
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.envelope!.status_message).toBe(`Territories and expertise of TECHNICIAN ${tag} saved`);
    expect(answer.envelope!.data.items[0]).toMatchObject({
      technician_id: own,
      user_id: members.TECHNICIAN.userId,
      user_email_id: members.TECHNICIAN.email,
      technician_status: 'ACTIVE',
      party_id: null,
      territories: [
        { territory_id: bengaluru.id, territory_name: 'Bengaluru Central' },
        { territory_id: chennai.id, territory_name: 'Chennai' },
      ],
      expertise: [
        { category_id: ac.id, category_name: 'Air Conditioner' },
        { category_id: rf.id, category_name: 'Refrigerator' },
      ],
    });
    await call(app, cookie, UpdateTechnicianCoverage, {
      technician_id: partnerTech.membershipId,
      territory_ids: [bengaluru.id],
      category_ids: [ac.id],
    });

    const list = async (input: Record<string, unknown>) =>
      (await call(app, cookie, ListTechnicianCoverage, input)).envelope!.data.items.map((item) => [
        item.technician_id,
        item.party_name,
      ]);
    // Only technicians: not the owner nor the manager.
    // By name: 'TECHNICIAN o...' (the organization's own) before 'TECHNICIAN technician.m...'.
    expect(await list({})).toEqual([
      [own, null],
      [partnerTech.membershipId, partner.name],
    ]);
    expect((await list({ territory_id: chennai.id })).map(([id]) => id)).toEqual([own]);
    expect((await list({ category_id: ac.id })).length).toBe(2);
    expect((await list({ category_id: rf.id })).map(([id]) => id)).toEqual([own]);

    const territoryItem = (await call(app, cookie, ListTerritoriesAndPincodes, { search: 'Bengaluru' }))
      .envelope!.data.items[0] as TerritoryItem;
    expect(territoryItem.technicians.map((t) => t.technician_id).sort()).toEqual(
      [own, partnerTech.membershipId].sort(),
    );

    // A list replaces the former one.
    const cleared = await call(app, cookie, UpdateTechnicianCoverage, {
      technician_id: own,
      territory_ids: [],
      category_ids: [rf.id],
    });
    expect(cleared.envelope!.data.items[0]).toMatchObject({
      territories: [],
      expertise: [{ category_id: rf.id }],
    });
    // Somebody who is not a technician has no territories to map.
    const manager = await call(app, cookie, UpdateTechnicianCoverage, {
      technician_id: members.MANAGER.membershipId,
      territory_ids: [chennai.id],
      category_ids: [],
    });
    expect(manager.errors?.[0]).toMatchObject({
      message: 'Technician not found. Refresh the list and try again.',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('maps service partners (not dealers) to territories', async () => {
    const { cookie, partner, dealer, bengaluru, chennai, org } = await world();
    const answer = await call(app, cookie, UpdateServicePartnerCoverage, {
      party_id: partner.id,
      territory_ids: [chennai.id, bengaluru.id],
    });
    expect(answer.envelope!.data.items[0]).toMatchObject({
      party_id: partner.id,
      party_status: 'ACTIVE',
      territories: [
        { territory_id: bengaluru.id, territory_name: 'Bengaluru Central' },
        { territory_id: chennai.id, territory_name: 'Chennai' },
      ],
    });
    const listed = (await call(app, cookie, ListServicePartnerCoverage, {})).envelope!.data;
    expect(listed.items.map((item) => item.party_id)).toEqual([partner.id]);
    expect(
      (await call(app, cookie, ListServicePartnerCoverage, { territory_id: chennai.id })).envelope!.data
        .total_count,
    ).toBe(1);
    const before = await written(org.id);
    const asDealer = await call(app, cookie, UpdateServicePartnerCoverage, {
      party_id: dealer.id,
      territory_ids: [chennai.id],
    });
    expect(asDealer.errors?.[0]).toMatchObject({
      message: 'Service partner not found. Refresh the list and try again.',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await written(org.id)).toEqual(before);
  });

  it('finds the eligible technicians and partners of a pincode and category', async () => {
    const db = app.database.db;
    const { org, members, ac, rf, bengaluru, partnerTech, partner, cookie } = await world();
    const organization_id = org.id;
    const own = members.TECHNICIAN.membershipId;
    await mapTechnician(db, {
      organization_id,
      member_id: own,
      territory_ids: [bengaluru.id],
      category_ids: [ac.id],
    });
    await mapTechnician(db, {
      organization_id,
      member_id: partnerTech.membershipId,
      territory_ids: [bengaluru.id],
      category_ids: [ac.id, rf.id],
    });
    const idle = await addTestMember(db, {
      organizationId: organization_id,
      role: 'TECHNICIAN',
      status: 'INACTIVE',
    });
    await mapTechnician(db, {
      organization_id,
      member_id: idle.membershipId,
      territory_ids: [bengaluru.id],
      category_ids: [ac.id],
    });
    await call(app, cookie, UpdateServicePartnerCoverage, {
      party_id: partner.id,
      territory_ids: [bengaluru.id],
    });

    const eligible = async (pincode: string, categoryId: string, partyId?: string | null) =>
      (await eligibleTechnicians(db, organization_id, { pincode, categoryId, partyId }))
        .map((t) => t.technician_id)
        .sort();
    expect(await eligible('560002', ac.id)).toEqual([own, partnerTech.membershipId].sort());
    expect(await eligible('560002', rf.id)).toEqual([partnerTech.membershipId]);
    expect(await eligible('560002', ac.id, null)).toEqual([own]);
    expect(await eligible('560002', ac.id, partner.id)).toEqual([partnerTech.membershipId]);
    expect(await eligible('600001', ac.id)).toEqual([]);
    expect(await eligible('999999', ac.id)).toEqual([]);
    expect(await eligibleServicePartners(db, organization_id, { pincode: '560001' })).toEqual([
      { party_id: partner.id, party_name: partner.name },
    ]);
    expect(await eligibleServicePartners(db, organization_id, { pincode: '600001' })).toEqual([]);

    // A suspended partner's technicians, a deactivated membership and an inactive territory drop out.
    await db.update(party).set({ status: 'SUSPENDED' }).where(eq(party.id, partner.id));
    expect(await eligible('560002', ac.id)).toEqual([own]);
    expect(await eligibleServicePartners(db, organization_id, { pincode: '560001' })).toEqual([]);
    await db.update(member).set({ status: 'INACTIVE' }).where(eq(member.id, own));
    expect(await eligible('560002', ac.id)).toEqual([]);
    await db.update(member).set({ status: 'ACTIVE' }).where(eq(member.id, own));
    await call(app, cookie, ActivateOrDeactivateTerritory, {
      territory_id: bengaluru.id,
      territory_status: 'INACTIVE',
    });
    expect(await eligible('560002', ac.id)).toEqual([]);
  });

  it('seeds the demo territories with the technician and the partner mapped', async () => {
    const db = app.database.db;
    const seeded = await seedTestOrganization(db, { roles: ['OWNER', 'TECHNICIAN'] });
    await seedDemoSettings(db, seeded.org.id);
    const cooling = await seedMasterCategory(db, { organization_id: seeded.org.id, name: 'Cooling' });
    const ac = await seedCategory(db, {
      organization_id: seeded.org.id,
      master_category_id: cooling.id,
      name: 'Air Conditioner',
      ticket_prefix: 'AC',
    });
    await seedDemoTerritories(db, seeded.org.id, {
      technicianMemberId: seeded.members.TECHNICIAN.membershipId,
      partnerId: seeded.partner.id,
      categoryIds: [ac.id],
    });
    const cookie = await signIn(app, seeded.members.OWNER.email, TEST_PASSWORD);
    const territories = (await call(app, cookie, ListTerritoriesAndPincodes, {})).envelope!.data.items;
    expect(territories.map((t) => [t.territory_name, t.pincode_count])).toEqual(
      [...DEMO_TERRITORIES]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((t) => [t.name, t.pincodes.length]),
    );
    const names = (
      await eligibleTechnicians(db, seeded.org.id, { pincode: '560034', categoryId: ac.id })
    ).map((t) => t.technician_id);
    expect(names).toEqual([seeded.members.TECHNICIAN.membershipId]);
    expect(
      (await eligibleServicePartners(db, seeded.org.id, { pincode: '400001' })).map((p) => p.party_id),
    ).toEqual([seeded.partner.id]);
    const [fort] = (await call(app, cookie, ListPincodes, { search: 'Fort' })).envelope!.data.items;
    expect(fort).toMatchObject({
      pincode: '400001',
      area_name: 'Fort',
      territory_name: 'Mumbai South',
      pincode_type_name: 'Local',
    });
  });
});
