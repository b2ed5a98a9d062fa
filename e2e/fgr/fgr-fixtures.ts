import { and, eq } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { warrantyEnd } from '@fieldport/contract/operations/product-fleet';
import type { Db } from '../../apps/server/src/db/client.ts';
import { customer, customerLocation } from '../../apps/server/src/db/schema/customers.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { service } from '../../apps/server/src/db/schema/product-catalogue.ts';
import { seedCustomers } from '../../apps/server/src/db/seed/customers.ts';
import { DEMO_ORGANIZATION_SLUG } from '../../apps/server/src/db/seed/demo.ts';
import { seedFleetItems } from '../../apps/server/src/db/seed/product-fleet.ts';
import { demoContext, demoWorld } from '../../apps/server/src/modules/demo-context.ts';
import { calendarDayText } from '../../apps/server/src/platform/pdf-parts.ts';
import { createTicket } from '../../apps/server/src/modules/tickets/create-ticket.ts';

/** The fixed installation day of the product out of cover, so that its refusal reads the same every day. */
const OUT_OF_COVER_INSTALLED = '2022-06-01';

/**
 * The replacement journey's products (e2e/fgr/fgr.e2e.ts), each with a ticket the admin raised for
 * it, each at a customer of the organization's own in Jayanagar: an AC installed in 2022 with a
 * year's warranty and no AMC (out of cover), and one installed a month ago (in warranty). Used by
 * that journey only.
 */
export const FGR_FIXTURES = {
  product: 'AC Repair',
  outOfCover: {
    customer: { name: 'Rohan Oldunit', phone: '98450 77891' },
    serial: 'E2E-FGR-OLD-1',
    /** Why the server refuses it (docs/fgr.md#generating-one), its day as the server writes it. */
    why: `its warranty ended on ${calendarDayText(
      warrantyEnd({
        warranty_end_date: null,
        warranty_months: 12,
        installation_date: OUT_OF_COVER_INSTALLED,
        invoice_date: null,
      })!,
    )} and it has no AMC`,
  },
  inWarranty: { customer: { name: 'Meera Newunit', phone: '98450 77893' }, serial: 'E2E-FGR-WARM-1' },
} as const;

export async function seedFgrFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  await seedCustomers(
    db,
    [FGR_FIXTURES.outOfCover, FGR_FIXTURES.inWarranty].map(({ customer: person }, index) => ({
      organization_id: demo.id,
      ...person,
      primary_location: {
        address: `${7 + index}, 9th Cross, Jayanagar 4th Block`,
        pincode: '560011',
        city: 'Bengaluru',
        state: 'Karnataka',
      },
    })),
  );
  const placeOf = async (name: string) =>
    (
      await db
        .select({ customer_id: customer.id, location_id: customerLocation.id })
        .from(customer)
        .innerJoin(customerLocation, eq(customerLocation.customer_id, customer.id))
        .where(and(eq(customer.organization_id, demo.id), eq(customer.name, name)))
    )[0];
  const [product] = await db
    .select({ id: service.id })
    .from(service)
    .where(and(eq(service.organization_id, demo.id), eq(service.name, FGR_FIXTURES.product)));
  const lastMonth = shiftDay(dayIn(demo.time_zone), -30);
  const itemIds = await seedFleetItems(db, [
    {
      organization_id: demo.id,
      serial_number: FGR_FIXTURES.outOfCover.serial,
      service_id: product.id,
      ...(await placeOf(FGR_FIXTURES.outOfCover.customer.name)),
      invoice_date: OUT_OF_COVER_INSTALLED,
      installation_date: OUT_OF_COVER_INSTALLED,
      warranty_months: 12,
    },
    {
      organization_id: demo.id,
      serial_number: FGR_FIXTURES.inWarranty.serial,
      service_id: product.id,
      ...(await placeOf(FGR_FIXTURES.inWarranty.customer.name)),
      invoice_date: lastMonth,
      installation_date: lastMonth,
      warranty_months: 12,
    },
  ]);
  // The tickets are raised as the admin raises one on the screen, so that each names its product.
  const world = await demoWorld(db, ['ADMIN']);
  if (!world) throw new Error('seedFgrFixtures: the demo has no admin');
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asAdmin = await demoContext(tx, world.members.ADMIN);
    for (const fleet_item_id of itemIds) {
      await createTicket.handle(
        createTicket.operation.input.parse({
          fleet_item_id,
          service_id: product.id,
          problem_note: 'Compressor dead; the engineer found it beyond repair.',
          priority: 'MEDIUM',
        }),
        asAdmin,
      );
    }
  });
}
