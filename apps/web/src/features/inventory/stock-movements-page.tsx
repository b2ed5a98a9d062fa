import Box from '@mui/material/Box';
import {
  ListStockMovements,
  List_Components,
  STOCK_MOVEMENT_LABELS,
  STOCK_MOVEMENT_TYPES,
  type StockMovementItem,
} from '@fieldport/contract/operations/inventory';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { storeLookup } from '../../ui/inventory-fields.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';

/** A signed change as people write it: "+5", "−3", "0". */
const signed = (n: number) =>
  n > 0 ? `+${n.toLocaleString('en-IN')}` : n < 0 ? `−${(-n).toLocaleString('en-IN')}` : '0';

/** Where the units came from or went, for a transfer; the technician for a ticket's movement. */
function counterpart(item: StockMovementItem): string | null {
  if (item.movement_type === 'TRANSFER_OUT') return `To ${item.other_service_center_name ?? 'another store'}`;
  if (item.movement_type === 'TRANSFER_IN')
    return `From ${item.other_service_center_name ?? 'another store'}`;
  return item.technician_name ? `Technician: ${item.technician_name}` : null;
}

/**
 * /ComponentsTransactionHistory (docs/inventory.md#transaction-history-screen): the stock ledger,
 * newest first; every row with its signed quantity, the store's balance after it, its cost and
 * value, and why. Filters by store, component, kind and days of the organization's time zone;
 * exported as shown.
 */
export function StockMovementsPage({ route, can }: FeaturePageProps) {
  const state = useListState(ListStockMovements, {
    filters: {
      service_center_id: undefined,
      component_id: undefined,
      movement_type: undefined,
      from_date: undefined,
      to_date: undefined,
    },
  });
  const { input } = state;
  const list = useList(ListStockMovements, withDaysInOrder(input, 'from_date', 'to_date'));
  const format = useInstantFormats();

  const columns: DataTableColumn<StockMovementItem>[] = [
    {
      field: 'movement_on',
      header: `When (${format.timeZone})`,
      width: 170,
      narrowMinWidth: 100,
      render: (item) => format.dateTime(item.movement_on),
    },
    {
      field: 'movement_type',
      header: 'Kind',
      width: 145,
      // On a phone the signed quantity tells in from out; the kind is under the row's Details.
      priority: 2,
      render: (item) => (
        <TwoLineCell first={STOCK_MOVEMENT_LABELS[item.movement_type]} second={counterpart(item)} />
      ),
    },
    {
      field: 'component_name',
      header: 'Component',
      flex: 1.5,
      minWidth: 160,
      priority: 1,
      render: (item) => <TwoLineCell first={item.component_name} second={item.part_number} />,
    },
    { field: 'service_center_name', header: 'Store', flex: 1, minWidth: 130, priority: 2 },
    {
      field: 'quantity',
      header: 'Quantity',
      width: 110,
      narrowMinWidth: 95,
      align: 'right',
      // On a phone: when, what and how many.
      priority: 0,
      render: (item) => (
        <TwoLineCell
          first={
            item.consumed_quantity !== null
              ? `${item.consumed_quantity.toLocaleString('en-IN')} used`
              : signed(item.quantity)
          }
          second={`Balance ${item.balance_after.toLocaleString('en-IN')}`}
        />
      ),
    },
    {
      field: 'unit_cost',
      header: 'Unit cost',
      width: 120,
      align: 'right',
      hideOnNarrow: true,
      // What gives way first on a laptop: the unit cost, who, the ticket (all under Details).
      priority: 5,
      render: (item) => formatRupees(item.unit_cost),
    },
    {
      field: 'value',
      header: 'Value',
      width: 120,
      align: 'right',
      priority: 2,
      render: (item) => formatRupees(item.consumed_value ?? item.value),
    },
    {
      field: 'reference',
      header: 'Reference / reason',
      flex: 1.5,
      minWidth: 150,
      hideOnNarrow: true,
      render: (item) => (
        <TwoLineCell first={item.reference ?? (item.reason ? '' : '—')} second={item.reason} />
      ),
    },
    {
      field: 'ticket_number',
      header: 'Ticket',
      width: 130,
      hideOnNarrow: true,
      priority: 3,
      render: (item) => item.ticket_number ?? '—',
    },
    { field: 'created_by_name', header: 'By', width: 150, hideOnNarrow: true, priority: 4 },
  ];

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <ListToolbar
        state={state}
        searchLabel="Search component or part number"
        actions={<ExportButton op={ListStockMovements} input={input} can={can} />}
      >
        <LookupFilter state={state} filter="service_center_id" label="Store" {...storeLookup} />
        <LookupFilter
          state={state}
          filter="component_id"
          label="Component"
          list={List_Components}
          valueKey="component_id"
          labelKey="component_name"
        />
        <ChoiceFilter
          state={state}
          filter="movement_type"
          label="Kind"
          choices={STOCK_MOVEMENT_TYPES.map((value) => ({ value, label: STOCK_MOVEMENT_LABELS[value] }))}
        />
        <DayRangeFilter state={state} from="from_date" to="to_date" fromLabel="From" toLabel="To" />
      </ListToolbar>
      <DataTable<StockMovementItem>
        label={route.title}
        columns={columns}
        getRowId={(item) => item.stock_movement_id}
        rowLabel={(item) =>
          `${STOCK_MOVEMENT_LABELS[item.movement_type]} ${item.component_name} at ${item.service_center_name}`
        }
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No stock movements yet',
          description: 'Receipts, transfers, adjustments and the parts of tickets show here as they happen.',
        }}
      />
    </Box>
  );
}
