import { and, eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { party } from '../../apps/server/src/db/schema/platform.ts';
import { customer, customerLocation } from '../../apps/server/src/db/schema/customers.ts';
import { service } from '../../apps/server/src/db/schema/product-catalogue.ts';
import { seedCustomers } from '../../apps/server/src/db/seed/customers.ts';
import { seedFleetItems } from '../../apps/server/src/db/seed/product-fleet.ts';
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

/**
 * The transfer journey's items (e2e/product-fleet/transfer.e2e.ts): two approved AC Repair items of
 * the organization at a customer of its own in Jayanagar, moved by that journey only.
 */
export const TRANSFER_CUSTOMER = { name: 'Ravi Transferwala', phone: '98450 77456' } as const;
export const TRANSFER_SERIALS = ['E2E-TRF-301', 'E2E-TRF-302'] as const;

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
  await seedCustomers(db, [
    {
      organization_id: demo.id,
      ...TRANSFER_CUSTOMER,
      primary_location: {
        address: '45, 11th Main, Jayanagar 4th Block',
        pincode: '560011',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
    },
  ]);
  const [place] = await db
    .select({ customer_id: customer.id, location_id: customerLocation.id })
    .from(customer)
    .innerJoin(customerLocation, eq(customerLocation.customer_id, customer.id))
    .where(and(eq(customer.organization_id, demo.id), eq(customer.name, TRANSFER_CUSTOMER.name)));
  const [product] = await db
    .select({ id: service.id })
    .from(service)
    .where(and(eq(service.organization_id, demo.id), eq(service.name, 'AC Repair')));
  await seedFleetItems(
    db,
    TRANSFER_SERIALS.map((serial_number) => ({
      organization_id: demo.id,
      serial_number,
      service_id: product.id,
      ...place,
      invoice_date: '2026-06-01',
      installation_date: '2026-06-03',
      warranty_months: 12,
    })),
  );
}
