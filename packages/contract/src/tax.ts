/**
 * A document's tax (docs/purchasing.md#tax), the same on the server that keeps the amounts and in
 * the browser that shows them while a person types: integer paise, per line, never recomputed from
 * rates over a whole document.
 *
 * - A line's taxable amount is quantity × unit price − discount (all paise, so exact).
 * - Its tax is taxable × rate, rounded half up to the paisa once per line.
 * - Within one state the tax is CGST and SGST, half each, the odd paisa to CGST; across states it
 *   is IGST.
 * - The document's totals are the sums of its lines.
 */

/** Within one state (CGST + SGST) or across states (IGST). */
export type TaxSupply = 'INTRA_STATE' | 'INTER_STATE';

export const TAX_SUPPLY_LABELS: Record<TaxSupply, string> = {
  INTRA_STATE: 'Within the state: CGST + SGST',
  INTER_STATE: 'Across states: IGST',
};

/** Where the goods go from and to decides the supply: the two states' names as GST_STATES has them. */
export function supplyBetween(fromState: string, toState: string): TaxSupply {
  return fromState === toState ? 'INTRA_STATE' : 'INTER_STATE';
}

export interface TaxLineInput {
  quantity: number;
  /** Paise a unit, before tax. */
  unit_price: number;
  /** Paise off the line, before tax. */
  discount: number;
  /** GST rate in basis points: 1800 is 18%. */
  tax_rate_bp: number;
}

/** A line's or a document's amounts, paise. */
export interface TaxAmounts {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable + cgst + sgst + igst. */
  total: number;
}

/** round(value × basisPoints / 10000) half up, in BigInt so that large lines keep every paisa. */
function basisPointsOf(value: number, basisPoints: number): number {
  return Number((BigInt(value) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n);
}

export function taxLine(line: TaxLineInput, supply: TaxSupply): TaxAmounts {
  const taxable = line.quantity * line.unit_price - line.discount;
  const tax = basisPointsOf(taxable, line.tax_rate_bp);
  if (supply === 'INTER_STATE') return { taxable, cgst: 0, sgst: 0, igst: tax, total: taxable + tax };
  const sgst = Math.floor(tax / 2);
  return { taxable, cgst: tax - sgst, sgst, igst: 0, total: taxable + tax };
}

/** The sums of the lines' amounts: a document's totals. */
export function taxTotals(lines: TaxAmounts[]): TaxAmounts {
  return lines.reduce<TaxAmounts>(
    (sum, line) => ({
      taxable: sum.taxable + line.taxable,
      cgst: sum.cgst + line.cgst,
      sgst: sum.sgst + line.sgst,
      igst: sum.igst + line.igst,
      total: sum.total + line.total,
    }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  );
}

/**
 * The financial year (April to March) a day belongs to, as document numbers carry it:
 * '2026-11-28' -> '2026-27', '2027-03-31' -> '2026-27'.
 */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
