import type { RecordStatus } from '@fieldport/contract/lists';
import type { CategoryType, ServiceEnableType } from '@fieldport/contract/operations/product-catalogue';
import type { Db } from '../client.ts';
import type { StoredAttachment } from '../schema/files.ts';
import { category, masterCategory, service } from '../schema/product-catalogue.ts';
import { serviceType } from '../schema/settings.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '../ids.ts';
import { formatNumber, nextNumber } from '../sequences.ts';

// The product catalogue made the way the product makes it; shared by the demo seed and the tests.

export async function seedMasterCategory(
  db: Db,
  values: { organization_id: string; name: string; status?: RecordStatus },
) {
  const [row] = await db
    .insert(masterCategory)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

export async function seedCategory(
  db: Db,
  values: {
    organization_id: string;
    master_category_id: string;
    name: string;
    ticket_prefix: string;
    category_type?: CategoryType;
    status?: RecordStatus;
  },
) {
  const [row] = await db
    .insert(category)
    .values({ id: newId(), ...values, ticket_prefix: values.ticket_prefix.toUpperCase() })
    .returning();
  return row;
}

/** A service numbered from the organization's sequence, as CreateService numbers it. */
export async function seedService(
  db: Db,
  values: {
    organization_id: string;
    category_id: string;
    name: string;
    price_paise: number;
    credits?: number;
    enable_type?: ServiceEnableType;
    is_visible?: boolean;
    technician_enabled?: boolean;
    manufacturer_name?: string | null;
    service_type_ids?: string[];
    files?: StoredAttachment[];
    created_by?: string | null;
    status?: RecordStatus;
  },
) {
  const display_id = formatNumber('SRV', await nextNumber(db, values.organization_id, 'service'));
  const [row] = await db
    .insert(service)
    .values({ id: newId(), display_id, ...values })
    .returning();
  return row;
}

/** The demo's catalogue: what an appliance-service organization offers in India. */
const DEMO_CATALOGUE: {
  master: string;
  categories: {
    name: string;
    prefix: string;
    services: { name: string; rupees: number; credits?: number; manufacturer?: string; types: string[] }[];
  }[];
}[] = [
  {
    master: 'Cooling',
    categories: [
      {
        name: 'Air Conditioner',
        prefix: 'AC',
        services: [
          { name: 'Split AC Installation', rupees: 1499, credits: 2, types: ['Installation'] },
          { name: 'Window AC Installation', rupees: 999, credits: 1, types: ['Installation'] },
          { name: 'AC Gas Refill', rupees: 2499, credits: 2, types: ['Repair'] },
          { name: 'AC Deep Cleaning', rupees: 799, credits: 1, types: ['Preventive maintenance'] },
          {
            name: 'AC Repair',
            rupees: 449,
            credits: 1,
            manufacturer: 'Voltas',
            types: ['Repair', 'Inspection'],
          },
          { name: 'AC Uninstallation', rupees: 599, credits: 1, types: ['Uninstallation'] },
        ],
      },
      {
        name: 'Refrigerator',
        prefix: 'RF',
        services: [
          { name: 'Refrigerator Repair', rupees: 399, credits: 1, types: ['Repair', 'Inspection'] },
          { name: 'Refrigerator Gas Charging', rupees: 2199, credits: 2, types: ['Repair'] },
          { name: 'Compressor Replacement', rupees: 4999, credits: 3, manufacturer: 'LG', types: ['Repair'] },
        ],
      },
    ],
  },
  {
    master: 'Home Appliances',
    categories: [
      {
        name: 'Washing Machine',
        prefix: 'WM',
        services: [
          { name: 'Washing Machine Installation', rupees: 499, credits: 1, types: ['Installation', 'Demo'] },
          {
            name: 'Washing Machine Repair',
            rupees: 399,
            credits: 1,
            manufacturer: 'Samsung',
            types: ['Repair'],
          },
          { name: 'Drum Cleaning', rupees: 699, credits: 1, types: ['Preventive maintenance'] },
        ],
      },
      {
        name: 'Water Purifier',
        prefix: 'WP',
        services: [
          { name: 'RO Installation', rupees: 599, credits: 1, types: ['Installation'] },
          {
            name: 'RO Filter Replacement',
            rupees: 1299,
            credits: 1,
            manufacturer: 'Kent',
            types: ['Preventive maintenance'],
          },
          { name: 'Water Purifier Service', rupees: 449, credits: 1, types: ['Repair', 'Inspection'] },
        ],
      },
      {
        name: 'Microwave',
        prefix: 'MW',
        services: [
          { name: 'Microwave Repair', rupees: 349, credits: 1, types: ['Repair'] },
          { name: 'Microwave Demo', rupees: 0, types: ['Demo'] },
        ],
      },
    ],
  },
];

/**
 * Seeds the demo catalogue; service types are looked up by name among the organization's
 * (seedDemoSettings makes them). Returns the categories by ticket prefix.
 */
export async function seedDemoCatalogue(db: Db, organization_id: string, createdBy?: string) {
  const typeNames = [
    ...new Set(
      DEMO_CATALOGUE.flatMap((m) => m.categories.flatMap((c) => c.services.flatMap((s) => s.types))),
    ),
  ];
  const types = await db
    .select({ id: serviceType.id, name: serviceType.name })
    .from(serviceType)
    .where(and(eq(serviceType.organization_id, organization_id), inArray(serviceType.name, typeNames)));
  const typeId = new Map(types.map((type) => [type.name, type.id]));
  const categories = new Map<string, Awaited<ReturnType<typeof seedCategory>>>();
  for (const master of DEMO_CATALOGUE) {
    const masterRow = await seedMasterCategory(db, { organization_id, name: master.master });
    for (const entry of master.categories) {
      const row = await seedCategory(db, {
        organization_id,
        master_category_id: masterRow.id,
        name: entry.name,
        ticket_prefix: entry.prefix,
      });
      categories.set(entry.prefix, row);
      for (const item of entry.services) {
        await seedService(db, {
          organization_id,
          category_id: row.id,
          name: item.name,
          price_paise: item.rupees * 100,
          credits: item.credits ?? 0,
          manufacturer_name: item.manufacturer ?? null,
          service_type_ids: item.types.map((name) => typeId.get(name)).filter((id): id is string => !!id),
          created_by: createdBy ?? null,
        });
      }
    }
  }
  // A retired service, as catalogues accumulate them.
  await seedService(db, {
    organization_id,
    category_id: categories.get('AC')!.id,
    name: 'AC Stabilizer Fitting',
    price_paise: 29900,
    status: 'INACTIVE',
    created_by: createdBy ?? null,
  });
  return categories;
}
