import { useEffect } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { GetCustomer, type createCustomerSchema } from '@fieldport/contract/operations/customers';
import { ListProblemDescriptions, ListServiceTypes } from '@fieldport/contract/operations/settings';
import { TICKET_ASSIGNMENT_MODE_LABELS } from '@fieldport/contract/operations/organization';
import {
  CreateAssignedTicketV2,
  NEW_TICKET_ASSIGNMENTS,
  NEW_TICKET_ASSIGNMENT_LABELS,
  Preview_New_Ticket_Assignment,
  TICKET_PRIORITIES,
  createTicketSchema,
  type NewTicketAssignment,
  type TicketItem,
} from '@fieldport/contract/operations/tickets';
import { api } from '../../api/client.ts';
import { fieldError } from '../../ui/field-props.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields } from '../../ui/form-fields.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { listQueryKey } from '../../ui/use-list.ts';
import { FleetItemChoice } from '../../ui/fleet-item-choice.tsx';
import { ServiceChoice, useOfferedServices } from '../../ui/service-choice.tsx';
import { TicketCustomerField } from '../../ui/ticket-customer.tsx';
import { AssigneeOption } from './assignee-option.tsx';
import { PRIORITY_LABELS } from './ticket-format.tsx';
import { useTicketOperation } from './ticket-api.ts';

type Form = UseFormReturn<FieldValues, unknown, unknown>;
type NewCustomer = NonNullable<ReturnType<typeof createCustomerSchema.parse>>;

const emptyTicket = () => ({
  customer_id: null,
  location_id: null,
  new_customer: null,
  service_id: '',
  service_type_id: null,
  serial_number: '',
  fleet_item_id: null,
  problem_description_id: null,
  problem_note: '',
  priority: 'MEDIUM' as const,
  preferred_visit_date: '',
  preferred_visit_time: '',
  under_warranty: false,
  // Null: the organization's mode decides (docs/tickets.md#assignment).
  assignment: null,
  technician_id: null,
  partner_party_id: null,
});

/**
 * New ticket (CreateAssignedTicketV2): a customer found by search and one of its locations, or a
 * new customer added here; the service, the problem, priority, visit and warranty. Validated by
 * the contract's schema. The dialog shows the organization's assignment mode, lets a co-ordinator
 * choose otherwise for this ticket, and warns when the pincode is in no territory.
 */
export function CreateTicketDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (ticket: TicketItem) => void;
}) {
  const create = useTicketOperation(CreateAssignedTicketV2, undefined, {
    successMessage: (answer) => `Ticket ${answer.data.items[0].ticket_number} created`,
    onSuccess: (answer) => props.onCreated(answer.data.items[0]),
  });
  return (
    <FormDialog
      open={props.open}
      title="New ticket"
      schema={createTicketSchema}
      defaultValues={emptyTicket() as never}
      submitLabel="Create ticket"
      onSubmit={(values) => create.submit(values)}
      onClose={props.onClose}
    >
      {(form) => <TicketFields form={form as unknown as Form} />}
    </FormDialog>
  );
}

