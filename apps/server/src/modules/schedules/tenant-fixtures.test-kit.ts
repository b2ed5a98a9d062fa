import { eq } from 'drizzle-orm';
import { dayIn } from '@fieldport/contract/fields';
import {
  CreateMaintenancePlan,
  ListMaintenancePlans,
  ListScheduledVisits,
  RaiseDueMaintenance,
  ResetMaintenancePlan,
  StopMaintenancePlan,
  type MaintenancePlanItem,
} from '@fieldport/contract/operations/schedules';
import { customerLocation } from '../../db/schema/customers.ts';
import { maintenancePlan, maintenanceVisit } from '../../db/schema/schedules.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { unique } from '../../test/harness.ts';
import type { FixtureRegistry, FixtureWorld, Target } from '../../test/tenant-fixture.ts';
import { ticketOfA } from '../tickets/tenant-fixtures.test-kit.ts';

// Maintenance plans of organization A for the walls of graphql/permission-matrix.test.ts: A's
// owner plans visits on A's customer's product, so that B's owner is kept out.

async function arrangePlan(world: FixtureWorld) {
  const organization_id = world.a.org.id;
  const { setup } = await ticketOfA(world, 'organization');
  const [place] = await world.db
    .select({ id: customerLocation.id })
    .from(customerLocation)
    .where(eq(customerLocation.customer_id, setup.customer_id));
  const serial = unique('PLAN-SN-');
  const [itemId] = await seedFleetItems(world.db, [
    {
      organization_id,
      serial_number: serial,
      service_id: setup.service_id,
      customer_id: setup.customer_id,
      location_id: place.id,
    },
  ]);
  const input = {
    fleet_item_id: itemId,
    repeat: 'MONTHS',
    every: 3,
    // Due today and raised the same day: RaiseDueMaintenance has work to do for A.
    first_date: dayIn(world.a.org.time_zone),
    lead_days: 0,
  };
  const state = async () => ({
    plans: await world.db.select().from(maintenancePlan).where(eq(maintenancePlan.fleet_item_id, itemId)),
    visits: await world.db
      .select({ visit: maintenanceVisit })
      .from(maintenanceVisit)
      .innerJoin(maintenancePlan, eq(maintenancePlan.id, maintenanceVisit.plan_id))
      .where(eq(maintenancePlan.fleet_item_id, itemId)),
  });
  return { input, itemId, serial, state };
}

async function planned(world: FixtureWorld) {
  const arranged = await arrangePlan(world);
  const data = (await world.asOwner(CreateMaintenancePlan, arranged.input)) as {
    items: MaintenancePlanItem[];
  };
  return { ...arranged, plan: data.items[0] };
}

const ownTarget = (target: Omit<Target, 'owner'>): Target => ({ ...target, owner: 'organization' });

export const scheduleFixtures: FixtureRegistry = {
  [ListMaintenancePlans.name]: {
    async arrange(world) {
      const { plan, serial, state } = await planned(world);
      return ownTarget({ input: { search: serial }, traces: [plan.plan_id, serial], state });
    },
  },
  [ListScheduledVisits.name]: {
    async arrange(world) {
      const { plan, serial, state } = await planned(world);
      return ownTarget({
        input: { view: 'UPCOMING', plan_id: plan.plan_id },
        traces: [plan.plan_id, serial],
        state,
      });
    },
  },
  [CreateMaintenancePlan.name]: {
    async arrange(world) {
      const { input, itemId, state } = await arrangePlan(world);
      return ownTarget({ input, traces: [itemId], state });
    },
  },
  [StopMaintenancePlan.name]: {
    async arrange(world) {
      const { plan, serial, state } = await planned(world);
      return ownTarget({
        input: { plan_id: plan.plan_id, reason: 'Customer travelling' },
        traces: [plan.plan_id, serial],
        state,
      });
    },
  },
  [ResetMaintenancePlan.name]: {
    async arrange(world) {
      const { plan, serial, state } = await planned(world);
      await world.db
        .update(maintenancePlan)
        .set({ state: 'STOPPED', stop_reason: 'Customer travelling', stopped_at: new Date() })
        .where(eq(maintenancePlan.id, plan.plan_id));
      return ownTarget({ input: { plan_id: plan.plan_id }, traces: [plan.plan_id, serial], state });
    },
  },
  [RaiseDueMaintenance.name]: {
    async arrange(world) {
      // B's run raises B's plans only: A's plan due today is left for A.
      const { plan, serial, state } = await planned(world);
      return ownTarget({ input: {}, traces: [plan.plan_id, serial], state });
    },
  },
};
