import { Fragment } from 'react';
import Box from '@mui/material/Box';
import type { TaxAmounts, TaxSupply } from '@fieldport/contract/tax';
import { formatRupees } from './format.ts';

/** A row under the tax totals (paid, balance), bold when it is the one to read. */
export interface AmountRow {
  label: string;
  amount: number;
  strong?: boolean;
}

/**
 * A document's totals (docs/purchasing.md#tax) as a description list, amounts right-aligned:
 * taxable, CGST and SGST within a state or IGST across states, total; then the caller's rows
 * (paid, balance). With no supply yet (the vendor or the store not chosen), the tax is one GST row.
 */
export function TaxTotalsList(props: {
  totals: TaxAmounts;
  supply: TaxSupply | null;
  more?: AmountRow[];
  label: string;
}) {
  const { totals, supply } = props;
  const taxRows: AmountRow[] =
    supply === 'INTRA_STATE'
      ? [
          { label: 'CGST', amount: totals.cgst },
          { label: 'SGST', amount: totals.sgst },
        ]
      : supply === 'INTER_STATE'
        ? [{ label: 'IGST', amount: totals.igst }]
        : [{ label: 'GST', amount: totals.cgst + totals.sgst + totals.igst }];
  const rows: AmountRow[] = [
    { label: 'Taxable', amount: totals.taxable },
    ...taxRows,
    { label: 'Total', amount: totals.total, strong: true },
    ...(props.more ?? []),
  ];
  return (
    <Box
      component="dl"
      aria-label={props.label}
      sx={{
        m: 0,
        ml: 'auto',
        width: '100%',
        maxWidth: 360,
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        columnGap: 3,
        rowGap: 0.5,
      }}
    >
      {rows.map((row) => (
        <Fragment key={row.label}>
          <Box
            component="dt"
            sx={{ color: row.strong ? 'text.primary' : 'text.secondary', fontWeight: row.strong ? 700 : 400 }}
          >
            {row.label}
          </Box>
          <Box
            component="dd"
            sx={{
              m: 0,
              textAlign: 'right',
              fontVariantNumeric: 'tabular-nums',
              fontWeight: row.strong ? 700 : 400,
            }}
          >
            {formatRupees(row.amount)}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