function TicketFields({ form }: { form: Form }) {
  const visitDate = form.register('preferred_visit_date');
  const visitTime = form.register('preferred_visit_time');
  const fleetItemId = useWatch({ control: form.control, name: 'fleet_item_id' }) as string | null;
  return (
    <>
      <FleetItemChoice form={form} />
      <TicketCustomerField form={form} hidden={Boolean(fleetItemId)} />
      <NoTerritoryWarning form={form} />
      {!fleetItemId && (
        <>
          <ServiceChoice form={form} />
          <FormFields
            form={form}
            fields={[{ kind: 'text', name: 'serial_number', label: 'Serial number', maxLength: 60 }]}
          />
        </>
      )}
      <ServiceTypeChoice form={form} />
      <FormFields
        form={form}
        fields={[
          {
            kind: 'lookup',
            name: 'problem_description_id',
            label: 'Problem',
            list: ListProblemDescriptions,
            valueKey: 'problem_description_id',
            labelKey: 'problem_description_name',
          },
          { kind: 'text', name: 'problem_note', label: 'Problem note', multiline: true, maxLength: 1000 },
          {
            kind: 'select',
            name: 'priority',
            label: 'Priority',
            options: TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] })),
          },
        ]}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FormTextField
          {...visitDate}
          inputRef={visitDate.ref}
          type="date"
          label="Preferred visit date"
          error={Boolean(fieldError(form, 'preferred_visit_date'))}
          helperText={fieldError(form, 'preferred_visit_date')}
          sx={{ flex: '1 1 180px' }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          {...visitTime}
          inputRef={visitTime.ref}
          type="time"
          label="Preferred visit time"
          error={Boolean(fieldError(form, 'preferred_visit_time'))}
          helperText={fieldError(form, 'preferred_visit_time')}
          sx={{ flex: '1 1 140px' }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <FormFields
        form={form}
        fields={[{ kind: 'switch', name: 'under_warranty', label: 'Under warranty' }]}
      />
      <AssignmentChoice form={form} />
    </>
  );
}

/**
 * The service type (installation, repair ...), among the chosen service's own: shown only when the
 * service lists some. A service partner's rate card may be for one (docs/payouts.md).
 */
function ServiceTypeChoice({ form }: { form: Form }) {
  const serviceId = useWatch({ control: form.control, name: 'service_id' }) as string;
  const chosen = useOfferedServices().data?.find((service) => service.service_id === serviceId);
  const typeIds = chosen?.service_type_ids ?? [];
  const types = useQuery({
    queryKey: [...listQueryKey(ListServiceTypes), 'ticket-choices'],
    staleTime: 60_000,
    enabled: typeIds.length > 0,
    queryFn: async () =>
      (await api.query(ListServiceTypes, { status: 'ACTIVE', page_size: 100, sort_by: 'service_type_name' }))
        .data.items,
  });
  const options = (types.data ?? []).filter((type) => typeIds.includes(type.service_type_id));
  const current = useWatch({ control: form.control, name: 'service_type_id' }) as string | null;
  // A type of the service chosen before does not carry over to another service.
  useEffect(() => {
    if (current && types.data && !options.some((type) => type.service_type_id === current)) {
      form.setValue('service_type_id', null);
    }
  }, [current, form, options, types.data]);
  if (options.length === 0) return null;
  return (
    <FormFields
      form={form}
      fields={[
        {
          kind: 'select',
          name: 'service_type_id',
          label: 'Service type',
          options: [
            { value: '', label: 'Not said' },
            ...options.map((type) => ({ value: type.service_type_id, label: type.service_type_name })),
          ],
        },
      ]}
    />
  );
}

/** The pincode of the ticket's place: the new customer's, or the chosen location's. */
function usePincode(form: Form): string | null {
  const newCustomer = useWatch({ control: form.control, name: 'new_customer' }) as NewCustomer | null;
  const customerId = useWatch({ control: form.control, name: 'customer_id' }) as string | null;
  const locationId = useWatch({ control: form.control, name: 'location_id' }) as string | null;
  // The same query (and cache) as the location choice.
  const detail = useQuery({
    queryKey: ['customer', customerId, 'ticket-locations'],
    enabled: Boolean(customerId) && !newCustomer,
    queryFn: async () => (await api.query(GetCustomer, { customer_id: customerId! })).data.items[0],
  });
  if (newCustomer) return newCustomer.primary_location.pincode;
  if (!customerId || !detail.data) return null;
  const locations = [detail.data.primary_location, ...detail.data.secondary_locations];
  return locations.find((location) => location.location_id === locationId)?.pincode ?? null;
}

/**
 * How the ticket will be given out: the organization's mode, or (a co-ordinator) another choice
 * for this ticket, down to an eligible technician or partner. Warns before creating when the
 * pincode is in no territory, so that nobody would be eligible.
 */
