import { describe, expect, it } from 'vitest';
import { wallClockOf } from './excel.ts';

/** The wall-clock time of an instant in a zone, field by field, as a person there reads it. */
function wallClockFields(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

describe('dates in a workbook', () => {
  // Zones with whole-hour, half-hour and 45-minute offsets, and daylight saving that moves by an
  // hour or by half an hour; instants around their transitions and spread over two years.
  const zones = [
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'UTC',
  ];
  const instants = [
    '2026-03-08T06:59:59.900Z',
    '2026-03-08T07:00:00.000Z',
    '2026-03-29T00:59:59.000Z',
    '2026-03-29T01:00:00.000Z',
    '2026-04-04T14:59:59.000Z',
    '2026-04-04T15:00:00.000Z',
    '2026-11-01T05:59:59.999Z',
    '2026-11-01T06:00:00.000Z',
    ...Array.from({ length: 400 }, (_, index) =>
      new Date(Date.UTC(2025, 0, 1) + index * 1_753_217_117).toISOString(),
    ),
  ].map((text) => new Date(text));

  it.each(zones)('shows each instant at the wall-clock time of %s, to the second', (zone) => {
    const wallClock = wallClockOf(zone);
    for (const instant of instants) {
      const shifted = wallClock(instant);
      // The sheet shows the shifted date's UTC fields: they must be the zone's wall clock.
      expect(
        shifted.toISOString().slice(0, 19).replace('T', ' '),
        `${instant.toISOString()} in ${zone}`,
      ).toBe(wallClockFields(instant, zone));
    }
  });
});
