import {
  additionalParts,
  closureRemarks,
  customerCategories,
  escalationNotifications,
  problemDescriptions,
  productFleetStatuses,
  serviceTypes,
  supportTypes,
  territoryCategories,
  wipStates,
  wipSubStages,
} from '@fieldport/contract/operations/settings';
import type { AnyMasterContract } from '@fieldport/contract/masters';
import { unique } from '../../test/harness.ts';
import { masterFixtures, type FixtureRegistry } from '../../test/tenant-fixture.ts';

// The settings masters' records of organization A, for the walls of graphql/permission-matrix.test.ts.

const named = (contract: AnyMasterContract) =>
  masterFixtures(contract, async () => (name) => ({ [contract.nameKey]: name }));

export const settingsFixtures: FixtureRegistry = {
  ...named(problemDescriptions),
  ...named(closureRemarks),
  ...named(productFleetStatuses),
  ...named(customerCategories),
  ...named(serviceTypes),
  ...named(supportTypes),
  ...named(territoryCategories),
  ...masterFixtures(wipStates, async () => (name) => ({ wip_state_name: name, wip_state_order: 1 })),
  // A sub-stage refers to a WIP state of A: from B, that state is not found either.
  ...masterFixtures(wipSubStages, async (world) => {
    const state = (await world.asOwner(wipStates.create, {
      wip_state_name: unique('Fixture state '),
      wip_state_order: 2,
    })) as { items: { wip_state_id: string }[] };
    const wip_state_id = state.items[0].wip_state_id;
    return (name) => ({ wip_state_id, wip_sub_stage_name: name, wip_sub_stage_order: 1 });
  }),
  ...masterFixtures(additionalParts, async () => (name) => ({
    additional_part_name: name,
    part_code: unique('P').toUpperCase(),
    additional_part_price: 12_500,
  })),
  ...masterFixtures(escalationNotifications, async () => (name) => ({
    escalation_notification_name: name,
    ticket_state: 'OPEN',
    after_hours: 4,
    notify_roles: ['ADMIN'],
    notify_emails: [],
  })),
};
