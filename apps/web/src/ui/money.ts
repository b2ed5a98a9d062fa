/**
 * Money is kept in paise (ARCHITECTURE.md "Data") and typed in rupees. "1,250.50", "1250.5" and
 * "₹ 1250" are read; anything else (letters, three decimals, a minus) is NaN, which the contract's
 * schema refuses with its message.
 */
export function rupeesToPaise(text: string): number {
  const cleaned = text.replace(/[,\s₹]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 125050 -> "1250.50"; nothing for a missing or invalid amount. */
export function paiseToRupees(paise: number | undefined): string {
  if (paise === undefined || !Number.isFinite(paise)) return '';
  return (paise / 100).toFixed(2);
}
