import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatRupees, rupeesToPaise } from './money.ts';

describe('money and counts as people read them', () => {
  it('groups numbers the Indian way, as toLocaleString does', () => {
    expect(formatIndianNumber(1234567)).toBe('12,34,567');
    for (const value of [0, 7, 999, 1000, 100000, 99999.5, 2500000.25, 1e9]) {
      expect(formatIndianNumber(value)).toBe(value.toLocaleString('en-IN'));
    }
  });

  it('shows paise as rupees and reads typed rupees back', () => {
    expect(formatRupees(125050)).toBe('₹1,250.50');
    expect(rupeesToPaise('1,250.50')).toBe(125050);
    expect(rupeesToPaise('₹ 1250')).toBe(125000);
    expect(rupeesToPaise('12.345')).toBeNaN();
  });
});
