import { useId, useMemo, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { dayIn } from '@fieldport/contract/fields';
import {
  CONTRACT_STATE_LABELS,
  CreateContract,
  ListContracts,
  type ContractItem,
  type ContractState,
} from '@fieldport/contract/operations/contracts';
import { ListCustomers } from '@fieldport/contract/operations/customers';
import { ListAmcTypes } from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { CountBadge } from '../../ui/count-badge.tsx';
import { CustomerFilter } from '../../ui/customer-choice.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState, type ListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import {
  periodNote,
  periodWords,
  productsWords,
  serialsWords,
  STATE_TABS,
  visitsWords,
} from './contract-format.ts';
import { ContractDetailsDialog, quotationHref } from './contract-details-dialog.tsx';
import { ContractStateChip } from './contract-state-chip.tsx';
import { EnterContractDialog } from './enter-contract-dialog.tsx';

/** The row's own click opens its details; a link in it goes where it says instead. */
const stopRowOpen = (event: MouseEvent) => event.stopPropagation();

/** Where a contract came from: its quotation (a link), or entered here. */
function SourceWords({ contract }: { contract: ContractItem }) {
  if (contract.source === 'QUOTATION' && contract.quotation_id) {
    return (
      <Link component={RouterLink} to={quotationHref(contract.quotation_id)} onClick={stopRowOpen}>
        Quotation {contract.quotation_number}
      </Link>
    );
  }
  return <>Entered</>;
}

/**
 * /ContractsList (docs/contracts.md): the AMC contracts, those ending first first, so that the
 * renewals to chase lead; tabs by state with "Renewal due" counted, searched by number or customer,
 * filtered by customer and AMC type, exported as shown. A contract opens in its details, where it
 * is renewed; New contract enters one sold outside a quotation.
 */
