import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import { designations, type DesignationItem } from '@fieldport/contract/operations/designations';
import type { AccessModule } from '@fieldport/contract/operations/account';
import { buildMenu, menuInputFromUser } from '@fieldport/contract/menus';
import { callerHoldsRight, type RightGrant } from '@fieldport/contract/permissions';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { RightsEditor } from './rights-editor.tsx';

const { list: ListDesignations, create, update, activateOrDeactivate } = designations;
// A designation decides the menus of its holders: after a change the current user is fetched
// again, so that a person who edits their own designation sees it at once.
const DESIGNATION_QUERY_KEYS = [listQueryKey(ListDesignations), ['current-user']];

/** The modules a designation shows in the menu, for the list. */
function viewed(accessing: AccessModule[]): string[] {
  return accessing
    .filter((entry) => entry.module_rights.some((rights) => rights.VIEW))
    .map((entry) => entry.module_name);
}

/**
 * /DesignationsView (docs/product.md#people-designations-and-rights): the organization's
 * designations, each a set of module and sub-module rights. With access control on, the menus and
 * the server follow a change at once.
 */
export default function DesignationsPage({ route, can }: FeaturePageProps) {
  const state = useListState(ListDesignations, { sortBy: 'designation_name' });
  const list = useList(ListDesignations, state.input);
  const format = useInstantFormats();
  const mayCreate = can(create.access);
  const mayEdit = can(update.access);
  const [editing, setEditing] = useState<{ item?: DesignationItem } | null>(null);
  const [confirming, setConfirming] = useState<DesignationItem | null>(null);

  const toggle = useOperation(activateOrDeactivate, {
    invalidate: DESIGNATION_QUERY_KEYS,
    onSuccess: () => setConfirming(null),
  });

  const columns: DataTableColumn<DesignationItem>[] = [
    { field: 'designation_name', header: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'accessing_module',
      header: 'Modules in the menu',
      flex: 2,
      minWidth: 240,
      hideOnNarrow: true,
      render: (item) => {
        const names = viewed(item.accessing_module);
        return names.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            None
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py: 0.5 }}>
            {names.map((name) => (
              <Chip key={name} size="small" variant="outlined" label={name} />
            ))}
          </Box>
        );
      },
    },
    { field: 'member_count', header: 'Members', width: 100, align: 'right' },
    {
      field: 'designation_status',
      header: 'Status',
      width: 120,
      render: (item) => <StatusChip status={item.designation_status} />,
    },
    {
      field: 'designation_created_on',
      header: 'Created on',
      width: 170,
      hideOnNarrow: true,
      render: (item) => format.dateTime(item.designation_created_on),
    },
  ];

  const actions: RowAction<DesignationItem>[] = mayEdit
    ? [
        {
          label: (item) => `Edit ${item.designation_name}`,
          icon: () => <EditOutlined />,
          onClick: (item) => setEditing({ item }),
        },
        {
          label: (item) =>
            `${item.designation_status === 'ACTIVE' ? 'Deactivate' : 'Activate'} ${item.designation_name}`,
          icon: (item) =>
            item.designation_status === 'ACTIVE' ? (
              <ToggleOffOutlined color="error" />
            ) : (
              <ToggleOnOutlined color="success" />
            ),
          onClick: (item) => setConfirming(item),
        },
      ]
    : [];

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
      Add designation
    </Button>
  ) : undefined;

  const active = confirming?.designation_status === 'ACTIVE';
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 820 }}>
        A designation says which modules its members see and what they may do there. It applies to management,
        sales managers, managers, co-ordinators and store managers when access control is on (Settings ›
        Organization Settings).
      </Typography>
      <ListToolbar
        state={state}
        searchLabel="Search designations"
        actions={
          <>
            {can({ module: 'Designations', right: 'EXPORT' }) && (
              <ExportButton op={ListDesignations} input={state.input} />
            )}
            {addButton}
          </>
        }
      />
      <DataTable<DesignationItem>
        label={route.title}
        columns={columns}
        rowActions={actions}
        getRowId={(item) => item.designation_id}
        list={list}
        state={state}
        sortable={['designation_name', 'designation_status', 'designation_created_on']}
        empty={{
          title: 'No designations yet',
          description: mayCreate
            ? 'Add the first designation, then give it to members on the Users screen.'
            : undefined,
          action: addButton,
        }}
      />
      <DesignationDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={`${active ? 'Deactivate' : 'Activate'} designation?`}
        confirmLabel={active ? 'Deactivate' : 'Activate'}
        destructive={active}
        busy={toggle.isPending}
        onConfirm={() =>
          confirming &&
          toggle.run({
            designation_id: confirming.designation_id,
            designation_status: confirming.designation_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
          })
        }
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          (active
            ? `'${confirming.designation_name}' can no longer be given to members. A designation that members still hold cannot be deactivated: give them another one first.`
            : `'${confirming.designation_name}' can be given to members again.`)}
      </ConfirmDialog>
    </Box>
  );
}

