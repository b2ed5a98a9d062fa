import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { worksheetsOf } from './xlsx-sheets.ts';

async function rowsBySheet(data: Buffer) {
  const sheets: { name: string; rows: unknown[][] }[] = [];
  for await (const sheet of worksheetsOf(data)) {
    const rows: unknown[][] = [];
    for await (const row of sheet.rows) rows.push((row.values as unknown[]).slice(1));
    sheets.push({ name: sheet.name, rows });
  }
  return sheets;
}

describe('worksheetsOf', () => {
  it('reads every sheet in the workbook’s order, with shared strings, numbers and dates', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Read me').addRow(['Fill the Customers sheet']);
    const customers = book.addWorksheet('Customers');
    customers.addRow(['Name', 'Pincode', 'Since']);
    customers.addRow(['Priya Sharma', 560034, new Date(Date.UTC(2026, 0, 15))]);
    book.addWorksheet('Empty');
    const data = Buffer.from(await book.xlsx.writeBuffer());

    expect(await rowsBySheet(data)).toEqual([
      { name: 'Read me', rows: [['Fill the Customers sheet']] },
      {
        name: 'Customers',
        rows: [
          ['Name', 'Pincode', 'Since'],
          ['Priya Sharma', 560034, expect.any(Number)],
        ],
      },
      { name: 'Empty', rows: [] },
    ]);
  });

  it('reads a sheet that a slow reader leaves waiting between rows, and the sheets after it', async () => {
    const book = new ExcelJS.Workbook();
    for (const name of ['First', 'Second', 'Third']) {
      const sheet = book.addWorksheet(name);
      for (let row = 1; row <= 300; row++) sheet.addRow([`${name} ${row}`, row]);
    }
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const counts: Record<string, number> = {};
    for await (const sheet of worksheetsOf(data)) {
      counts[sheet.name] = 0;
      for await (const _row of sheet.rows) {
        counts[sheet.name] += 1;
        if (counts[sheet.name] % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(counts).toEqual({ First: 300, Second: 300, Third: 300 });
  });

  it('refuses what is not a workbook', async () => {
    await expect(rowsBySheet(Buffer.from('name,phone\nPriya,9810000000\n'))).rejects.toThrow();
  });
});
