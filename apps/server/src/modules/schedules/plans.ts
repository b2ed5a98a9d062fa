import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { shiftDay } from '@fieldport/contract/fields';
import {
  CreateMaintenancePlan,
  ListMaintenancePlans,
  ListScheduledVisits,
  RaiseDueMaintenance,
  ResetMaintenancePlan,
  SCHEDULES_MESSAGES,
  StopMaintenancePlan,
  UPCOMING_DAYS,
  type MaintenancePlanItem,
  type PlanState,
  type ScheduledVisitItem,
} from '@fieldport/contract/operations/schedules';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { amcContract, amcContractItem } from '../../db/schema/contracts.ts';
import { customer } from '../../db/schema/customers.ts';
import { user } from '../../db/schema/identity.ts';
import { service } from '../../db/schema/product-catalogue.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { maintenancePlan, maintenanceVisit } from '../../db/schema/schedules.ts';
import { ticket } from '../../db/schema/tickets.ts';
import type { Caller } from '../../platform/caller.ts';
import { badInput, conflict, notFound } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { defineList } from '../../platform/lists.ts';
import { dayWords, todayOf } from '../../platform/organization-days.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { fleetItemsVisibleTo } from '../product-fleet/fleet-rules.ts';
import { amcVisitDates, dueDatesFrom, type PlanDates } from './due-dates.ts';
import { amcDatesOf, raisePlan } from './raise.ts';

// Maintenance plans (docs/schedules.md): made, listed, stopped and reset here; raised by raise.ts.

const createdBy = alias(user, 'plan_created_by');

/** A plan is seen by whoever sees its fleet item (a dealer's people: their own items'). */
const planScope = (caller: Caller) =>
  and(inOrganization(maintenancePlan, caller), fleetItemsVisibleTo(caller))!;

/** A plan's product, its service (the product's name) and its customer, for every list of plans. */
const withProduct = (query: PgSelect): PgSelect =>
  query
    .innerJoin(
      fleetItem,
      and(
        eq(fleetItem.id, maintenancePlan.fleet_item_id),
        eq(fleetItem.organization_id, maintenancePlan.organization_id),
      ),
    )
    .innerJoin(service, eq(service.id, fleetItem.service_id))
    .leftJoin(customer, eq(customer.id, fleetItem.customer_id));

const countOf = (outcome: 'RAISED' | 'MISSED') =>
  sql<number>`(select count(*)::int from maintenance_visit v where v.plan_id = ${maintenancePlan.id} and v.outcome = ${outcome})`;

function planState(row: { state: 'ACTIVE' | 'STOPPED'; next_due_date: string | null }): PlanState {
  if (row.state === 'STOPPED') return 'STOPPED';
  return row.next_due_date ? 'ACTIVE' : 'ENDED';
}

