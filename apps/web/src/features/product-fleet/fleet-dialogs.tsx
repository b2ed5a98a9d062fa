import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { WithdrawWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { formatFileSize } from '@fieldport/contract/operations/files';
import { ListDealers } from '@fieldport/contract/operations/people';
import { List_Services } from '@fieldport/contract/operations/product-catalogue';
import {
  ActivateOrDeactivateProductFleetItem,
  COVERAGE_LABELS,
  CreateProductFleetItem,
  FLEET_MAX_FILES,
  GetProductFleetItem,
  ListAmcTypes,
  ListProductFleet,
  TagProductFleetItem,
  UpdateProductFleetItem,
  fleetItemFormSchema,
  type FleetEventKind,
  type FleetItem,
  type FleetItemDetail,
} from '@fieldport/contract/operations/product-fleet';
import { ListProductFleetStatuses } from '@fieldport/contract/operations/settings';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { ticketStateLabel, type TicketState } from '@fieldport/contract/ticket-states';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CustomerChoice } from '../../ui/customer-choice.tsx';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { formatDay, useInstantFormats } from '../../ui/format.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { CoverageChip, coverageText } from '../../ui/coverage.tsx';
import { ApprovalChip } from '../../ui/fleet-columns.tsx';

export const fleetItemQueryKey = (id: string) => ['fleet-item', id];

type FleetForm = z.input<typeof fleetItemFormSchema>;

const emptyFleetItem = (): FleetForm => ({
  serial_number: '',
  service_id: '',
  customer_id: null,
  location_id: null,
  invoice_date: '',
  installation_date: '',
  warranty_months: 12,
  warranty_end_date: '',
  amc_type_id: '',
  amc_start_date: '',
  product_fleet_status_id: '',
  notes: '',
  dealer_party_id: '',
  fleet_item_files: [],
});

const fleetItemToForm = (item: FleetItem): FleetForm => ({
  serial_number: item.serial_number,
  service_id: item.service_id,
  customer_id: item.customer_id,
  location_id: item.location_id,
  invoice_date: item.invoice_date ?? '',
  installation_date: item.installation_date ?? '',
  warranty_months: item.warranty_months ?? Number.NaN,
  warranty_end_date: item.warranty_end_explicit ? (item.warranty_end_date ?? '') : '',
  amc_type_id: item.amc_type_id ?? '',
  amc_start_date: item.amc_start_date ?? '',
  product_fleet_status_id: item.product_fleet_status_id ?? '',
  notes: item.notes ?? '',
  dealer_party_id: item.dealer_party_id ?? '',
  fleet_item_files: item.fleet_item_files,
});

/** The item's own fields; staff also name the dealer it was sold through. */
function itemFields(staff: boolean): FieldConfig[] {
  return [
    {
      kind: 'text',
      name: 'serial_number',
      label: 'Serial number',
      required: true,
      maxLength: 60,
      helperText: 'As printed on the product: letters, digits and / . _ -',
    },
    {
      kind: 'lookup',
      name: 'service_id',
      label: 'Product',
      required: true,
      list: List_Services,
      valueKey: 'service_id',
      labelKey: 'service_name',
    },
    { kind: 'date', name: 'invoice_date', label: 'Invoice date' },
    { kind: 'date', name: 'installation_date', label: 'Installation date' },
    {
      kind: 'number',
      name: 'warranty_months',
      label: 'Warranty (months)',
      min: 0,
      max: 240,
      helperText: 'Counted from installation, or from the invoice until installed',
    },
    {
      kind: 'date',
      name: 'warranty_end_date',
      label: 'Warranty end date',
      helperText: 'Only when the warranty ends on another day than the months say',
    },
    {
      kind: 'lookup',
      name: 'amc_type_id',
      label: 'AMC type',
      list: ListAmcTypes,
      valueKey: 'amc_type_id',
      labelKey: 'amc_type_name',
    },
    { kind: 'date', name: 'amc_start_date', label: 'AMC start date' },
    {
      kind: 'lookup',
      name: 'product_fleet_status_id',
      label: 'Fleet status',
      list: ListProductFleetStatuses,
      valueKey: 'product_fleet_status_id',
      labelKey: 'product_fleet_status_name',
    },
    ...(staff
      ? [
          {
            kind: 'lookup' as const,
            name: 'dealer_party_id',
            label: 'Sold through dealer',
            list: ListDealers,
            valueKey: 'party_id',
            labelKey: 'party_name',
          },
        ]
      : []),
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true, maxLength: 1000 },
    {
      kind: 'files',
      name: 'fleet_item_files',
      label: 'Files',
      purpose: 'FLEET_FILE',
      max: FLEET_MAX_FILES,
      helperText: 'Invoice, warranty card, photos: images or PDF, up to 10 MB each',
    },
  ];
}

