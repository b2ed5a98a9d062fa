import type { Measurement } from './benchmark.ts';
import { formatCount, formatFixed, formatTable, type Column } from './table.ts';

/** Throughput of a row divided by the baseline's of the same database, or undefined. */
export function ratioToBaseline(row: Measurement, all: Measurement[]): number | undefined {
  const baseline = baselineOf(row, all);
  if (!baseline || baseline.summary.throughput === 0) return undefined;
  return row.summary.throughput / baseline.summary.throughput;
}

/** The baseline a row is compared with: same database, same group. */
export function baselineOf(row: Measurement, all: Measurement[]): Measurement | undefined {
  return all.find(
    (other) => other.database === row.database && other.role === 'baseline' && other.group === row.group,
  );
}

export function formatMeasurements(measurements: Measurement[]): string {
  const columns: Column<Measurement>[] = [
    { header: 'database', value: (row) => row.database },
    { header: 'path', value: (row) => (row.role === 'detail' ? `  ${row.path}` : row.path) },
    { header: 'requests', align: 'right', value: (row) => formatCount(row.summary.requests) },
    { header: 'errors', align: 'right', value: (row) => formatCount(row.summary.errors) },
    { header: 'req/s', align: 'right', value: (row) => formatCount(row.summary.throughput) },
    { header: 'p50 ms', align: 'right', value: (row) => formatFixed(row.summary.p50, 2) },
    { header: 'p95 ms', align: 'right', value: (row) => formatFixed(row.summary.p95, 2) },
    { header: 'p99 ms', align: 'right', value: (row) => formatFixed(row.summary.p99, 2) },
    {
      header: 'ratio to baseline',
      align: 'right',
      value: (row) => {
        if (row.role === 'baseline') return '1 (baseline)';
        const ratio = ratioToBaseline(row, measurements);
        return ratio === undefined ? '-' : formatFixed(ratio, 3);
      },
    },
  ];
  return formatTable(columns, measurements);
}

/** "PGlite: Get_Current_User_Details over HTTP / direct SQL = 0.213 (x4.7 slower)" per subject row. */
export function headlineRatios(measurements: Measurement[]): string[] {
  return measurements
    .filter((row) => row.role === 'subject')
    .flatMap((row) => {
      const baseline = baselineOf(row, measurements);
      const ratio = ratioToBaseline(row, measurements);
      if (!baseline || ratio === undefined) return [];
      const times = ratio > 0 ? ` (the baseline does ${formatFixed(1 / ratio, 1)}x as many per second)` : '';
      return [
        `${row.database}: ${row.path} / ${baseline.path} throughput = ${formatFixed(ratio, 3)}${times}`,
      ];
    });
}

/** Errors are shown, not hidden: the first message of each failing row. */
export function errorLines(measurements: Measurement[]): string[] {
  return measurements
    .filter((row) => row.summary.errors > 0)
    .map(
      (row) =>
        `${row.database} / ${row.path}: ${row.summary.errors} failed calls, first: ${row.summary.firstError ?? '?'}`,
    );
}
