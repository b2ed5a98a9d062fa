import { designations } from '@fieldport/contract/operations/designations';
import { grant } from '../../db/seed/factories.ts';
import { masterFixtures, type FixtureRegistry } from '../../test/tenant-fixture.ts';

export const designationFixtures: FixtureRegistry = masterFixtures(designations, async () => (name) => ({
  designation_name: name,
  accessing_module: [grant('Dashboard'), grant('Tickets', ['Active Tickets'])],
}));
