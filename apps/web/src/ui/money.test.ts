import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paiseToRupees, rupeesToPaise } from './money.ts';

describe('rupees typed, paise kept', () => {
  it.each([
    ['1250', 125_000],
    ['1,250.50', 125_050],
    ['1250.5', 125_050],
    ['₹ 99.09', 9_909],
    ['0', 0],
    ['0.01', 1],
  ])('reads %s as %i paise', (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise);
  });

  it.each(['', 'abc', '12.345', '-5', '1.2.3', '.5'])('refuses %j', (text) => {
    expect(rupeesToPaise(text)).toBeNaN();
  });

  it('gives back every amount it shows, without floating-point drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });

  it('shows nothing for a missing amount', () => {
    expect(paiseToRupees(undefined)).toBe('');
    expect(paiseToRupees(Number.NaN)).toBe('');
  });
});
