import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { indianWords, rupeesInWords } from './pdf-parts.ts';

// The amount in words on a document (a purchase order, an invoice) reads as Indian documents write it: lakh and crore.

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

/** Reads Indian words back into a number, the way a person reads them (independent of indianWords). */
function wordsToNumber(words: string): number {
  const small: Record<string, number> = {};
  const units =
    'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen'.split(
      ' ',
    );
  units.forEach((word, index) => (small[word] = index));
  'Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety'
    .split(' ')
    .forEach((word, index) => (small[word] = 20 + index * 10));
  const scales: Record<string, number> = { Thousand: 1_000, Lakh: 100_000, Crore: 10_000_000 };
  let total = 0;
  let group = 0;
  for (const word of words.split(' ')) {
    if (word === 'Hundred') group *= 100;
    else if (word in scales) {
      // A crore may itself be counted in lakhs and thousands: what came before is scaled whole.
      if (word === 'Crore') {
        total = (total + group) * scales[word];
      } else {
        total += group * scales[word];
      }
      group = 0;
    } else {
      group += word.split('-').reduce((sum, part) => sum + small[part], 0);
    }
  }
  return total + group;
}

describe('amounts in words, for any amount', () => {
  it('read back to the same number, rupees and paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (value) => {
        expect(wordsToNumber(indianWords(value))).toBe(value);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_99 }), (paise) => {
        const match = /^Rupees (.+?)(?: and (.+) Paise)? Only$/.exec(rupeesInWords(paise))!;
        expect(wordsToNumber(match[1]) * 100 + (match[2] ? wordsToNumber(match[2]) : 0)).toBe(paise);
      }),
      { numRuns: 2000 },
    );
  });
});
