import { SearchAllModules } from '@fieldport/contract/operations/search';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';

// All Search for the walls of graphql/permission-matrix.test.ts: a ticket of organization A found by
// its serial number, which B's owner (and every partner or dealer) must not find.

export const searchFixtures: FixtureRegistry = {
  [SearchAllModules.name]: {
    async arrange(world) {
      const serial = unique('SN').toUpperCase();
      const { row, state } = await ticketOfA(world, 'organization', { serial_number: serial });
      // A ticket number repeats across organizations (each has its own sequence): the id and serial are A's alone.
      return {
        input: { search: serial },
        traces: [row.id, serial],
        state,
        owner: 'organization',
        rightful: 'OWNER',
      };
    },
    probe: { search: 'AC' },
  },
};