export default function ContractsPage({ route, can }: FeaturePageProps) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  const state = useListState(ListContracts, {
    filters: { state: undefined, customer_id: undefined, amc_type_id: undefined },
  });
  const { input } = state;
  const list = useList(ListContracts, input);
  const readsTypes = can(ListAmcTypes.access);
  const readsCustomers = can(ListCustomers.access);
  // Entering chooses a customer and one of the AMC types, which other modules' rights read.
  const mayEnter = can(CreateContract.access) && readsTypes && readsCustomers;
  const [entering, setEntering] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const open = (contract: ContractItem) => setViewing(contract.contract_id);

  // Widths that fit beside the menu at 1366 px; below 850 px the contract (with its customer,
  // period and amount) and its state, its details the rest.
  const columns: DataTableColumn<ContractItem>[] = [
    {
      field: 'contract_number',
      header: 'Contract',
      width: 170,
      minWidth: 160,
      narrowMinWidth: 190,
      render: (contract) => (
        <Box sx={{ py: 0.5, lineHeight: 1.3, minWidth: 0 }}>
          <OpenRowLink onOpen={() => open(contract)}>{contract.contract_number}</OpenRowLink>
          {narrow ? (
            <>
              <Typography variant="body2">{contract.customer_name}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {periodWords(contract)} · {formatRupees(contract.amount)}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              <SourceWords contract={contract} />
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Customer',
      flex: 1.2,
      minWidth: 140,
      hideOnNarrow: true,
      render: (contract) => (
        <TwoLineCell
          first={contract.customer_name}
          second={formatPhoneInternational(contract.customer_phone)}
        />
      ),
    },
    {
      field: 'amc_type_name',
      header: 'AMC type · visits',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      render: (contract) => (
        <TwoLineCell first={contract.amc_type_name} second={visitsWords(contract.visits_per_item)} />
      ),
    },
    {
      field: 'end_date',
      header: 'Period',
      // '23 Dec 2025 – 22 Dec 2026' on one line.
      width: 215,
      minWidth: 205,
      hideOnNarrow: true,
      // Days, not names: not in bold, so that both fit on one line.
      render: (contract) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{periodWords(contract)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {periodNote(contract, today)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'items',
      header: 'Products',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      priority: 3,
      render: (contract) => (
        <TwoLineCell first={productsWords(contract.items)} second={serialsWords(contract.items)} />
      ),
    },
    {
      field: 'amount',
      header: 'Amount',
      width: 115,
      minWidth: 105,
      align: 'right',
      hideOnNarrow: true,
      render: (contract) => formatRupees(contract.amount),
    },
    {
      field: 'state',
      header: 'State',
      // "Renewal due" whole.
      width: 135,
      minWidth: 130,
      narrowMinWidth: 125,
      render: (contract) => <ContractStateChip state={contract.state} />,
    },
  ];

  const newButton = mayEnter ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEntering(true)}>
      New contract
    </Button>
  ) : undefined;

  const tabsId = useId();
  const chosenState = (input.state ?? 'ALL') as ContractState | 'ALL';
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <StateTabs state={state} chosen={chosenState} id={tabsId} />
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${chosenState}`}>
        <ListToolbar
          state={state}
          searchLabel="Search contract number or customer"
          actions={
            <>
              <ExportButton op={ListContracts} input={input} can={can} />
              {newButton}
            </>
          }
        >
          {readsCustomers && <CustomerFilter state={state} filter="customer_id" />}
          {readsTypes && (
            <LookupFilter
              state={state}
              filter="amc_type_id"
              label="AMC type"
              list={ListAmcTypes}
              valueKey="amc_type_id"
              labelKey="amc_type_name"
            />
          )}
        </ListToolbar>
        <DataTable<ContractItem>
          label={route.title}
          columns={columns}
          getRowId={(contract) => contract.contract_id}
          rowLabel={(contract) => `${contract.contract_number} for ${contract.customer_name}`}
          rowOpensPage
          onRowOpen={open}
          list={list}
          state={state}
          sortable={state.sortable}
          empty={{
            title: 'No AMC contracts yet',
            description: mayEnter
              ? 'Contracts come from quotations the customers accept, or are entered here for AMCs sold otherwise: a customer’s products under an AMC type from a day.'
              : 'AMC contracts show here once customers accept quotations with an AMC, or contracts are entered.',
            action: newButton,
          }}
        />
      </Box>
      {entering && <EnterContractDialog onClose={() => setEntering(false)} />}
      {viewing && (
        // One dialog per contract opened: its dialogs and messages start afresh.
        <ContractDetailsDialog
          key={viewing}
          contractId={viewing}
          listed={list.data?.items.find((contract) => contract.contract_id === viewing)}
          mayEnter={mayEnter}
          onClose={() => setViewing(null)}
        />
      )}
    </Box>
  );
}

/**
 * The list's state filter as tabs: All, then the renewals to chase (counted under the same search
 * and filters, in the warning colour), then the others.
 */
function StateTabs({
  state,
  chosen,
  id,
}: {
  state: ListState<typeof ListContracts>;
  chosen: ContractState | 'ALL';
  id: string;
}) {
  const { input } = state;
  const countInput = useMemo(
    () => ({ ...input, state: 'RENEWAL_DUE' as const, page: 1, page_size: 10 as const }),
    [input],
  );
  const renewals = useList(ListContracts, countInput);
  const tab = (value: ContractState | 'ALL', label: string) => ({
    value,
    id: `${id}-tab-${value}`,
    'aria-controls': `${id}-panel`,
    label,
  });
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs
        value={chosen}
        onChange={(_, value: ContractState | 'ALL') =>
          state.setFilter('state', value === 'ALL' ? undefined : value)
        }
        aria-label="Contracts by state"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab {...tab('ALL', 'All')} />
        {STATE_TABS.map((value) =>
          value === 'RENEWAL_DUE' ? (
            <Tab
              key={value}
              {...tab(value, CONTRACT_STATE_LABELS[value])}
              icon={<WarningAmberOutlined fontSize="small" color="warning" />}
              iconPosition="start"
              sx={{ minHeight: 48 }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {CONTRACT_STATE_LABELS[value]}
                  <CountBadge
                    count={renewals.data?.total_count}
                    capped={renewals.data?.total_capped}
                    selected={chosen === value}
                    noun={{ one: 'contract', many: 'contracts' }}
                  />
                </Box>
              }
            />
          ) : (
            <Tab key={value} {...tab(value, CONTRACT_STATE_LABELS[value])} />
          ),
        )}
      </Tabs>
    </Box>
  );
}
