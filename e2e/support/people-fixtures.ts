import type { Db } from '../../apps/server/src/db/client.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo.ts';
import { seedMember, seedOrganization, seedParty } from '../../apps/server/src/db/seed/factories.ts';

/**
 * An organization of the people journeys' own (e2e/people/), so that inviting and deactivating
 * people leaves the demo organization as the other journeys expect it.
 */
export const PEOPLE_USERS = {
  owner: 'people.owner@e2e.local',
  admin: 'people.admin@e2e.local',
  technician: 'people.technician@e2e.local',
} as const;

export const PEOPLE_ORGANIZATION = 'People Journeys Co';

export async function seedPeopleFixtures(db: Db): Promise<void> {
  const org = await seedOrganization(db, { name: PEOPLE_ORGANIZATION });
  await seedParty(db, { organization_id: org.id, kind: 'SERVICE_PARTNER', name: 'Journey Cooling Partners' });
  const people = [
    { email: PEOPLE_USERS.owner, name: 'Pallavi Owner', role: 'OWNER' as const },
    { email: PEOPLE_USERS.admin, name: 'Aditya Admin', role: 'ADMIN' as const },
    { email: PEOPLE_USERS.technician, name: 'Tanvi Technician', role: 'TECHNICIAN' as const },
  ];
  for (const person of people) {
    await seedMember(db, { organizationId: org.id, password: DEMO_PASSWORD, ...person });
  }
}
