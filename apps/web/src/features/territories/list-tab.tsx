import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { useList, useListState, type ListItem, type ListOp, type ListState } from '../../ui/use-list.ts';

/**
 * A tab of the territories screen that lists records which are not a master (pincodes, the
 * technicians' and partners' coverage): search, filters, export, the shared table, row actions.
 */
export function ListTab<Op extends ListOp>(props: {
  op: Op;
  label: string;
  searchLabel: string;
  columns: DataTableColumn<ListItem<Op>>[];
  getRowId: (item: ListItem<Op>) => string;
  rowActions?: RowAction<ListItem<Op>>[];
  filters?: (state: ListState<Op>) => ReactNode;
  empty: { title: string; description?: string };
  children?: ReactNode;
  can: FeaturePageProps['can'];
}) {
  // The list's default sort, and its status filter when it takes one, come from its contract.
  const state = useListState(props.op);
  const { input } = state;
  const list = useList(props.op, input);
  return (
    <Box component="section" aria-label={props.label} sx={{ pt: 1 }}>
      <ListToolbar
        state={state}
        searchLabel={props.searchLabel}
        actions={<ExportButton op={props.op} input={input} can={props.can} />}
      >
        {props.filters?.(state)}
      </ListToolbar>
      <DataTable<ListItem<Op>>
        label={props.label}
        columns={props.columns}
        rowActions={props.rowActions}
        getRowId={props.getRowId}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={props.empty}
      />
      {props.children}
    </Box>
  );
}
