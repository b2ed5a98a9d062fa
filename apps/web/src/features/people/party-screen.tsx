import { useState } from 'react';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import {
  PARTY_OPERATIONS,
  PARTY_SORT_KEYS,
  ResendInvitation,
  formatPhone,
  partyCreateFields,
  partyUpdateFields,
  type PartyItem,
  type PartyKind,
} from '@fieldport/contract/operations/people';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn, type RowAction } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState, useSearchOfAddress } from '../../ui/use-list.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { PEOPLE_QUERY_KEYS } from './user-form.tsx';
import { PersonCell } from './person-cell.tsx';
import { UserStatusChip } from './user-status-chip.tsx';

type Pending = { kind: 'status' | 'resend'; item: PartyItem };

const ownerFields = (creating: boolean, kind: PartyKind): FieldConfig[] => [
  { kind: 'text', name: 'party_name', label: 'Name', required: true, maxLength: 120 },
  {
    kind: 'text',
    name: 'party_gstin',
    label: 'GSTIN',
    maxLength: 15,
    helperText:
      kind === 'SERVICE_PARTNER'
        ? 'Optional: leave empty when not registered for GST (its invoices then carry no GST)'
        : 'Optional: leave empty when not registered for GST',
  },
  { kind: 'text', name: 'owner_name', label: "Owner's name", required: true, maxLength: 100 },
  ...(creating
    ? [
        {
          kind: 'text',
          name: 'owner_email_id',
          label: "Owner's email",
          required: true,
          maxLength: 254,
          helperText: 'The owner signs in with it; the invitation with a temporary password is mailed here.',
        } as FieldConfig,
      ]
    : []),
  {
    kind: 'text',
    name: 'owner_phone_number',
    label: "Owner's phone number",
    maxLength: 32,
    helperText: 'Optional. Indian numbers without +91; others with their country code.',
  },
];

/**
 * /ServicePartners and /DealersView (docs/people.md): the organization's service partners or
 * dealers, each with its owner, who manages the party's own co-ordinators and representatives, and
 * its GSTIN when registered for GST (a partner's decides the tax of its payouts: docs/payouts.md).
 */