function useAssignmentPreview(form: Form) {
  const pincode = usePincode(form);
  const serviceId = useWatch({ control: form.control, name: 'service_id' }) as string;
  const preview = useQuery({
    queryKey: ['new-ticket-assignment', pincode, serviceId || null],
    queryFn: async () =>
      (await api.query(Preview_New_Ticket_Assignment, { pincode, service_id: serviceId || null })).data,
  });
  return { pincode, serviceId, preview };
}

/** Right under the customer: their pincode is in no (active) territory, so nobody is eligible. */
function NoTerritoryWarning({ form }: { form: Form }) {
  const { pincode, preview } = useAssignmentPreview(form);
  const data = preview.data;
  if (!pincode || !data || (data.territory_id && !data.territory_inactive)) return null;
  return (
    <Alert severity="warning">
      {data.territory_inactive
        ? `Pincode ${pincode} is in ${data.territory_name}, which is inactive`
        : `Pincode ${pincode} is in no territory`}
      , so no technician or service partner is eligible for this ticket: it will wait unassigned. Add the
      pincode to an active territory under Territories first.
    </Alert>
  );
}

function AssignmentChoice({ form }: { form: Form }) {
  const { pincode, serviceId, preview } = useAssignmentPreview(form);
  const assignment = useWatch({ control: form.control, name: 'assignment' }) as NewTicketAssignment | null;
  const technicianId = useWatch({ control: form.control, name: 'technician_id' }) as string | null;
  const partnerId = useWatch({ control: form.control, name: 'partner_party_id' }) as string | null;
  const data = preview.data;
  const mode = data?.assignment_mode;
  const chosen: NewTicketAssignment | undefined = assignment ?? mode;
  const message =
    fieldError(form, 'assignment') ??
    fieldError(form, 'technician_id') ??
    fieldError(form, 'partner_party_id');
  const choose = (value: NewTicketAssignment) => {
    form.setValue('assignment', value === mode ? null : value);
    if (value !== 'ASSIGN') {
      form.setValue('technician_id', null);
      form.setValue('partner_party_id', null);
    }
    form.clearErrors(['assignment', 'technician_id', 'partner_party_id']);
  };
  const assignee = technicianId ?? partnerId;

  return (
    <FormControl component="fieldset" error={Boolean(message)}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Assignment
      </FormLabel>
      {preview.isError && <Alert severity="error">{preview.error.message}</Alert>}
      {mode && (
        <Typography variant="body2" color="text.secondary">
          This organization’s mode: {TICKET_ASSIGNMENT_MODE_LABELS[mode]}
        </Typography>
      )}
      {data?.may_choose_assignment && chosen && (
        <RadioGroup
          aria-label="How this ticket is given out"
          value={chosen}
          onChange={(event) => choose(event.target.value as NewTicketAssignment)}
          sx={{ mt: 0.5 }}
        >
          {NEW_TICKET_ASSIGNMENTS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={`${NEW_TICKET_ASSIGNMENT_LABELS[value]}${value === mode ? ' (the organization’s mode)' : ''}`}
            />
          ))}
        </RadioGroup>
      )}
      {chosen === 'ASSIGN' && (
        <Box
          role="radiogroup"
          aria-label="Assign to"
          sx={{ display: 'grid', gap: 0.5, mt: 0.5, pl: { sm: 4 } }}
        >
          {!pincode || !serviceId ? (
            <Typography variant="body2" color="text.secondary">
              Choose the customer and the service to see who is eligible.
            </Typography>
          ) : data?.items.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nobody is eligible for this service at pincode {pincode}.
            </Typography>
          ) : null}
          {(data?.items ?? []).map((item) => (
            <AssigneeOption
              key={item.assignee_id}
              item={item}
              checked={assignee === item.assignee_id}
              onChoose={() => {
                form.setValue('technician_id', item.kind === 'TECHNICIAN' ? item.assignee_id : null);
                form.setValue('partner_party_id', item.kind === 'SERVICE_PARTNER' ? item.assignee_id : null);
                form.clearErrors(['technician_id', 'partner_party_id']);
              }}
            />
          ))}
        </Box>
      )}
      {message && <FormHelperText>{message}</FormHelperText>}
    </FormControl>
  );
}
