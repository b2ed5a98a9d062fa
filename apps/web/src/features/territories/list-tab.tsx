import { useMemo, type ReactNode } from 'react';
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
  /** Whether the list takes a status filter (its contract's input has `status`). */
  statusFilter?: boolean;
  filters?: (state: ListState) => ReactNode;
  empty: { title: string; description?: string };
  children?: ReactNode;
  can: FeaturePageProps['can'];
}) {
  const defaults = props.op.input.parse({}) as { sort_by: string; sort_order: 'asc' | 'desc' };
  const state = useListState({ sortBy: defaults.sort_by, sortOrder: defaults.sort_order });
  const input = useMemo(() => {
    if (props.statusFilter) return state.input;
    // A strict input without `status` refuses one.
    const { status: _status, ...rest } = state.input;
    return rest;
  }, [state.input, props.statusFilter]);
  const list = useList(props.op, input);
  const shape = props.op.input as unknown as { shape: { sort_by: { unwrap(): { options: string[] } } } };
  return (
    <Box component="section" aria-label={props.label} sx={{ pt: 1 }}>
      <ListToolbar
        state={state}
        searchLabel={props.searchLabel}
        statusFilter={props.statusFilter ?? false}
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
        sortable={shape.shape.sort_by.unwrap().options}
        empty={props.empty}
      />
      {props.children}
    </Box>
  );
}
