import { useMemo } from 'react';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { PAGE_SIZES, type PageSize } from '@fieldport/contract/lists';
import type { DataTableViewProps } from './data-table.tsx';

/**
 * The MUI X Data Grid in server mode: the server pages and sorts, the grid shows what it is given.
 * Loaded only when a list is first shown (data-table.tsx imports this file lazily).
 */
export default function DataGridView<Item>(props: DataTableViewProps<Item>) {
  const { label, columns, rowActions, rows, total, loading, state, sortable, narrow, getRowId } = props;

  const gridColumns = useMemo(() => {
    const defs: GridColDef[] = columns.map((column) => ({
      field: column.field,
      headerName: column.header,
      sortable: sortable.includes(column.field),
      flex: column.flex ?? (column.width ? undefined : 1),
      // Below 850 px the columns give up width before the table scrolls sideways.
      minWidth: narrow ? Math.min(column.minWidth ?? 120, 100) : (column.minWidth ?? 120),
      width: narrow && column.width ? Math.min(column.width, 100) : column.width,
      align: column.align,
      headerAlign: column.align,
      renderCell: column.render ? (params) => column.render!(params.row as Item) : undefined,
      valueGetter: (_value, row) => (row as Record<string, unknown>)[column.field],
    }));
    if (rowActions?.length) {
      defs.push({
        field: '__actions',
        type: 'actions',
        headerName: 'Actions',
        // Below 850 px the actions fold into one menu button, so the row keeps its width.
        width: narrow ? 56 : Math.max(96, rowActions.length * 48),
        getActions: (params) =>
          rowActions
            .filter((action) => !action.show || action.show(params.row as Item))
            .map((action) => {
              const text = action.label(params.row as Item);
              return narrow ? (
                <GridActionsCellItem
                  key={text}
                  icon={action.icon(params.row as Item)}
                  label={text}
                  showInMenu
                  onClick={() => action.onClick(params.row as Item)}
                />
              ) : (
                <GridActionsCellItem
                  key={text}
                  icon={action.icon(params.row as Item)}
                  label={text}
                  title={text}
                  onClick={() => action.onClick(params.row as Item)}
                />
              );
            }),
      });
    }
    return defs;
  }, [columns, rowActions, sortable, narrow]);

  const visibility = useMemo(
    () =>
      Object.fromEntries(
        columns.filter((column) => column.hideOnNarrow).map((column) => [column.field, !narrow]),
      ),
    [columns, narrow],
  );

  const paginationModel: GridPaginationModel = {
    page: state.input.page - 1,
    pageSize: state.input.page_size,
  };
  const sortModel: GridSortModel = [{ field: state.input.sort_by, sort: state.input.sort_order }];

  return (
    <DataGrid
      aria-label={label}
      rows={rows as object[]}
      columns={gridColumns}
      getRowId={(row) => getRowId(row as Item)}
      rowCount={total}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => {
        if (model.pageSize !== state.input.page_size) state.setPageSize(model.pageSize as PageSize);
        else state.setPage(model.page + 1);
      }}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModel}
      sortingOrder={['asc', 'desc']}
      onSortModelChange={(model) => {
        const [first] = model;
        if (first?.sort) state.setSort(first.field, first.sort);
      }}
      columnVisibilityModel={visibility}
      autoHeight
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      disableColumnResize={narrow}
      // Long names and lists of chips wrap instead of being cut off.
      getRowHeight={() => 'auto'}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700 },
        '& .MuiDataGrid-cell': {
          display: 'flex',
          alignItems: 'center',
          py: 1,
          minHeight: 52,
          whiteSpace: 'normal',
          lineHeight: 1.4,
          wordBreak: 'break-word',
        },
      }}
    />
  );
}