export const listPlans = defineList(ListMaintenancePlans, {
  table: maintenancePlan,
  scope: planScope,
  select: {
    id: maintenancePlan.id,
    state: maintenancePlan.state,
    customer_id: customer.id,
    customer_name: customer.name,
    fleet_item_id: maintenancePlan.fleet_item_id,
    serial_number: fleetItem.serial_number,
    product_name: service.name,
    contract_id: maintenancePlan.contract_id,
    contract_number: amcContract.contract_number,
    repeat: maintenancePlan.repeat,
    every: maintenancePlan.every,
    first_date: maintenancePlan.first_date,
    end_date: maintenancePlan.end_date,
    lead_days: maintenancePlan.lead_days,
    next_due_date: maintenancePlan.next_due_date,
    raised_count: countOf('RAISED'),
    missed_count: countOf('MISSED'),
    stop_reason: maintenancePlan.stop_reason,
    stopped_at: maintenancePlan.stopped_at,
    created_by_name: createdBy.name,
    created_at: maintenancePlan.created_at,
  },
  join: (query) =>
    withProduct(query)
      .leftJoin(amcContract, eq(amcContract.id, maintenancePlan.contract_id))
      .leftJoin(createdBy, eq(createdBy.id, maintenancePlan.created_by)),
  search: [fleetItem.serial_number, customer.name],
  sort: {
    // Ended plans (no next date) last.
    next_due_date: sql`coalesce(${maintenancePlan.next_due_date}, '9999-12-31'::date)`,
    first_date: maintenancePlan.first_date,
    created_on: maintenancePlan.created_at,
  },
  filters: (input) => [
    input.state === 'STOPPED' ? eq(maintenancePlan.state, 'STOPPED') : undefined,
    input.state === 'ACTIVE'
      ? and(eq(maintenancePlan.state, 'ACTIVE'), isNotNull(maintenancePlan.next_due_date))
      : undefined,
    input.state === 'ENDED'
      ? and(eq(maintenancePlan.state, 'ACTIVE'), isNull(maintenancePlan.next_due_date))
      : undefined,
    input.customer_id ? eq(fleetItem.customer_id, input.customer_id) : undefined,
  ],
  toItem: (row): MaintenancePlanItem => ({
    plan_id: row.id,
    state: planState(row),
    customer_id: row.customer_id ?? '',
    customer_name: row.customer_name ?? '',
    fleet_item_id: row.fleet_item_id,
    serial_number: row.serial_number,
    product_name: row.product_name,
    contract_id: row.contract_id,
    contract_number: row.contract_number,
    repeat: row.repeat,
    every: row.every,
    first_date: row.first_date,
    end_date: row.end_date,
    lead_days: row.lead_days,
    next_due_date: row.state === 'ACTIVE' ? row.next_due_date : null,
    raised_count: Number(row.raised_count),
    missed_count: Number(row.missed_count),
    stop_reason: row.stop_reason,
    stopped_on: row.stopped_at?.toISOString() ?? null,
    created_by_name: row.created_by_name ?? '',
    created_on: row.created_at.toISOString(),
  }),
});

/** UPCOMING: each active plan's next due date within the next UPCOMING_DAYS days. */
const upcomingVisits = defineList(ListScheduledVisits, {
  table: maintenancePlan,
  scope: planScope,
  select: {
    id: maintenancePlan.id,
    due_date: maintenancePlan.next_due_date,
    lead_days: maintenancePlan.lead_days,
    customer_name: customer.name,
    serial_number: fleetItem.serial_number,
    product_name: service.name,
  },
  join: withProduct,
  search: [fleetItem.serial_number, customer.name],
  sort: { due_date: maintenancePlan.next_due_date },
  filters: (input, caller) => [
    eq(maintenancePlan.state, 'ACTIVE'),
    isNotNull(maintenancePlan.next_due_date),
    lte(maintenancePlan.next_due_date, shiftDay(todayOf(caller), UPCOMING_DAYS)),
    input.plan_id ? eq(maintenancePlan.id, input.plan_id) : undefined,
    input.from_date ? sql`${maintenancePlan.next_due_date} >= ${input.from_date}` : undefined,
    input.to_date ? sql`${maintenancePlan.next_due_date} <= ${input.to_date}` : undefined,
  ],
  toItem: (row): ScheduledVisitItem => ({
    plan_id: row.id,
    due_date: row.due_date!,
    raise_on: shiftDay(row.due_date!, -row.lead_days),
    view: 'UPCOMING',
    customer_name: row.customer_name ?? '',
    serial_number: row.serial_number,
    product_name: row.product_name,
    ticket_id: null,
    ticket_number: null,
    ticket_state: null,
    recorded_on: null,
  }),
});

