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
 * An organization of the people journeys' own (e2e/people/), so that inviting and deactivating
 * people leaves the demo organization as the other journeys expect it.
 */
export const PEOPLE_USERS = {
  owner: 'people.owner@e2e.local',
  admin: 'people.admin@e2e.local',
  technician: 'people.technician@e2e.local',
  /** Runs users and designations with access control on, without the audit log. */
  manager: 'people.manager@e2e.local',
  /** Works in another organization; People Journeys Co invites them (docs/people.md#invitations). */
  elsewhere: 'people.elsewhere@e2e.local',
} as const;

export const PEOPLE_ORGANIZATION = 'People Journeys Co';
export const ELSEWHERE_ORGANIZATION = 'Elsewhere Journeys Co';
/** A designation with a right the manager lacks (docs/people.md#who-may-grant-what). */
export const AUDITOR_DESIGNATION = 'Journey Auditor';

export async function seedPeopleFixtures(db: Db): Promise<void> {
  // Access control on: only the manager's menu depends on it (the others are owner, admin, technician).
  const org = await seedOrganization(db, { name: PEOPLE_ORGANIZATION, is_access_control_enable: true });
  const managing = await seedDesignation(db, {
    organization_id: org.id,
    name: 'Journey Manager',
    accessing_module: [grant('Dashboard'), grant('Masters', ['Users']), grant('Settings', ['Designations'])],
  });
  await seedDesignation(db, {
    organization_id: org.id,
    name: AUDITOR_DESIGNATION,
    accessing_module: [grant('Dashboard'), grant('Audit Logs')],
  });
  await seedParty(db, { organization_id: org.id, kind: 'SERVICE_PARTNER', name: 'Journey Cooling Partners' });
  const people = [
    { email: PEOPLE_USERS.owner, name: 'Pallavi Owner', role: 'OWNER' as const },
    { email: PEOPLE_USERS.admin, name: 'Aditya Admin', role: 'ADMIN' as const },
    { email: PEOPLE_USERS.technician, name: 'Tanvi Technician', role: 'TECHNICIAN' as const },
  ];
  for (const person of people) {
    await seedMember(db, { organizationId: org.id, password: DEMO_PASSWORD, ...person });
  }
  await seedMember(db, {
    organizationId: org.id,
    password: DEMO_PASSWORD,
    email: PEOPLE_USERS.manager,
    name: 'Manoj Manager',
    role: 'MANAGER',
    designation_id: managing.id,
  });
  const elsewhere = await seedOrganization(db, { name: ELSEWHERE_ORGANIZATION });
  await seedMember(db, {
    organizationId: elsewhere.id,
    password: DEMO_PASSWORD,
    email: PEOPLE_USERS.elsewhere,
    name: 'Esha Elsewhere',
    role: 'ADMIN',
  });
}
