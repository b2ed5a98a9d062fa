import { shiftDay } from '@fieldport/contract/fields';
import type { PlanRepeat } from '@fieldport/contract/operations/schedules';

// The due dates of a maintenance plan (docs/schedules.md#due-dates), as 'YYYY-MM-DD' days of the
// organization's calendar.

export interface PlanDates {
  repeat: PlanRepeat;
  every: number | null;
  first_date: string;
  end_date: string | null;
}

/** The day `months` months after `day`, on the same day of the month or the month's last day. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastOfMonth = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(date, lastOfMonth))}`;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * An AMC's visits spread over its term: `visitsPerYear` a year, the term split into as many equal
 * parts, each visit in the middle of its part (a year's 4 visits fall mid-quarter, never on the
 * contract's last day, when a late visit would fall outside the AMC).
 */
export function amcVisitDates(start: string, end: string, visitsPerYear: number): string[] {
  const termDays = daysBetween(start, end) + 1;
  const visits = Math.max(1, Math.round((visitsPerYear * termDays) / 365));
  return Array.from({ length: visits }, (_, index) =>
    shiftDay(start, Math.floor(((index + 0.5) * termDays) / visits)),
  );
}

/** The plan's n-th due date (0 is the first); null past its last day. */
function nthDate(plan: PlanDates, n: number): string | null {
  const day =
    plan.repeat === 'MONTHS'
      ? addMonths(plan.first_date, n * plan.every!)
      : shiftDay(plan.first_date, n * plan.every!);
  return plan.end_date && day > plan.end_date ? null : day;
}

/**
 * The plan's due dates from `from` on, ascending, at most `limit`. An AMC plan's dates are given
 * (`amcDates`); the others repeat from the first date.
 */
export function dueDatesFrom(plan: PlanDates, from: string, limit: number, amcDates?: string[]): string[] {
  if (plan.repeat === 'AMC_VISITS') return (amcDates ?? []).filter((day) => day >= from).slice(0, limit);
  const found: string[] = [];
  // Skip to just before `from` without walking every date of a long plan (a month is at most 31 days).
  const step = plan.repeat === 'MONTHS' ? plan.every! * 31 : plan.every!;
  let n = Math.max(0, Math.floor(daysBetween(plan.first_date, from) / step) - 1);
  while (found.length < limit) {
    const day = nthDate(plan, n);
    if (day === null) break;
    if (day >= from) found.push(day);
    n += 1;
  }
  return found;
}
