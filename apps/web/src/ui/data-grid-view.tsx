import { useMemo } from 'react';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { formatCount, PAGE_SIZES, type PageSize } from '@fieldport/contract/lists';
import Box from '@mui/material/Box';
import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { DataTableViewProps, RowAction } from './data-table.tsx';
import { fitColumns } from './fit-columns.ts';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

/**
 * The MUI X Data Grid in server mode: the server pages and sorts, the grid shows what it is given.
 * Loaded only when a list is first shown (data-table.tsx imports this file lazily).
 */
export default function DataGridView<Item>(props: DataTableViewProps<Item>) {
  const { label, columns, rowActions, rows, total, totalCapped, loading, state, sortable, narrow, getRowId } =
    props;
  const { availableWidth, rowLabel, onShowDetails, onRowOpen, selection } = props;
  const actionCount = rowActions?.length ?? 0;

  const fitted = useMemo(
    // The grid's border takes a pixel on each side.
    () =>
      fitColumns(columns, {
        available: availableWidth > 0 ? availableWidth - 2 - (selection ? CHECKBOX_COLUMN_WIDTH : 0) : 0,
        narrow,
        actionCount,
        rowOpensPage: props.rowOpensPage,
      }),
    [columns, availableWidth, narrow, actionCount, props.rowOpensPage, selection],
  );

  const gridColumns = useMemo(() => {
    const byField = new Map(columns.map((column) => [column.field, column]));
    const defs: GridColDef[] = fitted.shown.map((size) => {
      const column = byField.get(size.field)!;
      return {
        field: column.field,
        headerName: column.header,
        sortable: sortable.includes(column.field),
        flex: size.flex,
        minWidth: size.minWidth,
        width: size.width,
        align: column.align,
        headerAlign: column.align,
        renderCell: column.render ? (params) => column.render!(params.row as Item) : undefined,
        valueGetter: (_value, row) => (row as Record<string, unknown>)[column.field],
      };
    });
    // What gave way for want of width is under the row's Details.
    const details: RowAction<Item>[] = fitted.details
      ? [
          {
            label: (item) => `Details of ${rowLabel(item)}`,
            icon: () => <InfoOutlined />,
            onClick: onShowDetails,
          },
        ]
      : [];
    const actions = [...details, ...(rowActions ?? [])];
    if (actions.length) {
      defs.push({
        field: '__actions',
        type: 'actions',
        headerName: 'Actions',
        // Below 850 px the actions fold into one menu button, so the row keeps its width; the
        // header is there for screen readers only, as the column is too narrow to show it.
        renderHeader: narrow
          ? () => (
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Actions
              </Box>
            )
          : undefined,
        width: fitted.actionsWidth,
        getActions: (params) =>
          actions
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
  }, [columns, fitted, rowActions, sortable, narrow, rowLabel, onShowDetails]);

  const paginationModel: GridPaginationModel = {
    page: state.input.page - 1,
    pageSize: state.input.page_size,
  };
  const sortModel: GridSortModel = [{ field: state.input.sort_by, sort: state.input.sort_order }];

  // The chosen ids span pages; the grid only knows this page's rows. Its "select all" may answer
  // "all but these" (exclude), which is read as this page's selectable rows but those.
  const selectionProps = selection
    ? {
        checkboxSelection: true,
        checkboxSelectionVisibleOnly: true,
        keepNonExistentRowsSelected: true,
        rowSelectionModel: { type: 'include', ids: new Set(selection.selected) } as GridRowSelectionModel,
        isRowSelectable: selection.isSelectable
          ? (params: { row: unknown }) => selection.isSelectable!(params.row as Item)
          : undefined,
        onRowSelectionModelChange: (model: GridRowSelectionModel) => {
          if (model.type === 'include') {
            selection.onChange([...model.ids].map(String));
            return;
          }
          const onPage = new Set(rows.map((row) => getRowId(row)));
          const elsewhere = selection.selected.filter((id) => !onPage.has(id));
          const here = rows
            .filter((row) => !selection.isSelectable || selection.isSelectable(row))
            .map((row) => getRowId(row))
            .filter((id) => !model.ids.has(id));
          selection.onChange([...elsewhere, ...here]);
        },
      }
    : {};

  return (
    <DataGrid
      aria-label={label}
      rows={rows as object[]}
      columns={gridColumns}
      getRowId={(row) => getRowId(row as Item)}
      rowCount={total}
      localeText={{
        // A count past the cap is a lower bound: "1–50 of 10,000+" (docs/architecture.md#lists).
        paginationDisplayedRows: ({ from, to, count }) =>
          `${from.toLocaleString('en-IN')}–${to.toLocaleString('en-IN')} of ${formatCount(count, totalCapped)}`,
      }}
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
      autoHeight
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      {...selectionProps}
      onRowClick={onRowOpen ? (params) => onRowOpen(params.row as Item) : undefined}
      onCellKeyDown={
        onRowOpen
          ? (params, event) => {
              // Enter on the cell itself; a button or link inside it does its own thing.
              if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
              event.preventDefault();
              onRowOpen(params.row as Item);
            }
          : undefined
      }
      disableColumnResize={narrow}
      // Long names and lists of chips wrap instead of being cut off.
      getRowHeight={() => 'auto'}
      slots={{ baseLinearProgress: LoadingBar }}
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
      sx={{
        bgcolor: 'background.paper',
        // Headers wrap onto a second line rather than being cut off.
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, whiteSpace: 'normal', lineHeight: 1.2 },
        '& .MuiDataGrid-row': onRowOpen ? { cursor: 'pointer' } : undefined,
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

/** The grid's checkbox column. */
const CHECKBOX_COLUMN_WIDTH = 50;

/**
 * The bar over the rows while a page loads. It is drawn for the eye only: inside the grid a
 * progress bar is a child the grid role does not allow, and assistive technology already hears
 * the list's `aria-busy` (ui/data-table.tsx).
 */
function LoadingBar(props: LinearProgressProps) {
  return <LinearProgress {...props} aria-hidden />;
}
