import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { DEFAULT_PAGE_SIZE } from '@fieldport/contract/lists';
import { GetWorkflowRequest } from '@fieldport/contract/operations/approvals';
import {
  GetPayout,
  ListPayoutTickets,
  PAYOUTS_MESSAGES,
  payoutInvoicePdfPath,
  RecordPayoutPayment,
  recordPayoutPaymentSchema,
  type PayoutDetails,
  type PayoutItem,
  type PayoutLine,
} from '@fieldport/contract/operations/payouts';
import { PAYMENT_MODE_LABELS, PAYMENT_STATUS_LABELS } from '@fieldport/contract/operations/purchasing';
import { api } from '../../api/client.ts';
import { RequestDetailsDialog } from '../../ui/approval-request-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import { Entries, EntriesSection, Entry, StackedLines } from '../../ui/entries.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PaymentDialog } from '../../ui/payment-dialog.tsx';
import { TaxTotalsList } from '../../ui/tax-totals.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import {
  gstinWords,
  isPayable,
  linesWords,
  payoutKey,
  payoutQueries,
  PayoutStateChip,
  periodWords,
  supplyWords,
} from './payout-format.tsx';

type Action = 'approval' | 'pay';

/**
 * One payout in full (docs/payouts.md#payouts): the partner's and the organization's GSTINs, the
 * period, the supply, the totals, its tickets (a page at a time), extras and payments; its invoice
 * as a PDF; while it waits, its approval request; once approved, a payment against it. `listed` is
 * its row, shown while the details load. A service partner's users read it and its PDF only.
 */
export function PayoutDetailsDialog(props: {
  payoutId: string;
  listed: PayoutItem | undefined;
  can: FeaturePageProps['can'];
  onClose: () => void;
}) {
  const { payoutId, can } = props;
  const narrow = useNarrowScreen();
  const details = useQuery({
    queryKey: payoutKey(payoutId),
    queryFn: async () => (await api.query(GetPayout, { payout_id: payoutId })).data.items[0],
  });
  const payout = details.data;
  const [action, setAction] = useState<Action | null>(null);
  const closeAction = () => setAction(null);

  const shown = payout ?? props.listed;
  const actions = payout && (
    <>
      {payout.state === 'PENDING' && payout.workflow_request_id && can(GetWorkflowRequest.access) && (
        <Button variant="outlined" onClick={() => setAction('approval')}>
          Open approval
        </Button>
      )}
      <Button
        href={payoutInvoicePdfPath(payout.payout_id)}
        target="_blank"
        rel="noopener"
        startIcon={<PictureAsPdfOutlined />}
      >
        Invoice PDF
      </Button>
      {isPayable(payout) && payout.balance_amount > 0 && can(RecordPayoutPayment.access) && (
        <Button variant="contained" onClick={() => setAction('pay')}>
          Record payment
        </Button>
      )}
    </>
  );

  return (
    <>
      <DetailDialog
        open
        title={shown ? `Payout ${shown.invoice_number}` : 'Payout'}
        narrow={narrow}
        maxWidth="lg"
        onClose={props.onClose}
        actions={actions}
      >
        {details.error && !payout ? (
          <LoadError what="The payout" error={details.error} onRetry={() => void details.refetch()} />
        ) : !payout ? (
          <Box role="status" aria-label="Loading the payout">
            <Skeleton height={40} />
            <Skeleton height={120} />
            <Skeleton height={160} />
          </Box>
        ) : (
          <PayoutContent payout={payout} />
        )}
      </DetailDialog>
      {payout && action === 'approval' && payout.workflow_request_id && (
        <RequestDetailsDialog
          requestId={payout.workflow_request_id}
          listed={undefined}
          invalidate={payoutQueries(payout.payout_id)}
          onClose={closeAction}
        />
      )}
      {payout && action === 'pay' && <RecordPayoutPaymentDialog payout={payout} onClose={closeAction} />}
    </>
  );
}

