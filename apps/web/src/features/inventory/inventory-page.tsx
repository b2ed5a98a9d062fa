import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import MoveDownOutlined from '@mui/icons-material/MoveDownOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import {
  AdjustStock,
  COMPONENT_UNIT_LABELS,
  IssueComponentRequest,
  ListInventory,
  List_Components,
  ReceiveStock,
  TransferStock,
  type StockItem,
} from '@fieldport/contract/operations/inventory';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees, useInstantFormats } from '../../ui/format.ts';
import { storeLookup } from '../../ui/inventory-fields.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { LookupFilter } from '../../ui/lookup-filter.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { StateChip } from '../../ui/status-chip.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { RequestsToIssue } from './requests-to-issue.tsx';
import { AdjustStockDialog, ReceiveStockDialog, TransferStockDialog } from './stock-dialogs.tsx';

/** A movement dialog: open or closing, and the row it was opened from (none: from the toolbar). */
interface Opened {
  open: boolean;
  row: StockItem | null;
}
const closed: Opened = { open: false, row: null };

/**
 * /InventoryView (docs/inventory.md#inventory-screen): each store's stock of each component with
 * its value at the store's moving-average cost, flagged at or below the reorder level; stock is
 * received, adjusted after a count and transferred between stores from here. A partner's people
 * see their own stores.
 */
export function InventoryPage({ route, can }: FeaturePageProps) {
  const state = useListState(ListInventory, {
    filters: { service_center_id: undefined, component_id: undefined, below_reorder: undefined },
  });
  const list = useList(ListInventory, state.input);
  const format = useInstantFormats();
  const mayReceive = can(ReceiveStock.access);
  const mayAdjust = can(AdjustStock.access);
  const mayTransfer = can(TransferStock.access);
  const [receiving, setReceiving] = useState(false);
  // A dialog keeps its row while it closes, so that its title does not change under the person.
  const [adjusting, setAdjusting] = useState<Opened>(closed);
  const [transferring, setTransferring] = useState<Opened>(closed);

  const columns: DataTableColumn<StockItem>[] = [
    {
      field: 'component_name',
      header: 'Component',
      flex: 2,
      minWidth: 200,
      render: (item) => <TwoLineCell first={item.component_name} second={item.part_number} />,
    },
    {
      field: 'service_center_name',
      header: 'Store',
      flex: 1.5,
      minWidth: 180,
      render: (item) => <TwoLineCell first={item.service_center_name} second={item.party_name} />,
    },
    {
      field: 'quantity',
      header: 'Quantity',
      width: 140,
      narrowMinWidth: 110,
      align: 'right',
      // The flag stays by the quantity on a phone too, where the reorder level gives way.
      render: (item) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, py: 0.5 }}>
          <span>{`${item.quantity.toLocaleString('en-IN')} ${COMPONENT_UNIT_LABELS[item.unit]}`}</span>
          {item.below_reorder && <StateChip label="Below reorder" color="warning" />}
        </Box>
      ),
    },
    {
      field: 'reorder_level',
      header: 'Reorder level',
      width: 120,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => item.reorder_level.toLocaleString('en-IN'),
    },
    {
      field: 'average_cost',
      header: 'Average cost',
      width: 130,
      align: 'right',
      hideOnNarrow: true,
      render: (item) => formatRupees(item.average_cost),
    },
    {
      field: 'stock_value',
      header: 'Value',
      width: 140,
      align: 'right',
      render: (item) => formatRupees(item.stock_value),
    },
    {
      field: 'updated_on',
      header: `Updated (${format.timeZone})`,
      width: 190,
      hideOnNarrow: true,
      render: (item) => format.dateTime(item.updated_on),
    },
  ];

  const rowActions: RowAction<StockItem>[] = [
    ...(mayAdjust
      ? [
          {
            label: (item: StockItem) => `Adjust ${item.component_name} at ${item.service_center_name}`,
            icon: () => <TuneOutlined />,
            onClick: (item: StockItem) => setAdjusting({ open: true, row: item }),
          },
        ]
      : []),
    ...(mayTransfer
      ? [
          {
            label: (item: StockItem) => `Transfer ${item.component_name} from ${item.service_center_name}`,
            icon: () => <SwapHorizOutlined />,
            onClick: (item: StockItem) => setTransferring({ open: true, row: item }),
            show: (item: StockItem) => item.quantity > 0,
          },
        ]
      : []),
  ];

  const receiveButton = mayReceive ? (
    <Button variant="contained" startIcon={<MoveDownOutlined />} onClick={() => setReceiving(true)}>
      Receive stock
    </Button>
  ) : undefined;
  const belowReorder = state.input.below_reorder === true;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      {can(IssueComponentRequest.access) && <RequestsToIssue />}
      <ListToolbar
        state={state}
        searchLabel="Search component or part number"
        actions={
          <>
            <ExportButton op={ListInventory} input={state.input} can={can} />
            {mayAdjust && (
              <Button startIcon={<TuneOutlined />} onClick={() => setAdjusting({ open: true, row: null })}>
                Adjust
              </Button>
            )}
            {mayTransfer && (
              <Button
                startIcon={<SwapHorizOutlined />}
                onClick={() => setTransferring({ open: true, row: null })}
              >
                Transfer
              </Button>
            )}
            {receiveButton}
          </>
        }
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
        <FormControlLabel
          control={
            <Switch
              checked={belowReorder}
              onChange={(event) => state.setFilter('below_reorder', event.target.checked ? true : undefined)}
            />
          }
          label="Below reorder only"
          sx={{ mr: 0 }}
        />
      </ListToolbar>
      <DataTable<StockItem>
        label={route.title}
        columns={columns}
        rowActions={rowActions}
        getRowId={(item) => `${item.service_center_id}:${item.component_id}`}
        rowLabel={(item) => `${item.component_name} at ${item.service_center_name}`}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No stock yet',
          description: mayReceive
            ? 'Receive components into a store: each store’s stock and its value show here.'
            : 'Stock received into your stores shows here.',
          action: receiveButton,
        }}
      />
      <ReceiveStockDialog open={receiving} onClose={() => setReceiving(false)} />
      <AdjustStockDialog
        open={adjusting.open}
        row={adjusting.row}
        onClose={() => setAdjusting({ ...adjusting, open: false })}
      />
      <TransferStockDialog
        open={transferring.open}
        row={transferring.row}
        onClose={() => setTransferring({ ...transferring, open: false })}
      />
    </Box>
  );
}
