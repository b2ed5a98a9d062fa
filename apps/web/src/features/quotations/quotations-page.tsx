import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES } from '@fieldport/contract/operations/purchasing';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import {
  ListQuotations,
  QUOTATION_STATE_LABELS,
  QUOTATION_STATES,
  SaveQuotation,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { CustomerFilter } from '../../ui/customer-choice.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { QuotationDetailsDialog } from './quotation-details-dialog.tsx';
import { QuotationDraftDialog, type DraftStart } from './quotation-draft-dialog.tsx';
import { balanceWords, isPayable, numberWords, QuotationStateChip } from './quotation-format.tsx';
import { QuotationPaymentsList } from './quotation-payments-list.tsx';

/** The address a ticket's "Draft quotation" opens: ?new=1&ticket_id=…&customer_id=…. */
const START_KEYS = ['new', 'ticket_id', 'customer_id'] as const;

/**
 * /QuotationsList (docs/quotations.md): the quotations, newest first, every revision its own row,
 * searched by number or customer and filtered by state, payment, customer and the days drafted;
 * and the customers' payments against them. A quotation opens in its details, where it is
 * changed, sent for approval, sent to the customer, revised or paid against. Opened from a ticket
 * (`?new=1&ticket_id=&customer_id=`), a new draft starts with its customer and ticket.
 */
export default function QuotationsPage({ route, can }: FeaturePageProps) {
  const [params, setParams] = useSearchParams();
  const mayCreate = can(SaveQuotation.access);
  const [drafting, setDrafting] = useState<DraftStart | null>(() =>
    mayCreate && params.get('new') === '1'
      ? { ticketId: params.get('ticket_id'), customerId: params.get('customer_id') }
      : null,
  );
  const [viewing, setViewing] = useState<string | null>(null);
  // The start is read once: a reload or Back does not draft it again.
  useEffect(() => {
    if (START_KEYS.some((key) => params.has(key))) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of START_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      );
    }
  }, [params, setParams]);

  const newButton = mayCreate ? (
    <Button
      variant="contained"
      startIcon={<PostAddOutlined />}
      onClick={() => setDrafting({ ticketId: null, customerId: null })}
    >
      New quotation
    </Button>
  ) : undefined;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <PageTabs
        label="Quotations and payments"
        tabs={[
          {
            key: 'quotations',
            label: 'Quotations',
            content: <QuotationsList can={can} newButton={newButton} onOpen={setViewing} />,
          },
          {
            key: 'payments',
            label: 'Payments',
            content: <QuotationPaymentsList can={can} onOpenQuotation={setViewing} />,
          },
        ]}
      />
      {drafting && (
        <QuotationDraftDialog
          start={drafting}
          can={can}
          onClose={() => setDrafting(null)}
          onSaved={(saved) => {
            setDrafting(null);
            setViewing(saved.quotation_id);
          }}
        />
      )}
      {viewing && (
        // One dialog per quotation opened: its dialogs and messages start afresh.
        <QuotationDetailsDialog
          key={viewing}
          quotationId={viewing}
          listed={undefined}
          can={can}
          onOpenQuotation={setViewing}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}

function QuotationsList({
  can,
  newButton,
  onOpen,
}: {
  can: FeaturePageProps['can'];
  newButton: ReactNode;
  onOpen: (quotationId: string) => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListQuotations, {
    filters: {
      state: undefined,
      payment_status: undefined,
      customer_id: undefined,
      from_date: undefined,
      to_date: undefined,
    },
  });
  const { input } = state;
  const list = useList(ListQuotations, withDaysInOrder(input, 'from_date', 'to_date'));
  const open = (item: QuotationItem) => onOpen(item.quotation_id);

  // Widths that fit beside the menu at 1366 px; below 850 px two columns carry what matters
  // (number, customer, valid until and total; state and payment), the details the rest.
  const columns: DataTableColumn<QuotationItem>[] = [
    {
      field: 'quotation_number',
      header: 'Quotation',
      width: 190,
      minWidth: 175,
      narrowMinWidth: 150,
      render: (item) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <OpenRowLink onOpen={() => open(item)}>{numberWords(item)}</OpenRowLink>
          {narrow ? (
            <>
              <Typography variant="body2">{item.customer_name}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                Until {formatDay(item.valid_until)} · {formatRupees(item.total_amount)}
              </Typography>
            </>
          ) : (
            <Typography variant="caption" color="text.secondary" component="p">
              {format.date(item.created_on)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.4,
      minWidth: 150,
      hideOnNarrow: true,
      render: (item) => (
        <TwoLineCell first={item.customer_name} second={formatPhoneInternational(item.customer_phone)} />
      ),
    },
    {
      field: 'ticket_number',
      header: 'Ticket',
      width: 120,
      minWidth: 110,
      hideOnNarrow: true,
      priority: 3,
      render: (item) => item.ticket_number ?? '—',
    },
    {
      field: 'valid_until',
      header: 'Valid until',
      width: 125,
      minWidth: 115,
      hideOnNarrow: true,
      priority: 2,
      render: (item) => formatDay(item.valid_until),
    },
    {
      field: 'total_amount',
      header: 'Total',
      width: 125,
      minWidth: 110,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => formatRupees(item.total_amount),
    },
    {
      field: 'balance_amount',
      header: 'Paid / balance',
      width: 150,
      minWidth: 140,
      align: 'right',
      hideOnNarrow: true,
      priority: 2,
      // Nothing is owed before the customer accepts.
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
      narrowMinWidth: 165,
      render: (item) => (
        <Box sx={{ py: 0.5 }}>
          <QuotationStateChip state={item.state} />
          {isPayable(item) && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {PAYMENT_STATUS_LABELS[item.payment_status]}
            </Typography>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-label="Quotations">
      <ListToolbar
        state={state}
        searchLabel="Search number or customer"
        actions={
          <>
            <ExportButton op={ListQuotations} input={input} can={can} />
            {newButton}
          </>
        }
      >
        <ChoiceFilter
          state={state}
          filter="state"
          label="State"
          choices={QUOTATION_STATES.map((value) => ({ value, label: QUOTATION_STATE_LABELS[value] }))}
        />
        <ChoiceFilter
          state={state}
          filter="payment_status"
          label="Payment"
          width={170}
          choices={PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))}
        />
        <CustomerFilter state={state} filter="customer_id" />
        <DayRangeFilter
          state={state}
          from="from_date"
          to="to_date"
          fromLabel="Drafted from"
          toLabel="Drafted to"
        />
      </ListToolbar>
      <DataTable<QuotationItem>
        label="Quotations List"
        columns={columns}
        getRowId={(item) => item.quotation_id}
        rowLabel={(item) => `${numberWords(item)} for ${item.customer_name}`}
        rowOpensPage
        onRowOpen={open}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No quotations yet',
          description: newButton
            ? 'Draft a quotation for a customer (or from a ticket’s page): it is approved inside the organization, then sent to the customer, who accepts or rejects it from the mail.'
            : 'Quotations drafted for customers show here, with where each stands and what is paid.',
          action: newButton,
        }}
      />
    </Box>
  );
}
