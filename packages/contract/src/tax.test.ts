import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_RATES, rateToBasisPoints } from './gst.ts';
import { financialYearOf, supplyBetween, taxLine, taxTotals, type TaxSupply } from './tax.ts';

// docs/purchasing.md#tax: per line, half up once, CGST and SGST halves with the odd paisa to CGST,
// totals the sums of the lines.

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 1_000_000 }),
  unit_price: fc.integer({ min: 0, max: 100_000_000 }),
  tax_rate_bp: fc.constantFrom(...GST_RATES.map(rateToBasisPoints)),
  discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
const supply = fc.constantFrom<TaxSupply>('INTRA_STATE', 'INTER_STATE');

describe('a line and a document', () => {
  it('keeps every paisa: the tax is the rate of the taxable amount rounded half up once, split exactly', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), supply, (lines, how) => {
        const amounts = lines.map(({ discountShare, ...rest }) => {
          const discount = Math.floor(rest.quantity * rest.unit_price * discountShare);
          const taxed = taxLine({ ...rest, discount }, how);
          const taxable = BigInt(rest.quantity) * BigInt(rest.unit_price) - BigInt(discount);
          // Half up: tax = floor((taxable × rate + 5000) / 10000), in exact integers.
          const tax = Number((taxable * BigInt(rest.tax_rate_bp) + 5_000n) / 10_000n);
          expect(taxed.taxable).toBe(Number(taxable));
          expect(taxed.cgst + taxed.sgst + taxed.igst).toBe(tax);
          expect(taxed.total).toBe(taxed.taxable + tax);
          if (how === 'INTER_STATE') expect([taxed.cgst, taxed.sgst]).toEqual([0, 0]);
          else {
            expect(taxed.igst).toBe(0);
            expect(taxed.cgst - taxed.sgst).toBeGreaterThanOrEqual(0);
            expect(taxed.cgst - taxed.sgst).toBeLessThanOrEqual(1);
          }
          return taxed;
        });
        const totals = taxTotals(amounts);
        for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
          expect(totals[key]).toBe(amounts.reduce((sum, amount) => sum + amount[key], 0));
        }
      }),
    );
  });

  it('rounds half up and gives the odd paisa to CGST', () => {
    // ₹999.95 at 18% is ₹179.991: ₹179.99, CGST ₹90.00 and SGST ₹89.99.
    expect(
      taxLine({ quantity: 3, unit_price: 33_333, discount: 4, tax_rate_bp: 1800 }, 'INTRA_STATE'),
    ).toEqual({
      taxable: 99_995,
      cgst: 9_000,
      sgst: 8_999,
      igst: 0,
      total: 117_994,
    });
    // ₹0.50 at 5% is 2.5 paise: 3 paise, half up.
    expect(taxLine({ quantity: 1, unit_price: 50, discount: 0, tax_rate_bp: 500 }, 'INTER_STATE').igst).toBe(
      3,
    );
  });

  it('taxes within a state as CGST + SGST and across states as IGST', () => {
    expect(supplyBetween('Karnataka', 'Karnataka')).toBe('INTRA_STATE');
    expect(supplyBetween('Maharashtra', 'Karnataka')).toBe('INTER_STATE');
  });
});

describe('the financial year', () => {
  it('runs from April to March', () => {
    expect(financialYearOf('2026-11-28')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2099-12-01')).toBe('2099-00');
  });
});
