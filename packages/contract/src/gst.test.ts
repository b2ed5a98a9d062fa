import { describe, expect, it } from 'vitest';
import {
  gstinCheckCharacter,
  gstinProblem,
  gstRateSchema,
  gstStateSchema,
  hsnCodeSchema,
  optionalGstinSchema,
} from './gst.ts';

describe('GSTIN', () => {
  it('accepts a registered GSTIN and computes its check character', () => {
    // A GSTIN published on the GST portal's examples.
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('29ABCDE1234F1ZW')).toBeNull();
  });

  it('refuses a mistyped one, naming what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(
      'GSTIN check character does not match; check the number for a typing mistake',
    );
    // Two characters swapped: the weights differ, so the check character catches it.
    expect(gstinProblem('27AAPFU9039F1ZV')).not.toBeNull();
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('GSTIN must be 15 characters such as 29ABCDE1234F1ZW');
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('GSTIN starts with 99, which is not a state code');
  });

  it('reads an optional GSTIN upper-cased, empty as none', () => {
    expect(optionalGstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(optionalGstinSchema.parse('')).toBeNull();
    expect(optionalGstinSchema.parse(null)).toBeNull();
    expect(optionalGstinSchema.safeParse('27AAPFU0939F1ZW').success).toBe(false);
  });
});

describe('states, rates and HSN', () => {
  it('matches a state ignoring case and refuses one that is not', () => {
    expect(gstStateSchema().parse(' karnataka ')).toBe('Karnataka');
    expect(gstStateSchema().safeParse('Bangalore').error?.issues[0].message).toBe(
      "State must be one of India's states or union territories",
    );
  });

  it('takes only the GST slabs', () => {
    expect(gstRateSchema().parse(18)).toBe(18);
    expect(gstRateSchema().safeParse(17).error?.issues[0].message).toBe(
      'GST % must be one of 0, 0.25, 3, 5, 12, 18, 28',
    );
  });

  it('takes HSN codes of 4, 6 or 8 digits', () => {
    expect(hsnCodeSchema.parse('84159000')).toBe('84159000');
    expect(hsnCodeSchema.parse('')).toBeNull();
    expect(hsnCodeSchema.safeParse('84159').error?.issues[0].message).toBe(
      'HSN code must be 4, 6 or 8 digits',
    );
  });
});
