import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@fieldport/contract/lists';
import { CONTRACT_RENEWAL_DAYS } from '@fieldport/contract/operations/contracts';
import {
  AGING_GROUPS,
  AMC_RENEWAL_DAYS_AHEAD,
  REPORT_LAYOUTS,
  REPORT_OPERATIONS,
  type ReportFilter,
  shiftMonth,
  type ReportName,
} from '@fieldport/contract/operations/reports';

/**
 * A report's filters live in the address (docs/reports.md#the-screens), so that a report can be
 * linked and a reload shows the same figures: `?from_month=2026-01&to_month=2026-06&territory_id=…`.
 * What the address does not say takes its default: the current month of days, the last 6 months,
 * grouped by service partner, every territory, partner, dealer and category, the first page of 25.
 */

/** The choosers of records a report may offer, each a key of its input. */
export const RECORD_FILTERS = [
  'territory_id',
  'partner_party_id',
  'dealer_party_id',
  'category_id',
  'technician_user_id',
  'amc_type_id',
] as const;
export type RecordFilter = (typeof RECORD_FILTERS)[number];

/**
 * The filters a party's own users are not offered: those that choose a party (they see their
 * party's figures only), and the technician, chosen from the organization's Technicians screen,
 * which they do not read (the server walls the figures to their party's technicians anyway).
 */
const PARTY_FILTERS: readonly ReportFilter[] = ['partner_party_id', 'dealer_party_id', 'technician_user_id'];

/** How many months the default period of months covers, the current one included. */
const DEFAULT_MONTHS = 6;

export interface ReportInput {
  from_date?: string;
  to_date?: string;
  from_month?: string;
  to_month?: string;
  group_by?: (typeof AGING_GROUPS)[number];
  territory_id?: string;
  partner_party_id?: string;
  dealer_party_id?: string;
  category_id?: string;
  technician_user_id?: string;
  /** The AMC renewal report's days ahead: one of AMC_RENEWAL_DAYS_AHEAD. */
  days_ahead?: number;
  amc_type_id?: string;
  page: number;
  page_size: PageSize;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The filters a report's screen offers to this person: a party's users choose no party. */
export function offeredFilters(name: ReportName, partyUser: boolean): ReportFilter[] {
  return (REPORT_LAYOUTS[name].filters as readonly ReportFilter[]).filter(
    (filter) => !(partyUser && PARTY_FILTERS.includes(filter)),
  );
}

/**
 * The report's input as the address says it, with the defaults for what it does not say (or says
 * wrongly: a month such as '2026-13' is not one). `today` is the organization's day, 'YYYY-MM-DD'.
 */
export function readReportAddress(
  name: ReportName,
  params: URLSearchParams,
  today: string,
  partyUser: boolean,
): ReportInput {
  const filters = offeredFilters(name, partyUser);
  const given = (key: string, pattern?: RegExp) => {
    const value = params.get(key)?.trim();
    return value && (!pattern || pattern.test(value)) ? value : undefined;
  };
  const input: ReportInput = { page: 1, page_size: DEFAULT_PAGE_SIZE };
  if (filters.includes('days')) {
    input.from_date = given('from_date', DAY) ?? `${today.slice(0, 7)}-01`;
    input.to_date = given('to_date', DAY) ?? today;
  }
  if (filters.includes('months')) {
    const current = today.slice(0, 7);
    input.from_month = given('from_month', MONTH) ?? shiftMonth(current, 1 - DEFAULT_MONTHS);
    input.to_month = given('to_month', MONTH) ?? current;
  }
  if (filters.includes('days_ahead')) {
    const days = Number(given('days_ahead'));
    input.days_ahead = AMC_RENEWAL_DAYS_AHEAD.find((value) => value === days) ?? CONTRACT_RENEWAL_DAYS;
  }
  if (filters.includes('group_by')) {
    const group = given('group_by');
    input.group_by = AGING_GROUPS.find((value) => value === group) ?? 'PARTNER';
  }
  for (const key of RECORD_FILTERS) {
    if (filters.includes(key)) input[key] = given(key);
  }
  const page = Number(given('page', /^[1-9]\d{0,5}$/) ?? 1);
  const size = Number(given('page_size'));
  input.page = page;
  input.page_size = PAGE_SIZES.find((value) => value === size) ?? DEFAULT_PAGE_SIZE;
  return input;
}

/**
 * The address after a change of filters: a value set, or removed when undefined. Another filter
 * starts again at the first page; the defaults are not written.
 */
export function withChanges(
  params: URLSearchParams,
  changes: Partial<Record<keyof ReportInput, string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  if (next.get('page_size') === String(DEFAULT_PAGE_SIZE)) next.delete('page_size');
  return next;
}

/**
 * The address after a person changed filters on it: the period is written whole (both ends, as
 * the screen shows them), so that a link keeps its period when the current month moves on.
 */
export function addressAfter(
  name: ReportName,
  params: URLSearchParams,
  today: string,
  partyUser: boolean,
  changes: Partial<Record<keyof ReportInput, string | number | undefined>>,
): URLSearchParams {
  const shown = readReportAddress(name, params, today, partyUser);
  const period = Object.fromEntries(
    (['from_date', 'to_date', 'from_month', 'to_month'] as const)
      .filter((key) => shown[key] !== undefined)
      .map((key) => [key, shown[key]]),
  );
  return withChanges(params, { ...period, ...changes });
}

/** What is wrong with the chosen period, said on its end ('to_date' or 'to_month'). */
export interface PeriodProblem {
  field: 'to_date' | 'to_month';
  message: string;
}

/**
 * The period checked with the report's own schema (the contract's limits: a year and a day, two
 * years of months), before anything is asked of the server; an end before the start is said in
 * the screen's words.
 */
export function periodProblem(name: ReportName, input: ReportInput): PeriodProblem | undefined {
  if (input.from_date && input.to_date && input.from_date > input.to_date) {
    return { field: 'to_date', message: 'To must not be before From' };
  }
  if (input.from_month && input.to_month && input.from_month > input.to_month) {
    return { field: 'to_month', message: 'To month must not be before From month' };
  }
  const parsed = REPORT_OPERATIONS[name].input.safeParse(input);
  if (parsed.success) return undefined;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'to_date' || field === 'to_month') return { field, message: issue.message };
  }
  return undefined;
}
