import { and, eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { party } from '../../apps/server/src/db/schema/platform.ts';
import { seedCustomers } from '../../apps/server/src/db/seed/customers.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../apps/server/src/db/seed/demo.ts';

/**
 * The fleet journey's customer (e2e/product-fleet/product-fleet.e2e.ts): one of the demo dealer's,
 * in Indiranagar, Bengaluru, where the demo technician works, with the email the closure code
 * goes to. Used by that journey only.
 */
export const FLEET_CUSTOMER = {
  name: 'Kavya Fleetwood',
  phone: '98450 77123',
  email: 'kavya.fleetwood@example.com',
} as const;

export async function seedFleetFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  const [dealer] = await db
    .select({ id: party.id })
    .from(party)
    .where(and(eq(party.organization_id, demo.id), eq(party.kind, 'DEALER')));
  await seedCustomers(db, [
    {
      organization_id: demo.id,
      ...FLEET_CUSTOMER,
      party_id: dealer.id,
      primary_location: {
        address: '12, 100 Feet Road, Indiranagar',
        pincode: '560038',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
    },
  ]);
}
