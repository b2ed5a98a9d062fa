import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Entries } from './entries.tsx';

/** One figure of a document's line (quantity, rate, tax ...), in the order both layouts show them. */
export interface LineFigure<Line> {
  label: string;
  of: (line: Line) => string;
}

/**
 * The lines of a document (a purchase order's components, a quotation's services and parts): a
 * table on a wide screen, a card each on a narrow one with its figures two by two. `name` draws
 * what the line is (its first column, its card's heading).
 */
export function DocumentLines<Line>(props: {
  lines: Line[];
  /** The table's accessible name: 'Lines of the order'. */
  label: string;
  /** The first column's header: 'Component', 'Item'. */
  nameHeader: string;
  name: (line: Line) => ReactNode;
  figures: LineFigure<Line>[];
  getKey: (line: Line) => string;
  narrow: boolean;
}) {
  return props.narrow ? <LineCards {...props} /> : <LinesTable {...props} />;
}

type LinesProps<Line> = Parameters<typeof DocumentLines<Line>>[0];

/** The lines on a wide screen; a window narrower than the table scrolls it sideways. */
function LinesTable<Line>({ lines, label, nameHeader, name, figures, getKey }: LinesProps<Line>) {
  return (
    // Focusable, so that a table wider than the window scrolls by keyboard too (WCAG 2.1.1).
    <Box tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{nameHeader}</TableCell>
            {figures.map((figure) => (
              <TableCell key={figure.label} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {figure.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={getKey(line)}>
              <TableCell sx={{ minWidth: 180 }}>{name(line)}</TableCell>
              {figures.map((figure) => (
                <TableCell key={figure.label} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {figure.of(line)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The lines on a narrow screen: a card each, its figures two by two. */
function LineCards<Line>({ lines, label, name, figures, getKey }: LinesProps<Line>) {
  return (
    <Box aria-label={label} role="region">
      <Entries>
        {lines.map((line) => (
          <Box
            component="li"
            key={getKey(line)}
            sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 1 }}
          >
            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{name(line)}</Box>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}
            >
              {figures.map((figure) => (
                <Box key={figure.label} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
                    {figure.label}
                  </Box>
                  <Box component="dd" sx={{ typography: 'body2', m: 0, textAlign: 'right' }}>
                    {figure.of(line)}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Entries>
    </Box>
  );
}
