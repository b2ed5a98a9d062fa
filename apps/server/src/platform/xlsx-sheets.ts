import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/**
 * The worksheets of an uploaded .xlsx, in the workbook's order, each streamed row by row with
 * exceljs's worksheet reader.
 *
 * exceljs's own WorkbookReader reads the zip front to back with unzipper, whose parser announces
 * its end as soon as it has read the last byte, while entries it has handed on may not have been
 * consumed yet. A reader that lags (a worksheet written to a temporary file because the shared
 * strings come later, as Excel and exceljs both write them) then loses the entries after it, at
 * random under load: the workbook description, and with it every sheet. Here the zip is opened by
 * its central directory instead (the file is in memory already), so every entry is read
 * independently and in the order the reading needs: relationships, workbook, shared strings, then
 * each sheet. Only exceljs's parsing is reused, through the steps its reader takes itself.
 */
export async function* worksheetsOf(data: Buffer): AsyncGenerator<XlsxSheet> {
  const zip = await JSZip.loadAsync(data, { checkCRC32: false });
  const entry = (path: string): Readable | null => {
    const file = zip.file(path.replace(/^\//, ''));
    if (!file) return null;
    // jszip hands out a readable-stream v2 stream; exceljs iterates with `for await`.
    const stream = new PassThrough();
    pipeline(file.nodeStream('nodebuffer'), stream).catch((error: unknown) => stream.destroy(error as Error));
    return stream;
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(new PassThrough(), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as ReaderSteps;

  const rels = entry('xl/_rels/workbook.xml.rels');
  const workbook = entry('xl/workbook.xml');
  if (!rels || !workbook) throw new Error('not a workbook: xl/workbook.xml or its relationships are missing');
  await reader._parseRels(rels);
  await reader._parseWorkbook(workbook);
  const sharedStrings = entry('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings)) void _;
  else reader.sharedStrings = [];

  for (const sheet of reader.model?.sheets ?? []) {
    const target = reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target;
    const sheetNo = target?.match(/worksheets\/sheet(\d+)\.xml$/)?.[1];
    if (!target || !sheetNo) continue;
    const stream = entry(target.startsWith('/') ? target : `xl/${target}`);
    if (!stream) continue;
    for (const event of reader._parseWorksheet(stream, sheetNo))
      yield { name: event.value.name, rows: event.value };
  }
}

/** One worksheet: its tab's name and its rows, read as they are iterated. */
interface XlsxSheet {
  name: string;
  rows: AsyncIterable<ExcelJS.Row>;
}

/** The parts of exceljs's WorkbookReader (4.4) that its own `parse` uses, step by step. */
interface ReaderSteps {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader & { name: string } }>;
}
