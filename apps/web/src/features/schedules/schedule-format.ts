import { shiftDay } from '@fieldport/contract/fields';
import type { ContractItem } from '@fieldport/contract/operations/contracts';
import {
  ListMaintenancePlans,
  ListScheduledVisits,
  MAX_EVERY_DAYS,
  MAX_EVERY_MONTHS,
  MAX_LEAD_DAYS,
  SCHEDULES_MESSAGES,
  type createMaintenancePlanSchema,
  type MaintenancePlanItem,
  type PlanRepeat,
} from '@fieldport/contract/operations/schedules';
import type { z } from 'zod';
import { formatDay } from '../../ui/format.ts';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How maintenance plans read on /ScheduleServices (docs/schedules.md): their repeat, dates, lead
 * and tickets in words, what a new plan starts from, and the queries a change reads again.
 */

export type PlanEntry = z.input<typeof createMaintenancePlanSchema>;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** 'Every 3 months', 'Every day', "AMC AMC/2026-27/000003 visits". */
export function repeatWords(plan: Pick<MaintenancePlanItem, 'repeat' | 'every' | 'contract_number'>): string {
  if (plan.repeat === 'AMC_VISITS') {
    // The contract may have been deleted since (the plan keeps its dates).
    return plan.contract_number ? `AMC ${plan.contract_number} visits` : 'AMC visits';
  }
  const unit = plan.repeat === 'MONTHS' ? 'month' : 'day';
  const every = plan.every ?? 1;
  return every === 1 ? `Every ${unit}` : `Every ${plural(every, unit)}`;
}

/** 'From 12 May 2026 to 31 Mar 2027', 'From 12 May 2026, no last day'. */
export function planPeriodWords(plan: Pick<MaintenancePlanItem, 'first_date' | 'end_date'>): string {
  const from = `From ${formatDay(plan.first_date)}`;
  return plan.end_date ? `${from} to ${formatDay(plan.end_date)}` : `${from}, no last day`;
}

/** How far ahead each ticket is raised: 'On the due date', '1 day ahead', '7 days ahead'. */
export const leadWords = (leadDays: number) =>
  leadDays === 0 ? 'On the due date' : `${plural(leadDays, 'day')} ahead`;

/** The tickets a plan raised and the dates it missed: ['2 raised', '1 missed']. */
export const ticketCountWords = (
  plan: Pick<MaintenancePlanItem, 'raised_count' | 'missed_count'>,
): [raised: string, missed: string] => [
  `${plan.raised_count.toLocaleString('en-IN')} raised`,
  `${plan.missed_count.toLocaleString('en-IN')} missed`,
];

/**
 * When the ticket of a due date is raised, on the organization's `today`: its day is the due date
 * less the lead days; once that day has come it is raised by the next run (hourly, or Raise due
 * tickets now).
 */
export function ticketDayWords(raiseOn: string, today: string): string {
  return raiseOn <= today ? 'Ticket due now' : `Ticket on ${formatDay(raiseOn)}`;
}

/** The day a due date's ticket is raised. */
export const raiseDayOf = (dueDate: string, leadDays: number) => shiftDay(dueDate, -leadDays);

/** What the plan's next due date column says when there is none. */
export function nextDueWords(plan: Pick<MaintenancePlanItem, 'state' | 'next_due_date'>): string {
  if (plan.next_due_date) return formatDay(plan.next_due_date);
  return plan.state === 'STOPPED' ? 'None while stopped' : 'None: past its last day';
}

/** The unit of "Every", as the repeat says it. */
export const everyUnit = (repeat: PlanRepeat) => (repeat === 'DAYS' ? 'days' : 'months');

/** What "Every" takes, as the contract bounds it. */
export const everyHelp = (repeat: PlanRepeat) =>
  repeat === 'DAYS'
    ? `Days between visits: 1 to ${MAX_EVERY_DAYS}`
    : `Months between visits: 1 to ${MAX_EVERY_MONTHS}, on the same day of the month`;

/** What "Raise ahead" means for the first date, before it is sent. */
export function leadHelp(firstDate: string | null | undefined, leadDays: number, today: string): string {
  const bounds = `Each ticket is raised this many days before its date: 0 to ${MAX_LEAD_DAYS}`;
  if (!firstDate || !/^\d{4}-\d{2}-\d{2}$/.test(firstDate) || !Number.isInteger(leadDays)) return bounds;
  if (leadDays < 0 || leadDays > MAX_LEAD_DAYS) return bounds;
  const raiseOn = raiseDayOf(firstDate, leadDays);
  return raiseOn <= today
    ? `${bounds}. The first is due now: it is raised within the hour.`
    : `${bounds}. The first on ${formatDay(raiseOn)}.`;
}

/** A new plan: every N months from today, its tickets raised three days ahead; nothing chosen yet. */
export const newPlan = (today: string): PlanEntry => ({
  fleet_item_id: '',
  contract_id: '',
  repeat: 'MONTHS',
  every: null,
  first_date: today,
  end_date: null,
  lead_days: 3,
});

export interface PlanIssue {
  path: 'first_date';
  message: string;
}

/**
 * What the server refuses of a plan that the screen can tell before sending: a first visit before
 * today (the schema says the rest). In the server's words, the day as the screen writes days.
 */
export function planIssues(values: Pick<PlanEntry, 'repeat' | 'first_date'>, today: string): PlanIssue[] {
  if (values.repeat === 'AMC_VISITS' || !values.first_date) return [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.first_date) || values.first_date >= today) return [];
  return [{ path: 'first_date', message: SCHEDULES_MESSAGES.firstDateInPast(formatDay(today)) }];
}

/** Whether a contract is one whose visits a plan on this product can follow. */
export type ContractOffer = { contract: ContractItem; refusal: string | null };

/**
 * The contracts a plan on a product may follow: those covering it and not ended, the one ending
 * last first. One that gives unlimited visits is offered with the server's reason it cannot be.
 */
export function contractOffers(contracts: readonly ContractItem[], fleetItemId: string): ContractOffer[] {
  return contracts
    .filter(
      (contract) =>
        contract.state !== 'EXPIRED' && contract.items.some((item) => item.fleet_item_id === fleetItemId),
    )
    .sort((a, b) => (a.end_date < b.end_date ? 1 : a.end_date > b.end_date ? -1 : 0))
    .map((contract) => ({
      contract,
      refusal:
        contract.visits_per_item === null
          ? SCHEDULES_MESSAGES.unlimitedVisits(contract.contract_number)
          : null,
    }));
}

/** Where a raised ticket is read (the Tickets screens: docs/tickets.md). */
export const ticketHref = (ticketId: string) => `/ActiveTickets?ticket_id=${encodeURIComponent(ticketId)}`;

/** What a change to a plan shows anew: the plans, and the due dates of every view. */
export const planQueries = () => [listQueryKey(ListMaintenancePlans), listQueryKey(ListScheduledVisits)];
