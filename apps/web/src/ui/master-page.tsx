import { useMemo, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import type { RecordStatus } from '@fieldport/contract/lists';
import type { AnyMasterContract, MasterItem } from '@fieldport/contract/masters';
import type { InputOf } from '@fieldport/contract/operation';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from './data-table.tsx';
import { ExportButton } from './export-button.tsx';
import type { FeaturePageProps } from './feature-page.ts';
import { FormDialog } from './form-dialog.tsx';
import { FormFields, type FieldConfig } from './form-fields.tsx';
import { useInstantFormats } from './format.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { PageTitle } from './page-title.tsx';
import { StatusChip } from './status-chip.tsx';
import { listQueryKey, useList, useListState, type ListState } from './use-list.ts';
import { useOperation } from './use-operation.ts';

type Values = Record<string, unknown>;

/**
 * A master's screen as configuration (docs/masters.md): the contract gives the operations, the
 * form's schema, the id/name/status keys and the messages; the config says what to show.
 */
export interface MasterConfig<C extends AnyMasterContract> {
  contract: C;
  /** The page title (the shell route's title). */
  title: string;
  /** Columns besides Status and Created on, which every master gets. */
  columns: DataTableColumn<MasterItem<C>>[];
  /** The form, in order; validated by `contract.form`. */
  fields: FieldConfig[];
  /** The create form's starting values. */
  emptyValues: z.input<C['form']>;
  /** The edit form's values from an item; by default the form's keys picked from the item. */
  toForm?: (item: MasterItem<C>) => z.input<C['form']>;
  /** A note above the list (what the settings do and do not do yet). */
  notice?: ReactNode;
  /** Actions of a row besides Edit and Activate/Deactivate. */
  rowActions?: RowAction<MasterItem<C>>[];
  /** Filters the list always carries (the sub-stages of one WIP state). */
  fixedFilters?: Values;
  /** The list's own filter controls, beside search and status. */
  toolbarFilters?: (state: ListState<C['list']>) => ReactNode;
  /** Buttons beside Export and Add (an Import). */
  toolbarActions?: ReactNode;
  /**
   * The form drawn by the master itself, for what `fields` cannot say (a template's lines); by
   * default the `fields`.
   */
  renderForm?: (form: UseFormReturn<FieldValues, unknown, unknown>) => ReactNode;
  /** A wider form (lines of several fields each). */
  formMaxWidth?: 'md' | 'lg';
}

interface MasterPageProps<C extends AnyMasterContract> {
  config: MasterConfig<C>;
  can: FeaturePageProps['can'];
  /** Inside another screen's dialog: no page title. */
  embedded?: boolean;
}

export function MasterPage<C extends AnyMasterContract>({ config, can, embedded }: MasterPageProps<C>) {
  type Item = MasterItem<C>;
  const { contract } = config;
  const noun = contract.noun as string;
  const nouns = contract.nounPlural as string;
  const idOf = (item: Item) => String((item as Values)[contract.idKey]);
  const nameOf = (item: Item) => String((item as Values)[contract.nameKey]);
  const statusOf = (item: Item) => (item as Values)[contract.statusKey] as RecordStatus;
  const createdKey = String(contract.idKey).replace(/_id$/, '_created_on');
  const format = useInstantFormats();

  // The contract's default sort.
  const state = useListState<C['list']>(contract.list);
  const input = useMemo(
    () => ({ ...state.input, ...config.fixedFilters }),
    [state.input, config.fixedFilters],
  );
  const list = useList<C['list']>(contract.list, input);

  const mayCreate = can(contract.create.access);
  const mayEdit = can(contract.update.access);

  const [editing, setEditing] = useState<{ item?: Item } | null>(null);
  const [confirming, setConfirming] = useState<Item | null>(null);

  const afterSave = { invalidate: [listQueryKey(contract.list)], onSuccess: () => setEditing(null) };
  const create = useOperation(contract.create, afterSave);
  const update = useOperation(contract.update, afterSave);
  const toggle = useOperation(contract.activateOrDeactivate, {
    invalidate: [listQueryKey(contract.list)],
    onSuccess: () => setConfirming(null),
  });

  const save = (values: Values) =>
    editing?.item
      ? update.submit({ ...values, [contract.idKey]: idOf(editing.item) } as InputOf<C['update']>)
      : create.submit(values as InputOf<C['create']>);

  const toggleStatus = (item: Item) =>
    toggle.run({
      [contract.idKey]: idOf(item),
      [contract.statusKey]: statusOf(item) === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
    } as InputOf<C['activateOrDeactivate']>);

  const toForm = (item: Item): Values =>
    config.toForm
      ? (config.toForm(item) as Values)
      : Object.fromEntries(Object.keys(contract.form.shape).map((key) => [key, (item as Values)[key]]));

  const columns: DataTableColumn<Item>[] = [
    ...config.columns,
    {
      field: contract.statusKey,
      header: 'Status',
      width: 120,
      minWidth: 100,
      render: (item) => <StatusChip status={statusOf(item)} />,
    },
    {
      field: createdKey,
      header: 'Created on',
      width: 170,
      minWidth: 120,
      hideOnNarrow: true,
      render: (item) => format.dateTime(String((item as Values)[createdKey])),
    },
  ];

  const actions: RowAction<Item>[] = [
    ...(config.rowActions ?? []),
    ...(mayEdit
      ? [
          {
            label: (item: Item) => `Edit ${nameOf(item)}`,
            icon: () => <EditOutlined />,
            onClick: (item: Item) => setEditing({ item }),
          },
          {
            label: (item: Item) =>
              `${statusOf(item) === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${nameOf(item)}`,
            icon: (item: Item) =>
              statusOf(item) === 'ACTIVE' ? (
                <ToggleOffOutlined color="error" />
              ) : (
                <ToggleOnOutlined color="success" />
              ),
            onClick: (item: Item) => setConfirming(item),
          },
        ]
      : []),
  ];

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
      Add {noun}
    </Button>
  ) : undefined;

  const confirmingActive = confirming ? statusOf(confirming) === 'ACTIVE' : false;
  return (
    <Box
      component="section"
      aria-labelledby={embedded ? undefined : 'page-title'}
      aria-label={embedded ? config.title : undefined}
      sx={embedded ? { pt: 1 } : undefined}
    >
      {!embedded && <PageTitle title={config.title} />}
      {config.notice}
      <ListToolbar
        state={state}
        searchLabel={`Search ${nouns}`}
        actions={
          <>
            <ExportButton op={contract.list} input={input} can={can} />
            {config.toolbarActions}
            {addButton}
          </>
        }
      >
        {config.toolbarFilters?.(state)}
      </ListToolbar>
      <DataTable<Item>
        label={config.title}
        columns={columns}
        rowActions={actions}
        getRowId={idOf}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: `No ${nouns} yet`,
          description: mayCreate
            ? `Add the first ${noun}; it becomes a choice wherever ${nouns} are used.`
            : undefined,
          action: addButton,
        }}
      />
      <FormDialog
        open={editing !== null}
        title={editing?.item ? `Edit ${noun}` : `Add ${noun}`}
        schema={contract.form}
        defaultValues={(editing?.item ? toForm(editing.item) : config.emptyValues) as never}
        submitLabel={editing?.item ? 'Save' : 'Add'}
        maxWidth={config.formMaxWidth}
        onSubmit={(values) => save(values as Values)}
        onClose={() => setEditing(null)}
      >
        {(form) =>
          config.renderForm ? (
            config.renderForm(form as unknown as UseFormReturn<FieldValues, unknown, unknown>)
          ) : (
            <FormFields form={form} fields={config.fields} />
          )
        }
      </FormDialog>
      <ConfirmDialog
        open={confirming !== null}
        title={`${confirmingActive ? 'Deactivate' : 'Activate'} ${noun}?`}
        confirmLabel={confirmingActive ? 'Deactivate' : 'Activate'}
        destructive={confirmingActive}
        busy={toggle.isPending}
        onConfirm={() => confirming && toggleStatus(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          (confirmingActive
            ? `'${nameOf(confirming)}' will no longer be offered for new work. Records that already use it keep it. You can activate it again at any time.`
            : `'${nameOf(confirming)}' will be offered again wherever ${nouns} are chosen.`)}
      </ConfirmDialog>
    </Box>
  );
}

/** The config of a master that is only a name (namedMasterContract): one Name column and field. */
export function namedMasterConfig<C extends AnyMasterContract>(contract: C, title: string): MasterConfig<C> {
  const nameKey = contract.nameKey as string;
  const maxLength = (contract.form.shape[nameKey] as { maxLength?: number | null }).maxLength ?? undefined;
  return {
    contract,
    title,
    columns: [{ field: nameKey, header: 'Name', flex: 1, minWidth: 200 }],
    fields: [{ kind: 'text', name: nameKey, label: 'Name', required: true, maxLength }],
    emptyValues: { [nameKey]: '' } as z.input<C['form']>,
  };
}
