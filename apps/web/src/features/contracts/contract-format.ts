import { shiftDay } from '@fieldport/contract/fields';
import {
  CONTRACTS_MESSAGES,
  ListContracts,
  type ContractFleetItem,
  type ContractItem,
  type ContractState,
  type createContractSchema,
} from '@fieldport/contract/operations/contracts';
import type { AmcTypeItem, FleetItem } from '@fieldport/contract/operations/product-fleet';
import type { z } from 'zod';
import { formatDay } from '../../ui/format.ts';
import { listQueryKey } from '../../ui/use-list.ts';

/**
 * How an AMC contract reads on /ContractsList (docs/contracts.md): its period, products and visits
 * in words, what a renewal starts from, what the server would refuse said before sending, and the
 * queries a new contract reads again.
 */

export type ContractEntry = z.input<typeof createContractSchema>;

/** Whole days from `from` to `to` ('YYYY-MM-DD', both in the organization's calendar). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;

/** Both days included: '1 Apr 2026 – 31 Mar 2027'. */
export const periodWords = (contract: Pick<ContractItem, 'start_date' | 'end_date'>) =>
  `${formatDay(contract.start_date)} – ${formatDay(contract.end_date)}`;

/** What the period means on `today`, for the one chasing renewals: 'Ends in 12 days'. */
export function periodNote(
  contract: Pick<ContractItem, 'state' | 'start_date' | 'end_date' | 'renewal_due_on' | 'renewed_by'>,
  today: string,
): string {
  if (contract.renewed_by && contract.state !== 'UPCOMING') {
    return `Renewed by ${contract.renewed_by.contract_number}`;
  }
  switch (contract.state) {
    case 'UPCOMING': {
      const days = daysBetween(today, contract.start_date);
      return days === 1 ? 'Starts tomorrow' : `Starts in ${plural(days, 'day')}`;
    }
    case 'ACTIVE':
      return `Renewal from ${formatDay(contract.renewal_due_on)}`;
    case 'RENEWAL_DUE': {
      const days = daysBetween(today, contract.end_date);
      return days === 0 ? 'Ends today' : `Ends in ${plural(days, 'day')}`;
    }
    case 'EXPIRED': {
      const days = daysBetween(contract.end_date, today);
      return `Ended ${plural(days, 'day')} ago`;
    }
  }
}

/** The visits a plan gives each product a year: '4 visits a product', 'Unlimited visits'. */
export const visitsWords = (visits: number | null) =>
  visits === null ? 'Unlimited visits' : `${plural(visits, 'visit')} a product`;

/** '2 products'. */
export const productsWords = (items: readonly unknown[]) => plural(items.length, 'product');

/** The first serial numbers, and how many more: 'AC-1001, AC-1002 +3 more'. */
export function serialsWords(items: readonly Pick<ContractFleetItem, 'serial_number'>[], shown = 2): string {
  const serials = items.slice(0, shown).map((item) => item.serial_number);
  const more = items.length - serials.length;
  return more > 0 ? `${serials.join(', ')} +${more} more` : serials.join(', ');
}

/**
 * A product's visits on the contract. The counts are the item's own (its running AMC's), so they
 * are the contract's only while it runs: before its first day they are another AMC's.
 */
export function itemVisitsWords(
  item: Pick<ContractFleetItem, 'visits_included' | 'visits_used'>,
  contract: Pick<ContractItem, 'state' | 'start_date'>,
): string {
  if (contract.state === 'UPCOMING') return `Visits counted from ${formatDay(contract.start_date)}`;
  if (item.visits_included === null) return `${plural(item.visits_used, 'visit')} used of unlimited`;
  return `${item.visits_used} of ${plural(item.visits_included, 'visit')} used`;
}

/** A renewal: the same customer, type, products and amount, from the day after it ends. */
export function renewalOf(contract: ContractItem): ContractEntry {
  return {
    customer_id: contract.customer_id,
    amc_type_id: contract.amc_type_id,
    start_date: shiftDay(contract.end_date, 1),
    fleet_item_ids: contract.items.map((item) => item.fleet_item_id),
    amount: contract.amount,
    note: '',
  };
}

/** A new contract: from today, nothing chosen yet. */
export const newContract = (today: string): ContractEntry => ({
  customer_id: '',
  amc_type_id: '',
  start_date: today,
  fleet_item_ids: [],
  amount: Number.NaN,
  note: '',
});

/** '12 months · 4 visits · ₹4,500.00': an AMC type as the entry offers it. */
export function amcTypeWords(type: Pick<AmcTypeItem, 'duration_months' | 'visits'>): string {
  const visits = type.visits === null ? 'unlimited visits' : plural(type.visits, 'visit');
  return `${plural(type.duration_months, 'month')} · ${visits}`;
}

/** Whether an AMC type covers a product: one that names no product covers every one. */
export const coversProduct = (type: Pick<AmcTypeItem, 'service_ids'>, item: Pick<FleetItem, 'service_id'>) =>
  type.service_ids.length === 0 || type.service_ids.includes(item.service_id);

export interface EntryIssue {
  path: 'start_date' | 'fleet_item_ids';
  message: string;
}

/**
 * What the server refuses of an entry that the screen can tell before sending (the schema says
 * the rest: no products chosen): a start more than a year from today either way, a product its
 * AMC type does not cover. In the server's words (CONTRACTS_MESSAGES).
 */
export function entryIssues(
  values: Pick<ContractEntry, 'start_date' | 'amc_type_id' | 'fleet_item_ids'>,
  known: {
    today: string;
    type: Pick<AmcTypeItem, 'amc_type_name' | 'service_ids'> | undefined;
    items: readonly Pick<FleetItem, 'fleet_item_id' | 'serial_number' | 'service_id'>[] | undefined;
  },
): EntryIssue[] {
  const issues: EntryIssue[] = [];
  const earliest = shiftDay(known.today, -365);
  const latest = shiftDay(known.today, 365);
  if (values.start_date < earliest) {
    issues.push({ path: 'start_date', message: CONTRACTS_MESSAGES.startTooEarly(formatDay(earliest)) });
  } else if (values.start_date > latest) {
    issues.push({ path: 'start_date', message: CONTRACTS_MESSAGES.startTooLate(formatDay(latest)) });
  }
  const { type } = known;
  const uncovered =
    type &&
    known.items?.find(
      (item) => values.fleet_item_ids.includes(item.fleet_item_id) && !coversProduct(type, item),
    );
  if (type && uncovered) {
    issues.push({
      path: 'fleet_item_ids',
      message: CONTRACTS_MESSAGES.amcNotForProduct(type.amc_type_name, uncovered.serial_number),
    });
  }
  return issues;
}

/** The states as the tabs offer them: the renewals to chase first. */
export const STATE_TABS: readonly ContractState[] = ['RENEWAL_DUE', 'ACTIVE', 'UPCOMING', 'EXPIRED'];

/** One contract's details (GetContract). */
export const contractKey = (contractId: string) => ['contract', contractId] as const;

/** What a new contract shows anew: the contracts' pages and counts. */
export const contractQueries = () => [listQueryKey(ListContracts)];