/** RAISED and MISSED: the dates dealt with, from `maintenance_visit`. */
const pastVisits = defineList(ListScheduledVisits, {
  table: maintenanceVisit,
  scope: (caller) => and(inOrganization(maintenanceVisit, caller), fleetItemsVisibleTo(caller))!,
  select: {
    id: maintenanceVisit.id,
    plan_id: maintenanceVisit.plan_id,
    due_date: maintenanceVisit.due_date,
    outcome: maintenanceVisit.outcome,
    lead_days: maintenancePlan.lead_days,
    customer_name: customer.name,
    serial_number: fleetItem.serial_number,
    product_name: service.name,
    ticket_id: ticket.id,
    ticket_number: ticket.ticket_number,
    ticket_state: ticket.state,
    created_at: maintenanceVisit.created_at,
  },
  join: (query) =>
    withProduct(query.innerJoin(maintenancePlan, eq(maintenancePlan.id, maintenanceVisit.plan_id))).leftJoin(
      ticket,
      eq(ticket.id, maintenanceVisit.ticket_id),
    ),
  search: [fleetItem.serial_number, customer.name],
  sort: { due_date: maintenanceVisit.due_date },
  filters: (input) => [
    eq(maintenanceVisit.outcome, input.view === 'MISSED' ? 'MISSED' : 'RAISED'),
    input.plan_id ? eq(maintenanceVisit.plan_id, input.plan_id) : undefined,
    input.from_date ? sql`${maintenanceVisit.due_date} >= ${input.from_date}` : undefined,
    input.to_date ? sql`${maintenanceVisit.due_date} <= ${input.to_date}` : undefined,
  ],
  toItem: (row): ScheduledVisitItem => ({
    plan_id: row.plan_id,
    due_date: row.due_date,
    raise_on: shiftDay(row.due_date, -row.lead_days),
    view: row.outcome,
    customer_name: row.customer_name ?? '',
    serial_number: row.serial_number,
    product_name: row.product_name,
    ticket_id: row.ticket_id,
    ticket_number: row.ticket_number,
    ticket_state: row.ticket_state,
    recorded_on: row.created_at.toISOString(),
  }),
});

const listPlansHandler = Object.assign(
  defineHandler(ListMaintenancePlans, async (input, { db, caller }) => ({
    data: await listPlans.list.page(db, caller, input),
  })),
  { list: listPlans.list },
);

const listVisits = defineHandler(ListScheduledVisits, async (input, { db, caller }) => ({
  data: await (input.view === 'UPCOMING' ? upcomingVisits : pastVisits).list.page(db, caller, input),
}));

/** The plan the caller may see, locked for the change; NOT_FOUND otherwise. */
async function lockedPlan(db: Db, caller: Caller, planId: string) {
  const [row] = await db
    .select({ plan: maintenancePlan, serial: fleetItem.serial_number })
    .from(maintenancePlan)
    .innerJoin(fleetItem, eq(fleetItem.id, maintenancePlan.fleet_item_id))
    .where(and(planScope(caller), eq(maintenancePlan.id, planId)))
    .for('update', { of: maintenancePlan });
  if (!row) throw notFound(SCHEDULES_MESSAGES.planNotFound);
  return row;
}

export const createPlan = defineHandler(CreateMaintenancePlan, async (input, context) => {
  const { db, caller } = context;
  const today = todayOf(caller);
  const [item] = await db
    .select()
    .from(fleetItem)
    .where(and(fleetItemsVisibleTo(caller), eq(fleetItem.id, input.fleet_item_id)));
  if (!item || item.status !== 'ACTIVE' || item.approval_state !== 'APPROVED' || !item.customer_id) {
    throw badInput(SCHEDULES_MESSAGES.productNotFound, 'fleet_item_id');
  }
  let dates: PlanDates;
  let amcDates: string[] | undefined;
  if (input.repeat === 'AMC_VISITS') {
    const [contract] = await db
      .select()
      .from(amcContract)
      .where(and(inOrganization(amcContract, caller), eq(amcContract.id, input.contract_id!)));
    if (!contract) throw badInput(SCHEDULES_MESSAGES.contractNotFound, 'contract_id');
    const [covers] = await db
      .select({ id: amcContractItem.id })
      .from(amcContractItem)
      .where(and(eq(amcContractItem.contract_id, contract.id), eq(amcContractItem.fleet_item_id, item.id)));
    if (!covers) {
      throw badInput(
        SCHEDULES_MESSAGES.contractNotForItem(contract.contract_number, item.serial_number),
        'contract_id',
      );
    }
    if (contract.visits_per_item === null) {
      throw badInput(SCHEDULES_MESSAGES.unlimitedVisits(contract.contract_number), 'contract_id');
    }
    amcDates = amcVisitDates(contract.start_date, contract.end_date, contract.visits_per_item);
    const first = amcDates.find((day) => day >= today);
    if (!first) throw badInput(SCHEDULES_MESSAGES.contractEnded(contract.contract_number), 'contract_id');
    dates = { repeat: 'AMC_VISITS', every: null, first_date: first, end_date: contract.end_date };
  } else {
    if (input.first_date! < today) {
      throw badInput(SCHEDULES_MESSAGES.firstDateInPast(dayWords(today)), 'first_date');
    }
    dates = {
      repeat: input.repeat,
      every: input.every,
      first_date: input.first_date!,
      end_date: input.end_date,
    };
  }
  const next = dueDatesFrom(dates, dates.first_date, 1, amcDates)[0] ?? null;
  const id = newId();
  await db.insert(maintenancePlan).values({
    id,
    organization_id: caller.organization.id,
    fleet_item_id: item.id,
    contract_id: input.repeat === 'AMC_VISITS' ? input.contract_id : null,
    ...dates,
    lead_days: input.lead_days,
    next_due_date: next,
    created_by: caller.user.id,
  });
  context.auditTarget = id;
  const created = await listPlans.list.findById(db, caller, id);
  return {
    data: { items: [created!] },
    message: SCHEDULES_MESSAGES.created(item.serial_number, next && dayWords(next)),
  };
});

