import { accountFixtures } from '../modules/account/tenant-fixtures.ts';
import { auditFixtures } from '../modules/audit/tenant-fixtures.ts';
import { designationFixtures } from '../modules/designations/tenant-fixtures.ts';
import { organizationFixtures } from '../modules/organization/tenant-fixtures.ts';
import { settingsFixtures } from '../modules/settings/tenant-fixtures.ts';
import { peopleFixtures } from '../modules/people/tenant-fixtures.ts';
import { fileFixtures } from '../modules/files/tenant-fixtures.ts';
import { productCatalogueFixtures } from '../modules/product-catalogue/tenant-fixtures.ts';
import { territoryFixtures } from '../modules/territories/tenant-fixtures.ts';
import { customerFixtures } from '../modules/customers/tenant-fixtures.ts';
import { ticketFixtures } from '../modules/tickets/tenant-fixtures.ts';
import { mailOutboxFixtures } from '../modules/mail-outbox/tenant-fixtures.ts';
import type { FixtureRegistry } from './tenant-fixture.ts';

/**
 * Every area's records of organization A, per operation, for the walls between organizations and
 * parties (graphql/permission-matrix.test.ts fails for an operation that has no entry here). An
 * area adds one import and one spread, as in modules/handlers.ts.
 */
export const PERMISSION_FIXTURES: FixtureRegistry = {
  ...accountFixtures,
  ...settingsFixtures,
  ...organizationFixtures,
  ...designationFixtures,
  ...auditFixtures,
  ...peopleFixtures,
  ...productCatalogueFixtures,
  ...territoryFixtures,
  ...fileFixtures,
  ...customerFixtures,
  ...ticketFixtures,
  ...mailOutboxFixtures,
};
