import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import { isPartnerRole } from '@fieldport/contract/roles';
import {
  GeneratePayout,
  ListInvoice,
  PAYOUT_STATE_LABELS,
  PAYOUT_STATES,
  type PayoutItem,
} from '@fieldport/contract/operations/payouts';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '@fieldport/contract/operations/purchasing';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter, servicePartnerLookup } from '../../ui/lookup-filter.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { GeneratePayoutDialog } from './generate-payout-dialog.tsx';
import { PayoutDetailsDialog } from './payout-details-dialog.tsx';
import { balanceWords, isPayable, linesWords, PayoutStateChip, periodWords } from './payout-format.tsx';

/**
 * /ServicePartnerPayout (docs/payouts.md#payouts): the payouts to service partners with their
 * invoices, newest first: searched by invoice number, filtered by partner, state, payment and the
 * days generated, exported as shown. A payout opens in its details (its tickets, its PDF, its
 * approval, its payments). The staff's menu item 'Service Partner Payout' generates and pays; a
 * service partner's users ('Partner Payout') read their own payouts only (the server scopes the
 * list), so the partner's column and filter are not theirs.
 */
export default function PayoutsPage({ route, can }: FeaturePageProps) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const me = useCurrentUser();
  // Until the person is known, nothing of the staff's is shown.
  const staff = me ? !isPartnerRole(me.user_type) : false;
  const state = useListState(ListInvoice, {
    filters: {
      party_id: undefined,
      state: undefined,
      payment_status: undefined,
      from_date: undefined,
      to_date: undefined,
    },
  });
  const { input } = state;
  const list = useList(ListInvoice, withDaysInOrder(input, 'from_date', 'to_date'));
  const mayGenerate = staff && can(GeneratePayout.access);
  const [generating, setGenerating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const open = (item: PayoutItem) => setViewing(item.payout_id);

  // Widths that fit beside the menu at 1366 px; below 850 px two columns carry what matters
  // (number, partner, period and total; state and payment), the payout's details the rest.
  const columns: DataTableColumn<PayoutItem>[] = [
    {
      field: 'invoice_number',
      header: 'Invoice',
      width: 180,
      minWidth: 170,
      narrowMinWidth: 175,
      render: (item) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <OpenRowLink onOpen={() => open(item)}>{item.invoice_number}</OpenRowLink>
          {narrow && (
            <>
              {staff && <Typography variant="body2">{item.party_name}</Typography>}
              <Typography variant="caption" color="text.secondary" component="p">
                {periodWords(item)} · {formatRupees(item.total_amount)}
              </Typography>
            </>
          )}
        </Box>
      ),
    },
    ...(staff
      ? [
          {
            field: 'party_name',
            header: 'Service partner',
            flex: 1.3,
            minWidth: 160,
            hideOnNarrow: true,
            render: (item: PayoutItem) => (
              <TwoLineCell
                first={item.party_name}
                second={item.partner_gstin ? `GSTIN ${item.partner_gstin}` : 'Not registered for GST'}
              />
            ),
          } satisfies DataTableColumn<PayoutItem>,
        ]
      : []),
    {
      field: 'period_from',
      header: 'Period',
      width: 200,
      minWidth: 190,
      hideOnNarrow: true,
      render: (item) => <TwoLineCell first={periodWords(item)} second={linesWords(item)} />,
    },
    {
      field: 'created_on',
      header: `Generated (${format.timeZone})`,
      width: 175,
      minWidth: 150,
      hideOnNarrow: true,
      priority: 3,
      render: (item) => <TwoLineCell first={format.dateTime(item.created_on)} second={item.raised_by_name} />,
    },
    {
      field: 'total_amount',
      header: 'Total',
      width: 120,
      minWidth: 110,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => formatRupees(item.total_amount),
    },
    {
      field: 'paid_amount',
      header: 'Paid / balance',
      width: 150,
      minWidth: 140,
      align: 'right',
      hideOnNarrow: true,
      priority: 2,
      // Nothing is owed before the approval (or after a rejection).
      render: (item) =>
        isPayable(item) ? (
          <TwoLineCell first={formatRupees(item.paid_amount)} second={balanceWords(item)} />
        ) : (
          '—'
        ),
    },
    {
      field: 'state',
      header: 'State · payment',
      // "Waiting for approval" whole.
      width: 185,
      minWidth: 180,
      narrowMinWidth: 170,
      render: (item) => (
        <Box sx={{ py: 0.5 }}>
          <PayoutStateChip state={item.state} />
          {isPayable(item) && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {PAYMENT_STATUS_LABELS[item.payment_status]}
            </Typography>
          )}
        </Box>
      ),
    },
  ];

  const generateButton = mayGenerate ? (
    <Button variant="contained" startIcon={<RequestQuoteOutlined />} onClick={() => setGenerating(true)}>
      Generate payout
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <ListToolbar
        state={state}
        searchLabel={staff ? 'Search invoice number or partner' : 'Search invoice number'}
        actions={
          <>
            <ExportButton op={ListInvoice} input={input} can={can} />
            {generateButton}
          </>
        }
      >
        {staff && (
          <LookupFilter state={state} filter="party_id" label="Service partner" {...servicePartnerLookup} />
        )}
        <ChoiceFilter
          state={state}
          filter="state"
          label="State"
          choices={PAYOUT_STATES.map((value) => ({ value, label: PAYOUT_STATE_LABELS[value] }))}
        />
        <ChoiceFilter
          state={state}
          filter="payment_status"
          label="Payment"
          width={170}
          choices={PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))}
        />
        <DayRangeFilter
          state={state}
          from="from_date"
          to="to_date"
          fromLabel="Generated from"
          toLabel="Generated to"
        />
      </ListToolbar>
      <DataTable<PayoutItem>
        label={route.title}
        columns={columns}
        getRowId={(item) => item.payout_id}
        rowLabel={(item) => (staff ? `${item.invoice_number} to ${item.party_name}` : item.invoice_number)}
        rowOpensPage
        onRowOpen={open}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No payouts yet',
          description: !staff
            ? 'None has been generated for you yet. A payout shows here with its invoice once the organization generates it for the tickets you closed.'
            : mayGenerate
              ? 'Generate a payout for a partner and period: it adds up the tickets the partner closed in it at their rate-card amounts, waits for approval, and is then paid here.'
              : 'Payouts generated for service partners show here, with their invoices and what is paid.',
          action: generateButton,
        }}
      />
      {generating && <GeneratePayoutDialog onClose={() => setGenerating(false)} />}
      {viewing && (
        // One dialog per payout opened: its dialogs and messages start afresh.
        <PayoutDetailsDialog
          key={viewing}
          payoutId={viewing}
          listed={list.data?.items.find((item) => item.payout_id === viewing)}
          can={can}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}
