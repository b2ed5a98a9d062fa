import { describe, expect, it } from 'vitest';
import { indianWords, rupeesInWords } from './purchase-order-pdf.ts';

// The amount in words on a purchase order reads as Indian documents write it: lakh and crore.

describe('an amount in words', () => {
  it('counts in thousands, lakhs and crores', () => {
    expect(indianWords(0)).toBe('Zero');
    expect(indianWords(15)).toBe('Fifteen');
    expect(indianWords(101)).toBe('One Hundred One');
    expect(indianWords(1_234_567)).toBe('Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven');
    expect(indianWords(250_00_00_000)).toBe('Two Hundred Fifty Crore');
  });

  it('says the rupees and the paise', () => {
    expect(rupeesInWords(131_119)).toBe('Rupees One Thousand Three Hundred Eleven and Nineteen Paise Only');
    expect(rupeesInWords(100_000)).toBe('Rupees One Thousand Only');
  });
});