/** Add a fleet item: where it is installed (or none: in stock), then the product and its cover. */
export function AddFleetItemDialog(props: { open: boolean; staff: boolean; onClose: () => void }) {
  const create = useOperation(CreateProductFleetItem, {
    onSuccess: props.onClose,
    invalidate: [listQueryKey(ListProductFleet)],
  });
  return (
    <FormDialog
      open={props.open}
      title="Add fleet item"
      schema={fleetItemFormSchema}
      defaultValues={emptyFleetItem() as never}
      submitLabel={props.staff ? 'Add' : 'Send for approval'}
      onSubmit={(values) => create.submit(values)}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          {!props.staff && (
            <Alert severity="info" variant="outlined">
              The organization approves a new item before it can be used for tickets.
            </Alert>
          )}
          <FormFields form={form as never} fields={itemFields(props.staff)} />
          <CustomerChoice
            form={form as never}
            autoFocus={false}
            helperText="Where it is installed; leave empty while it is in stock"
          />
        </>
      )}
    </FormDialog>
  );
}

/** Edit a fleet item's own fields (its customer changes by tagging). */
export function EditFleetItemDialog(props: {
  editing: FleetItem | null;
  staff: boolean;
  onClose: () => void;
}) {
  const update = useOperation(UpdateProductFleetItem, {
    onSuccess: props.onClose,
    invalidate: (input) => [fleetItemQueryKey(input.fleet_item_id), listQueryKey(ListProductFleet)],
  });
  const editing = props.editing;
  return (
    <FormDialog
      open={editing !== null}
      title={editing ? `Edit ${editing.serial_number}` : 'Edit fleet item'}
      schema={fleetItemFormSchema}
      defaultValues={(editing ? fleetItemToForm(editing) : emptyFleetItem()) as never}
      onSubmit={({ customer_id: _customer, location_id: _location, ...values }) =>
        update.submit({ ...values, fleet_item_id: editing!.fleet_item_id })
      }
      onClose={props.onClose}
    >
      {(form) => <FormFields form={form as never} fields={itemFields(props.staff)} />}
    </FormDialog>
  );
}

const tagSchema = z
  .object({ customer_id: z.string().nullable(), location_id: z.string().nullable() })
  .refine((value) => Boolean(value.customer_id), { path: ['customer_id'], message: 'Choose a customer' });

/** Tag an item to a customer: at once for staff, after approval for a dealer's people. */
export function TagFleetItemDialog(props: {
  tagging: FleetItem | null;
  staff: boolean;
  onClose: () => void;
}) {
  const tag = useOperation(TagProductFleetItem, {
    onSuccess: props.onClose,
    invalidate: (input) => [fleetItemQueryKey(input.fleet_item_id), listQueryKey(ListProductFleet)],
  });
  const item = props.tagging;
  return (
    <FormDialog
      open={item !== null}
      title={item ? `Tag ${item.serial_number} to a customer` : 'Tag to a customer'}
      schema={tagSchema}
      defaultValues={{ customer_id: null, location_id: null } as never}
      submitLabel={props.staff ? 'Tag' : 'Send for approval'}
      onSubmit={(values) =>
        tag.submit({
          fleet_item_id: item!.fleet_item_id,
          customer_id: values.customer_id!,
          location_id: values.location_id,
        })
      }
      onClose={props.onClose}
    >
      {(form) => (
        <>
          {item?.customer_name && (
            <Typography variant="body2">
              Now at {item.customer_name}
              {item.location_summary ? `, ${item.location_summary}` : ''}.
            </Typography>
          )}
          <CustomerChoice form={form as never} />
        </>
      )}
    </FormDialog>
  );
}

