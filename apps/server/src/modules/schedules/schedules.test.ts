import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  CreateMaintenancePlan,
  ListMaintenancePlans,
  ListScheduledVisits,
  RaiseDueMaintenance,
  ResetMaintenancePlan,
  SCHEDULES_MESSAGES,
  StopMaintenancePlan,
  type MaintenancePlanItem,
} from '@fieldport/contract/operations/schedules';
import { maintenancePlan, maintenanceVisit } from '../../db/schema/schedules.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { seedFleetItems } from '../../db/seed/product-fleet.ts';
import { startTestApp, unique, type TestApp } from '../../test/harness.ts';
import { ticketWorld, type TicketWorld } from '../tickets/ticket.test-kit.ts';
import { dayWords } from '../../platform/organization-days.ts';
import { addMonths, amcVisitDates, dueDatesFrom } from './due-dates.ts';
import { raiseDueMaintenance } from './raise.ts';

// Scheduled maintenance (docs/schedules.md): a plan raises each due date's ticket ahead, once, ever.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const job = () =>
  raiseDueMaintenance({
    db: app.database.db,
    mailer: app.mailer,
    config: app.config,
    identity: app.identity,
    files: app.files,
  });

async function productOf(world: TicketWorld) {
  const serial = unique('SN-PLAN-');
  const [id] = await seedFleetItems(world.db, [
    {
      organization_id: world.org.id,
      serial_number: serial,
      service_id: world.service.id,
      customer_id: world.customer.id,
      location_id: world.customer.locations[0].id,
    },
  ]);
  return { id, serial };
}

async function plan(world: TicketWorld, values: Record<string, unknown>): Promise<MaintenancePlanItem> {
  const data = await world.ok('AGENT', CreateMaintenancePlan, values);
  return data.items[0];
}

const ticketsOf = (planId: string) =>
  app.database.db
    .select({ due: maintenanceVisit.due_date, outcome: maintenanceVisit.outcome, ticket: ticket })
    .from(maintenanceVisit)
    .leftJoin(ticket, eq(ticket.id, maintenanceVisit.ticket_id))
    .where(eq(maintenanceVisit.plan_id, planId))
    .orderBy(maintenanceVisit.due_date);

/** Moves a plan's dates `days` days back: as if that many days had passed. */
const advanceClock = (planId: string, days: number) =>
  app.database.db
    .update(maintenancePlan)
    .set({
      first_date: sql`${maintenancePlan.first_date} - ${days}::int`,
      next_due_date: sql`${maintenancePlan.next_due_date} - ${days}::int`,
    })
    .where(eq(maintenancePlan.id, planId));