export const stopPlan = defineHandler(StopMaintenancePlan, async (input, context) => {
  const { db, caller } = context;
  const { plan, serial } = await lockedPlan(db, caller, input.plan_id);
  if (plan.state !== 'ACTIVE' || !plan.next_due_date) throw conflict(SCHEDULES_MESSAGES.notActive);
  await db
    .update(maintenancePlan)
    .set({ state: 'STOPPED', stop_reason: input.reason, stopped_at: new Date(), updated_at: new Date() })
    .where(eq(maintenancePlan.id, plan.id));
  context.auditTarget = plan.id;
  const item = await listPlans.list.findById(db, caller, plan.id);
  return { data: { items: [item!] }, message: SCHEDULES_MESSAGES.stopped(serial) };
});

export const resetPlan = defineHandler(ResetMaintenancePlan, async (input, context) => {
  const { db, caller } = context;
  const { plan, serial } = await lockedPlan(db, caller, input.plan_id);
  if (plan.state !== 'STOPPED') throw conflict(SCHEDULES_MESSAGES.notStopped);
  const today = todayOf(caller);
  const amcDates = plan.repeat === 'AMC_VISITS' ? await amcDatesOf(db, plan.contract_id) : undefined;
  // The dates that passed while it was stopped are missed; the plan goes on from today.
  let missed = 0;
  let next = plan.next_due_date;
  while (next && next < today) {
    const [recorded] = await db
      .insert(maintenanceVisit)
      .values({
        id: newId(),
        organization_id: plan.organization_id,
        plan_id: plan.id,
        due_date: next,
        outcome: 'MISSED',
      })
      .onConflictDoNothing()
      .returning({ id: maintenanceVisit.id });
    if (recorded) missed += 1;
    next = dueDatesFrom(plan, shiftDay(next, 1), 1, amcDates)[0] ?? null;
  }
  await db
    .update(maintenancePlan)
    .set({
      state: 'ACTIVE',
      stop_reason: null,
      stopped_at: null,
      next_due_date: next,
      updated_at: new Date(),
    })
    .where(eq(maintenancePlan.id, plan.id));
  context.auditTarget = plan.id;
  const item = await listPlans.list.findById(db, caller, plan.id);
  return { data: { items: [item!] }, message: SCHEDULES_MESSAGES.reset(serial, missed) };
});

export const raiseNow = defineHandler(RaiseDueMaintenance, async (_input, context) => {
  const { db, caller } = context;
  const plans = await db
    .select({ id: maintenancePlan.id })
    .from(maintenancePlan)
    .innerJoin(fleetItem, eq(fleetItem.id, maintenancePlan.fleet_item_id))
    .where(
      and(planScope(caller), eq(maintenancePlan.state, 'ACTIVE'), isNotNull(maintenancePlan.next_due_date)),
    );
  const total = { raised: 0, missed: 0 };
  for (const { id } of plans) {
    const done = await raisePlan(context, id);
    total.raised += done.raised;
    total.missed += done.missed;
  }
  return { data: total, message: SCHEDULES_MESSAGES.ran(total.raised, total.missed) };
});

export const scheduleHandlers = [listPlansHandler, listVisits, createPlan, stopPlan, resetPlan, raiseNow];
