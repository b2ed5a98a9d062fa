import { useMemo } from 'react';
import { ListProductFleet, type FleetItem } from '@fieldport/contract/operations/product-fleet';
import { DataTable, type RowAction } from './data-table.tsx';
import { fleetColumns } from './fleet-columns.tsx';
import { useList, useListState } from './use-list.ts';

/**
 * One customer's products (docs/product-fleet.md#screens): their fleet items with where each is
 * installed, its coverage today, its status and how many of its tickets the reader may see; the
 * customer's details and Customer Products both show it.
 */
export function CustomerProductsList(props: {
  customerId: string;
  customerName: string;
  pageSize?: 10 | 25;
  /** Opens an item (its details), from a row click, Enter or the row's action. */
  onOpen?: (item: FleetItem) => void;
  rowActions?: RowAction<FleetItem>[];
}) {
  const state = useListState(ListProductFleet, {
    sortBy: 'serial_number',
    sortOrder: 'asc',
    pageSize: props.pageSize ?? 10,
  });
  const input = useMemo(
    () => ({ ...state.input, customer_id: props.customerId }),
    [state.input, props.customerId],
  );
  const list = useList(ListProductFleet, input);
  return (
    <DataTable<FleetItem>
      label={`Products of ${props.customerName}`}
      columns={fleetColumns({ dealer: false, customer: false, tickets: true })}
      getRowId={(item) => item.fleet_item_id}
      onRowOpen={props.onOpen}
      rowActions={props.rowActions}
      list={list}
      state={state}
      sortable={['serial_number', 'fleet_item_created_on', 'warranty_end_date']}
      empty={{
        title: 'No products recorded',
        description: `Products installed at ${props.customerName} appear here once they are added to the fleet.`,
      }}
    />
  );
}
