import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PAYMENT_MODE_LABELS, PAYMENT_MODES } from '@fieldport/contract/operations/purchasing';
import { ListWorkFlowPayments, type QuotationPayment } from '@fieldport/contract/operations/quotations';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { numberWords } from './quotation-format.tsx';

/**
 * The Payments tab of /QuotationsList (ListWorkFlowPayments, docs/quotations.md): customers'
 * payments against quotations, newest first, searched by reference or quotation number, filtered
 * by mode and the days paid. A payment's quotation opens in its details.
 */
export function QuotationPaymentsList({
  can,
  onOpenQuotation,
}: {
  can: FeaturePageProps['can'];
  onOpenQuotation: (quotationId: string) => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListWorkFlowPayments, {
    filters: { mode: undefined, from_date: undefined, to_date: undefined },
  });
  const { input } = state;
  const list = useList(ListWorkFlowPayments, withDaysInOrder(input, 'from_date', 'to_date'));

  const columns: DataTableColumn<QuotationPayment>[] = [
    {
      field: 'paid_on',
      header: 'Paid on',
      width: 130,
      minWidth: 120,
      narrowMinWidth: 150,
      render: (payment) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatDay(payment.paid_on)}
          </Typography>
          {narrow && (
            <Typography variant="caption" color="text.secondary" component="p">
              {payment.customer_name} · {PAYMENT_MODE_LABELS[payment.mode]}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'quotation_number',
      header: 'Quotation',
      width: 190,
      minWidth: 170,
      hideOnNarrow: true,
      render: (payment) => (
        <OpenRowLink onOpen={() => onOpenQuotation(payment.quotation_id)}>{numberWords(payment)}</OpenRowLink>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.2,
      minWidth: 150,
      hideOnNarrow: true,
    },
    {
      field: 'amount',
      header: 'Amount',
      width: 130,
      minWidth: 115,
      align: 'right',
      narrowMinWidth: 110,
      render: (payment) => formatRupees(payment.amount),
    },
    {
      field: 'mode',
      header: 'Mode · reference',
      width: 190,
      minWidth: 160,
      hideOnNarrow: true,
      render: (payment) => (
        <TwoLineCell first={PAYMENT_MODE_LABELS[payment.mode]} second={payment.reference} />
      ),
    },
    {
      field: 'recorded_on',
      header: 'Recorded by',
      width: 190,
      minWidth: 160,
      hideOnNarrow: true,
      priority: 3,
      render: (payment) => (
        <TwoLineCell first={payment.recorded_by_name} second={format.dateTime(payment.recorded_on)} />
      ),
    },
  ];

  return (
    <Box component="section" aria-label="Payments">
      <ListToolbar
        state={state}
        searchLabel="Search reference or quotation number"
        actions={<ExportButton op={ListWorkFlowPayments} input={input} can={can} />}
      >
        <ChoiceFilter
          state={state}
          filter="mode"
          label="Mode"
          width={160}
          choices={PAYMENT_MODES.map((value) => ({ value, label: PAYMENT_MODE_LABELS[value] }))}
        />
        <DayRangeFilter state={state} from="from_date" to="to_date" fromLabel="Paid from" toLabel="Paid to" />
      </ListToolbar>
      <DataTable<QuotationPayment>
        label="Payments against quotations"
        columns={columns}
        getRowId={(payment) => payment.payment_id}
        rowLabel={(payment) =>
          `${formatRupees(payment.amount)} against ${numberWords(payment)} from ${payment.customer_name}`
        }
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No payments yet',
          description:
            'A customer’s payment recorded against an accepted quotation shows here, with its mode and reference.',
        }}
      />
    </Box>
  );
}
