import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { customer } from '../../apps/server/src/db/schema/customers.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { service } from '../../apps/server/src/db/schema/product-catalogue.ts';
import { DEMO_ORGANIZATION_SLUG, DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import { seedMember } from '../../apps/server/src/db/seed/factories.ts';
import { seedComponent, seedOpeningStock, seedStore } from '../../apps/server/src/db/seed/inventory.ts';
import { seedTicket } from '../../apps/server/src/db/seed/tickets.ts';

/**
 * The component request journey's own store, part, technician and ticket
 * (e2e/inventory/component-requests.e2e.ts), and the MRF journey's, in the demo organization: the ticket is in progress
 * with a technician no other journey uses, and the store holds 5 of the part at ₹850.00 each.
 */
export const REQUEST_JOURNEY = {
  store: 'E2E Jayanagar Store',
  part: { name: 'E2E Fan motor', part_number: 'E2E-FAN-1' },
  technician: { email: 'parts.technician@e2e.local', name: 'Ravi Parts' },
  problem: 'E2E: the outdoor fan does not turn',
} as const;

/**
 * The MRF journey's own (e2e/inventory/mrf.e2e.ts): a store with none of its part, and a ticket in
 * progress with a technician of its own.
 */
export const MRF_JOURNEY = {
  store: 'E2E Yelahanka Store',
  part: { name: 'E2E Rotary compressor', part_number: 'E2E-CMP-1' },
  technician: { email: 'mrf.technician@e2e.local', name: 'Meena Material' },
} as const;

export async function seedComponentRequestFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, DEMO_ORGANIZATION_SLUG));
  const store = await seedStore(db, {
    organization_id: demo.id,
    name: REQUEST_JOURNEY.store,
    address: '9, 11th Main, Jayanagar 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560011',
  });
  const part = await seedComponent(db, {
    organization_id: demo.id,
    price_paise: 120_000,
    ...REQUEST_JOURNEY.part,
  });
  await seedOpeningStock(db, {
    organization_id: demo.id,
    store_id: store.id,
    reference: 'E2E-OPENING',
    lines: [{ component_id: part.id, quantity: 5, unit_cost_paise: 85_000 }],
  });
  const technician = await seedMember(db, {
    organizationId: demo.id,
    email: REQUEST_JOURNEY.technician.email,
    name: REQUEST_JOURNEY.technician.name,
    role: 'TECHNICIAN',
    password: DEMO_PASSWORD,
  });
  const [someone] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(eq(customer.organization_id, demo.id))
    .orderBy(asc(customer.created_at))
    .limit(1);
  const [repair] = await db
    .select({ id: service.id })
    .from(service)
    .where(and(eq(service.organization_id, demo.id), eq(service.status, 'ACTIVE')))
    .orderBy(asc(service.created_at))
    .limit(1);
  await seedTicket(db, {
    organization_id: demo.id,
    customer_id: someone.id,
    service_id: repair.id,
    state: 'IN_PROGRESS',
    technician_id: technician.membership.id,
    problem_note: REQUEST_JOURNEY.problem,
  });

  await seedStore(db, {
    organization_id: demo.id,
    name: MRF_JOURNEY.store,
    address: '3, Doddaballapur Road, Yelahanka',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560064',
  });
  await seedComponent(db, { organization_id: demo.id, price_paise: 1_450_000, ...MRF_JOURNEY.part });
  const mrfTechnician = await seedMember(db, {
    organizationId: demo.id,
    email: MRF_JOURNEY.technician.email,
    name: MRF_JOURNEY.technician.name,
    role: 'TECHNICIAN',
    password: DEMO_PASSWORD,
  });
  await seedTicket(db, {
    organization_id: demo.id,
    customer_id: someone.id,
    service_id: repair.id,
    state: 'IN_PROGRESS',
    technician_id: mrfTechnician.membership.id,
    problem_note: 'E2E: the compressor does not start',
  });
}
