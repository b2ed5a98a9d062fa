import Typography from '@mui/material/Typography';
import { QUOTATION_LINE_KIND_LABELS, type PublicQuotation } from '@fieldport/contract/operations/quotations';
import { DocumentLines, type LineFigure } from '../../ui/document-lines.tsx';
import { formatRupees } from '../../ui/format.ts';

/** A line as both the details and the customer's page have it. */
type ShownLine = PublicQuotation['lines'][number];

/** The tax of a line: CGST + SGST or IGST. */
const taxOf = (line: ShownLine) => line.cgst + line.sgst + line.igst;

const LINE_FIGURES: LineFigure<ShownLine>[] = [
  { label: 'Quantity', of: (line) => line.quantity.toLocaleString('en-IN') },
  { label: 'Rate', of: (line) => formatRupees(line.unit_price) },
  { label: 'Discount', of: (line) => formatRupees(line.discount) },
  { label: 'Taxable', of: (line) => formatRupees(line.taxable) },
  { label: 'GST', of: (line) => `${formatRupees(taxOf(line))} (${line.tax_rate}%)` },
  { label: 'Total', of: (line) => formatRupees(line.total) },
];

function LineName({ line }: { line: ShownLine }) {
  const more = [
    QUOTATION_LINE_KIND_LABELS[line.kind],
    line.hsn_code ? `HSN ${line.hsn_code}` : null,
    line.fleet_item_serial ? `for ${line.fleet_item_serial}` : null,
  ].filter(Boolean);
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {line.description}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {more.join(' · ')}
      </Typography>
    </>
  );
}

/**
 * A quotation's lines (docs/quotations.md): what each is (its kind, HSN or SAC code, the product it
 * is for), quantity, rate, discount, taxable amount, GST and total; in the portal's details and on
 * the customer's page alike.
 */
export function QuotationLinesView({ lines, narrow }: { lines: ShownLine[]; narrow: boolean }) {
  // The customer's page has no line ids: a line is its place in the quotation.
  const numbered = lines.map((line, index) => ({ ...line, key: String(index) }));
  return (
    <DocumentLines
      lines={numbered}
      label="Lines of the quotation"
      nameHeader="Item"
      name={(line) => <LineName line={line} />}
      figures={LINE_FIGURES}
      getKey={(line) => line.key}
      narrow={narrow}
    />
  );
}
