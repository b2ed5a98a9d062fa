/**
 * Money and counts as people read and type them, without fields.ts's schemas (and zod), so that a
 * screen that only shows amounts does not load them; fields.ts re-exports the money functions.
 */

let rupees: Intl.NumberFormat | undefined;

/** Integer paise as people read rupees, in the browser, mails and documents alike: 125050 -> '₹1,250.50'. */
export function formatRupees(paise: number): string {
  // Made on first use: building a formatter is slow next to using one, and most screens show no money.
  rupees ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  return rupees.format(paise / 100);
}

/**
 * Rupees as a person types them (a money field, an import's cell): "1,250.50", "1250.5" and
 * "₹ 1250" are read; anything else (letters, three decimals, a minus) is NaN, which paiseSchema
 * refuses with its message.
 */
export function rupeesToPaise(text: string): number {
  const cleaned = text.replace(/[,\s₹]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

let grouped: Intl.NumberFormat | undefined;

/**
 * A number with Indian grouping, as `toLocaleString('en-IN')` writes it (1234567 -> '12,34,567'),
 * by one formatter kept for every call: toLocaleString builds a new one each time, and the
 * schemas' messages are built by the hundred when the contract loads.
 */
export function formatIndianNumber(value: number): string {
  grouped ??= new Intl.NumberFormat('en-IN');
  return grouped.format(value);
}
