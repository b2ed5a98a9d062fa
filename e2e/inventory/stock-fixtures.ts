import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../apps/server/src/db/seed/demo.ts';
import { seedComponent, seedStore } from '../../apps/server/src/db/seed/inventory.ts';

/**
 * The stock journey's own stores and component (e2e/inventory/stock.e2e.ts), in the demo
 * organization, used by that journey only: it starts with no stock of the part anywhere.
 */
export const STOCK_JOURNEY = {
  from: 'E2E Whitefield Store',
  to: 'E2E Hebbal Store',
  part: { name: 'E2E Gasket kit', part_number: 'E2E-GSK-1', reorder_level: 5 },
} as const;

export async function seedStockFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  const place = { city: 'Bengaluru', state: 'Karnataka' };
  await seedStore(db, {
    organization_id: demo.id,
    name: STOCK_JOURNEY.from,
    address: '7, ITPL Main Road, Whitefield',
    pincode: '560066',
    ...place,
  });
  await seedStore(db, {
    organization_id: demo.id,
    name: STOCK_JOURNEY.to,
    address: '22, Bellary Road, Hebbal',
    pincode: '560024',
    ...place,
  });
  await seedComponent(db, { organization_id: demo.id, price_paise: 24_900, ...STOCK_JOURNEY.part });
}
