import { z } from 'zod';

/**
 * Field schemas that several areas share, so that a date means the same everywhere and nothing
 * the database cannot store gets past the contract (docs/security.md "Input").
 */

/** Years a date of the portal may fall in: PostgreSQL has no year 0, and no visit is due in 3000. */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

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
export const timeOfDaySchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 14:30`);
