import { z } from 'zod';
import { dateRangeFilter, dateRangeInOrder, isoDateSchema } from '../fields.ts';
import { listInput, type PageData } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { mutation, query, type Access, type ItemsData } from '../operation.ts';

/**
 * Scheduled maintenance (docs/schedules.md): a plan on one fleet item raises a ticket ahead of each
 * of its due dates (every N days, every N months, or an AMC contract's visits spread over its
 * term), `lead_days` before the date, by the job `schedules.raise`; at most one ticket per plan and
 * due date, ever. A due date that passes without a ticket (the plan was stopped) is MISSED.
 */

export const SCHEDULES_MODULE = 'Scheduled Service';

const schedulesAccess = (right: 'VIEW' | 'CREATE' | 'EDIT'): Access => ({ module: SCHEDULES_MODULE, right });

export const PLAN_REPEATS = ['DAYS', 'MONTHS', 'AMC_VISITS'] as const;
export type PlanRepeat = (typeof PLAN_REPEATS)[number];
export const PLAN_REPEAT_LABELS: Record<PlanRepeat, string> = {
  DAYS: 'Every N days',
  MONTHS: 'Every N months',
  AMC_VISITS: "The AMC's visits",
};

export const PLAN_STATES = ['ACTIVE', 'STOPPED', 'ENDED'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  ACTIVE: 'Active',
  STOPPED: 'Stopped',
  ENDED: 'Ended',
};

/** A due date of a plan: one still to come, one that raised its ticket, one that passed without. */
export const VISIT_VIEWS = ['UPCOMING', 'RAISED', 'MISSED'] as const;
export type VisitView = (typeof VISIT_VIEWS)[number];

export const MAX_LEAD_DAYS = 60;
export const MAX_EVERY_DAYS = 366;
export const MAX_EVERY_MONTHS = 24;
/** How far ahead the Upcoming view looks. */
export const UPCOMING_DAYS = 90;

export interface MaintenancePlanItem {
  plan_id: string;
  state: PlanState;
  customer_id: string;
  customer_name: string;
  fleet_item_id: string;
  serial_number: string;
  product_name: string;
  contract_id: string | null;
  contract_number: string | null;
  repeat: PlanRepeat;
  /** Days or months between visits; null for an AMC's visits. */
  every: number | null;
  /** The first due date, in the organization's calendar. */
  first_date: string;
  /** The last day a visit may fall on: the contract's end for an AMC, else as entered (null: none). */
  end_date: string | null;
  lead_days: number;
  /** The next due date still to raise; null when stopped or ended. */
  next_due_date: string | null;
  raised_count: number;
  missed_count: number;
  stop_reason: string | null;
  stopped_on: string | null;
  created_by_name: string;
  created_on: string;
}

export interface ScheduledVisitItem {
  plan_id: string;
  due_date: string;
  /** The day the job raises it (due date less the lead days), for upcoming visits. */
  raise_on: string;
  view: VisitView;
  customer_name: string;
  serial_number: string;
  product_name: string;
  ticket_id: string | null;
  ticket_number: string | null;
  ticket_state: string | null;
  /** When the ticket was raised, or the date was found missed. */
  recorded_on: string | null;
}

export const ListMaintenancePlans = query<PageData<MaintenancePlanItem>>()({
  name: 'ListMaintenancePlans',
  access: schedulesAccess('VIEW'),
  description:
    'A page of maintenance plans, the next due first: search by serial number or customer; filters by state and customer.',
  input: listInput({
    sortBy: ['next_due_date', 'first_date', 'created_on'],
    defaultSortBy: 'next_due_date',
    defaultSortOrder: 'asc',
    filters: {
      state: z.enum(PLAN_STATES, { error: `state must be one of ${PLAN_STATES.join(', ')}` }).optional(),
      customer_id: idSchema('customer_id').optional(),
    },
  }),
});