/** Activate or deactivate, after saying what it means. */
export function FleetItemStatusDialog(props: { confirming: FleetItem | null; onClose: () => void }) {
  const item = props.confirming;
  const change = useOperation(ActivateOrDeactivateProductFleetItem, {
    onSuccess: props.onClose,
    invalidate: (input) => [fleetItemQueryKey(input.fleet_item_id), listQueryKey(ListProductFleet)],
  });
  const deactivating = item?.fleet_item_status === 'ACTIVE';
  return (
    <ConfirmDialog
      open={item !== null}
      title={deactivating ? 'Deactivate fleet item?' : 'Activate fleet item?'}
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      destructive={deactivating}
      busy={change.isPending}
      onConfirm={() =>
        change.run({
          fleet_item_id: item!.fleet_item_id,
          fleet_item_status: deactivating ? 'INACTIVE' : 'ACTIVE',
        })
      }
      onClose={props.onClose}
    >
      {item &&
        (deactivating
          ? `${item.serial_number} will no longer be offered for new tickets. Its history and tickets stay.`
          : `${item.serial_number} will be offered for new tickets again.`)}
    </ConfirmDialog>
  );
}

const EVENT_LABELS: Record<FleetEventKind, string> = {
  CREATED: 'Added',
  UPDATED: 'Changed',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  TAG_REQUESTED: 'Tagging asked',
  TAGGED: 'Tagged',
  TAG_REJECTED: 'Tagging refused',
  ACTIVATED: 'Activated',
  DEACTIVATED: 'Deactivated',
  AMC_VISIT_USED: 'AMC visit used',
  TRANSFERRED: 'Transferred',
};

