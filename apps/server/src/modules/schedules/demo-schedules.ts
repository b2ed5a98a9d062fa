import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import type { Db } from '../../db/client.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { maintenancePlan } from '../../db/schema/schedules.ts';
import { demoContext, demoWorld } from '../demo-context.ts';
import { createPlan, raiseNow, resetPlan, stopPlan } from './plans.ts';

/**
 * The demo's maintenance plans (docs/schedules.md), made through the operations by the admin: one
 * quarterly plan due within its lead, raised at once; two whose next visits are upcoming; and one
 * that was stopped for a month and reset, its two dates meanwhile missed. An organization with
 * plans already is left alone.
 */
export async function raiseDemoPlans(db: Db): Promise<number> {
  const world = await demoWorld(db, ['ADMIN']);
  if (!world) return 0;
  const { demo } = world;
  const [already] = await db
    .select({ id: maintenancePlan.id })
    .from(maintenancePlan)
    .where(eq(maintenancePlan.organization_id, demo.id))
    .limit(1);
  if (already) return 0;
  // Installed products, past the two the demo's replacements take.
  const products = await db
    .select({ id: fleetItem.id })
    .from(fleetItem)
    .where(
      and(
        eq(fleetItem.organization_id, demo.id),
        eq(fleetItem.status, 'ACTIVE'),
        eq(fleetItem.approval_state, 'APPROVED'),
        isNotNull(fleetItem.customer_id),
        isNotNull(fleetItem.location_id),
      ),
    )
    .orderBy(asc(fleetItem.created_at), asc(fleetItem.id))
    .offset(10)
    .limit(4);
  if (products.length < 4) return 0;
  const today = dayIn(demo.time_zone);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const asAdmin = await demoContext(tx, world.members.ADMIN);
    const planOf = async (input: Record<string, unknown>) =>
      (await createPlan.handle(createPlan.operation.input.parse(input), asAdmin)).data.items[0].plan_id;
    await planOf({
      fleet_item_id: products[0].id,
      repeat: 'MONTHS',
      every: 3,
      first_date: shiftDay(today, 5),
      lead_days: 7,
    });
    await planOf({
      fleet_item_id: products[1].id,
      repeat: 'MONTHS',
      every: 6,
      first_date: shiftDay(today, 20),
      lead_days: 7,
    });
    await planOf({
      fleet_item_id: products[2].id,
      repeat: 'DAYS',
      every: 45,
      first_date: shiftDay(today, 40),
      lead_days: 5,
    });
    const paused = await planOf({
      fleet_item_id: products[3].id,
      repeat: 'DAYS',
      every: 30,
      first_date: shiftDay(today, 1),
      lead_days: 0,
    });
    await stopPlan.handle(
      stopPlan.operation.input.parse({ plan_id: paused, reason: 'Customer away for a month; shop closed.' }),
      asAdmin,
    );
    // The month it was stopped: its dates fell 39 and 9 days ago.
    await tx
      .update(maintenancePlan)
      .set({
        first_date: sql`${maintenancePlan.first_date} - 40`,
        next_due_date: sql`${maintenancePlan.next_due_date} - 40`,
        stopped_at: new Date(Date.now() - 40 * 86_400_000),
      })
      .where(eq(maintenancePlan.id, paused));
    await resetPlan.handle(resetPlan.operation.input.parse({ plan_id: paused }), asAdmin);
    await raiseNow.handle(raiseNow.operation.input.parse({}), asAdmin);
  });
  return 4;
}
