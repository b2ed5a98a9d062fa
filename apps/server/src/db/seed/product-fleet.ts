import { and, asc, eq, inArray } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import {
  amcPeriod,
  warrantyEnd,
  type FleetApprovalState,
} from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../client.ts';
import { newId } from '../ids.ts';
import { customer, customerLocation } from '../schema/customers.ts';
import { organization } from '../schema/identity.ts';
import { service } from '../schema/product-catalogue.ts';
import { amcType, fleetItem, fleetItemEvent } from '../schema/product-fleet.ts';
import { dayIn } from '@fieldport/contract/fields';

// The installed fleet of the demo (docs/product-fleet.md): AMC types, items for the demo's
// customers (some in warranty, some under AMC, some out), and a dealer's items waiting for approval.

export interface SeedFleetItem {
  organization_id: string;
  serial_number: string;
  service_id: string;
  customer_id?: string | null;
  location_id?: string | null;
  dealer_party_id?: string | null;
  invoice_date?: string | null;
  installation_date?: string | null;
  warranty_months?: number | null;
  amc?: {
    type: { id: string; duration_months: number; visits: number | null };
    start: string;
    used?: number;
  };
  approval_state?: FleetApprovalState;
  created_at?: Date;
  created_by?: string | null;
}

/** The row of an item, its warranty end and AMC period counted as the operations count them. */
export function fleetItemRow(item: SeedFleetItem): typeof fleetItem.$inferInsert {
  const dates = {
    invoice_date: item.invoice_date ?? null,
    installation_date: item.installation_date ?? null,
    warranty_months: item.warranty_months ?? null,
  };
  return {
    id: newId(),
    organization_id: item.organization_id,
    serial_number: item.serial_number,
    service_id: item.service_id,
    customer_id: item.customer_id ?? null,
    location_id: item.location_id ?? null,
    dealer_party_id: item.dealer_party_id ?? null,
    ...dates,
    warranty_end_date: warrantyEnd({ ...dates, warranty_end_date: null }),
    amc_type_id: item.amc?.type.id ?? null,
    amc_start_date: item.amc?.start ?? null,
    amc_end_date: item.amc ? amcPeriod(item.amc.type, item.amc.start).amc_end_date : null,
    amc_visits_included: item.amc?.type.visits ?? null,
    amc_visits_used: item.amc?.used ?? 0,
    approval_state: item.approval_state ?? 'APPROVED',
    created_by: item.created_by ?? null,
    ...(item.created_at ? { created_at: item.created_at, updated_at: item.created_at } : {}),
  };
}

/**
 * Items with a CREATED entry each in their history, in batches; the bench's million go without
 * history (`history: false`).
 */
export async function seedFleetItems(
  db: Db,
  items: SeedFleetItem[],
  options: { batchSize?: number; history?: boolean } = {},
): Promise<string[]> {
  const { batchSize = 1000, history = true } = options;
  const ids: string[] = [];
  for (let start = 0; start < items.length; start += batchSize) {
    const rows = items.slice(start, start + batchSize).map(fleetItemRow);
    await db.insert(fleetItem).values(rows);
    if (!history) {
      ids.push(...rows.map((row) => row.id!));
      continue;
    }
    await db.insert(fleetItemEvent).values(
      rows.map((row) => ({
        id: newId(),
        organization_id: row.organization_id,
        fleet_item_id: row.id!,
        kind: 'CREATED' as const,
        actor_user_id: row.created_by ?? null,
        ...(row.created_at ? { created_at: row.created_at } : {}),
      })),
    );
    ids.push(...rows.map((row) => row.id!));
  }
  return ids;
}

const DEMO_PRODUCTS = [
  'AC Repair',
  'Refrigerator Repair',
  'Washing Machine Repair',
  'Water Purifier Service',
];

/**
 * The demo's fleet: three AMC types; an item for each of the first 60 customers, a third in
 * warranty, a third under AMC and a third out of both (counted from today, so the demo always shows
 * all three); the dealer's customers' items are the dealer's. Then the dealer's owner adds two items
 * and tags a stock item to a customer: those three wait for approval (their requests are raised
 * through the workflow engine once the demo is written: modules/product-fleet/demo-requests.ts).
 */
