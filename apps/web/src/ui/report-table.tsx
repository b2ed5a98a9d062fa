import { useCallback, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@fieldport/contract/lists';
import type { ReportColumn, ReportRow } from '@fieldport/contract/operations/reports';
import { formatFigure } from './format.ts';

/**
 * Whether the element is wider inside than it shows (a table that scrolls sideways in its card),
 * kept up to date as either changes: such a region must be reachable by keyboard to be scrolled.
 */
function useOverflows(): [(element: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [overflows, setOverflows] = useState(false);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}

/** The first column stays in view while the figures scroll under it (a phone). */
const STICKY_FIRST = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: 'inset -1px 0 0 rgba(0, 0, 0, 0.12)',
} as const;

/**
 * The rows of a report (a page of them) under their column headers, figures formatted and
 * right-aligned, the totals over every row last and in bold, and a pager when there is more than
 * a page. The table scrolls sideways inside its card when its columns do not fit (a phone), with
 * its first column kept in view; it is the accessible equivalent of the report's chart.
 */
export function ReportTable(props: {
  /** The table's accessible name. */
  label: string;
  columns: readonly ReportColumn[];
  rows: ReportRow[];
  totals: ReportRow;
  totalCount: number;
  page: number;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
  /** Another page is loading: the rows shown are the previous page's. */
  busy?: boolean;
  /**
   * A column of what a person may do with each row (a button), headed by `label`, beside the first
   * column: in view without scrolling sideways, on a phone too.
   */
  rowAction?: { label: string; render: (row: ReportRow) => ReactNode };
}) {
  const { columns, rows, totals, totalCount, page, pageSize } = props;
  const [scrollRef, overflows] = useOverflows();
  const numeric = (column: ReportColumn) => column.format !== 'text';
  const cell = (column: ReportColumn, index: number) => ({
    align: numeric(column) ? ('right' as const) : ('left' as const),
    sx: {
      whiteSpace: numeric(column) ? 'nowrap' : undefined,
      fontVariantNumeric: 'tabular-nums',
      ...(index === 0 ? { minWidth: 110 } : {}),
      ...(index === 0 && overflows ? STICKY_FIRST : {}),
    },
  });
  // The pager also stays once a person chose another page size, so that they can choose again.
  const paged = totalCount > pageSize || pageSize !== DEFAULT_PAGE_SIZE;
  return (
    <Box aria-busy={props.busy || undefined}>
      <Box
        ref={scrollRef}
        role="region"
        aria-label={`${props.label} (table)`}
        // A region that scrolls sideways is scrolled by keyboard too (arrow keys, once focused).
        tabIndex={overflows ? 0 : undefined}
        sx={{
          overflowX: 'auto',
          opacity: props.busy ? 0.6 : 1,
          transition: 'opacity 120ms',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Table size="small" aria-label={props.label} sx={{ minWidth: Math.max(320, columns.length * 105) }}>
          <TableHead>
            <TableRow>
              {columns
                .map((column, index) => (
                  <TableCell
                    key={column.key}
                    {...cell(column, index)}
                    sx={{
                      ...cell(column, index).sx,
                      whiteSpace: 'normal',
                      verticalAlign: 'bottom',
                      fontWeight: 700,
                      lineHeight: 1.3,
                    }}
                  >
                    {column.label}
                  </TableCell>
                ))
                .flatMap((header, index) =>
                  index === 0 && props.rowAction
                    ? [
                        header,
                        <TableCell
                          key="row-action"
                          sx={{ fontWeight: 700, verticalAlign: 'bottom', lineHeight: 1.3 }}
                        >
                          {props.rowAction.label}
                        </TableCell>,
                      ]
                    : [header],
                )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, rowIndex) => (
              <TableRow key={`${page}-${rowIndex}`} hover>
                {columns
                  .map((column, index) =>
                    index === 0 ? (
                      <TableCell key={column.key} component="th" scope="row" {...cell(column, index)}>
                        {formatFigure(column.format, row[column.key])}
                      </TableCell>
                    ) : (
                      <TableCell key={column.key} {...cell(column, index)}>
                        {formatFigure(column.format, row[column.key])}
                      </TableCell>
                    ),
                  )
                  .flatMap((figure, index) =>
                    index === 0 && props.rowAction
                      ? [figure, <TableCell key="row-action">{props.rowAction.render(row)}</TableCell>]
                      : [figure],
                  )}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              {columns
                .map((column, index) => (
                  <TableCell
                    key={column.key}
                    component={index === 0 ? 'th' : 'td'}
                    scope={index === 0 ? 'row' : undefined}
                    {...cell(column, index)}
                    sx={{
                      ...cell(column, index).sx,
                      fontWeight: 700,
                      fontSize: '0.875rem',
                      color: 'text.primary',
                      borderTop: 2,
                      borderTopColor: 'divider',
                      borderBottom: 0,
                    }}
                  >
                    {/* A column of names, or of figures not summed, has no total; the first says 'Total'. */}
                    {(column.format === 'text' || column.total === false) && totals[column.key] === null
                      ? ''
                      : formatFigure(column.format, totals[column.key])}
                  </TableCell>
                ))
                .flatMap((total, index) =>
                  index === 0 && props.rowAction
                    ? [
                        total,
                        <TableCell
                          key="row-action"
                          sx={{ borderTop: 2, borderTopColor: 'divider', borderBottom: 0 }}
                        />,
                      ]
                    : [total],
                )}
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
      {paged && (
        <TablePagination
          component="div"
          count={totalCount}
          page={Math.max(0, page - 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, next) => props.onPageChange(next + 1)}
          onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value) as PageSize)}
          labelDisplayedRows={({ from, to, count }) =>
            `${formatFigure('count', from)}–${formatFigure('count', to)} of ${formatFigure('count', count)}`
          }
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            // On a phone the pager wraps instead of widening the card.
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            // The page size keeps its name (aria-labelledby reads hidden text) without the room.
            '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      )}
    </Box>
  );
}
