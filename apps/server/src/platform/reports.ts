import type { OperationDef, ParsedInputOf } from '@fieldport/contract/operation';
import {
  REPORT_LAYOUTS,
  type ReportColumn,
  type ReportData,
  type ReportName,
  type ReportRow,
} from '@fieldport/contract/operations/reports';
import type { Db } from '../db/client.ts';
import type { Caller } from './caller.ts';
import { defineHandler, type Handler } from './handler.ts';
import type { ExportColumn } from './lists.ts';

/**
 * Reports (docs/reports.md): a report is the rows of one aggregate, declared once with
 * `defineReport`; the GraphQL handler answers a page of them with the totals and the chart, and the
 * export route (`/api/exports/<Report>.xlsx`) writes every row with the totals under them, so the
 * screen and the workbook can never disagree.
 */

interface ReportSource<Op extends OperationDef> {
  /** Every row of the report for the input, in the report's order. */
  rows(db: Db, caller: Caller, input: ParsedInputOf<Op>): Promise<ReportRow[]>;
  /**
   * What the chart draws: a label per row and the columns drawn as series; or, for a report of
   * records (a row per contract), the chart made from every row (contracts per week).
   */
  chart:
    | { labelOf(row: ReportRow): string; series: string[] }
    | { of(rows: ReportRow[], input: ParsedInputOf<Op>, caller: Caller): ReportData['chart'] };
}

export type ReportHandler = Handler & {
  report: {
    name: ReportName;
    rows(db: Db, caller: Caller, input: unknown): Promise<ReportRow[]>;
  };
};

export function isReportHandler(handler: Handler): handler is ReportHandler {
  return 'report' in handler;
}

/** The totals of the rows: counts, amounts and hours summed; the first column reads 'Total'. */
export function reportTotals(name: ReportName, rows: ReportRow[]): ReportRow {
  const columns: readonly ReportColumn[] = REPORT_LAYOUTS[name].columns;
  const totals: ReportRow = {};
  const sum = (key: string) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  for (const column of columns) {
    if (column.total === false) {
      totals[column.key] = null;
      continue;
    }
    totals[column.key] =
      column.format === 'count' || column.format === 'amount'
        ? sum(column.key)
        : column.format === 'hours'
          ? // Hours of one decimal each, summed without a binary fraction's tail (7.3 + 8.1).
            Math.round(sum(column.key) * 10) / 10
          : null;
  }
  totals[columns[0].key] = 'Total';
  return totals;
}

function chartOf<Op extends OperationDef>(
  chart: ReportSource<Op>['chart'],
  columns: readonly ReportColumn[],
  rows: ReportRow[],
  input: ParsedInputOf<Op>,
  caller: Caller,
): ReportData['chart'] {
  if ('of' in chart) return chart.of(rows, input, caller);
  return {
    labels: rows.map(chart.labelOf),
    series: chart.series.map((key) => ({
      key,
      label: columns.find((column) => column.key === key)?.label ?? key,
      values: rows.map((row) => Number(row[key] ?? 0)),
    })),
  };
}

export function defineReport<Op extends OperationDef & { name: ReportName }>(
  operation: Op,
  source: ReportSource<Op>,
): ReportHandler {
  const name = operation.name as ReportName;
  const handler = defineHandler(operation, async (input, { db, caller }) => {
    const rows = await source.rows(db, caller, input);
    const { page, page_size } = input as { page: number; page_size: number };
    const start = (page - 1) * page_size;
    const layout = REPORT_LAYOUTS[name];
    const data: ReportData = {
      rows: rows.slice(start, start + page_size),
      totals: reportTotals(name, rows),
      total_count: rows.length,
      page,
      page_size,
      chart: chartOf(source.chart, layout.columns, rows, input, caller),
    };
    return { data: data as never };
  });
  return {
    ...(handler as unknown as Handler),
    report: { name, rows: (db, caller, input) => source.rows(db, caller, input as ParsedInputOf<Op>) },
  };
}

/** A report's columns in a workbook: amounts in rupees, days and shares as numbers. */
export function reportExportColumns(name: ReportName): ExportColumn<ReportRow>[] {
  return REPORT_LAYOUTS[name].columns.map((column) => {
    const value = (row: ReportRow) => row[column.key];
    switch (column.format) {
      case 'amount':
        return {
          header: `${column.label} (₹)`,
          width: 16,
          value: (row) => (value(row) === null ? null : Number(value(row)) / 100),
          numFmt: '#,##0.00',
        };
      case 'percent':
        return { header: `${column.label} (%)`, width: 16, value, numFmt: '0.0' };
      case 'days':
      case 'hours':
        return { header: column.label, width: 16, value, numFmt: '0.0' };
      case 'count':
        return { header: column.label, width: Math.max(10, column.label.length + 2), value, numFmt: '#,##0' };
      case 'text':
        return { header: column.label, width: 28, value };
    }
  });
}
