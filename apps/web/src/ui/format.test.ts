import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatDay,
  formatFigure,
  formatRupees,
  formatShortDay,
  formatVisit,
  instantFormatsIn,
  paiseToRupees,
  rupeesToPaise,
} from './format.ts';
import { shiftMonth } from '@fieldport/contract/operations/reports';

// 18:30 UTC on 24 November is past midnight in Kolkata (+05:30) and still the evening in New York.
const LATE_EVENING_UTC = '2026-11-24T18:30:00.000Z';

describe('instants in the organization time zone', () => {
  const kolkata = instantFormatsIn('Asia/Kolkata');
  const newYork = instantFormatsIn('America/New_York');

  it('shows the day and hour of the given zone, whatever the browser is in', () => {
    expect(kolkata.dateTime(LATE_EVENING_UTC)).toBe('25 Nov 2026, 12:00 am');
    expect(newYork.dateTime(LATE_EVENING_UTC)).toBe('24 Nov 2026, 1:30 pm');
    expect(kolkata.date(LATE_EVENING_UTC)).toBe('25 Nov 2026');
    expect(newYork.date(LATE_EVENING_UTC)).toBe('24 Nov 2026');
    expect(kolkata.time(LATE_EVENING_UTC)).toBe('12:00 am');
    expect(kolkata.timeZone).toBe('Asia/Kolkata');
  });

  it('gives logs the second', () => {
    expect(kolkata.dateTimeToSecond('2026-11-25T10:23:06.000Z')).toBe('25 Nov 2026, 3:53:06 pm');
  });

  it('shows nothing for a missing or unreadable instant', () => {
    expect(kolkata.dateTime(null)).toBe('');
    expect(kolkata.dateTime(undefined)).toBe('');
    expect(kolkata.date('not a time')).toBe('');
  });
});

describe('calendar days, which have no zone', () => {
  it('reads a day as it is written', () => {
    expect(formatDay('2026-11-25')).toBe('25 Nov 2026');
    expect(formatShortDay('2026-11-25')).toBe('25 Nov');
  });

  it('shortens every month as Intl does in en-IN', () => {
    const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month += 1) {
      const day = `2026-${String(month).padStart(2, '0')}-09`;
      expect(formatShortDay(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
    }
  });

  it('shows a preferred visit with its typed time, or a dash', () => {
    expect(formatVisit('2026-11-25', '14:30')).toBe('25 Nov 2026, 14:30');
    expect(formatVisit('2026-11-25', null)).toBe('25 Nov 2026');
    expect(formatVisit(null, '14:30')).toBe('—');
  });
});

describe('amounts from integer paise', () => {
  it('shows rupees with Indian digit grouping', () => {
    expect(formatRupees(185_050)).toBe('₹1,850.50');
    expect(formatRupees(100_000_000)).toBe('₹10,00,000.00');
    expect(formatRupees(0)).toBe('₹0.00');
  });
});

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
        expect(rupeesToPaise(formatRupees(paise))).toBe(paise);
      }),
    );
  });

  it('shows nothing for a missing amount', () => {
    expect(paiseToRupees(undefined)).toBe('');
    expect(paiseToRupees(Number.NaN)).toBe('');
  });
});

describe('a report’s figures and months', () => {
  it('reads each format as the report’s table shows it, a dash where there is no figure', () => {
    expect(formatFigure('count', 123456)).toBe('1,23,456');
    expect(formatFigure('amount', 120000)).toBe(formatRupees(120000));
    expect(formatFigure('days', 2.25)).toBe('2.3');
    expect(formatFigure('days', 3)).toBe('3.0');
    expect(formatFigure('percent', 87.5)).toBe('87.5%');
    expect(formatFigure('text', 'CoolFix Services')).toBe('CoolFix Services');
    expect(formatFigure('days', null)).toBe('—');
  });

  it('moves a month across the turn of a year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', -5)).toBe('2026-06');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', -27)).toBe('2023-12');
  });
});
