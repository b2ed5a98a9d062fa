import type { RecordStatus } from '@fieldport/contract/lists';
import type { Db } from '../client.ts';
import { territoryCategory } from '../schema/settings.ts';
import {
  pincodeType,
  servicePartnerTerritory,
  technicianExpertise,
  technicianTerritory,
  territory,
  territoryPincode,
} from '../schema/territories.ts';
import { and, eq } from 'drizzle-orm';
import { newId } from '../ids.ts';

// Territories made the way the product makes them; shared by the demo seed and the tests.

async function seedPincodeType(
  db: Db,
  values: { organization_id: string; name: string; status?: RecordStatus },
) {
  const [row] = await db
    .insert(pincodeType)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

/** A territory with its pincodes (each optionally with a type and an area name). */
export async function seedTerritory(
  db: Db,
  values: {
    organization_id: string;
    name: string;
    territory_category_id: string;
    status?: RecordStatus;
    pincodes?: (string | { pincode: string; area_name?: string; pincode_type_id?: string | null })[];
  },
) {
  const { pincodes = [], ...rest } = values;
  const [row] = await db
    .insert(territory)
    .values({ id: newId(), ...rest })
    .returning();
  if (pincodes.length) {
    await db.insert(territoryPincode).values(
      pincodes.map((entry) => {
        const value = typeof entry === 'string' ? { pincode: entry } : entry;
        return { id: newId(), organization_id: values.organization_id, territory_id: row.id, ...value };
      }),
    );
  }
  return row;
}

/** Maps a technician's membership to territories and expertise (categories). */
export async function mapTechnician(
  db: Db,
  values: { organization_id: string; member_id: string; territory_ids?: string[]; category_ids?: string[] },
) {
  const { organization_id, member_id } = values;
  if (values.territory_ids?.length) {
    await db
      .insert(technicianTerritory)
      .values(values.territory_ids.map((territory_id) => ({ organization_id, member_id, territory_id })));
  }
  if (values.category_ids?.length) {
    await db
      .insert(technicianExpertise)
      .values(values.category_ids.map((category_id) => ({ organization_id, member_id, category_id })));
  }
}

export async function mapServicePartner(
  db: Db,
  values: { organization_id: string; party_id: string; territory_ids: string[] },
) {
  const { organization_id, party_id } = values;
  await db
    .insert(servicePartnerTerritory)
    .values(values.territory_ids.map((territory_id) => ({ organization_id, party_id, territory_id })));
}

/** The demo's territories: four metros with real PIN codes and their areas. */
export const DEMO_TERRITORIES: {
  name: string;
  category: string;
  pincodes: { pincode: string; area: string }[];
}[] = [
  {
    name: 'Bengaluru Central',
    category: 'Metro',
    pincodes: [
      { pincode: '560001', area: 'MG Road' },
      { pincode: '560002', area: 'Bengaluru City' },
      { pincode: '560003', area: 'Malleswaram' },
      { pincode: '560004', area: 'Basavanagudi' },
      { pincode: '560008', area: 'HAL' },
      { pincode: '560025', area: 'Richmond Town' },
      { pincode: '560034', area: 'Koramangala' },
      { pincode: '560038', area: 'Indiranagar' },
    ],
  },
  {
    name: 'Mumbai South',
    category: 'Metro',
    pincodes: [
      { pincode: '400001', area: 'Fort' },
      { pincode: '400002', area: 'Kalbadevi' },
      { pincode: '400004', area: 'Girgaon' },
      { pincode: '400005', area: 'Colaba' },
      { pincode: '400006', area: 'Malabar Hill' },
      { pincode: '400020', area: 'Churchgate' },
      { pincode: '400021', area: 'Nariman Point' },
    ],
  },
  {
    name: 'Delhi Central',
    category: 'Metro',
    pincodes: [
      { pincode: '110001', area: 'Connaught Place' },
      { pincode: '110002', area: 'Daryaganj' },
      { pincode: '110003', area: 'Lodhi Road' },
      { pincode: '110005', area: 'Karol Bagh' },
      { pincode: '110006', area: 'Chandni Chowk' },
      { pincode: '110055', area: 'Paharganj' },
    ],
  },
  {
    name: 'Chennai',
    category: 'Metro',
    pincodes: [
      { pincode: '600001', area: 'George Town' },
      { pincode: '600002', area: 'Anna Salai' },
      { pincode: '600004', area: 'Mylapore' },
      { pincode: '600017', area: 'T. Nagar' },
      { pincode: '600020', area: 'Adyar' },
      { pincode: '600040', area: 'Anna Nagar' },
    ],
  },
];

const DEMO_PINCODE_TYPES = ['Local', 'Upcountry', 'Out of station'];

/**
 * Seeds the demo territories and pincode types; territory categories are looked up by name
 * (seedDemoSettings makes them). The technician covers Bengaluru and Chennai with expertise in
 * cooling and washing machines; the service partner covers Mumbai and Delhi.
 */
export async function seedDemoTerritories(
  db: Db,
  organization_id: string,
  people: { technicianMemberId?: string; partnerId?: string; categoryIds?: string[] } = {},
) {
  const types = new Map<string, string>();
  for (const name of DEMO_PINCODE_TYPES)
    types.set(name, (await seedPincodeType(db, { organization_id, name })).id);
  const territories = new Map<string, string>();
  for (const entry of DEMO_TERRITORIES) {
    const [category] = await db
      .select({ id: territoryCategory.id })
      .from(territoryCategory)
      .where(
        and(
          eq(territoryCategory.organization_id, organization_id),
          eq(territoryCategory.name, entry.category),
        ),
      );
    const row = await seedTerritory(db, {
      organization_id,
      name: entry.name,
      territory_category_id: category.id,
      pincodes: entry.pincodes.map(({ pincode, area }) => ({
        pincode,
        area_name: area,
        pincode_type_id: types.get('Local')!,
      })),
    });
    territories.set(entry.name, row.id);
  }
  if (people.technicianMemberId) {
    await mapTechnician(db, {
      organization_id,
      member_id: people.technicianMemberId,
      territory_ids: [territories.get('Bengaluru Central')!, territories.get('Chennai')!],
      category_ids: people.categoryIds ?? [],
    });
  }
  if (people.partnerId) {
    await mapServicePartner(db, {
      organization_id,
      party_id: people.partnerId,
      territory_ids: [territories.get('Mumbai South')!, territories.get('Delhi Central')!],
    });
  }
  return territories;
}
