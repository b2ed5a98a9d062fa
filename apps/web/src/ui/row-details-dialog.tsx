import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DetailDialog } from './detail-dialog.tsx';

interface DetailsColumn<Item> {
  field: string;
  header: string;
  render?: (item: Item) => ReactNode;
}

/**
 * Every column of one row, label above value: what a list shows of a row when the screen is too
 * narrow for all its columns (the row's "Details" action, docs/architecture.md#lists).
 */
export function RowDetailsDialog<Item>(props: {
  /** The row, as the list has it now; undefined when closed. */
  item: Item | undefined;
  title: string;
  columns: DetailsColumn<Item>[];
  narrow: boolean;
  onClose: () => void;
}) {
  const { item, columns, narrow, onClose } = props;
  return (
    <DetailDialog open={item !== undefined} title={props.title} narrow={narrow} onClose={onClose}>
      {item !== undefined && (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, auto) 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1.5 },
            alignItems: 'center',
          }}
        >
          {columns.map((column) => (
            <Fragment key={column.field}>
              <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1.5, sm: 0 } }}>
                {column.header}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {column.render
                  ? column.render(item)
                  : String((item as Record<string, unknown>)[column.field] ?? '—')}
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </DetailDialog>
  );
}
