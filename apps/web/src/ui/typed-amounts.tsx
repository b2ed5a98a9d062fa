import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GST_RATES, rateToBasisPoints } from '@fieldport/contract/gst';
import { taxLine, taxTotals, type TaxAmounts, type TaxSupply } from '@fieldport/contract/tax';
import { formatRupees } from './format.ts';
import { TaxTotalsList } from './tax-totals.tsx';

/**
 * A document's amounts while its lines are typed (a purchase order, a quotation), worked out in
 * paise line by line as the server will keep them (packages/contract/src/tax.ts,
 * docs/purchasing.md#tax).
 */

/** A line as its form holds it: any field may still be empty (NaN, undefined) or wrong. */
export interface TypedLine {
  quantity?: unknown;
  unit_price?: unknown;
  discount?: unknown;
  tax_rate?: unknown;
}

const whole = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * A line's amounts as the server will keep them, or null while the line is not complete (or its
 * discount is more than the line). Until the supply is known the tax is worked out as one IGST
 * figure: the same total, not yet split.
 */
export function typedLineAmounts(line: TypedLine | undefined, supply: TaxSupply | null): TaxAmounts | null {
  if (!line) return null;
  const { quantity, unit_price, discount = 0, tax_rate } = line;
  if (!whole(quantity) || quantity < 1 || !whole(unit_price) || !whole(discount)) return null;
  if (!(GST_RATES as readonly number[]).includes(tax_rate as number)) return null;
  if (discount > quantity * unit_price) return null;
  return taxLine(
    { quantity, unit_price, discount, tax_rate_bp: rateToBasisPoints(tax_rate as number) },
    supply ?? 'INTER_STATE',
  );
}

/** "Taxable ₹900.00 + GST ₹162.00 = ₹1,062.00" under a line, once it is complete. */
export function TypedLineAmounts({
  line,
  supply,
}: {
  line: TypedLine | undefined;
  supply: TaxSupply | null;
}) {
  const amounts = typedLineAmounts(line, supply);
  if (!amounts) return null;
  const tax = amounts.cgst + amounts.sgst + amounts.igst;
  return (
    <Typography variant="body2" color="text.secondary">
      Taxable {formatRupees(amounts.taxable)} + GST {formatRupees(tax)} ={' '}
      <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {formatRupees(amounts.total)}
      </Box>
    </Typography>
  );
}

/**
 * The document's totals as typed, under `supplyWords` (which supply applies, and why), and how many
 * lines are not counted yet.
 */
export function TypedTotals(props: {
  lines: TypedLine[];
  supply: TaxSupply | null;
  supplyWords: ReactNode;
  /** The totals' accessible name: 'Totals of the order'. */
  label: string;
}) {
  const amounts = props.lines.map((line) => typedLineAmounts(line, props.supply));
  const complete = amounts.filter((line): line is TaxAmounts => line !== null);
  const incomplete = amounts.length - complete.length;
  return (
    <Box
      component="section"
      aria-label="Totals"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}
    >
      {/* Said when it changes: the parties' states decide the tax. */}
      <Typography variant="body2" role="status">
        {props.supplyWords}
      </Typography>
      <TaxTotalsList label={props.label} totals={taxTotals(complete)} supply={props.supply} />
      {incomplete > 0 && (
        <Typography variant="caption" color="text.secondary">
          {incomplete === 1 ? 'One line is' : `${incomplete} lines are`} not complete and not counted yet.
        </Typography>
      )}
    </Box>
  );
}