export async function seedDemoFleet(
  db: Db,
  options: { organization_id: string; dealer_id: string; createdBy?: string },
) {
  const { organization_id, dealer_id } = options;
  const [org] = await db
    .select({ time_zone: organization.time_zone })
    .from(organization)
    .where(eq(organization.id, organization_id));
  const today = dayIn(org.time_zone);

  const products = await db
    .select({ id: service.id, name: service.name })
    .from(service)
    .where(and(eq(service.organization_id, organization_id), inArray(service.name, DEMO_PRODUCTS)))
    .orderBy(asc(service.name));
  const [amcComprehensive, amcBasic] = await db
    .insert(amcType)
    .values([
      {
        id: newId(),
        organization_id,
        name: 'Comprehensive AMC',
        duration_months: 12,
        visits: 4,
        price_paise: 399_900,
        service_ids: [],
      },
      {
        id: newId(),
        organization_id,
        name: 'Basic AMC',
        duration_months: 12,
        visits: 2,
        price_paise: 199_900,
        service_ids: [],
      },
      {
        id: newId(),
        organization_id,
        name: 'Care Plus (2 years, unlimited visits)',
        duration_months: 24,
        visits: null,
        price_paise: 799_900,
        service_ids: [],
      },
    ])
    .returning();

  const customers = await db
    .select({ id: customer.id, party_id: customer.party_id, location_id: customerLocation.id })
    .from(customer)
    .innerJoin(
      customerLocation,
      and(eq(customerLocation.customer_id, customer.id), eq(customerLocation.is_primary, true)),
    )
    .where(and(eq(customer.organization_id, organization_id), eq(customer.status, 'ACTIVE')))
    .orderBy(asc(customer.created_at), asc(customer.id))
    .limit(60);

  const items = customers.map((owner, index): SeedFleetItem => {
    const product = products[index % products.length];
    const base = {
      organization_id,
      serial_number: `${product.name.slice(0, 2).toUpperCase()}${String(240_001 + index * 7)}`,
      service_id: product.id,
      customer_id: owner.id,
      location_id: owner.location_id,
      dealer_party_id: owner.party_id === dealer_id ? dealer_id : null,
      warranty_months: 12,
      created_by: options.createdBy ?? null,
    };
    switch (index % 3) {
      case 0: {
        // In warranty: installed within the last ten months.
        const installed = shiftDay(today, -(20 + ((index * 11) % 280)));
        return { ...base, invoice_date: shiftDay(installed, -3), installation_date: installed };
      }
      case 1: {
        // Under AMC: warranty over, an AMC started a few months ago with visits left.
        const installed = shiftDay(today, -(500 + index * 3));
        const type = index % 2 ? amcComprehensive : amcBasic;
        return {
          ...base,
          invoice_date: installed,
          installation_date: installed,
          amc: { type, start: shiftDay(today, -(30 + index * 2)), used: 1 },
        };
      }
      default: {
        // Out of warranty: installed years ago, no AMC.
        const installed = shiftDay(today, -(900 + index * 5));
        return { ...base, invoice_date: installed, installation_date: installed };
      }
    }
  });
  await seedFleetItems(db, items);

  // What waits for approval: two items the dealer added, one tagging of the dealer's stock.
  const dealerCustomers = customers.filter((owner) => owner.party_id === dealer_id);
  const product = products[0];
  const [pendingA, pendingB, stock] = await seedFleetItems(db, [
    {
      organization_id,
      serial_number: 'SA-DL-77001',
      service_id: product.id,
      customer_id: dealerCustomers[0]?.id ?? null,
      location_id: dealerCustomers[0]?.location_id ?? null,
      dealer_party_id: dealer_id,
      invoice_date: shiftDay(today, -5),
      installation_date: shiftDay(today, -2),
      warranty_months: 12,
      approval_state: 'PENDING',
    },
    {
      organization_id,
      serial_number: 'SA-DL-77002',
      service_id: products[1 % products.length].id,
      dealer_party_id: dealer_id,
      invoice_date: shiftDay(today, -1),
      warranty_months: 24,
      approval_state: 'PENDING',
    },
    {
      organization_id,
      serial_number: 'SA-DL-76990',
      service_id: products[2 % products.length].id,
      dealer_party_id: dealer_id,
      invoice_date: shiftDay(today, -40),
      warranty_months: 12,
    },
  ]);
  const tagTo = dealerCustomers[1] ?? dealerCustomers[0];
  if (tagTo) {
    await db
      .update(fleetItem)
      .set({ pending_customer_id: tagTo.id, pending_location_id: tagTo.location_id })
      .where(eq(fleetItem.id, stock));
  }

  return { pendingItemIds: [pendingA, pendingB], pendingTagItemIds: tagTo ? [stock] : [] };
}