/** Where the payout stands when it is not (or not yet) to be paid, in the approver's words. */
function StateAlert({ payout }: { payout: PayoutDetails }) {
  const comment = payout.decision_comment ? `: “${payout.decision_comment}”` : '.';
  switch (payout.state) {
    case 'PENDING':
      return (
        <Alert severity="warning" variant="outlined">
          Waiting for approval: it is paid once approved.
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert severity="error" variant="outlined">
          Rejected{comment} Its tickets may go on another payout.
        </Alert>
      );
    case 'WITHDRAWN':
      return (
        <Alert severity="info" variant="outlined">
          The approval request was withdrawn{comment} Its tickets may go on another payout.
        </Alert>
      );
    case 'APPROVED':
      return null;
  }
}

function PayoutContent({ payout }: { payout: PayoutDetails }) {
  const format = useInstantFormats();
  const payable = isPayable(payout);
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <PayoutStateChip state={payout.state} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {payable ? `${PAYMENT_STATUS_LABELS[payout.payment_status]} · ` : ''}
          {linesWords(payout)}
        </Typography>
      </Box>
      <StateAlert payout={payout} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <DetailList
          items={[
            {
              label: 'Service partner',
              value: (
                <StackedLines
                  first={payout.party_name}
                  rest={[gstinWords(payout.partner_gstin, payout.partner_state, 'Not registered for GST')]}
                />
              ),
            },
            {
              label: 'Organization',
              value: gstinWords(payout.organization_gstin, payout.organization_state, 'No GSTIN given'),
            },
            { label: 'Period', value: periodWords(payout) },
            { label: 'Tax', value: supplyWords(payout.supply) },
            {
              label: 'Generated',
              value: `By ${payout.raised_by_name} on ${format.dateTime(payout.created_on)} (${format.timeZone})`,
            },
            ...(payout.note
              ? [
                  {
                    label: 'Note',
                    value: <Box sx={{ whiteSpace: 'pre-wrap' }}>{payout.note}</Box>,
                  },
                ]
              : []),
          ]}
        />
        <DialogSection title="Totals">
          <TaxTotalsList
            label="Totals of the payout"
            totals={{
              taxable: payout.taxable_amount,
              cgst: payout.cgst_amount,
              sgst: payout.sgst_amount,
              igst: payout.igst_amount,
              total: payout.total_amount,
            }}
            supply={payout.supply}
            more={
              payable
                ? [
                    { label: 'Paid', amount: payout.paid_amount },
                    { label: 'Balance', amount: payout.balance_amount, strong: true },
                  ]
                : []
            }
          />
        </DialogSection>
      </Box>
      <DialogSection title="Tickets">
        <PayoutTickets payout={payout} />
      </DialogSection>
      {payout.extras.length > 0 && (
        <DialogSection title="Extras">
          <Entries>
            {payout.extras.map((extra) => (
              <Entry key={extra.line_id} title={extra.description} by={amountWords(extra)} note={null} />
            ))}
          </Entries>
        </DialogSection>
      )}
      {/* Payments are made only once it is approved. */}
      {payable && (
        <EntriesSection title="Payments" empty="Nothing paid yet.">
          {payout.payments.map((payment) => (
            <Entry
              key={payment.payment_id}
              title={`${formatRupees(payment.amount)} paid on ${formatDay(payment.paid_on)} by ${PAYMENT_MODE_LABELS[payment.mode]}`}
              by={`Reference ${payment.reference} · recorded by ${payment.recorded_by_name} on ${format.dateTime(payment.recorded_on)}`}
              note={payment.note}
            />
          ))}
        </EntriesSection>
      )}
    </Stack>
  );
}

const taxOf = (line: PayoutLine) => line.cgst + line.sgst + line.igst;

/** 'Amount ₹450.00 · GST 18% ₹81.00 · Total ₹531.00', or without GST for a partner not registered. */
function amountWords(line: PayoutLine): string {
  const gst = line.tax_rate > 0 ? ` · GST ${line.tax_rate}% ${formatRupees(taxOf(line))}` : '';
  return `Amount ${formatRupees(line.taxable)}${gst} · Total ${formatRupees(line.total)}`;
}