describe('due dates', () => {
  it('repeat every N months on the same day or the month’s last, and spread an AMC’s visits mid-period', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    const monthly = { repeat: 'MONTHS' as const, every: 1, first_date: '2026-01-31', end_date: null };
    expect(dueDatesFrom(monthly, '2026-02-01', 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    // Far along a long plan, no date is skipped.
    expect(dueDatesFrom(monthly, '2033-09-01', 2)).toEqual(['2033-09-30', '2033-10-31']);
    const weekly = { repeat: 'DAYS' as const, every: 7, first_date: '2026-12-01', end_date: '2026-12-20' };
    expect(dueDatesFrom(weekly, '2026-11-01', 10)).toEqual(['2026-12-01', '2026-12-08', '2026-12-15']);
    // A year's AMC with 4 visits: mid-quarter, never on its last day.
    expect(amcVisitDates('2026-12-01', '2027-11-30', 4)).toEqual([
      '2027-01-15',
      '2027-04-16',
      '2027-07-17',
      '2027-10-16',
    ]);
  });
});

describe('a maintenance plan', () => {
  it('raises the ticket of a due date whose day has come, once, however often and wherever the raising runs', async () => {
    const world = await ticketWorld(app);
    const today = dayIn(world.org.time_zone);
    const product = await productOf(world);
    const created = await world.as('AGENT', CreateMaintenancePlan, {
      fleet_item_id: product.id,
      repeat: 'MONTHS',
      every: 3,
      first_date: shiftDay(today, 10),
      lead_days: 7,
    });
    expect(created.envelope?.status_message).toBe(
      SCHEDULES_MESSAGES.created(product.serial, dayWords(shiftDay(today, 10))),
    );
    const item = created.envelope!.data.items[0];
    expect(item).toMatchObject({ state: 'ACTIVE', next_due_date: shiftDay(today, 10), raised_count: 0 });

    // Ten days ahead with seven days' lead: not yet.
    expect((await world.ok('AGENT', RaiseDueMaintenance, {})).raised).toBe(0);
    const upcoming = await world.ok('AGENT', ListScheduledVisits, {
      view: 'UPCOMING',
      plan_id: item.plan_id,
    });
    expect(upcoming.items).toEqual([
      expect.objectContaining({
        due_date: shiftDay(today, 10),
        raise_on: shiftDay(today, 3),
        view: 'UPCOMING',
      }),
    ]);

    // Five days on, its day has come: the job raises it, and runs that repeat raise nothing more.
    await advanceClock(item.plan_id, 5);
    await Promise.all([job(), job(), job()]);
    expect((await world.ok('AGENT', RaiseDueMaintenance, {})).raised).toBe(0);
    const visits = await ticketsOf(item.plan_id);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ due: shiftDay(today, 5), outcome: 'RAISED' });
    expect(visits[0].ticket).toMatchObject({
      state: 'OPEN',
      fleet_item_id: product.id,
      serial_number: product.serial,
      customer_id: world.customer.id,
      preferred_visit_date: shiftDay(today, 5),
      problem_note: `Scheduled maintenance due on ${dayWords(shiftDay(today, 5))}.`,
    });
    const raised = await world.ok('AGENT', ListScheduledVisits, { view: 'RAISED', plan_id: item.plan_id });
    expect(raised.items).toEqual([
      expect.objectContaining({ ticket_number: visits[0].ticket!.ticket_number, ticket_state: 'OPEN' }),
    ]);
    const [listed] = (await world.ok('AGENT', ListMaintenancePlans, { search: product.serial })).items;
    expect(listed).toMatchObject({ raised_count: 1, next_due_date: addMonths(shiftDay(today, 5), 3) });
  });

  it('raises every date within its lead at once, and ends after its last day', async () => {
    const world = await ticketWorld(app);
    const today = dayIn(world.org.time_zone);
    const product = await productOf(world);
    const item = await plan(world, {
      fleet_item_id: product.id,
      repeat: 'DAYS',
      every: 2,
      first_date: today,
      end_date: shiftDay(today, 4),
      lead_days: 5,
    });
    expect((await world.ok('OWNER', RaiseDueMaintenance, {})).raised).toBe(3);
    expect((await ticketsOf(item.plan_id)).map((visit) => visit.due)).toEqual([
      today,
      shiftDay(today, 2),
      shiftDay(today, 4),
    ]);
    const [ended] = (await world.ok('AGENT', ListMaintenancePlans, { search: product.serial })).items;
    expect(ended).toMatchObject({ state: 'ENDED', next_due_date: null, raised_count: 3 });
  });

  it('raises nothing while stopped; reset, it records the dates that passed as missed and goes on', async () => {
    const world = await ticketWorld(app);
    const today = dayIn(world.org.time_zone);
    const product = await productOf(world);
    const item = await plan(world, {
      fleet_item_id: product.id,
      repeat: 'DAYS',
      every: 7,
      first_date: shiftDay(today, 1),
      lead_days: 0,
    });
    const stopped = await world.as('AGENT', StopMaintenancePlan, {
      plan_id: item.plan_id,
      reason: 'Customer abroad',
    });
    expect(stopped.envelope?.status_message).toBe(SCHEDULES_MESSAGES.stopped(product.serial));
    expect(stopped.envelope?.data.items[0]).toMatchObject({
      state: 'STOPPED',
      stop_reason: 'Customer abroad',
    });
    // Two weeks and a day pass while it is stopped: its dates fall 14 and 7 days ago, and today.
    await advanceClock(item.plan_id, 15);
    await job();
    expect(await ticketsOf(item.plan_id)).toEqual([]);

    const reset = await world.as('AGENT', ResetMaintenancePlan, { plan_id: item.plan_id });
    expect(reset.envelope?.status_message).toBe(SCHEDULES_MESSAGES.reset(product.serial, 2));
    const missed = await world.ok('AGENT', ListScheduledVisits, { view: 'MISSED', plan_id: item.plan_id });
    expect(missed.items.map((visit) => visit.due_date)).toEqual([shiftDay(today, -14), shiftDay(today, -7)]);
    expect(reset.envelope?.data.items[0]).toMatchObject({ state: 'ACTIVE', next_due_date: today });
    // Today's date is still to come: it is raised.
    await job();
    expect((await ticketsOf(item.plan_id)).map((visit) => [visit.due, visit.outcome])).toEqual([
      [shiftDay(today, -14), 'MISSED'],
      [shiftDay(today, -7), 'MISSED'],
      [today, 'RAISED'],
    ]);
    // Reset twice is refused; so is a stop of a stopped plan.
    expect(
      (await world.as('AGENT', ResetMaintenancePlan, { plan_id: item.plan_id })).errors?.[0].message,
    ).toBe(SCHEDULES_MESSAGES.notStopped);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const world = await ticketWorld(app);
    const today = dayIn(world.org.time_zone);
    const product = await productOf(world);
    const base = { fleet_item_id: product.id, repeat: 'MONTHS', every: 1, first_date: today, lead_days: 3 };
    const refusal = async (values: Record<string, unknown>) =>
      (await world.as('AGENT', CreateMaintenancePlan, { ...base, ...values })).errors?.[0];
    expect(await refusal({ first_date: shiftDay(today, -1) })).toMatchObject({
      message: SCHEDULES_MESSAGES.firstDateInPast(dayWords(today)),
      extensions: { field: 'first_date' },
    });
    expect((await refusal({ every: null }))?.extensions?.field).toBe('every');
    expect((await refusal({ every: 30 }))?.message).toContain('from 1 to 24 months');
    expect((await refusal({ lead_days: 61 }))?.extensions?.field).toBe('lead_days');
    expect((await refusal({ end_date: shiftDay(today, -1) }))?.extensions?.field).toBe('end_date');
    expect((await refusal({ repeat: 'AMC_VISITS', contract_id: null }))?.extensions?.field).toBe(
      'contract_id',
    );
    expect(await refusal({ fleet_item_id: world.customer.id })).toMatchObject({
      message: SCHEDULES_MESSAGES.productNotFound,
      extensions: { field: 'fleet_item_id' },
    });
    const plans = await world.db
      .select()
      .from(maintenancePlan)
      .where(eq(maintenancePlan.fleet_item_id, product.id));
    expect(plans).toEqual([]);
  });
});
