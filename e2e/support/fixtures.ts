import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { organization } from '../../apps/server/src/db/schema/identity.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import {
  grant,
  seedDesignation,
  seedMember,
  seedOrganization,
} from '../../apps/server/src/db/seed/factories.ts';
import { seedAccessFixtures } from './access-fixtures.ts';
import { seedPeopleFixtures } from './people-fixtures.ts';
import { seedTicketFixtures } from '../tickets/ticket-fixtures.ts';
import { seedApprovalFixtures } from '../approvals/approval-fixtures.ts';
import { seedFleetFixtures } from '../product-fleet/fleet-fixtures.ts';
import { seedStockFixtures } from '../inventory/stock-fixtures.ts';
import { seedComponentRequestFixtures } from '../inventory/component-request-fixtures.ts';
import { seedPurchaseOrderFixtures } from '../purchasing/purchase-order-fixtures.ts';
import { seedFgrFixtures } from '../fgr/fgr-fixtures.ts';

/** People the journeys need besides the demo's, each used by one journey only. */
export const E2E_USERS = {
  temporary: 'new.agent@e2e.local',
  forgot: 'forgot.owner@e2e.local',
  otp: 'otp.owner@e2e.local',
  noDesignation: 'no.designation@e2e.local',
  suspended: 'suspended.owner@e2e.local',
  reporter: 'reporter.owner@e2e.local',
  narrow: 'narrow.owner@e2e.local',
  switcher: 'switcher.owner@e2e.local',
} as const;

/** The organization where the switcher is a co-ordinator (AGENT): a role without a Dashboard. */
export const SWITCH_ORGANIZATION = 'Switch Journeys Co';

export const E2E_TEMPORARY_PASSWORD = 'Temp@1234';

export async function seedE2eFixtures(db: Db): Promise<void> {
  const [demo] = await db.select().from(organization).where(eq(organization.slug, 'demo-service-co'));
  const people = [
    { email: E2E_USERS.temporary, name: 'Nina New', role: 'OWNER' as const, mustChangePassword: true },
    { email: E2E_USERS.forgot, name: 'Farah Forgetful', role: 'OWNER' as const },
    { email: E2E_USERS.otp, name: 'Omar Otp', role: 'ADMIN' as const },
    { email: E2E_USERS.noDesignation, name: 'Neel Nodesig', role: 'MANAGER' as const },
    { email: E2E_USERS.reporter, name: 'Rita Reporter', role: 'OWNER' as const },
    { email: E2E_USERS.narrow, name: 'Nora Narrow', role: 'OWNER' as const },
  ];
  for (const person of people) {
    await seedMember(db, {
      organizationId: demo.id,
      password: person.mustChangePassword ? E2E_TEMPORARY_PASSWORD : DEMO_PASSWORD,
      ...person,
    });
  }
  // An owner of the demo who co-ordinates tickets in another organization: switching there lands
  // on the co-ordinator's start page, not on a Dashboard the role does not have.
  await seedMember(db, {
    organizationId: demo.id,
    email: E2E_USERS.switcher,
    name: 'Sia Switcher',
    role: 'OWNER',
    password: DEMO_PASSWORD,
  });
  const switchOrganization = await seedOrganization(db, { name: SWITCH_ORGANIZATION });
  const coordinator = await seedDesignation(db, {
    organization_id: switchOrganization.id,
    name: 'Co-ordinator',
    accessing_module: [grant('Tickets', ['Active Tickets'])],
  });
  await seedMember(db, {
    organizationId: switchOrganization.id,
    email: E2E_USERS.switcher,
    name: 'Sia Switcher',
    role: 'AGENT',
    password: DEMO_PASSWORD,
    designation_id: coordinator.id,
  });
  const suspended = await seedOrganization(db, { name: 'Suspended Services Ltd', status: 'SUSPENDED' });
  await seedMember(db, {
    organizationId: suspended.id,
    email: E2E_USERS.suspended,
    name: 'Sam Suspended',
    role: 'OWNER',
    password: DEMO_PASSWORD,
  });
  await seedAccessFixtures(db);
  await seedPeopleFixtures(db);
  await seedTicketFixtures(db);
  await seedApprovalFixtures(db);
  await seedFleetFixtures(db);
  await seedStockFixtures(db);
  await seedComponentRequestFixtures(db);
  await seedPurchaseOrderFixtures(db);
  await seedFgrFixtures(db);
}
