import type { Db } from '../../apps/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import {
  grant,
  seedDesignation,
  seedMember,
  seedOrganization,
  seedParty,
} from '../../apps/server/src/db/seed/factories.ts';

/**
 * An organization of the access journeys' own (e2e/access/), so that turning its flags and
 * designations around leaves the demo organization as the other journeys expect it.
 */
export const ACCESS_USERS = {
  admin: 'access.admin@e2e.local',
  manager: 'access.manager@e2e.local',
} as const;

export const ACCESS_ORGANIZATION = 'Access Journeys Co';
export const ACCESS_DESIGNATION = 'Journey Manager';

export async function seedAccessFixtures(db: Db): Promise<void> {
  const org = await seedOrganization(db, {
    name: ACCESS_ORGANIZATION,
    is_access_control_enable: true,
    enable_credits_recharge: true,
  });
  await seedParty(db, { organization_id: org.id, kind: 'DEALER', name: 'Journey Dealers' });
  const designation = await seedDesignation(db, {
    organization_id: org.id,
    name: ACCESS_DESIGNATION,
    accessing_module: [
      grant('Dashboard'),
      grant('Tickets', ['Active Tickets', 'Closed Tickets']),
      grant('Cabinet'),
      grant('Audit Logs'),
    ],
  });
  await seedMember(db, {
    organizationId: org.id,
    email: ACCESS_USERS.admin,
    name: 'Aditi Access',
    role: 'ADMIN',
    password: DEMO_PASSWORD,
  });
  await seedMember(db, {
    organizationId: org.id,
    email: ACCESS_USERS.manager,
    name: 'Mohan Manager',
    role: 'MANAGER',
    password: DEMO_PASSWORD,
    designation_id: designation.id,
  });
}
