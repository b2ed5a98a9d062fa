import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { newId } from '../ids.ts';
import { component, stockLevel, stockMovement, store } from '../schema/inventory.ts';
import { service } from '../schema/product-catalogue.ts';

// Components and stores made the way the product keeps them (docs/inventory.md#components,
// docs/inventory.md#stores); shared by the demo seed and the tests.

/** A component: the part number upper-cased as the form keeps it, GST 18% unless given. */
export async function seedComponent(
  db: Db,
  values: Partial<typeof component.$inferInsert> & {
    organization_id: string;
    name: string;
    part_number: string;
    price_paise: number;
  },
) {
  const [row] = await db
    .insert(component)
    .values({ id: newId(), tax_rate_bp: 1800, ...values, part_number: values.part_number.toUpperCase() })
    .returning();
  return row;
}

/** A store: the organization's own (no party_id) or a service partner's. */
export async function seedStore(
  db: Db,
  values: Partial<typeof store.$inferInsert> & {
    organization_id: string;
    name: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
  },
) {
  const [row] = await db
    .insert(store)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

/**
 * Opening stock of a store: one RECEIVE row per line and the store's stock_level, as the ledger
 * writes them (docs/inventory.md#the-ledger) for a store that held none of these parts. The
 * product's own movements go through modules/inventory/stock-ledger.ts; the seed cannot reach it
 * (db/ comes before modules/), so it writes only what a first receipt writes.
 */
export async function seedOpeningStock(
  db: Db,
  values: {
    organization_id: string;
    store_id: string;
    reference: string;
    created_by?: string | null;
    lines: { component_id: string; quantity: number; unit_cost_paise: number }[];
  },
) {
  const group = newId();
  for (const line of values.lines) {
    const value = line.quantity * line.unit_cost_paise;
    await db.insert(stockMovement).values({
      id: newId(),
      organization_id: values.organization_id,
      store_id: values.store_id,
      component_id: line.component_id,
      movement_type: 'RECEIVE',
      quantity: line.quantity,
      balance_after: line.quantity,
      unit_cost_paise: line.unit_cost_paise,
      value_paise: value,
      reference: values.reference,
      movement_group_id: group,
      created_by: values.created_by ?? null,
    });
    await db.insert(stockLevel).values({
      organization_id: values.organization_id,
      store_id: values.store_id,
      component_id: line.component_id,
      quantity: line.quantity,
      value_paise: value,
    });
  }
}

/** Spare parts an appliance-service organization in India keeps, for the demo's products. */
const DEMO_COMPONENTS: {
  part_number: string;
  name: string;
  unit?: 'NOS' | 'METRE' | 'KG';
  rupees: number;
  hsn: string;
  reorder: number;
  products: string[];
}[] = [
  {
    part_number: 'CAP-35-5-440',
    name: 'Dual run capacitor 35+5 MFD 440V',
    rupees: 450,
    hsn: '85322200',
    reorder: 20,
    products: ['AC Repair', 'AC Gas Refill'],
  },
  {
    part_number: 'PCB-IDU-INV15',
    name: 'Indoor unit PCB, 1.5T inverter split AC',
    rupees: 3850,
    hsn: '84159000',
    reorder: 4,
    products: ['AC Repair'],
  },
  {
    part_number: 'MTR-BLOWER-35W',
    name: 'Indoor blower fan motor 35W',
    rupees: 1750,
    hsn: '85013119',
    reorder: 5,
    products: ['AC Repair', 'AC Deep Cleaning'],
  },
  {
    part_number: 'GAS-R32',
    name: 'R32 refrigerant gas',
    unit: 'KG',
    rupees: 1150,
    hsn: '29033990',
    reorder: 10,
    products: ['AC Gas Refill', 'Split AC Installation'],
  },
  {
    part_number: 'CU-PIPE-14-38',
    name: 'Copper pipe set 1/4" + 3/8", insulated',
    unit: 'METRE',
    rupees: 650,
    hsn: '74111000',
    reorder: 30,
    products: ['Split AC Installation', 'Window AC Installation'],
  },
  {
    part_number: 'THERMO-DC-RF',
    name: 'Thermostat for direct-cool refrigerator',
    rupees: 380,
    hsn: '90321010',
    reorder: 10,
    products: ['Refrigerator Repair'],
  },
  {
    part_number: 'PUMP-DRAIN-30W',
    name: 'Drain pump 30W, front-load washing machine',
    rupees: 890,
    hsn: '84138190',
    reorder: 6,
    products: ['Washing Machine Repair'],
  },
  {
    part_number: 'RO-MEM-80GPD',
    name: 'RO membrane 80 GPD',
    rupees: 1250,
    hsn: '84219900',
    reorder: 12,
    products: ['RO Filter Replacement', 'Water Purifier Service'],
  },
  {
    part_number: 'RO-SED-10IN',
    name: 'Sediment filter cartridge 10"',
    rupees: 180,
    hsn: '84212190',
    reorder: 50,
    products: ['RO Filter Replacement'],
  },
  {
    part_number: 'MAG-900W',
    name: 'Magnetron 900W, solo microwave',
    rupees: 1650,
    hsn: '85407100',
    reorder: 3,
    products: ['Microwave Repair'],
  },
];

/**
 * The demo's spare parts (prices in paise, GST 18%) for its catalogue's products, and two stores:
 * the organization's main store, kept by the store manager, and one the service partner runs.
 */
export async function seedDemoInventory(
  db: Db,
  options: {
    organization_id: string;
    partnerId: string;
    storeManagerUserId?: string;
    partnerUserId?: string;
  },
) {
  const { organization_id } = options;
  const names = [...new Set(DEMO_COMPONENTS.flatMap((part) => part.products))];
  const services = await db
    .select({ id: service.id, name: service.name })
    .from(service)
    .where(and(eq(service.organization_id, organization_id), inArray(service.name, names)));
  const serviceId = new Map(services.map((row) => [row.name, row.id]));
  const components = [];
  for (const part of DEMO_COMPONENTS) {
    components.push(
      await seedComponent(db, {
        organization_id,
        part_number: part.part_number,
        name: part.name,
        unit: part.unit ?? 'NOS',
        price_paise: part.rupees * 100,
        tax_rate_bp: 1800,
        hsn_code: part.hsn,
        reorder_level: part.reorder,
        service_ids: part.products.map((name) => serviceId.get(name)).filter((id): id is string => !!id),
      }),
    );
  }
  const mainStore = await seedStore(db, {
    organization_id,
    name: 'Main Store, Peenya',
    address: 'Plot 42, 2nd Phase, Peenya Industrial Area',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560058',
    phone: '9845012345',
    manager_user_ids: options.storeManagerUserId ? [options.storeManagerUserId] : [],
  });
  const partnerStore = await seedStore(db, {
    organization_id,
    name: 'CoolFix Service Centre, Koramangala',
    party_id: options.partnerId,
    address: '18, 5th Cross, Koramangala 6th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560095',
    phone: '9880023456',
    manager_user_ids: options.partnerUserId ? [options.partnerUserId] : [],
  });
  // Opening stock at about 70% of the selling price; two parts of the main store and one of the
  // partner's at or below their reorder level, so the Inventory screen has something to flag.
  const byPart = new Map(components.map((row) => [row.part_number, row]));
  const lines = (quantities: Record<string, number>) =>
    Object.entries(quantities).map(([partNumber, quantity]) => {
      const part = byPart.get(partNumber)!;
      return { component_id: part.id, quantity, unit_cost_paise: Math.round(part.price_paise * 0.7) };
    });
  await seedOpeningStock(db, {
    organization_id,
    store_id: mainStore.id,
    reference: 'OPENING-STOCK',
    created_by: options.storeManagerUserId,
    lines: lines({
      'CAP-35-5-440': 60,
      'PCB-IDU-INV15': 3,
      'MTR-BLOWER-35W': 12,
      'GAS-R32': 25,
      'CU-PIPE-14-38': 120,
      'THERMO-DC-RF': 18,
      'PUMP-DRAIN-30W': 9,
      'RO-MEM-80GPD': 30,
      'RO-SED-10IN': 140,
      'MAG-900W': 2,
    }),
  });
  await seedOpeningStock(db, {
    organization_id,
    store_id: partnerStore.id,
    reference: 'OPENING-STOCK',
    created_by: options.partnerUserId,
    lines: lines({ 'CAP-35-5-440': 15, 'GAS-R32': 6, 'CU-PIPE-14-38': 40 }),
  });
  return { components, stores: { main: mainStore, partner: partnerStore } };
}