/** One item in full: coverage, where it is, its dates and its history; the actions it allows. */
export function FleetItemDetailsDialog(props: {
  itemId: string | null;
  staff: boolean;
  /** Edit and Tag to customer, where the screen offers them (and the reader may change it). */
  changes?: { onEdit: (item: FleetItem) => void; onTag: (item: FleetItem) => void };
  onClose: () => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const detail = useQuery({
    queryKey: fleetItemQueryKey(props.itemId ?? ''),
    enabled: Boolean(props.itemId),
    queryFn: async () =>
      (await api.query(GetProductFleetItem, { fleet_item_id: props.itemId! })).data.items[0],
  });
  const item: FleetItemDetail | undefined = detail.data;
  const [withdrawing, setWithdrawing] = useState(false);
  // Whoever raised the waiting request may take it back here: a dealer's people have no approvals screen.
  const withdrawAction = item?.pending_request?.raised_by_you ? (
    <Button color="inherit" size="small" onClick={() => setWithdrawing(true)}>
      Withdraw request
    </Button>
  ) : undefined;
  const changes = props.changes;
  const changeable = Boolean(item && changes && item.may_edit && item.approval_state !== 'PENDING');
  return (
    <DetailDialog
      open={props.itemId !== null}
      title={item ? `${item.serial_number} · ${item.service_name}` : 'Fleet item'}
      narrow={narrow}
      onClose={props.onClose}
      actions={
        changeable && item && changes ? (
          <>
            {item.approval_state === 'APPROVED' && !item.pending_customer_name && (
              <Button onClick={() => changes.onTag(item)}>Tag to customer</Button>
            )}
            <Button variant="contained" onClick={() => changes.onEdit(item)}>
              Edit
            </Button>
          </>
        ) : undefined
      }
    >
      {detail.isError ? (
        <LoadError what="The fleet item" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !item ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading the fleet item">
          <Skeleton height={32} />
          <Skeleton height={80} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <CoverageChip coverage={item.coverage} />
            <Typography sx={{ fontWeight: 600 }}>{coverageText(item.coverage)}</Typography>
            <StatusChip status={item.fleet_item_status} />
            {item.approval_state !== 'APPROVED' && <ApprovalChip state={item.approval_state} />}
          </Box>
          {item.approval_state === 'PENDING' && (
            <Alert severity="warning" variant="outlined" action={withdrawAction}>
              Waiting for approval in Product Fleet Approvals; it cannot be used for tickets until then.
            </Alert>
          )}
          {item.pending_customer_name && (
            <Alert severity="info" variant="outlined" action={withdrawAction}>
              Tagging to {item.pending_customer_name} waits for approval.
            </Alert>
          )}
          <DetailList
            items={[
              { label: 'Customer', value: item.customer_name ?? 'In stock: no customer yet' },
              {
                label: 'Phone',
                value: item.customer_phone ? formatPhoneInternational(item.customer_phone) : '—',
              },
              { label: 'Installed at', value: item.location_summary ?? '—' },
              ...(props.staff ? [{ label: 'Dealer', value: item.dealer_name ?? 'The organization' }] : []),
              { label: 'Invoice date', value: item.invoice_date ? formatDay(item.invoice_date) : '—' },
              {
                label: 'Installation date',
                value: item.installation_date ? formatDay(item.installation_date) : '—',
              },
              {
                label: 'Warranty',
                value: item.warranty_end_date
                  ? `Until ${formatDay(item.warranty_end_date)}${item.warranty_months && !item.warranty_end_explicit ? ` (${item.warranty_months} months)` : ''}`
                  : 'None recorded',
              },
              {
                label: 'AMC',
                value:
                  item.amc_type_name && item.amc_start_date && item.amc_end_date
                    ? `${item.amc_type_name}: ${formatDay(item.amc_start_date)} to ${formatDay(item.amc_end_date)}, ${
                        item.amc_visits_included === null
                          ? 'unlimited visits'
                          : `${item.amc_visits_used} of ${item.amc_visits_included} visits used`
                      }`
                    : 'None',
              },
              { label: 'Fleet status', value: item.product_fleet_status_name ?? '—' },
              { label: 'Added', value: format.dateTime(item.fleet_item_created_on) },
              ...(item.notes ? [{ label: 'Notes', value: item.notes }] : []),
              ...(item.fleet_item_files.length
                ? [
                    {
                      label: 'Files',
                      value: (
                        <Box
                          component="ul"
                          sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
                        >
                          {item.fleet_item_files.map((file) => (
                            <li key={file.file_name}>
                              <Link href={file.file_url} target="_blank" rel="noopener" underline="hover">
                                {file.file_name}
                              </Link>{' '}
                              <Typography component="span" variant="caption" color="text.secondary">
                                {formatFileSize(file.file_size)}
                              </Typography>
                            </li>
                          ))}
                        </Box>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Divider />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Tickets ({item.ticket_count})
          </Typography>
          {item.tickets.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No tickets for this item yet.
            </Typography>
          ) : (
            <Box
              component="ul"
              aria-label="Tickets"
              sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}
            >
              {item.tickets.map((ticket) => (
                <Box
                  component="li"
                  key={ticket.ticket_id}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {ticket.ticket_number}
                  </Typography>
                  <Typography variant="body2">{ticketStateLabel(ticket.state as TicketState)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    raised {format.dateTime(ticket.created_on)}
                    {ticket.closed_on ? ` · closed ${format.dateTime(ticket.closed_on)}` : ''}
                    {ticket.coverage ? ` · ${COVERAGE_LABELS[ticket.coverage].toLowerCase()}` : ''}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {item.ticket_count > item.tickets.length && (
            <Typography variant="caption" color="text.secondary">
              The latest {item.tickets.length} of {item.ticket_count} are shown.
            </Typography>
          )}
          <Divider />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            History
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {item.history.map((event) => (
              <Box component="li" key={event.event_id}>
                <Typography variant="body2">
                  <strong>{EVENT_LABELS[event.kind]}</strong>
                  {event.details ? `: ${event.details}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {format.dateTime(event.at)}
                  {event.by_name ? ` · ${event.by_name}` : ''}
                </Typography>
              </Box>
            ))}
          </Box>
        </Stack>
      )}
      {item?.pending_request && (
        <WithdrawRequestDialog
          open={withdrawing}
          itemId={item.fleet_item_id}
          requestId={item.pending_request.request_id}
          onClose={() => setWithdrawing(false)}
        />
      )}
    </DetailDialog>
  );
}

const withdrawSchema = WithdrawWorkflowRequest.input.pick({ reason: true });

/** The requester takes back the approval waiting on an item, with an optional reason. */
function WithdrawRequestDialog(props: {
  open: boolean;
  itemId: string;
  requestId: string;
  onClose: () => void;
}) {
  const withdraw = useOperation(WithdrawWorkflowRequest, {
    onSuccess: props.onClose,
    invalidate: () => [fleetItemQueryKey(props.itemId), listQueryKey(ListProductFleet)],
  });
  return (
    <FormDialog
      open={props.open}
      title="Withdraw the request?"
      schema={withdrawSchema}
      defaultValues={{ reason: '' }}
      submitLabel="Withdraw"
      onSubmit={(values) => withdraw.submit({ request_id: props.requestId, reason: values.reason })}
      onClose={props.onClose}
    >
      {(form) => (
        <>
          <Typography variant="body2">
            The approvers are no longer asked. Edit the item and send it again when it is right.
          </Typography>
          <FormFields
            form={form}
            fields={[{ kind: 'text', name: 'reason', label: 'Reason', multiline: true, maxLength: 500 }]}
          />
        </>
      )}
    </FormDialog>
  );
}
