import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportColumn } from './lists.ts';

/**
 * Writes a workbook of one sheet to a stream as the rows arrive (exceljs's streaming writer):
 * every row is committed as soon as it is written, and the next batch is read only once the
 * stream has taken the previous one, so memory stays bounded whatever the number of rows.
 * Returns how many rows were written.
 */
export async function writeXlsx<Item>(options: {
  stream: Writable;
  title: string;
  columns: ExportColumn<Item>[];
  batches: AsyncIterable<Item[]>;
  /** Dates are written as the organization's wall-clock time (ARCHITECTURE.md "Data": times). */
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
    if (stream.writableNeedDrain) await once(stream, 'drain');
  }
  await options.beforeClose?.(count);
  sheet.commit();
  await workbook.commit();
  return count;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * Excel has no time zones: a cell shows the date's UTC fields. This shifts an instant so that its
 * UTC fields are the wall-clock time in `timeZone`.
 */
function wallClockOf(timeZone: string): (date: Date) => Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return new Date(
      Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second),
    );
  };
}