export function PartyScreen({ kind, route, can }: FeaturePageProps & { kind: PartyKind }) {
  const operations = PARTY_OPERATIONS[kind];
  const format = useInstantFormats();
  const { noun } = operations.screen;
  const linkedSearch = useSearchOfAddress();
  const state = useListState(operations.list, { sortBy: 'party_name', search: linkedSearch });
  const list = useList(operations.list, state.input);
  const mayCreate = can(operations.create.access);
  const mayEdit = can(operations.update.access);
  const [editing, setEditing] = useState<{ item?: PartyItem } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const afterConfirm = { invalidate: PEOPLE_QUERY_KEYS, onSuccess: () => setPending(null) };
  const setStatus = useOperation(operations.activateOrDeactivate, afterConfirm);
  const resend = useOperation(ResendInvitation, afterConfirm);
  const confirm = (what: Pending) =>
    what.kind === 'status'
      ? setStatus.run({
          party_id: what.item.party_id,
          party_status: what.item.party_status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
        })
      : resend.run({ user_group: operations.screen.ownerGroup, user_id: what.item.owner_user_id ?? '' });

  const afterSave = { invalidate: PEOPLE_QUERY_KEYS, onSuccess: () => setEditing(null) };
  const create = useOperation(operations.create, afterSave);
  const update = useOperation(operations.update, afterSave);

  const columns: DataTableColumn<PartyItem>[] = [
    {
      field: 'party_name',
      header: 'Name',
      flex: 1,
      minWidth: 160,
      render: (item) => (
        <TwoLineCell first={item.party_name} second={item.party_gstin ? `GSTIN ${item.party_gstin}` : null} />
      ),
    },
    {
      field: 'owner_name',
      header: 'Owner',
      flex: 1,
      minWidth: 200,
      render: (item) =>
        item.owner_name ? (
          <PersonCell name={item.owner_name} email={item.owner_email_id} phone={item.owner_phone_number} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No owner
          </Typography>
        ),
    },
    {
      field: 'owner_status',
      header: "Owner's sign-in",
      width: 150,
      hideOnNarrow: true,
      render: (item) =>
        item.owner_status ? (
          <UserStatusChip status={item.owner_status} invitationPending={item.owner_invitation_pending} />
        ) : null,
    },
    { field: 'user_count', header: 'Users', width: 80, align: 'right', hideOnNarrow: true },
    {
      field: 'party_status',
      header: 'Status',
      width: 110,
      render: (item) => <StatusChip status={item.party_status} />,
    },
    {
      field: 'party_created_on',
      header: 'Created on',
      width: 130,
      hideOnNarrow: true,
      render: (item) => format.date(item.party_created_on),
    },
  ];

  const actions: RowAction<PartyItem>[] = mayEdit
    ? [
        {
          label: (item) => `Edit ${item.party_name}`,
          icon: () => <EditOutlined />,
          onClick: (item) => setEditing({ item }),
        },
        {
          label: (item) => `Send the invitation to the owner of ${item.party_name} again`,
          icon: () => <ForwardToInboxOutlined />,
          show: (item) =>
            item.owner_status === 'PENDING' ||
            (item.owner_invitation_pending && item.owner_status === 'ACTIVE'),
          onClick: (item) => setPending({ kind: 'resend', item }),
        },
        {
          label: (item) => `${item.party_status === 'ACTIVE' ? 'Suspend' : 'Activate'} ${item.party_name}`,
          icon: (item) =>
            item.party_status === 'ACTIVE' ? (
              <ToggleOffOutlined color="error" />
            ) : (
              <ToggleOnOutlined color="success" />
            ),
          onClick: (item) => setPending({ kind: 'status', item }),
        },
      ]
    : [];

  const addButton = mayCreate ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
      Add {noun}
    </Button>
  ) : undefined;

  const item = editing?.item;
  const save = (values: Record<string, unknown>) =>
    item
      ? update.submit(values as z.input<typeof partyUpdateFields>)
      : create.submit(values as z.input<typeof partyCreateFields>);

  const suspending = pending?.kind === 'status' && pending.item.party_status === 'ACTIVE';
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <ListToolbar
        state={state}
        searchLabel={`Search ${route.title.toLowerCase()}`}
        actions={
          <>
            <ExportButton op={operations.list} input={state.input} />
            {addButton}
          </>
        }
      />
      <DataTable<PartyItem>
        label={route.title}
        columns={columns}
        rowActions={actions}
        getRowId={(row) => row.party_id}
        list={list}
        state={state}
        sortable={PARTY_SORT_KEYS}
        empty={{
          title: `No ${noun}s yet`,
          description: mayCreate
            ? `Add the first ${noun} with its owner: the owner gets a mail with a temporary password and adds their own people.`
            : undefined,
          action: addButton,
        }}
      />
      <FormDialog
        open={editing !== null}
        title={`${item ? 'Edit' : 'Add'} ${noun}`}
        schema={(item ? partyUpdateFields : partyCreateFields) as typeof partyCreateFields}
        defaultValues={
          (item
            ? {
                party_id: item.party_id,
                party_name: item.party_name,
                party_gstin: item.party_gstin ?? '',
                owner_name: item.owner_name ?? '',
                owner_phone_number: formatPhone(item.owner_phone_number),
              }
            : {
                party_name: '',
                party_gstin: '',
                owner_name: '',
                owner_email_id: '',
                owner_phone_number: '',
              }) as z.input<typeof partyCreateFields>
        }
        submitLabel={item ? 'Save' : 'Add and invite the owner'}
        onSubmit={(values) => save(values as Record<string, unknown>)}
        onClose={() => setEditing(null)}
      >
        {(form) => <FormFields form={form} fields={ownerFields(!item, kind)} />}
      </FormDialog>
      {pending && (
        <ConfirmDialog
          open
          title={
            pending.kind === 'resend'
              ? "Send the owner's invitation again?"
              : suspending
                ? `Suspend this ${noun}?`
                : `Activate this ${noun}?`
          }
          confirmLabel={pending.kind === 'resend' ? 'Send' : suspending ? 'Suspend' : 'Activate'}
          destructive={suspending}
          busy={setStatus.isPending || resend.isPending}
          onConfirm={() => confirm(pending)}
          onClose={() => setPending(null)}
        >
          {pending.kind === 'resend'
            ? pending.item.owner_status === 'PENDING'
              ? `A new invitation link is mailed to ${pending.item.owner_email_id}. The link sent before stops working.`
              : `A new temporary password is mailed to ${pending.item.owner_email_id}. The one sent before stops working.`
            : suspending
              ? `Nobody of ${pending.item.party_name} can sign in until it is activated again ('Temporarily Suspended'). Their records stay.`
              : `The people of ${pending.item.party_name} can sign in again.`}
        </ConfirmDialog>
      )}
    </Box>
  );
}

export function ServicePartnersPage(props: FeaturePageProps) {
  return <PartyScreen {...props} kind="SERVICE_PARTNER" />;
}

export function DealersPage(props: FeaturePageProps) {
  return <PartyScreen {...props} kind="DEALER" />;
}
