import { z } from 'zod';
import { formatIndianNumber } from './money.ts';

/**
 * Field schemas that several areas share, so that a date means the same everywhere and nothing
 * the database cannot store gets past the contract (docs/security.md#input).
 */

/** Years a date of the portal may fall in: PostgreSQL has no year 0, and no visit is due in 3000. */
const DATE_YEARS = { min: 1900, max: 2999 } as const;

/** 'YYYY-MM-DD', a real calendar day between 1900 and 2999. */
export const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date such as 2026-11-25` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-11-25`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} is not a real date`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
    }, `${label} must be between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);

/** 'HH:MM', 24-hour. */
const timeOfDaySchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 14:30`);

/** Empty, null or absent means none: an optional date or time of a form reads null. */
const orNull = (schema: z.ZodString) =>
  schema
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null);

/** An optional date of a form: a date as `isoDateSchema`, or null. */
export const optionalIsoDateSchema = (label: string) => orNull(isoDateSchema(label));

/** A time of a form: 'HH:MM', 24-hour. */
export const timeSchema = timeOfDaySchema;

/** An optional time of a form: a time as `timeOfDaySchema`, or null. */
export const optionalTimeOfDaySchema = (label: string) => orNull(timeOfDaySchema(label));

/** One end of a list's date filter: a date, or absent (empty means absent, as an empty search). */
const dateFilterSchema = (field: string) =>
  isoDateSchema(field)
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * A list's filter by days, `from` to `to`, both included: two optional dates, for a list's
 * `filters`. Put `dateRangeInOrder` on the list's input to refuse a range that ends before it starts.
 */
export function dateRangeFilter<const From extends string, const To extends string>(
  from: From,
  to: To,
): { [Key in From | To]: ReturnType<typeof dateFilterSchema> } {
  return { [from]: dateFilterSchema(from), [to]: dateFilterSchema(to) } as never;
}

/**
 * Refuses a date range whose `from` is after its `to`, on the `to` field. Dates are 'YYYY-MM-DD',
 * so their text order is their calendar order.
 */
export function dateRangeInOrder<
  Schema extends z.ZodType<{ [Key in From | To]?: string | null }>,
  From extends string,
  To extends string,
>(schema: Schema, from: From, to: To): Schema {
  return schema.refine(
    (input: unknown) => {
      const range = input as { [Key in From | To]?: string | null };
      const [start, end] = [range[from], range[to]];
      return !start || !end || start <= end;
    },
    { path: [to], message: `${from} must not be after ${to}` },
  );
}

/**
 * Money as integer paise (docs/architecture.md#data), from 0 to `maxPaise`. Forms take rupees,
 * so the one message speaks of rupees: a whole number of paise is at most 2 decimals of a rupee.
 */
export const paiseSchema = (label: string, maxPaise: number) => {
  const rupees = formatIndianNumber(maxPaise / 100);
  const message = `${label} must be an amount from ₹0 to ₹${rupees} with at most 2 decimals`;
  return z.number({ error: message }).int(message).min(0, message).max(maxPaise, message);
};

/** A count a person types (a quantity, a reorder level): "Quantity must be a whole number from 1 to 1,000". */
export const wholeNumberSchema = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${formatIndianNumber(min)} to ${formatIndianNumber(max)}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export { formatRupees, rupeesToPaise } from './money.ts';

/**
 * A product's serial number as printed on it: upper-cased, letters, digits and / . _ - only, at
 * most 60 characters; empty means none.
 */
export const serialNumberSchema = z
  .string({ error: 'Serial number must be text' })
  .trim()
  .toUpperCase()
  .max(60, 'Serial number must be at most 60 characters')
  .regex(/^[A-Z0-9/._-]*$/, 'Serial number may hold letters, digits and / . _ - only')
  .nullish()
  .transform((value) => value || null);

/** How far ahead of the server's clock a device's clock may run before its time is refused. */
export const TAKEN_AT_CLOCK_SKEW_MS = 5 * 60_000;
/** An action queued on a device longer than this is refused rather than back-dated. */
export const TAKEN_AT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * When an action was taken on the device: the field app queues actions taken without a signal and
 * sends them later with this time, and the server records them as taken then
 * (docs/product.md#working-offline). Absent means now. An ISO 8601 instant with its offset.
 */
export const takenAtSchema = z.iso
  .datetime({ offset: true, error: 'taken_at must be a time such as 2026-11-25T10:42:00+05:30' })
  .nullish();

/**
 * The id a device gives an action it queues (a UUID made on the phone), sent with it every time it
 * is sent: the server applies one action id at most once, so that an action sent again because the
 * phone never got the answer is not applied twice (docs/product.md#working-offline). Absent means
 * the action is applied as sent.
 */
export const actionIdSchema = z
  .uuid({ error: 'action_id must be a UUID such as 3f2b8c1e-9d4a-4e7b-8a6c-2d1e0f9b7a54' })
  .nullish();

/** The day `days` after (or, negative, before) `day`; both 'YYYY-MM-DD' calendar days. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar day ('YYYY-MM-DD') of an instant in a time zone: the organization's today by default. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return keptFormatter(
    `day ${timeZone}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(at);
}

const keptFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter made once per key (its use and time zone) and kept: building an Intl.DateTimeFormat
 * costs about 0.2 ms, hundreds of times what formatting with it does, and a list or a report
 * formats a day or two per row.
 */
function keptFormatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = keptFormatters.get(key);
  if (!formatter) {
    formatter = make();
    keptFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The offset of a time zone from UTC at an instant, in milliseconds (Asia/Kolkata: 19,800,000): the
 * wall clock's fields read as UTC, less the instant (to the second).
 */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    keptFormatter(
      `wall clock ${timeZone}`,
      () =>
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
    )
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The offset of a time zone from UTC at an instant, in minutes (Asia/Kolkata: 330). */
function zoneOffsetMinutes(timeZone: string, at: Date): number {
  return Math.round(zoneOffsetMs(timeZone, at) / 60_000);
}

/** The instant a calendar day and a wall-clock time ('HH:MM') name in a time zone. */
export function instantIn(timeZone: string, day: string, time: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // Twice: the offset at the first guess may differ from the offset at the answer across a change.
  let instant = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  instant = wall - zoneOffsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}