/** The payout's tickets, a page at a time by closing day; searched by number when there are many. */
function PayoutTickets({ payout }: { payout: PayoutDetails }) {
  const narrow = useNarrowScreen();
  const state = useListState(ListPayoutTickets);
  const input = useMemo(
    () => ({ ...state.input, payout_id: payout.payout_id }),
    [state.input, payout.payout_id],
  );
  const list = useList(ListPayoutTickets, input);
  const taxed = payout.supply !== null;
  const columns: DataTableColumn<PayoutLine>[] = [
    {
      field: 'ticket_number',
      header: 'Ticket',
      width: 150,
      minWidth: 130,
      narrowMinWidth: 170,
      render: (line) => (
        <Box sx={{ py: 0.5, minWidth: 0 }}>
          {line.ticket_id ? (
            // A new tab: the payout stays open where it was.
            <Link
              href={`/ClosedTickets?ticket_id=${encodeURIComponent(line.ticket_id)}`}
              target="_blank"
              rel="noopener"
              sx={{ fontWeight: 600 }}
            >
              {line.ticket_number}
            </Link>
          ) : (
            line.description
          )}
          {narrow && (
            <Typography variant="caption" color="text.secondary" component="p">
              {[line.closed_on ? formatDay(line.closed_on) : null, line.service_name]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'closed_on',
      header: 'Closed on',
      width: 125,
      hideOnNarrow: true,
      render: (line) => (line.closed_on ? formatDay(line.closed_on) : '—'),
    },
    {
      field: 'service_name',
      header: 'Service',
      flex: 1,
      minWidth: 150,
      hideOnNarrow: true,
      render: (line) => line.service_name ?? line.description,
    },
    {
      field: 'taxable',
      header: 'Amount',
      width: 120,
      align: 'right',
      hideOnNarrow: true,
      render: (line) => formatRupees(line.taxable),
    },
    ...(taxed
      ? [
          {
            field: 'tax_rate',
            header: 'GST',
            width: 120,
            align: 'right',
            hideOnNarrow: true,
            priority: 3,
            render: (line: PayoutLine) => `${formatRupees(taxOf(line))} (${line.tax_rate}%)`,
          } satisfies DataTableColumn<PayoutLine>,
        ]
      : []),
    {
      field: 'total',
      header: 'Total',
      width: 120,
      align: 'right',
      render: (line) => formatRupees(line.total),
    },
  ];
  return (
    <>
      {payout.ticket_count > DEFAULT_PAGE_SIZE && (
        <ListToolbar state={state} searchLabel="Search ticket number" />
      )}
      <DataTable<PayoutLine>
        label={`Tickets of ${payout.invoice_number}`}
        columns={columns}
        getRowId={(line) => line.line_id}
        rowLabel={(line) => line.ticket_number ?? line.description}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{ title: 'No tickets on this payout' }}
      />
    </>
  );
}

/** A payment to the partner: the balance, today (the organization's) and NEFT to start with. */
function RecordPayoutPaymentDialog({ payout, onClose }: { payout: PayoutDetails; onClose: () => void }) {
  const pay = useOperation(RecordPayoutPayment, {
    onSuccess: onClose,
    invalidate: payoutQueries(payout.payout_id),
  });
  return (
    <PaymentDialog
      title={`Record a payment against ${payout.invoice_number}`}
      schema={recordPayoutPaymentSchema}
      document={{ payout_id: payout.payout_id }}
      balance={payout.balance_amount}
      messages={PAYOUTS_MESSAGES}
      intro={`To ${payout.party_name}: total ${formatRupees(payout.total_amount)}, paid ${formatRupees(payout.paid_amount)}, balance ${formatRupees(payout.balance_amount)}.`}
      withMode
      submit={(values) => pay.submit(values)}
      onClose={onClose}
    />
  );
}
