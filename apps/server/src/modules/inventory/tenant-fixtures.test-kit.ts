import type { FixtureRegistry } from '../../test/tenant-fixture.ts';
import { componentFixtures } from './component-fixtures.test-kit.ts';
import { componentRequestFixtures } from './component-request-fixtures.test-kit.ts';
import { mrfFixtures } from './mrf-fixtures.test-kit.ts';
import { stockFixtures } from './stock-fixtures.test-kit.ts';

// Spare parts of organization A for the walls of graphql/permission-matrix.test.ts: components and
// stores (component-fixtures), stock and its ledger (stock-fixtures), component requests
// (component-request-fixtures), MRFs (mrf-fixtures).
export const inventoryFixtures: FixtureRegistry = {
  ...componentFixtures,
  ...stockFixtures,
  ...componentRequestFixtures,
  ...mrfFixtures,
};
