import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateRangeFilter,
  dateRangeInOrder,
  optionalIsoDateSchema,
  optionalTimeOfDaySchema,
  paiseSchema,
  serialNumberSchema,
} from './fields.ts';

/** The first refusal as a client reads it: the field and the message. */
function refusal(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return undefined;
  return { field: parsed.error.issues[0].path.join('.'), message: parsed.error.issues[0].message };
}

describe('paiseSchema', () => {
  // Negative, a fraction of a paisa, text, above the maximum.
  it.each([-1, 12.5, '1499', 100_000_001])('refuses %j with the one message, in rupees', (amount) => {
    expect(refusal(paiseSchema('Price', 100_000_000), amount)?.message).toBe(
      'Price must be an amount from ₹0 to ₹10,00,000 with at most 2 decimals',
    );
  });

  it('accepts whole paise from 0 to the maximum, and names the maximum in Indian grouping', () => {
    const price = paiseSchema('Price', 1_000_000_000);
    expect(price.parse(0)).toBe(0);
    expect(price.parse(1_000_000_000)).toBe(1_000_000_000);
    expect(refusal(price, -1)?.message).toBe(
      'Price must be an amount from ₹0 to ₹1,00,00,000 with at most 2 decimals',
    );
  });
});

describe('date ranges', () => {
  const range = dateRangeInOrder(
    z.object(dateRangeFilter('created_from', 'created_to')).strict(),
    'created_from',
    'created_to',
  );

  it('accepts a range of one day, an open end, and an empty end as no end', () => {
    expect(range.parse({ created_from: '2025-03-01', created_to: '2025-03-01' })).toEqual({
      created_from: '2025-03-01',
      created_to: '2025-03-01',
    });
    expect(range.parse({ created_from: '2025-03-01', created_to: '' })).toEqual({
      created_from: '2025-03-01',
      created_to: undefined,
    });
    expect(range.parse({})).toEqual({});
  });

  it('refuses a range that ends before it starts, on its end field', () => {
    expect(refusal(range, { created_from: '2025-03-02', created_to: '2025-03-01' })).toEqual({
      field: 'created_to',
      message: 'created_from must not be after created_to',
    });
  });

  it('refuses a day that is not a real date, naming the field', () => {
    expect(refusal(range, { created_from: '2025-02-30' })).toEqual({
      field: 'created_from',
      message: 'created_from is not a real date',
    });
  });
});

describe('optional form fields', () => {
  it('reads an empty, null or absent date, time or serial number as none', () => {
    for (const empty of ['', null, undefined]) {
      expect(optionalIsoDateSchema('Preferred visit date').parse(empty)).toBeNull();
      expect(optionalTimeOfDaySchema('Preferred visit time').parse(empty)).toBeNull();
      expect(serialNumberSchema.parse(empty)).toBeNull();
    }
  });

  it('keeps a serial number as printed on the product, upper-cased', () => {
    expect(serialNumberSchema.parse(' snx-12/34 ')).toBe('SNX-12/34');
    expect(refusal(serialNumberSchema, 'SN 1')?.message).toBe(
      'Serial number may hold letters, digits and / . _ - only',
    );
  });
});
