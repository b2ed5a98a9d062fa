import { useEffect, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import {
  CreateLeadForm,
  ListLeadForms,
  PUBLIC_LEADS_PER_HOUR,
  UpdateLeadForm,
  type LeadFormItem,
} from '@fieldport/contract/operations/leads';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { FormBuilderDialog } from './form-builder-dialog.tsx';

/** A form's public link as people share it: this site's address and the form's path. */
const publicLinkOf = (form: Pick<LeadFormItem, 'public_path'>) =>
  form.public_path ? `${window.location.origin}${form.public_path}` : null;

/**
 * The organization's lead forms (docs/leads.md#forms): each with its questions, its public link to
 * copy (while it is public and active), its status and how many leads it brought. New form and a
 * row's Edit open the form builder.
 */
export function LeadFormsList({ can }: { can: FeaturePageProps['can'] }) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListLeadForms);
  const list = useList(ListLeadForms, state.input);
  // The builder: a new form (null) or one to edit.
  const [building, setBuilding] = useState<LeadFormItem | null | undefined>(undefined);
  const [linkShown, setLinkShown] = useState<LeadFormItem | null>(null);
  const mayCreate = can(CreateLeadForm.access);
  const mayEdit = can(UpdateLeadForm.access);
  const copy = useCopyLink(setLinkShown);

  const columns: DataTableColumn<LeadFormItem>[] = [
    {
      field: 'form_name',
      header: 'Form',
      flex: 1.4,
      minWidth: 180,
      render: (form) => (
        <Box sx={{ py: 0.5, minWidth: 0 }}>
          {mayEdit ? (
            <OpenRowLink onOpen={() => setBuilding(form)}>{form.form_name}</OpenRowLink>
          ) : (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {form.form_name}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {narrow
              ? `${questionsWords(form)} · ${leadsWords(form)} · ${form.form_status === 'ACTIVE' ? 'Active' : 'Inactive'}`
              : (form.description ?? `Created ${format.date(form.form_created_on)}`)}
          </Typography>
          {narrow && <LinkButtons form={form} onCopy={copy} />}
        </Box>
      ),
    },
    {
      field: 'fields',
      header: 'Questions',
      width: 120,
      minWidth: 110,
      hideOnNarrow: true,
      render: (form) => questionsWords(form),
    },
    {
      field: 'public_path',
      header: 'Public link',
      width: 190,
      minWidth: 170,
      hideOnNarrow: true,
      render: (form) => <LinkButtons form={form} onCopy={copy} />,
    },
    {
      field: 'form_status',
      header: 'Status',
      width: 110,
      minWidth: 100,
      hideOnNarrow: true,
      render: (form) => <StatusChip status={form.form_status} />,
    },
    {
      field: 'lead_count',
      header: 'Leads',
      width: 90,
      minWidth: 80,
      align: 'right',
      hideOnNarrow: true,
      render: (form) => form.lead_count,
    },
    {
      field: 'default_owner_name',
      header: 'Default owner',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      priority: 3,
      render: (form) =>
        form.default_owner_name ?? (
          <Typography variant="body2" color="text.secondary">
            Nobody
          </Typography>
        ),
    },
  ];
  const actions: RowAction<LeadFormItem>[] = mayEdit
    ? [{ label: (form) => `Edit ${form.form_name}`, icon: () => <EditOutlined />, onClick: setBuilding }]
    : [];
  const newButton = mayCreate && (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setBuilding(null)}>
      New form
    </Button>
  );

  return (
    <Box component="section" aria-label="Lead forms">
      <ListToolbar state={state} searchLabel="Search forms" actions={newButton} />
      <DataTable<LeadFormItem>
        label="Lead forms"
        columns={columns}
        rowActions={actions}
        getRowId={(form) => form.form_id}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No forms yet',
          description:
            'Build a form with the questions you ask people who may buy: share its public link on your website or in messages, or fill it here when someone calls.',
          action: mayCreate ? (
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setBuilding(null)}>
              New form
            </Button>
          ) : undefined,
        }}
      />
      {building !== undefined && <FormBuilderDialog form={building} onClose={() => setBuilding(undefined)} />}
      {linkShown && <PublicLinkDialog form={linkShown} onClose={() => setLinkShown(null)} />}
    </Box>
  );
}

const questionsWords = (form: LeadFormItem) =>
  `${form.fields.length} ${form.fields.length === 1 ? 'question' : 'questions'}`;
const leadsWords = (form: LeadFormItem) => `${form.lead_count} ${form.lead_count === 1 ? 'lead' : 'leads'}`;

/** Copies a form's public link; where the browser refuses the clipboard, the link is shown to copy by hand. */
function useCopyLink(showLink: (form: LeadFormItem) => void) {
  const snackbars = useSnackbars();
  return async (form: LeadFormItem) => {
    const link = publicLinkOf(form);
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      snackbars.success(`Link to '${form.form_name}' copied`);
    } catch {
      showLink(form);
    }
  };
}

/** A form's public link: copy it, open it; or why there is none. */
function LinkButtons({
  form,
  onCopy,
}: {
  form: LeadFormItem;
  onCopy: (form: LeadFormItem) => Promise<void>;
}) {
  const link = publicLinkOf(form);
  if (!link) {
    return (
      <Typography variant="body2" color="text.secondary">
        {form.form_status !== 'ACTIVE' ? 'None: the form is inactive' : 'Off'}
      </Typography>
    );
  }
  const copyLabel = `Copy link of ${form.form_name}`;
  const openLabel = `Open the public form ${form.form_name}`;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        startIcon={<ContentCopyOutlined />}
        aria-label={copyLabel}
        onClick={(event) => {
          event.stopPropagation();
          void onCopy(form);
        }}
      >
        Copy link
      </Button>
      <Tooltip title={openLabel}>
        <IconButton
          size="small"
          component="a"
          href={link}
          target="_blank"
          rel="noopener"
          aria-label={openLabel}
          onClick={(event: MouseEvent) => event.stopPropagation()}
        >
          <OpenInNewOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The link, selected to copy by hand, where the browser would not copy it. */
function PublicLinkDialog({ form, onClose }: { form: LeadFormItem; onClose: () => void }) {
  const narrow = useNarrowScreen();
  const field = useRef<HTMLInputElement>(null);
  const link = publicLinkOf(form) ?? '';
  useEffect(() => field.current?.select(), []);
  return (
    <DetailDialog open title={`Public link of ${form.form_name}`} narrow={narrow} onClose={onClose}>
      <Stack spacing={2}>
        <Typography>
          This browser would not copy the link: it is selected below, copy it with Ctrl+C (or a long press).
          Anybody with it can fill the form without signing in.
        </Typography>
        <TextField
          label="Link to the form"
          value={link}
          inputRef={field}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Typography variant="body2" color="text.secondary">
          To keep out floods, one network address may send {PUBLIC_LEADS_PER_HOUR} leads an hour through a
          form.
        </Typography>
      </Stack>
    </DetailDialog>
  );
}
