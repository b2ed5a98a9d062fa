import {
  REPORT_LAYOUTS,
  type ReportData,
  type ReportName,
  type ReportRow,
} from '@fieldport/contract/operations/reports';

/**
 * A chart of one bar per label, in the rows' order, the figures of the rows of one label summed:
 * a report with a row per person per day draws its figures per day over the people shown.
 */
export function summedChart(
  name: ReportName,
  rows: ReportRow[],
  labelOf: (row: ReportRow) => string,
  keys: string[],
): ReportData['chart'] {
  const labels: string[] = [];
  const index = new Map<string, number>();
  const values = keys.map(() => [] as number[]);
  for (const row of rows) {
    const label = labelOf(row);
    let at = index.get(label);
    if (at === undefined) {
      at = labels.push(label) - 1;
      index.set(label, at);
      for (const series of values) series.push(0);
    }
    keys.forEach((key, series) => {
      values[series][at] += Number(row[key] ?? 0);
    });
  }
  const columns = REPORT_LAYOUTS[name].columns as readonly { key: string; label: string }[];
  return {
    labels,
    series: keys.map((key, series) => ({
      key,
      label: columns.find((column) => column.key === key)?.label ?? key,
      // Sums of figures of one decimal, without a binary fraction's tail (7.3 + 8.1).
      values: values[series].map((value) => Math.round(value * 10) / 10),
    })),
  };
}

/** '9 Nov 2026' as a chart's day: '9 Nov' (the table says the year). */
export const chartDay = (row: ReportRow, key = 'day') => String(row[key]).replace(/ \d{4}$/, '');
