import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { party } from '../../apps/server/src/db/schema/platform.ts';
import { category } from '../../apps/server/src/db/schema/product-catalogue.ts';
import { territory } from '../../apps/server/src/db/schema/territories.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import { seedMember } from '../../apps/server/src/db/seed/factories.ts';
import { mapTechnician } from '../../apps/server/src/db/seed/territories.ts';

/** People the ticket journeys need besides the demo's (e2e/tickets/). */
export const TICKET_USERS = {
  /** A technician of the demo's service partner (CoolFix Services), mapped where the partner is. */
  partnerTechnician: 'coolfix.technician@e2e.local',
  /**
   * A technician of the organization who has not checked in today: checks in without a signal
   * (field-offline.e2e.ts). Mapped nowhere, so that automatic assignment never picks them.
   */
  offlineTechnician: 'offline.technician@e2e.local',
} as const;

export const PARTNER_TECHNICIAN_NAME = 'Chetan CoolFix';

export async function seedTicketFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
  const [partner] = await db
    .select()
    .from(party)
    .where(and(eq(party.organization_id, demo.id), eq(party.name, 'CoolFix Services')));
  const seeded = await seedMember(db, {
    organizationId: demo.id,
    email: TICKET_USERS.partnerTechnician,
    name: PARTNER_TECHNICIAN_NAME,
    role: 'TECHNICIAN',
    password: DEMO_PASSWORD,
    party_id: partner.id,
  });
  await seedMember(db, {
    organizationId: demo.id,
    email: TICKET_USERS.offlineTechnician,
    name: 'Omkar Offline',
    role: 'TECHNICIAN',
    password: DEMO_PASSWORD,
  });
  const territories = await db
    .select({ id: territory.id })
    .from(territory)
    .where(and(eq(territory.organization_id, demo.id), inArray(territory.name, ['Mumbai South'])));
  const categories = await db
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.organization_id, demo.id), inArray(category.ticket_prefix, ['AC', 'RF', 'WM'])));
  await mapTechnician(db, {
    organization_id: demo.id,
    member_id: seeded.membership.id,
    territory_ids: territories.map((row) => row.id),
    category_ids: categories.map((row) => row.id),
  });
}
