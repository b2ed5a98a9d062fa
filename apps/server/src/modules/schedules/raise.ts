import type { FastifyRequest } from 'fastify';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { shiftDay } from '@fieldport/contract/fields';
import type { Config } from '../../config.ts';
import type { Identity } from '../../auth/identity.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { customerLocation } from '../../db/schema/customers.ts';
import { member, organization } from '../../db/schema/identity.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { maintenancePlan, maintenanceVisit } from '../../db/schema/schedules.ts';
import { callerOfMembership } from '../../graphql/caller.ts';
import { DomainError } from '../../platform/errors.ts';
import { dayWords, todayOf } from '../../platform/organization-days.ts';
import type { FileStore } from '../../platform/files.ts';
import type { OperationContext } from '../../platform/handler.ts';
import type { Mailer } from '../../platform/mail.ts';
import { fleetItemForTicket } from '../product-fleet/fleet-tickets.ts';
import { serviceOffer } from '../product-catalogue/service-offer.ts';
import { insertTicket } from '../tickets/create-ticket.ts';
import { amcContract } from '../../db/schema/contracts.ts';
import { amcVisitDates, dueDatesFrom } from './due-dates.ts';

/**
 * Raising (docs/schedules.md#raising): a plan's due dates whose day has come (the date less its
 * lead days) are dealt with in order, in one transaction per plan: a date still ahead raises a
 * ticket for the plan's product, a date already past is MISSED. Each date is first written to
 * `maintenance_visit`, unique per plan and date, so a run that repeats (another process, a crash)
 * raises nothing twice; a ticket that cannot be raised (the product was moved or deactivated, the
 * service withdrawn, no credits) leaves its date MISSED.
 */

/** The contract's visit dates for an AMC plan; [] when the contract is gone or gives unlimited visits. */
export async function amcDatesOf(db: Db, contractId: string | null): Promise<string[]> {
  if (!contractId) return [];
  const [contract] = await db.select().from(amcContract).where(eq(amcContract.id, contractId));
  if (!contract?.visits_per_item) return [];
  return amcVisitDates(contract.start_date, contract.end_date, contract.visits_per_item);
}

export interface RaiseCount {
  raised: number;
  missed: number;
}

export async function raisePlan(context: OperationContext, planId: string): Promise<RaiseCount> {
  const { db, caller } = context;
  const count: RaiseCount = { raised: 0, missed: 0 };
  // Another process working the same plan skips it; the dates stay unique either way.
  const [plan] = await db
    .select()
    .from(maintenancePlan)
    .where(
      and(
        eq(maintenancePlan.organization_id, caller.organization.id),
        eq(maintenancePlan.id, planId),
        eq(maintenancePlan.state, 'ACTIVE'),
      ),
    )
    .for('update', { skipLocked: true });
  if (!plan?.next_due_date) return count;
  const today = todayOf(caller);
  const horizon = shiftDay(today, plan.lead_days);
  const amcDates = plan.repeat === 'AMC_VISITS' ? await amcDatesOf(db, plan.contract_id) : undefined;

  let next: string | null = plan.next_due_date;
  while (next && next <= horizon) {
    const due: string = next;
    const outcome = due < today ? 'MISSED' : 'RAISED';
    const [visit] = await db
      .insert(maintenanceVisit)
      .values({
        id: newId(),
        organization_id: plan.organization_id,
        plan_id: plan.id,
        due_date: due,
        outcome,
      })
      .onConflictDoNothing()
      .returning({ id: maintenanceVisit.id });
    if (visit && outcome === 'MISSED') count.missed += 1;
    if (visit && outcome === 'RAISED') {
      try {
        // A savepoint: a ticket refused half-way leaves nothing of itself behind.
        const ticketId = await db.transaction(async (savepoint) =>
          raiseTicket({ ...context, db: savepoint as unknown as Db }, plan.fleet_item_id, due),
        );
        await db
          .update(maintenanceVisit)
          .set({ ticket_id: ticketId })
          .where(eq(maintenanceVisit.id, visit.id));
        count.raised += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await db.update(maintenanceVisit).set({ outcome: 'MISSED' }).where(eq(maintenanceVisit.id, visit.id));
        count.missed += 1;
      }
    }
    next = dueDatesFrom(plan, shiftDay(due, 1), 1, amcDates)[0] ?? null;
  }
  await db
    .update(maintenancePlan)
    .set({ next_due_date: next, updated_at: new Date() })
    .where(eq(maintenancePlan.id, plan.id));
  return count;
}