export const ListScheduledVisits = query<PageData<ScheduledVisitItem>>()({
  name: 'ListScheduledVisits',
  access: schedulesAccess('VIEW'),
  description: `The due dates of the organization's plans: UPCOMING (the next ${UPCOMING_DAYS} days, not yet raised), RAISED (with their tickets) or MISSED (passed without a ticket), by due date.`,
  input: dateRangeInOrder(
    listInput({
      sortBy: ['due_date'],
      defaultSortBy: 'due_date',
      defaultSortOrder: 'asc',
      filters: {
        view: z
          .enum(VISIT_VIEWS, { error: `view must be one of ${VISIT_VIEWS.join(', ')}` })
          .default('UPCOMING'),
        plan_id: idSchema('plan_id').optional(),
        ...dateRangeFilter('from_date', 'to_date'),
      },
    }),
    'from_date',
    'to_date',
  ),
});

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const createMaintenancePlanSchema = z
  .object({
    fleet_item_id: idSchema('Product'),
    /** With AMC_VISITS: the AMC contract whose term and visits the dates follow (it must cover the item). */
    contract_id: z
      .literal('')
      .transform(() => null)
      .or(idSchema('Contract').nullable())
      .default(null),
    repeat: z.enum(PLAN_REPEATS, { error: 'Repeat must be every N days, every N months or the AMC visits' }),
    every: wholeNumber('Every', 1, MAX_EVERY_DAYS)
      .nullish()
      .transform((value) => value ?? null),
    first_date: isoDateSchema('First visit')
      .nullish()
      .transform((value) => value ?? null),
    end_date: isoDateSchema('Last day')
      .nullish()
      .transform((value) => value ?? null),
    lead_days: wholeNumber('Raise ahead (days)', 0, MAX_LEAD_DAYS),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.repeat === 'AMC_VISITS') {
      if (!value.contract_id) {
        ctx.addIssue({
          code: 'custom',
          path: ['contract_id'],
          message: "Contract is required for the AMC's visits",
        });
      }
      return;
    }
    if (value.every === null) {
      ctx.addIssue({ code: 'custom', path: ['every'], message: 'Every is required' });
    } else if (value.repeat === 'MONTHS' && value.every > MAX_EVERY_MONTHS) {
      ctx.addIssue({
        code: 'custom',
        path: ['every'],
        message: `Every must be a whole number from 1 to ${MAX_EVERY_MONTHS} months`,
      });
    }
    if (!value.first_date) {
      ctx.addIssue({ code: 'custom', path: ['first_date'], message: 'First visit is required' });
    }
    if (value.first_date && value.end_date && value.end_date < value.first_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'Last day must be on or after the first visit',
      });
    }
  });

export const CreateMaintenancePlan = mutation<ItemsData<MaintenancePlanItem>>()({
  name: 'CreateMaintenancePlan',
  access: schedulesAccess('CREATE'),
  description:
    "Plans maintenance visits on a customer's product (each ticket is for the product's service): every N days or months from a first visit (until a last day, if given), or an AMC contract's visits spread over its term; each ticket is raised lead_days before its date.",
  input: createMaintenancePlanSchema,
});

const planId = idSchema('plan_id');

export const StopMaintenancePlan = mutation<ItemsData<MaintenancePlanItem>>()({
  name: 'StopMaintenancePlan',
  access: schedulesAccess('EDIT'),
  description: 'Stops a plan: it raises nothing until reset; the dates that pass meanwhile are missed.',
  input: z
    .object({
      plan_id: planId,
      reason: z
        .string({ error: 'Reason is required' })
        .trim()
        .min(3, 'Reason must be at least 3 characters')
        .max(300, 'Reason must be at most 300 characters'),
    })
    .strict(),
});

export const ResetMaintenancePlan = mutation<ItemsData<MaintenancePlanItem>>()({
  name: 'ResetMaintenancePlan',
  access: schedulesAccess('EDIT'),
  description:
    'Starts a stopped plan again: the due dates that passed while it was stopped are recorded as missed, and the next ones are raised as before.',
  input: z.object({ plan_id: planId }).strict(),
});

export const RaiseDueMaintenance = mutation<{ raised: number; missed: number }>()({
  name: 'RaiseDueMaintenance',
  access: schedulesAccess('EDIT'),
  description:
    "Runs the scheduled raising now for the organization's plans (it also runs every hour): raises the tickets whose day has come, records the dates missed.",
  input: z.object({}).strict(),
});

export const SCHEDULES_MESSAGES = {
  planNotFound: 'Maintenance plan not found.',
  productNotFound: "Product: not found among the organization's installed, active products.",
  contractNotFound: 'Contract: not found.',
  contractNotForItem: (number: string, serial: string) => `Contract: ${number} does not cover ${serial}.`,
  contractEnded: (number: string) => `Contract: ${number} has ended; its visits cannot be planned.`,
  unlimitedVisits: (number: string) =>
    `Contract: ${number} gives unlimited visits, so they cannot be spread: plan every N months instead.`,
  firstDateInPast: (today: string) => `First visit must be ${today} or later.`,
  created: (serial: string, next: string | null) =>
    next
      ? `Maintenance planned for ${serial}: the first visit is due on ${next}.`
      : `Maintenance planned for ${serial}.`,
  stopped: (serial: string) => `Maintenance of ${serial} stopped: no tickets until it is reset.`,
  reset: (serial: string, missed: number) =>
    `Maintenance of ${serial} started again${missed ? `; ${missed} date${missed === 1 ? '' : 's'} recorded as missed` : ''}.`,
  notStopped: 'The plan is not stopped.',
  notActive: 'The plan is not active.',
  ran: (raised: number, missed: number) =>
    `${raised} ticket${raised === 1 ? '' : 's'} raised${missed ? `, ${missed} date${missed === 1 ? '' : 's'} missed` : ''}.`,
} as const;
