import { vendors } from '@fieldport/contract/operations/purchasing';
import { masterFixtures, type FixtureRegistry } from '../../test/tenant-fixture.ts';
import { purchaseOrderFixtures } from './purchase-order-fixtures.test-kit.ts';

// Purchasing records of organization A for the walls of graphql/permission-matrix.test.ts.
export const purchasingFixtures: FixtureRegistry = {
  ...masterFixtures(vendors, async () => (name) => ({
    vendor_name: name,
    address: '14, Peenya Industrial Area',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560058',
  })),
  ...purchaseOrderFixtures,
};
