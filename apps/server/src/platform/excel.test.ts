import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  SHEET_BACKLOG_BOUND_BYTES,
  sheetBacklogBytes,
  sheetCaughtUp,
  wallClockOf,
  writeXlsx,
} from './excel.ts';

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

describe('a streamed workbook', () => {
  /** An output that takes its time, as a file on a busy disk does. */
  const slowSink = () =>
    new Writable({
      write(_chunk, _encoding, done) {
        setTimeout(done, 1);
      },
    });
  const row = (index: number) =>
    Array.from({ length: 25 }, (_, cell) => `row ${index} cell ${cell}, some words of text`);

  it('keeps what waits for the compressor under the bound while rows keep coming', async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: slowSink(), useSharedStrings: false });
    const sheet = book.addWorksheet('Rows');
    let largest = 0;
    for (let batch = 0; batch < 20; batch += 1) {
      for (let index = 0; index < 1_000; index += 1) sheet.addRow(row(batch * 1_000 + index)).commit();
      await sheetCaughtUp(sheet);
      const backlog = sheetBacklogBytes(sheet);
      // undefined: exceljs no longer has the shape sheetCaughtUp reads, and would pile rows up.
      expect(backlog).toBeTypeOf('number');
      largest = Math.max(largest, backlog!);
    }
    expect(largest).toBeLessThanOrEqual(SHEET_BACKLOG_BOUND_BYTES);
    sheet.commit();
    await book.commit();
  });

  it('writes every row it is given, after the header', async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    async function* batches() {
      for (let batch = 0; batch < 12; batch += 1) {
        yield Array.from({ length: 1_000 }, (_, index) => ({ n: batch * 1_000 + index }));
      }
    }
    const written = await writeXlsx({
      stream: sink,
      title: 'Numbers',
      columns: [{ header: 'N', value: (item: { n: number }) => item.n }],
      batches: batches(),
      timeZone: 'Asia/Kolkata',
    });
    expect(written).toBe(12_000);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('N');
    expect(sheet.rowCount).toBe(12_001);
    expect(sheet.getCell('A12001').value).toBe(11_999);
  });
});
