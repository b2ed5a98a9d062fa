import { gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dayIn } from '@fieldport/contract/fields';
import type { Caller } from './caller.ts';

/**
 * Days are the organization's: a day starts at midnight in the organization's time zone, whoever
 * asks and wherever the database runs. Every filter or count by day builds its SQL here, so that
 * "from 2025-03-01" means the same instant in every list.
 */

/** The instant `day` (a 'YYYY-MM-DD' value or a SQL date expression) begins in `timeZone`. */
export function startOfDay(day: string | SQL, timeZone: string): SQL {
  return sql`((${day})::date)::timestamp at time zone ${timeZone}`;
}

/** The day, in `timeZone`, on which the instant in `column` falls. */
export function dayOf(column: PgColumn | SQL, timeZone: string): SQL {
  return sql`(${column} at time zone ${timeZone})::date`;
}

/**
 * Conditions keeping `column` within the days `from` to `to`, both included; an absent end leaves
 * that side open. To be spread into a list's filters.
 */
export function withinDays(
  column: PgColumn,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): (SQL | undefined)[] {
  return [
    from ? gte(column, startOfDay(from, timeZone)) : undefined,
    to ? lt(column, startOfDay(sql`${to}::date + 1`, timeZone)) : undefined,
  ];
}

/** Today in the caller's organization's calendar, 'YYYY-MM-DD'. */
export function todayOf(caller: Pick<Caller, 'organization'>): string {
  return dayIn(caller.organization.time_zone);
}

// One formatter for every call: making one costs 180 µs, a hundred times a format, and a report of
// a row per person per day words 25,000 days (docs/benchmarks.md#reports).
const DAY_WORDS = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day as the screens write it (the web's formatDay): '2026-12-04' -> '4 Dec 2026'. */
export function dayWords(day: string): string {
  return DAY_WORDS.format(new Date(`${day}T00:00:00Z`));
}