/** The ticket of one due date, for the item's customer, place and service, visit wished on the date. */
async function raiseTicket(context: OperationContext, fleetItemId: string, due: string): Promise<string> {
  const { db, caller } = context;
  const [item] = await db
    .select({ service_id: fleetItem.service_id })
    .from(fleetItem)
    .where(and(eq(fleetItem.organization_id, caller.organization.id), eq(fleetItem.id, fleetItemId)));
  if (!item) throw new DomainError('NOT_FOUND', 'The product is gone');
  const offered = await serviceOffer(db, caller, item.service_id);
  if (!offered?.offered) throw new DomainError('BAD_USER_INPUT', 'The service is no longer offered');
  const fleet = await fleetItemForTicket(db, caller, {
    fleet_item_id: fleetItemId,
    customer_id: null,
    location_id: null,
    service_id: item.service_id,
    under_warranty: false,
  });
  const [place] = await db
    .select({ pincode: customerLocation.pincode })
    .from(customerLocation)
    .where(eq(customerLocation.id, fleet.location_id));
  const created = await insertTicket(context, {
    customer_id: fleet.customer_id,
    location_id: fleet.location_id,
    pincode: place.pincode,
    service_id: offered.service_id,
    category_id: offered.category_id,
    service_type_id: null,
    ticket_prefix: offered.ticket_prefix,
    serial_number: fleet.columns.serial_number,
    problem_description_id: null,
    problem_note: `Scheduled maintenance due on ${dayWords(due)}.`,
    priority: 'MEDIUM',
    preferred_visit_date: due,
    preferred_visit_time: null,
    under_warranty: false,
    dealer_party_id: null,
    fleet: fleet.columns,
  });
  return created.id;
}

// ---------------------------------------------------------------------------------------------
// The job: every organization's active plans, each in the name of whoever made it

export interface RaiseDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  identity: Identity;
  files: FileStore;
}

const jobRequest = {
  ip: '127.0.0.1',
  log: { warn() {}, error() {}, info() {} },
} as unknown as FastifyRequest;

/**
 * The membership a plan's tickets are raised in the name of: its maker's, while active in the
 * organization; otherwise the organization's owner.
 */
async function raiserOf(
  db: Db,
  organizationId: string,
  createdBy: string | null,
): Promise<string | undefined> {
  const active = and(eq(member.organizationId, organizationId), eq(member.status, 'ACTIVE'));
  if (createdBy) {
    const [maker] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(active, eq(member.userId, createdBy)));
    if (maker) return maker.id;
  }
  const [owner] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(active, eq(member.role, 'OWNER')))
    .orderBy(asc(member.createdAt));
  return owner?.id;
}

/** The hourly job `schedules.raise`: every active plan whose next date's day has come. */
export async function raiseDueMaintenance(deps: RaiseDeps): Promise<RaiseCount> {
  const { db } = deps;
  const due = await db
    .select({
      id: maintenancePlan.id,
      organization_id: maintenancePlan.organization_id,
      created_by: maintenancePlan.created_by,
    })
    .from(maintenancePlan)
    .innerJoin(organization, eq(organization.id, maintenancePlan.organization_id))
    .where(
      and(
        eq(maintenancePlan.state, 'ACTIVE'),
        isNotNull(maintenancePlan.next_due_date),
        // The next date less its lead days has come in the organization's calendar.
        sql`${maintenancePlan.next_due_date} - ${maintenancePlan.lead_days} <= (now() at time zone ${organization.time_zone})::date`,
      ),
    )
    .limit(1000);
  const total: RaiseCount = { raised: 0, missed: 0 };
  for (const plan of due) {
    const raiser = await raiserOf(db, plan.organization_id, plan.created_by);
    if (!raiser) continue;
    const tasks: ((committed: OperationContext) => Promise<void>)[] = [];
    const base = {
      request: jobRequest,
      identity: deps.identity,
      mailer: deps.mailer,
      config: deps.config,
      files: deps.files,
      payments: null,
    };
    let caller: OperationContext['caller'] | undefined;
    const done = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      caller = await callerOfMembership(txDb, raiser, 'schedules.raise');
      const context = {
        db: txDb,
        caller,
        ...base,
        afterCommit: (task: (committed: OperationContext) => Promise<void>) => void tasks.push(task),
      } satisfies OperationContext;
      return raisePlan(context, plan.id);
    });
    // What the raised tickets do once committed (the assignment's mails), as an operation would.
    for (const task of tasks) {
      await task({ db, caller: caller!, ...base, afterCommit: () => {} }).catch(() => undefined);
    }
    total.raised += done.raised;
    total.missed += done.missed;
  }
  return total;
}
