import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../apps/server/src/db/seed/demo.ts';
import { seedComponent, seedStore } from '../../apps/server/src/db/seed/inventory.ts';
import { seedVendor } from '../../apps/server/src/db/seed/purchasing.ts';

/**
 * The purchase order journey's own vendor, store and part (e2e/purchasing/purchase-orders.e2e.ts),
 * in the demo organization: a vendor in Maharashtra with a mail address, a store in Karnataka (so
 * the order is taxed IGST), and a part no other journey counts.
 */
export const PURCHASE_JOURNEY = {
  vendor: { name: 'E2E Pune Compressors', email: 'orders@pune-compressors.example' },
  store: 'E2E Electronic City Store',
  part: { name: 'E2E Scroll compressor', part_number: 'E2E-SCR-1' },
} as const;

export async function seedPurchaseOrderFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  await seedVendor(db, {
    organization_id: demo.id,
    name: PURCHASE_JOURNEY.vendor.name,
    email: PURCHASE_JOURNEY.vendor.email,
    contact_person: 'Sanjay Kulkarni',
    address: 'Plot 7, Bhosari MIDC',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411026',
  });
  await seedStore(db, {
    organization_id: demo.id,
    name: PURCHASE_JOURNEY.store,
    address: '14, Hosur Road, Electronic City Phase 1',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560100',
  });
  await seedComponent(db, {
    organization_id: demo.id,
    price_paise: 950_000,
    hsn_code: '84143000',
    ...PURCHASE_JOURNEY.part,
  });
}
