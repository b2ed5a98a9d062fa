import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import {
  CREDIT_ENTRY_KIND_LABELS,
  CREDIT_ENTRY_KINDS,
  GetCreditBalance,
  ListCreditTransactions,
  RechargeCredits,
  type CreditBalance,
  type CreditEntryItem,
} from '@fieldport/contract/operations/credits';
import { api } from '../../api/client.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';

const BALANCE_KEY = ['credit-balance'];
const credits = (n: number) => `${n.toLocaleString('en-IN')} ${Math.abs(n) === 1 ? 'credit' : 'credits'}`;
const signed = (n: number) =>
  n > 0 ? `+${n.toLocaleString('en-IN')}` : `−${Math.abs(n).toLocaleString('en-IN')}`;

/** The balance, what a credit costs, and how to buy more (or why one cannot here). */
function BalanceCard({
  balance,
  onRecharge,
  mayRecharge,
}: {
  balance: CreditBalance;
  onRecharge: () => void;
  mayRecharge: boolean;
}) {
  return (
    <SectionCard title="Balance">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
            {credits(balance.balance)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each new ticket uses its service&apos;s credits. One credit costs{' '}
            {formatRupees(balance.price_per_credit_paise)}.
          </Typography>
        </Box>
        {mayRecharge && (
          <Button
            variant="contained"
            startIcon={<AddCardOutlined />}
            onClick={onRecharge}
            disabled={!balance.provider_name}
          >
            Recharge
          </Button>
        )}
      </Box>
      {!balance.provider_name && (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          No payment provider is configured, so credits cannot be bought here. Ask the portal&apos;s
          administrators to configure one.
        </Alert>
      )}
    </SectionCard>
  );
}

function RechargeCost({ form, price }: { form: FormOf<typeof RechargeCredits.input>; price: number }) {
  const wanted = useWatch({ control: form.control, name: 'credits' }) as number;
  return Number.isInteger(wanted) && wanted > 0 ? (
    <Typography role="status">
      {credits(wanted)} cost {formatRupees(wanted * price)}.
    </Typography>
  ) : null;
}

function RechargeDialog({ balance, onClose }: { balance: CreditBalance; onClose: () => void }) {
  const recharge = useOperation(RechargeCredits, {
    onSuccess: onClose,
    invalidate: [BALANCE_KEY, listQueryKey(ListCreditTransactions)],
  });
  return (
    <FormDialog
      open
      title="Recharge credits"
      schema={RechargeCredits.input}
      defaultValues={{ credits: Number.NaN }}
      submitLabel={`Pay with ${balance.provider_name}`}
      onSubmit={(values) => recharge.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <FormFields
            form={form}
            fields={[{ kind: 'number', name: 'credits', label: 'Credits', required: true, min: 1 }]}
          />
          <RechargeCost form={form} price={balance.price_per_credit_paise} />
        </>
      )}
    </FormDialog>
  );
}

/**
 * /Transactions (docs/credits.md): the organization's credit balance and its ledger, newest
 * first: recharges and each ticket's spend, filtered by kind and day, exported as shown.
 */
export default function TransactionsPage({ route, can }: FeaturePageProps) {
  const format = useInstantFormats();
  const balance = useQuery({
    queryKey: BALANCE_KEY,
    queryFn: async () => (await api.query(GetCreditBalance, {})).data.items[0],
  });
  const state = useListState(ListCreditTransactions, {
    filters: { kind: undefined, from: undefined, to: undefined },
  });
  const list = useList(ListCreditTransactions, withDaysInOrder(state.input, 'from', 'to'));
  const [recharging, setRecharging] = useState(false);
  // Below 850 px the day goes under what it was, and the When column is left out.
  const narrow = useNarrowScreen();
  const whoAndWhen = (item: CreditEntryItem, ...rest: (string | null)[]) =>
    [...rest, item.created_by_name, narrow ? format.dateTime(item.created_on) : null]
      .filter(Boolean)
      .join(' · ') || null;

  const columns: DataTableColumn<CreditEntryItem>[] = [
    {
      field: 'created_on',
      header: `When (${format.timeZone})`,
      width: 190,
      hideOnNarrow: true,
      render: (item) => format.dateTime(item.created_on),
    },
    {
      field: 'kind',
      header: 'What',
      flex: 1,
      minWidth: 160,
      render: (item) =>
        item.ticket_id && item.ticket_number ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Ticket{' '}
              <Link component={RouterLink} to={`/ActiveTickets?ticket_id=${item.ticket_id}`}>
                {item.ticket_number}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {whoAndWhen(item)}
            </Typography>
          </Box>
        ) : (
          <TwoLineCell
            first={CREDIT_ENTRY_KIND_LABELS[item.kind]}
            second={whoAndWhen(item, item.reference)}
          />
        ),
    },
    {
      field: 'credits',
      header: 'Credits',
      width: 100,
      align: 'right',
      render: (item) => signed(item.credits),
    },
    {
      field: 'balance_after',
      header: 'Balance',
      width: 110,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => item.balance_after.toLocaleString('en-IN'),
    },
    {
      field: 'amount_paise',
      header: 'Paid',
      width: 130,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => (item.amount_paise === null ? '—' : formatRupees(item.amount_paise)),
    },
  ];

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Box sx={{ mb: 3 }}>
        {balance.isError ? (
          <LoadError what="the balance" error={balance.error} onRetry={() => void balance.refetch()} />
        ) : balance.data ? (
          <BalanceCard
            balance={balance.data}
            mayRecharge={can(RechargeCredits.access)}
            onRecharge={() => setRecharging(true)}
          />
        ) : (
          <Box role="status" aria-label="Loading the balance">
            <Skeleton variant="rounded" height={120} />
          </Box>
        )}
      </Box>
      <ListToolbar
        state={state}
        searchLabel="Search ticket number or payment reference"
        actions={<ExportButton op={ListCreditTransactions} input={state.input} can={can} />}
      >
        <ChoiceFilter
          state={state}
          filter="kind"
          label="What"
          choices={CREDIT_ENTRY_KINDS.map((value) => ({ value, label: CREDIT_ENTRY_KIND_LABELS[value] }))}
        />
        <DayRangeFilter state={state} from="from" to="to" fromLabel="From" toLabel="To" />
      </ListToolbar>
      <DataTable<CreditEntryItem>
        label="Credit transactions"
        columns={columns}
        getRowId={(item) => item.entry_id}
        rowLabel={(item) =>
          `${CREDIT_ENTRY_KIND_LABELS[item.kind]} ${item.ticket_number ?? ''} ${signed(item.credits)}`
        }
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No transactions yet',
          description: 'Recharges and the credits each new ticket uses show here.',
        }}
      />
      {recharging && balance.data && (
        <RechargeDialog balance={balance.data} onClose={() => setRecharging(false)} />
      )}
    </Box>
  );
}
