/** A table printed as Markdown, aligned so that it reads in a terminal and pastes into an issue. */
export interface Column<Row> {
  header: string;
  align?: 'left' | 'right';
  value(row: Row): string;
}

export function formatTable<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, 3, ...cells.map((line) => line[index].length)),
  );
  const pad = (text: string, index: number) =>
    columns[index].align === 'right' ? text.padStart(widths[index]) : text.padEnd(widths[index]);
  const line = (values: string[]) => `| ${values.map(pad).join(' | ')} |`;
  const rule = `|${columns
    .map((column, index) =>
      column.align === 'right' ? `${'-'.repeat(widths[index] + 1)}:` : `:${'-'.repeat(widths[index] + 1)}`,
    )
    .join('|')}|`;
  return [line(columns.map((column) => column.header)), rule, ...cells.map(line)].join('\n');
}

/** 12,345 */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Fixed decimals, '-' for a missing figure. */
export function formatFixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}
