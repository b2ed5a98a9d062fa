import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Labels and their values as a description list: side by side from 600 px, label above value on a
 * phone (a row's Details, a record under approval).
 */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
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
      {items.map((item) => (
        <Fragment key={item.label}>
          <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1.5, sm: 0 } }}>
            {item.label}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
