import { accountFixtures } from '../modules/account/tenant-fixtures.test-kit.ts';
import { auditFixtures } from '../modules/audit/tenant-fixtures.test-kit.ts';
import { designationFixtures } from '../modules/designations/tenant-fixtures.test-kit.ts';
import { organizationFixtures } from '../modules/organization/tenant-fixtures.test-kit.ts';
import { settingsFixtures } from '../modules/settings/tenant-fixtures.test-kit.ts';
import { peopleFixtures } from '../modules/people/tenant-fixtures.test-kit.ts';
import { fileFixtures } from '../modules/files/tenant-fixtures.test-kit.ts';
import { productCatalogueFixtures } from '../modules/product-catalogue/tenant-fixtures.test-kit.ts';
import { territoryFixtures } from '../modules/territories/tenant-fixtures.test-kit.ts';
import { customerFixtures } from '../modules/customers/tenant-fixtures.test-kit.ts';
import { ticketFixtures } from '../modules/tickets/tenant-fixtures.test-kit.ts';
import { mailOutboxFixtures } from '../modules/mail-outbox/tenant-fixtures.test-kit.ts';
import { approvalFixtures } from '../modules/approvals/tenant-fixtures.test-kit.ts';
import { productFleetFixtures } from '../modules/product-fleet/tenant-fixtures.test-kit.ts';
import { inventoryFixtures } from '../modules/inventory/tenant-fixtures.test-kit.ts';
import { purchasingFixtures } from '../modules/purchasing/tenant-fixtures.test-kit.ts';
import { payoutFixtures } from '../modules/payouts/tenant-fixtures.test-kit.ts';
import { quotationFixtures } from '../modules/quotations/tenant-fixtures.test-kit.ts';
import { contractFixtures } from '../modules/contracts/tenant-fixtures.test-kit.ts';
import { fgrFixtures } from '../modules/fgr/tenant-fixtures.test-kit.ts';
import { scheduleFixtures } from '../modules/schedules/tenant-fixtures.test-kit.ts';
import { requestFixtures } from '../modules/requests/tenant-fixtures.test-kit.ts';
import { cabinetFixtures } from '../modules/cabinet/tenant-fixtures.test-kit.ts';
import { searchFixtures } from '../modules/search/tenant-fixtures.test-kit.ts';
import { reportFixtures } from '../modules/reports/tenant-fixtures.test-kit.ts';
import { reportDownloadFixtures } from '../modules/reports/download-fixtures.test-kit.ts';
import { leadFixtures } from '../modules/leads/tenant-fixtures.test-kit.ts';
import { creditFixtures } from '../modules/credits/tenant-fixtures.test-kit.ts';
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
  ...approvalFixtures,
  ...productFleetFixtures,
  ...inventoryFixtures,
  ...purchasingFixtures,
  ...payoutFixtures,
  ...quotationFixtures,
  ...contractFixtures,
  ...fgrFixtures,
  ...scheduleFixtures,
  ...requestFixtures,
  ...cabinetFixtures,
  ...searchFixtures,
  ...reportFixtures,
  ...reportDownloadFixtures,
  ...leadFixtures,
  ...creditFixtures,
};
