import { z } from 'zod';
import { pageSchema, pageSizeSchema } from '../lists.ts';
import { idSchema } from '../masters.ts';
import { isoDateSchema } from '../fields.ts';
import { query, type OperationDef } from '../operation.ts';
import { CONTRACT_RENEWAL_DAYS, RaiseRenewalQuotation } from './contracts.ts';

/**
 * Reports (docs/reports.md): each a query of figures over the caller's tickets, in the
 * organization's time zone, scoped like the ticket lists (a dealer's users see their dealer's
 * tickets only). Every report answers the same shape, rows with totals and a chart's series, so
 * that one screen and one .xlsx export serve them all; a report's layout says which columns and
 * filters it has.
 */

/**
 * How a column's figures read: paise are shown in rupees; days with one decimal; a share in %; hours
 * with one decimal (summed in the totals, like counts and amounts).
 */
export const REPORT_FORMATS = ['text', 'count', 'amount', 'days', 'percent', 'hours'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type ReportValue = string | number | null;
export type ReportRow = Record<string, ReportValue>;

export interface ReportColumn {
  key: string;
  label: string;
  format: ReportFormat;
  /** A count that is not summed in the totals (each contract's days left). */
  total?: false;
}

/** The filters a report's screen offers; each is a field of the report's input. */
export const REPORT_FILTERS = [
  'days',
  'months',
  'group_by',
  'territory_id',
  'partner_party_id',
  'dealer_party_id',
  'category_id',
  'technician_user_id',
  'days_ahead',
  'amc_type_id',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export interface ReportChartSeries {
  key: string;
  label: string;
  values: number[];
}

export interface ReportData {
  /** A page of the rows, in the report's order. */
  rows: ReportRow[];
  /** The figures over every row (not the page); the first text column reads 'Total'. */
  totals: ReportRow;
  total_count: number;
  page: number;
  page_size: number;
  /** What the chart draws, over every row: one label per bar or point, one series per figure. */
  chart: { labels: string[]; series: ReportChartSeries[] };
}

export interface ReportLayout {
  /** The screen's route and its menu item's module (the report's right). */
  route: string;
  module: string;
  title: string;
  description: string;
  columns: ReportColumn[];
  filters: ReportFilter[];
  /** `time`: bars up a time axis, one per period (a report by month has one anyway). */
  chart: { kind: 'bar' | 'line'; stacked: boolean; title: string; time?: boolean };
  /**
   * A report of records (a row per contract) rather than of figures: shown whatever its figures;
   * with none, `empty` is said, and `emptyDetail` under it.
   */
  records?: { emptyDetail: string };
  /**
   * What a person may do with a row (report-page.tsx): a mutation of the catalogue called with the
   * row's `idKey` as the same-named input field, offered to those whose rights allow the operation;
   * its answer's first item's `param` is opened at `opens` (`/QuotationsView?quotation_id=…`).
   */
  rowAction?: { label: string; operation: OperationDef; idKey: string; opens: string; param: string };
  /**
   * Other reports drawn on the same screen, chosen by a switch kept in the address (`?view=daily`):
   * each variant names a report (a key of REPORT_LAYOUTS) with the same route; the first is the
   * default. Every variant's layout lists the same variants.
   */
  variants?: readonly ReportVariant[];
  /** What the screen says over a period with nothing to show (default: no tickets). */
  empty?: string;
}

export interface ReportVariant {
  /** The address's `view`. */
  key: string;
  label: string;
  report: string;
}

export const REPORT_MESSAGES = {
  periodTooLong: (limit: string) => `The period must be at most ${limit}`,
};

/** Months as 'YYYY-MM'. */
const monthSchema = (label: string) =>
  z
    .string({ error: `${label} must be a month such as 2026-11` })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} must be a month such as 2026-11`);

const MAX_DAYS = 366;
const MAX_MONTHS = 24;

const optionalId = (field: string) =>
  idSchema(field)
    .optional()
    .or(z.literal('').transform(() => undefined));

const partyFilters = {
  territory_id: optionalId('territory_id'),
  partner_party_id: optionalId('partner_party_id'),
  category_id: optionalId('category_id'),
};

const paging = { page: pageSchema, page_size: pageSizeSchema };

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));

// The shape's generic fields hide the period's own from TypeScript inside the refinements.
const period = (input: unknown) => {
  const { from_date, to_date } = input as { from_date: string; to_date: string };
  return { from: from_date, to: to_date };
};
const months = (input: unknown) => {
  const { from_month, to_month } = input as { from_month: string; to_month: string };
  return { from: from_month, to: to_month };
};

/**
 * A period of days of the organization's calendar, both included, at most a year and a day (or
 * `maxDays` for a report with a row per day).
 */
function dayPeriod<Shape extends z.ZodRawShape>(shape: Shape, maxDays = MAX_DAYS) {
  return z
    .object({ from_date: isoDateSchema('from_date'), to_date: isoDateSchema('to_date'), ...shape, ...paging })
    .strict()
    .refine((input) => period(input).from <= period(input).to, {
      path: ['to_date'],
      message: 'from_date must not be after to_date',
    })
    .refine((input) => daysBetween(period(input).from, period(input).to) < maxDays, {
      path: ['to_date'],
      message: REPORT_MESSAGES.periodTooLong(`${maxDays} days`),
    });
}

/** A period of whole months of the organization's calendar, both included, at most two years. */
function monthPeriod<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ from_month: monthSchema('from_month'), to_month: monthSchema('to_month'), ...shape, ...paging })
    .strict()
    .refine((input) => months(input).from <= months(input).to, {
      path: ['to_month'],
      message: 'from_month must not be after to_month',
    })
    .refine((input) => monthsBetween(months(input).from, months(input).to) < MAX_MONTHS, {
      path: ['to_month'],
      message: REPORT_MESSAGES.periodTooLong(`${MAX_MONTHS} months`),
    });
}

const report = <const Name extends string, Schema extends z.ZodType>(
  name: Name,
  module: string,
  description: string,
  input: Schema,
) => query<ReportData>()({ name, access: { module, right: 'VIEW' }, description, input });

// ---------------------------------------------------------------------------------------------
// Ticket aging

/** Age buckets of an active ticket, in days since it was raised: [from, to). */
export const AGE_BUCKETS = [
  { key: 'age_0_1', label: '0-1 days', from: 0, to: 1 },
  { key: 'age_1_3', label: '1-3 days', from: 1, to: 3 },
  { key: 'age_3_7', label: '3-7 days', from: 3, to: 7 },
  { key: 'age_7_15', label: '7-15 days', from: 7, to: 15 },
  { key: 'age_over_15', label: '> 15 days', from: 15, to: null },
] as const;

export const AGING_GROUPS = ['PARTNER', 'TERRITORY', 'STATE'] as const;
export type AgingGroup = (typeof AGING_GROUPS)[number];
export const AGING_GROUP_LABELS: Record<AgingGroup, string> = {
  PARTNER: 'Service partner',
  TERRITORY: 'Territory',
  STATE: 'Customer state',
};

export const GetTicketAgingReport = report(
  'GetTicketAgingReport',
  'Ticket Aging Report',
  'Active tickets (open, assigned, accepted, in progress, on hold) by days since raised, per service partner, territory or customer state',
  z
    .object({
      group_by: z
        .enum(AGING_GROUPS, { error: `group_by must be one of ${AGING_GROUPS.join(', ')}` })
        .default('PARTNER'),
      ...partyFilters,
      ...paging,
    })
    .strict(),
);

// ---------------------------------------------------------------------------------------------
// Monthly tickets

export const GetMonthlyTicketReport = report(
  'GetMonthlyTicketReport',
  'Monthly Ticket Reports',
  'Per month: tickets raised, closed and discarded, the average and 90th percentile days to close, and the first-time fix rate',
  monthPeriod(partyFilters),
);

// ---------------------------------------------------------------------------------------------
// Service types

export const GetServiceTypeReport = report(
  'GetServiceTypeReport',
  'Service Type Report',
  'Per service type: tickets raised and closed in the period, free of charge, and the service charges of the closed ones',
  dayPeriod({ ...partyFilters, dealer_party_id: optionalId('dealer_party_id') }),
);

// ---------------------------------------------------------------------------------------------
// Partners' closed tickets

export const GetPartnersClosedTicketReport = report(
  'GetPartnersClosedTicketReport',
  'Partners Closed Ticket Reports',
  "Per service partner per month: tickets closed, and the partner's amounts for them from their rate cards",
  monthPeriod({ partner_party_id: optionalId('partner_party_id') }),
);

// ---------------------------------------------------------------------------------------------
// Technicians' productivity

export const GetProductivityReport = report(
  'GetProductivityReport',
  'Productivity Report',
  'Per technician: tickets closed in the period, average days to close, the shares reopened and closed with the customer OTP, and the parts consumed on them',
  dayPeriod(partyFilters),
);

// ---------------------------------------------------------------------------------------------
// Users by month

export const GetMonthlyUserReport = report(
  'GetMonthlyUserReport',
  'Monthly User Report',
  'Per user per month: tickets raised by them, assigned to them, closed by them, and the average days to close of those they closed',
  monthPeriod({
    territory_id: partyFilters.territory_id,
    partner_party_id: partyFilters.partner_party_id,
  }),
);

// ---------------------------------------------------------------------------------------------
// Users by day

/** The longest period of a report with a row per day: two months. */
export const MAX_DAILY_DAYS = 62;

export const GetDailyUserReport = report(
  'GetDailyUserReport',
  'Monthly User Report',
  'Per user per day: tickets raised by them, assigned to them, closed by them, and the average days to close of those they closed (the Monthly User Report by day)',
  dayPeriod(
    {
      territory_id: partyFilters.territory_id,
      partner_party_id: partyFilters.partner_party_id,
    },
    MAX_DAILY_DAYS,
  ),
);

/** The Monthly User Report's screen draws either report (docs/reports.md#the-screens). */
const USER_REPORT_VARIANTS = [
  { key: 'monthly', label: 'Monthly', report: 'GetMonthlyUserReport' },
  { key: 'daily', label: 'Daily', report: 'GetDailyUserReport' },
] as const satisfies readonly ReportVariant[];

// ---------------------------------------------------------------------------------------------
// Attendance (docs/reports.md#attendance)

/**
 * When a working day starts, for every technician of the organization, in its time zone: a
 * check-in after it is late. Nothing stores a shift per technician (docs/reports.md#attendance).
 */
export const ATTENDANCE_DAY_START = '10:00';
/** The weekly day off (0 is Sunday): a day without a check-in on it is not an absence. */
export const ATTENDANCE_WEEKLY_OFF = 0;

export const ATTENDANCE_STATUSES = ['Present', 'Late', 'Absent', 'Not checked out'] as const;
export type AttendanceDayStatus = (typeof ATTENDANCE_STATUSES)[number];

const attendanceFilters = {
  technician_user_id: optionalId('technician_user_id'),
  partner_party_id: partyFilters.partner_party_id,
};

export const ListAttendanceHistory = report(
  'ListAttendanceHistory',
  'Attendance Report',
  "Per technician per day of the period: check-in and check-out in the organization's time, hours worked and the day's status (present, late, absent, not checked out)",
  dayPeriod(attendanceFilters, MAX_DAILY_DAYS),
);

export const GetAttendanceSummary = report(
  'GetAttendanceSummary',
  'Attendance Report',
  'Per technician over the period: days present, late, absent and not checked out, and the hours worked',
  dayPeriod(attendanceFilters, MAX_DAILY_DAYS),
);

const ATTENDANCE_VARIANTS = [
  { key: 'days', label: 'By day', report: 'ListAttendanceHistory' },
  { key: 'summary', label: 'Summary', report: 'GetAttendanceSummary' },
] as const satisfies readonly ReportVariant[];

// ---------------------------------------------------------------------------------------------
// AMC renewals due (docs/reports.md#amc-renewal-due)

/** How far ahead the AMC renewal report looks, in days; the contracts' renewal window by default. */
export const AMC_RENEWAL_DAYS_AHEAD = [15, 30, 60, 90] as const;

export const GetAmcRenewalDueReport = report(
  'GetAmcRenewalDueReport',
  'AMC Renewal Due',
  'AMC contracts ending within the next days (30 by default) and not renewed: the customer and contact, the products, the AMC type, the last day, the days left and the amount',
  z
    .object({
      days_ahead: z.coerce
        .number({ error: `days_ahead must be one of ${AMC_RENEWAL_DAYS_AHEAD.join(', ')}` })
        .refine(
          (days) => (AMC_RENEWAL_DAYS_AHEAD as readonly number[]).includes(days),
          `days_ahead must be one of ${AMC_RENEWAL_DAYS_AHEAD.join(', ')}`,
        )
        .default(CONTRACT_RENEWAL_DAYS),
      amc_type_id: optionalId('amc_type_id'),
      dealer_party_id: optionalId('dealer_party_id'),
      ...paging,
    })
    .strict(),
);

// ---------------------------------------------------------------------------------------------
// Layouts

export const REPORT_LAYOUTS = {
  GetTicketAgingReport: {
    route: '/TicketAgingReport',
    module: 'Ticket Aging Report',
    title: 'Ticket Aging Report',
    description: 'Active tickets by how long ago they were raised.',
    columns: [
      { key: 'group_name', label: 'Group', format: 'text' },
      ...AGE_BUCKETS.map((bucket) => ({ key: bucket.key, label: bucket.label, format: 'count' as const })),
      { key: 'total', label: 'Active tickets', format: 'count' },
    ],
    filters: ['group_by', 'territory_id', 'partner_party_id', 'category_id'],
    chart: { kind: 'bar', stacked: true, title: 'Active tickets by age' },
  },
  GetMonthlyTicketReport: {
    route: '/MonthlyTicketReports',
    module: 'Monthly Ticket Reports',
    title: 'Monthly Ticket Reports',
    description:
      'Tickets raised, closed and discarded each month, how long closing took, and first-time fixes.',
    columns: [
      { key: 'month', label: 'Month', format: 'text' },
      { key: 'created', label: 'Raised', format: 'count' },
      { key: 'closed', label: 'Closed', format: 'count' },
      { key: 'discarded', label: 'Discarded', format: 'count' },
      { key: 'avg_days_to_close', label: 'Average days to close', format: 'days' },
      { key: 'p90_days_to_close', label: '90th percentile days to close', format: 'days' },
      { key: 'first_time_fix_rate', label: 'First-time fix', format: 'percent' },
    ],
    filters: ['months', 'territory_id', 'partner_party_id', 'category_id'],
    chart: { kind: 'bar', stacked: false, title: 'Raised and closed each month' },
  },
  GetServiceTypeReport: {
    route: '/ServiceTypeReport',
    module: 'Service Type Report',
    title: 'Service Type Report',
    description: 'Tickets and service charges by service type.',
    columns: [
      { key: 'service_type_name', label: 'Service type', format: 'text' },
      { key: 'created', label: 'Raised', format: 'count' },
      { key: 'closed', label: 'Closed', format: 'count' },
      { key: 'free_of_charge', label: 'Closed free of charge', format: 'count' },
      { key: 'revenue', label: 'Service charges', format: 'amount' },
    ],
    filters: ['days', 'territory_id', 'partner_party_id', 'dealer_party_id', 'category_id'],
    chart: { kind: 'bar', stacked: false, title: 'Tickets by service type' },
  },
  GetPartnersClosedTicketReport: {
    route: '/PartnersClosedTicketReports',
    module: 'Partners Closed Ticket Reports',
    title: 'Partners Closed Ticket Reports',
    description: "Tickets each service partner closed each month, and the partner's amounts for them.",
    columns: [
      { key: 'partner_name', label: 'Service partner', format: 'text' },
      { key: 'month', label: 'Month', format: 'text' },
      { key: 'closed', label: 'Closed', format: 'count' },
      { key: 'priced', label: 'Priced', format: 'count' },
      { key: 'partner_amount', label: 'Partner amount', format: 'amount' },
    ],
    filters: ['months', 'partner_party_id'],
    chart: { kind: 'bar', stacked: false, title: 'Closed tickets by partner' },
  },
  GetProductivityReport: {
    route: '/ProductivityReport',
    module: 'Productivity Report',
    title: 'Productivity Report',
    description:
      'Tickets each technician closed, how long closing took, reopens, OTP closures and parts used.',
    columns: [
      { key: 'technician_name', label: 'Technician', format: 'text' },
      { key: 'closed', label: 'Closed', format: 'count' },
      { key: 'avg_days_to_close', label: 'Average days to close', format: 'days' },
      { key: 'reopen_rate', label: 'Reopened', format: 'percent' },
      { key: 'otp_closure_rate', label: 'Closed with OTP', format: 'percent' },
      { key: 'parts_consumed', label: 'Parts consumed', format: 'count' },
    ],
    filters: ['days', 'territory_id', 'partner_party_id', 'category_id'],
    chart: { kind: 'bar', stacked: false, title: 'Closed tickets by technician' },
  },
  GetMonthlyUserReport: {
    route: '/MonthlyUserReport',
    module: 'Monthly User Report',
    title: 'Monthly User Report',
    description: 'Tickets each user raised, was assigned and closed each month.',
    columns: [
      { key: 'user_name', label: 'User', format: 'text' },
      { key: 'month', label: 'Month', format: 'text' },
      { key: 'created', label: 'Raised', format: 'count' },
      { key: 'assigned', label: 'Assigned', format: 'count' },
      { key: 'closed', label: 'Closed', format: 'count' },
      { key: 'avg_days_to_close', label: 'Average days to close', format: 'days' },
    ],
    filters: ['months', 'territory_id', 'partner_party_id'],
    chart: { kind: 'bar', stacked: false, title: 'Raised, assigned and closed by user' },
    variants: USER_REPORT_VARIANTS,
  },
  GetDailyUserReport: {
    route: '/MonthlyUserReport',
    module: 'Monthly User Report',
    title: 'Daily User Report',
    description: 'Tickets each user raised, was assigned and closed each day.',
    columns: [
      { key: 'user_name', label: 'User', format: 'text' },
      { key: 'day', label: 'Day', format: 'text' },
      { key: 'created', label: 'Raised', format: 'count' },
      { key: 'assigned', label: 'Assigned', format: 'count' },
      { key: 'closed', label: 'Closed', format: 'count' },
      { key: 'avg_days_to_close', label: 'Average days to close', format: 'days' },
    ],
    filters: ['days', 'territory_id', 'partner_party_id'],
    chart: { kind: 'bar', stacked: false, title: 'Raised, assigned and closed each day', time: true },
    variants: USER_REPORT_VARIANTS,
  },
  ListAttendanceHistory: {
    route: '/AttendenceReport',
    module: 'Attendance Report',
    title: 'Attendance Report',
    description: `Each technician's days: check-in and check-out, hours worked, and whether they were late (after ${ATTENDANCE_DAY_START}) or absent.`,
    columns: [
      { key: 'technician_name', label: 'Technician', format: 'text' },
      { key: 'day', label: 'Day', format: 'text' },
      { key: 'checked_in', label: 'Checked in', format: 'text' },
      { key: 'checked_out', label: 'Checked out', format: 'text' },
      { key: 'hours', label: 'Hours worked', format: 'hours' },
      { key: 'status', label: 'Status', format: 'text' },
    ],
    filters: ['days', 'technician_user_id', 'partner_party_id'],
    chart: { kind: 'bar', stacked: false, title: 'Hours worked each day', time: true },
    variants: ATTENDANCE_VARIANTS,
    empty: 'No attendance in this period.',
  },
  GetAttendanceSummary: {
    route: '/AttendenceReport',
    module: 'Attendance Report',
    title: 'Attendance Summary',
    description: `Each technician's days present, late (after ${ATTENDANCE_DAY_START}) and absent, and hours worked, over the period.`,
    columns: [
      { key: 'technician_name', label: 'Technician', format: 'text' },
      { key: 'present', label: 'Days present', format: 'count' },
      { key: 'late', label: 'Late', format: 'count' },
      { key: 'absent', label: 'Absent', format: 'count' },
      { key: 'not_checked_out', label: 'Not checked out', format: 'count' },
      { key: 'hours', label: 'Hours worked', format: 'hours' },
    ],
    filters: ['days', 'technician_user_id', 'partner_party_id'],
    chart: { kind: 'bar', stacked: false, title: 'Days present, late and absent by technician' },
    variants: ATTENDANCE_VARIANTS,
    empty: 'No attendance in this period.',
  },
  GetAmcRenewalDueReport: {
    route: '/AmcRenewalDue',
    module: 'AMC Renewal Due',
    title: 'AMC Renewal Due',
    description: 'AMC contracts ending soon and not yet renewed: the renewals to offer.',
    columns: [
      { key: 'contract_number', label: 'Contract', format: 'text' },
      { key: 'customer_name', label: 'Customer', format: 'text' },
      { key: 'customer_contact', label: 'Contact', format: 'text' },
      { key: 'products', label: 'Products', format: 'text' },
      { key: 'amc_type_name', label: 'AMC type', format: 'text' },
      { key: 'ends_on', label: 'Ends on', format: 'text' },
      { key: 'days_left', label: 'Days left', format: 'count', total: false },
      { key: 'amount', label: 'Amount', format: 'amount' },
      { key: 'renewal_quotation', label: 'Renewal quotation', format: 'text' },
    ],
    filters: ['days_ahead', 'amc_type_id', 'dealer_party_id'],
    chart: { kind: 'bar', stacked: false, title: 'Contracts ending each week' },
    empty: 'No contracts due for renewal in these days.',
    records: { emptyDetail: 'Look further ahead, or choose fewer filters.' },
    rowAction: {
      label: 'Raise renewal quotation',
      operation: RaiseRenewalQuotation,
      idKey: 'contract_id',
      opens: '/QuotationsView',
      param: 'quotation_id',
    },
  },
} as const satisfies Record<string, ReportLayout>;

export type ReportName = keyof typeof REPORT_LAYOUTS;

export const REPORT_OPERATIONS: Record<ReportName, OperationDef> = {
  GetTicketAgingReport,
  GetMonthlyTicketReport,
  GetServiceTypeReport,
  GetPartnersClosedTicketReport,
  GetProductivityReport,
  GetMonthlyUserReport,
  GetDailyUserReport,
  ListAttendanceHistory,
  GetAttendanceSummary,
  GetAmcRenewalDueReport,
};

/** A month 'YYYY-MM' moved by whole months: shiftMonth('2026-01', -1) is '2025-12'. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from one to another, 'YYYY-MM', both included. */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/** 'YYYY-MM' as people read it: 'Nov 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][number - 1]} ${year}`;
}
