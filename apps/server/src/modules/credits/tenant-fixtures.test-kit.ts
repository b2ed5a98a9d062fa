import {
  GetCreditBalance,
  ListCreditTransactions,
  RechargeCredits,
} from '@fieldport/contract/operations/credits';
import type { FixtureRegistry } from '../../test/tenant-fixture.ts';

// Credits for graphql/permission-matrix.test.ts: every operation reads or moves the caller's own
// organization's account, found by the session; no input names another organization's.
const OWN_ACCOUNT = "the caller's own organization's credit account, found by the session";

export const creditFixtures: FixtureRegistry = {
  [GetCreditBalance.name]: { none: OWN_ACCOUNT },
  [ListCreditTransactions.name]: { none: OWN_ACCOUNT },
  [RechargeCredits.name]: { none: OWN_ACCOUNT, probe: { credits: 1 } },
};
