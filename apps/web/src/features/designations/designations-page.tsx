import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import { designations, type DesignationItem } from '@fieldport/contract/operations/designations';
import type { AccessModule } from '@fieldport/contract/operations/account';
import { buildMenu, menuInputFromUser } from '@fieldport/contract/menus';
import { callerHoldsRight, type RightGrant } from '@fieldport/contract/permissions';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { placeOnField } from '../../ui/form-dialog.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { formatDateTime } from '../../ui/master-page.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { listQueryKey, useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useCurrentUser } from '../people/use-current-user.ts';
import { RightsEditor } from './rights-editor.tsx';

const { list: ListDesignations, create, update, activateOrDeactivate } = designations;
// A designation decides the menus of its holders: after a change the current user is fetched
// again, so that a person who edits their own designation sees it at once.
const currentUserKey = ['current-user'] as const;

/** The modules a designation shows in the menu, for the list. */
function viewed(accessing: AccessModule[]): string[] {
  return accessing
    .filter((entry) => entry.module_rights.some((rights) => rights.VIEW))
    .map((entry) => entry.module_name);
}

/**
 * /DesignationsView (issue 5 item 2): the organization's designations, each a set of module and
 * sub-module rights. With access control on, the menus and the server follow a change at once.
 */
export default function DesignationsPage({ route, can }: FeaturePageProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const state = useListState({ sortBy: 'designation_name' });
  const list = useList(ListDesignations, state.input);
  const mayCreate = can(create.access);
  const mayEdit = can(update.access);
  const [editing, setEditing] = useState<{ item?: DesignationItem } | null>(null);
  const [confirming, setConfirming] = useState<DesignationItem | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: listQueryKey(ListDesignations) });
    await queryClient.invalidateQueries({ queryKey: currentUserKey });
  };

  const toggle = useMutation({
    mutationFn: (item: DesignationItem) =>
      api.mutate(activateOrDeactivate, {
        designation_id: item.designation_id,
        designation_status: item.designation_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
      }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      setConfirming(null);
      await refresh();
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
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
      render: (item) => formatDateTime(item.designation_created_on),
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
      <DesignationDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={async (message) => {
          enqueueSnackbar(message, { variant: 'success' });
          setEditing(null);
          await refresh();
        }}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={`${active ? 'Deactivate' : 'Activate'} designation?`}
        confirmLabel={active ? 'Deactivate' : 'Activate'}
        destructive={active}
        busy={toggle.isPending}
        onConfirm={() => confirming && toggle.mutate(confirming)}
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

type FormValues = z.input<typeof create.input>;

function DesignationDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: { item?: DesignationItem } | null;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const narrow = useNarrowScreen();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={editing !== null}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={narrow}
      aria-labelledby="designation-dialog-title"
    >
      {editing && (
        // A new form for each designation opened: it starts from that designation's values.
        <DesignationForm
          key={editing.item?.designation_id ?? 'new'}
          item={editing.item}
          narrow={narrow}
          onBusy={setBusy}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function DesignationForm({
  item,
  narrow,
  onBusy,
  onClose,
  onSaved,
}: {
  item?: DesignationItem;
  narrow: boolean;
  onBusy: (busy: boolean) => void;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [formError, setFormError] = useState<string | null>(null);
  // The server gives only rights the editor holds (docs/people.md "Who may grant what"); the
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
  const form = useForm<FormValues, unknown, z.output<typeof create.input>>({
    resolver: zodResolver(create.input),
    defaultValues: {
      designation_name: item?.designation_name ?? '',
      accessing_module: item?.accessing_module ?? [],
    },
    mode: 'onTouched',
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    onBusy(true);
    try {
      const answer = item
        ? await api.mutate(update, { designation_id: item.designation_id, ...values })
        : await api.mutate(create, values);
      await onSaved(answer.status_message);
    } catch (error) {
      if (!placeOnField(form, create.input, error)) {
        const message = error instanceof Error ? error.message : 'Saving failed. Please try again.';
        setFormError(message);
        enqueueSnackbar(message, { variant: 'error' });
      }
    } finally {
      onBusy(false);
    }
  });

  const { ref, ...name } = form.register('designation_name');
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="designation-dialog-title"
      onSubmit={(event) => void submit(event)}
    >
      <DialogTitle id="designation-dialog-title">{item ? 'Edit designation' : 'Add designation'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {item && item.member_count > 0 && (
            <Alert severity="info" variant="outlined">
              {item.member_count === 1 ? '1 member holds' : `${item.member_count} members hold`} this
              designation: with access control on, their menus change as soon as you save.
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
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {item ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Box>
  );
}