function DesignationDialog({
  editing,
  onClose,
}: {
  editing: { item?: DesignationItem } | null;
  onClose: () => void;
}) {
  const item = editing?.item;
  const afterSave = { invalidate: DESIGNATION_QUERY_KEYS, onSuccess: onClose };
  const createDesignation = useOperation(create, afterSave);
  const updateDesignation = useOperation(update, afterSave);
  return (
    <FormDialog
      open={editing !== null}
      title={item ? 'Edit designation' : 'Add designation'}
      schema={create.input}
      defaultValues={{
        designation_name: item?.designation_name ?? '',
        accessing_module: item?.accessing_module ?? [],
      }}
      submitLabel={item ? 'Save' : 'Add'}
      maxWidth="md"
      onSubmit={(values) =>
        item
          ? updateDesignation.submit({ designation_id: item.designation_id, ...values })
          : createDesignation.submit(values)
      }
      onClose={onClose}
    >
      {(form) => <DesignationFields form={form} item={item} />}
    </FormDialog>
  );
}

function DesignationFields({ form, item }: { form: FormOf<typeof create.input>; item?: DesignationItem }) {
  const narrow = useNarrowScreen();
  // The server gives only rights the editor holds (docs/people.md#who-may-grant-what); the
  // editor shows the others fixed, with the reason.
  const currentUser = useCurrentUser();
  const grantRule = useMemo(() => {
    if (!currentUser) return { holds: () => false, reason: '' };
    const profile = menuInputFromUser(currentUser);
    const menu = buildMenu(profile);
    const whose = menu.ok && menu.accessControlled ? 'designation' : 'role';
    return {
      holds: (grant: RightGrant) => callerHoldsRight(profile, grant, menu),
      reason: `Your own ${whose} does not have this right, so you cannot give or remove it.`,
    };
  }, [currentUser]);
  const { ref, ...name } = form.register('designation_name');
  const errors = form.formState.errors;
  return (
    <>
      {item && item.member_count > 0 && (
        <Alert severity="info" variant="outlined">
          {item.member_count === 1 ? '1 member holds' : `${item.member_count} members hold`} this designation:
          with access control on, their menus change as soon as you save.
        </Alert>
      )}
      <FormTextField
        label="Name"
        required
        autoFocus
        {...name}
        inputRef={ref}
        error={Boolean(errors.designation_name)}
        helperText={errors.designation_name?.message}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Controller
        control={form.control}
        name="accessing_module"
        render={({ field }) => (
          <RightsEditor
            value={(field.value ?? []) as AccessModule[]}
            onChange={field.onChange}
            narrow={narrow}
            holds={grantRule.holds}
            lockedReason={grantRule.reason}
          />
        )}
      />
      {errors.accessing_module && (
        <Alert severity="error" role="alert">
          {errors.accessing_module.message ?? 'Some module rights are not valid.'}
        </Alert>
      )}
    </>
  );
}
