import { once, type EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { zoneOffsetMs } from '@fieldport/contract/fields';
import type { ExportColumn } from './lists.ts';
import { worksheetsOf } from './xlsx-sheets.ts';

/**
 * Writes a workbook of one sheet to a stream as the rows arrive (exceljs's streaming writer):
 * every row is committed as soon as it is written, and the next batch is read only once the
 * compressor and the stream have taken the previous one (sheetCaughtUp), so memory stays bounded
 * whatever the number of rows.
 * Returns how many rows were written.
 */
export async function writeXlsx<Item>(options: {
  stream: Writable;
  title: string;
  columns: ExportColumn<Item>[];
  batches: AsyncIterable<Item[]>;
  /** Dates are written as the organization's wall-clock time (docs/architecture.md#data). */
  timeZone: string;
  /**
   * Runs once every row is written and before the workbook is closed, so that what it records (the
   * export's audit entry) is stored by the time the download completes.
   */
  beforeClose?: (rows: number) => Promise<void>;
}): Promise<number> {
  const { stream, columns } = options;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Fieldport';
  const sheet = workbook.addWorksheet(sheetName(options.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(12, column.header.length + 2),
    style: column.numFmt ? { numFmt: column.numFmt } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const wallClock = wallClockOf(options.timeZone);
  let count = 0;
  for await (const batch of options.batches) {
    for (const item of batch) {
      const values = columns.map((column) => {
        const value = column.value(item);
        return value instanceof Date ? wallClock(value) : (value ?? null);
      });
      sheet.addRow(values).commit();
      count += 1;
    }
    await sheetCaughtUp(sheet);
    if (stream.writableNeedDrain) await once(stream, 'drain');
  }
  await options.beforeClose?.(count);
  sheet.commit();
  await workbook.commit();
  return count;
}

/** Uncompressed XML a sheet may hold ahead of the zip's compressor before its writer waits. */
export const SHEET_BACKLOG_BOUND_BYTES = 4 * 1024 * 1024;

/** The stream archiver reads a sheet's zip entry from (readable-stream's PassThrough). */
interface ZipEntryInput extends EventEmitter {
  _writableState?: { length: number };
}

function zipEntryInput(sheet: ExcelJS.Worksheet): ZipEntryInput | undefined {
  // exceljs's streaming sheet writes its XML to a buffer piped into archiver's entry stream.
  return (sheet as unknown as { stream?: { pipes?: ZipEntryInput[] } }).stream?.pipes?.[0];
}

/**
 * How many bytes of a streamed sheet's XML wait for the compressor, or undefined when exceljs's
 * writer no longer has the shape this reads (excel.test.ts fails then).
 */
export function sheetBacklogBytes(sheet: ExcelJS.Worksheet): number | undefined {
  return zipEntryInput(sheet)?._writableState?.length;
}

/**
 * Waits until the sheet's XML not yet compressed is below the bound. exceljs writes each committed
 * row into the sheet's zip entry without waiting for the compressor, and the output file never asks
 * to wait (what reaches it is compressed, a tenth of the size): a reader faster than deflate piled
 * the whole sheet up in memory, 1.2 kB a row (docs/benchmarks.md#downloads).
 */
export async function sheetCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  // Past the bound the entry's stream is past its high-water mark, so it says 'drain' once emptied
  // (or 'error', which `once` throws).
  while ((sheetBacklogBytes(sheet) ?? 0) > SHEET_BACKLOG_BOUND_BYTES) {
    await once(zipEntryInput(sheet)!, 'drain');
  }
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * Excel has no time zones: a cell shows the date's UTC fields. This shifts an instant so that its
 * UTC fields are the wall-clock time in `timeZone`.
 */
export function wallClockOf(timeZone: string): (date: Date) => Date {
  // A zone's offset changes only on a quarter hour (every transition of the tz database is), so it
  // is looked up once per quarter hour met: a million rows' dates cost a few thousand lookups.
  const offsets = new Map<number, number>();
  const offsetAt = (quarter: number) => {
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = zoneOffsetMs(timeZone, new Date(quarter * QUARTER_HOUR_MS));
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (date) => {
    const instant = date.getTime();
    // To the second, as the sheet shows it.
    const shifted = instant + offsetAt(Math.floor(instant / QUARTER_HOUR_MS));
    return new Date(shifted - (((shifted % 1000) + 1000) % 1000));
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** A column of an uploaded sheet, found by its header: the key its cells are kept under. */
interface SheetColumn<Key extends string = string> {
  key: Key;
  header: string;
  required?: boolean;
}

/** A row of an uploaded sheet: its number in the sheet (the header row is 1) and its cells as text. */
export interface SheetRow<Key extends string = string> {
  number: number;
  cells: Map<Key, string>;
}

/** A header as it is matched: without the '*' that marks a required column, any case and spacing. */
function normalizeHeader(value: string): string {
  return value.replace(/\*/g, '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A cell's value as the text a person sees (numbers without grouping, links by their text). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/**
 * The rows of the first sheet whose first row carries every required column's header, streamed;
 * columns are found by header, in any order and any case. Other sheets (instructions, lists) are
 * skipped. When no sheet has them, throws `missingColumn` with the header of the first required
 * column the first sheet lacks.
 */
export async function* sheetRows<Key extends string>(
  data: Buffer,
  columns: readonly SheetColumn<Key>[],
  missingColumn: (header: string) => Error,
): AsyncGenerator<SheetRow<Key>> {
  const byHeader = new Map(columns.map((column) => [normalizeHeader(column.header), column.key]));
  let missing: string | undefined;
  for await (const sheet of worksheetsOf(data)) {
    // undefined: the header row is next; null: not the sheet looked for.
    let found: Map<number, Key> | null | undefined;
    for await (const row of sheet.rows) {
      const values = row.values as ExcelJS.CellValue[];
      if (found === undefined) {
        const headers = new Map<number, Key>();
        values.forEach((value, index) => {
          const key = byHeader.get(normalizeHeader(cellText(value)));
          if (key && ![...headers.values()].includes(key)) headers.set(index, key);
        });
        const keys = new Set(headers.values());
        const absent = columns.find((column) => column.required && !keys.has(column.key));
        if (absent) missing ??= absent.header;
        found = absent ? null : headers;
        continue;
      }
      if (found === null) break;
      const cells = new Map<Key, string>();
      for (const [index, key] of found) cells.set(key, cellText(values[index] ?? null));
      yield { number: row.number, cells };
    }
    if (found) return;
  }
  throw missingColumn(missing ?? columns[0].header);
}

/**
 * The sizes a zip (an .xlsx) declares for its files once unpacked, from its central directory;
 * Infinity for a zip that cannot be read or declares ZIP64 sizes. A small file that claims to
 * unpack to gigabytes (a "zip bomb") is refused with it before exceljs inflates any of it.
 */
export function declaredUnpackedSize(zip: Buffer): number {
  // The end-of-central-directory record: signature 0x06054b50, within the last 64 KB + 22 bytes.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 65_557); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return Number.POSITIVE_INFINITY;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return Number.POSITIVE_INFINITY;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}
