import { createContext, useContext, useMemo } from 'react';
import { formatRupees } from '@fieldport/contract/money';
import type { ReportFormat, ReportValue } from '@fieldport/contract/operations/reports';

/**
 * How the portal writes times and amounts, in one place (docs/architecture.md#data). An instant
 * (ISO 8601) is shown in the organization's time zone, whatever the browser's, so that everyone in
 * the organization reads the same day and hour; a calendar day ('YYYY-MM-DD') is shown as it is,
 * with no zone; an amount is kept in integer paise, shown and typed in rupees.
 */

const LOCALE = 'en-IN';

/**
 * The organization's time zone; the shell provides it from the signed-in user's details. Outside
 * the shell, where no organization is known yet, '' stands for the browser's zone, read when first
 * needed rather than as the module loads (building an Intl formatter is slow on a phone).
 */
export const OrganizationTimeZone = createContext<string>('');

let browserTimeZone: string | undefined;

function zoneOrBrowserZone(timeZone: string): string {
  if (timeZone) return timeZone;
  browserTimeZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserTimeZone;
}

/** A value made on first use and kept: the Intl formatters below are slow to build, quick to use. */
function kept<Value>(make: () => Value): () => Value {
  let value: Value | undefined;
  return () => (value ??= make());
}

const INSTANT_STYLES = {
  /** '25 Nov 2026, 3:53 pm' */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** '25 Nov 2026, 3:53:06 pm', for logs. */
  dateTimeToSecond: { dateStyle: 'medium', timeStyle: 'medium' },
  /** '25 Nov 2026' */
  date: { dateStyle: 'medium' },
  /** '3:53 pm' */
  time: { timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type InstantStyle = keyof typeof INSTANT_STYLES;

// Building an Intl.DateTimeFormat is slow next to using one; a list formats a column of rows.
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatter(style: InstantStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let cached = formatterCache.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE, { ...INSTANT_STYLES[style], timeZone });
    formatterCache.set(key, cached);
  }
  return cached;
}

/** An instant in the given style and zone; nothing for a missing or unreadable instant. */
function formatInstant(iso: string | null | undefined, style: InstantStyle, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(style, timeZone).format(date);
}

const CALENDAR_DAY = kept(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }));

/** The months as en-IN shortens them (Intl's 'short' month of LOCALE). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** A calendar day 'YYYY-MM-DD' as it reads: '25 Nov 2026'. */
export function formatDay(day: string): string {
  return CALENDAR_DAY().format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day 'YYYY-MM-DD' on a chart's axis: '25 Nov'. */
export function formatShortDay(day: string): string {
  // Written out rather than with Intl: the dashboard's chart is drawn with the first page, and the
  // first Intl formatter of a page is slow on a phone (its locale data is loaded then).
  const [, month, date] = day.split('-').map(Number);
  const name = SHORT_MONTHS[month - 1];
  return name && date ? `${date} ${name}` : '';
}

/** A preferred visit, a calendar day and a time of day as typed: '25 Nov 2026, 14:30', or a dash. */
export function formatVisit(date: string | null, time: string | null): string {
  if (!date) return '—';
  return time ? `${formatDay(date)}, ${time}` : formatDay(date);
}

// Rupees as shown, and as typed into a money field; the server reads and writes them the same way.
export { formatRupees, rupeesToPaise } from '@fieldport/contract/money';

/** Paise as a money field shows them for editing: 125050 -> "1250.50"; nothing for a missing amount. */
export function paiseToRupees(paise: number | undefined): string {
  if (paise === undefined || !Number.isFinite(paise)) return '';
  return (paise / 100).toFixed(2);
}

const COUNT = kept(() => new Intl.NumberFormat(LOCALE));
const ONE_DECIMAL = kept(
  () => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/**
 * A report's figure as it reads (docs/reports.md): counts with Indian grouping, amounts (integer
 * paise) in rupees, days with one decimal, shares in %; a dash where there is no figure (no ticket
 * closed that month has no average).
 */
export function formatFigure(format: ReportFormat, value: ReportValue): string {
  if (value === null || value === undefined || value === '') return '—';
  if (format === 'text') return String(value);
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  switch (format) {
    case 'count':
      return COUNT().format(number);
    case 'amount':
      return formatRupees(number);
    case 'days':
    case 'hours':
      return ONE_DECIMAL().format(number);
    case 'percent':
      return `${ONE_DECIMAL().format(number)}%`;
  }
}

/** An instant's formats, each in the organization's time zone. */
export interface InstantFormats {
  timeZone: string;
  dateTime: (iso: string | null | undefined) => string;
  dateTimeToSecond: (iso: string | null | undefined) => string;
  date: (iso: string | null | undefined) => string;
  time: (iso: string | null | undefined) => string;
}

export function instantFormatsIn(zone: string): InstantFormats {
  const timeZone = zoneOrBrowserZone(zone);
  return {
    timeZone,
    dateTime: (iso) => formatInstant(iso, 'dateTime', timeZone),
    dateTimeToSecond: (iso) => formatInstant(iso, 'dateTimeToSecond', timeZone),
    date: (iso) => formatInstant(iso, 'date', timeZone),
    time: (iso) => formatInstant(iso, 'time', timeZone),
  };
}

/** The formats of instants in the signed-in organization's time zone. */
export function useInstantFormats(): InstantFormats {
  const timeZone = useContext(OrganizationTimeZone);
  return useMemo(() => instantFormatsIn(timeZone), [timeZone]);
}
