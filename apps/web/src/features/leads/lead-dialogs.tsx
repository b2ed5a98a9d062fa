import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import {
  AddLeadFollowUp,
  CompleteLeadFollowUp,
  LEAD_STATUS_LABELS,
  ListLeadOwnerChoices,
  SETTABLE_LEAD_STATUSES,
  UpdateLead,
  type LeadFollowUp,
  type LeadItem,
} from '@fieldport/contract/operations/leads';
import { roleLabel, type Role } from '@fieldport/contract/roles';
import { api } from '../../api/client.ts';
import { FormDialog, type FormOf } from '../../ui/form-dialog.tsx';
import { FormField } from '../../ui/form-fields.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { fieldProps } from '../../ui/field-props.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { leadQueries } from './lead-format.tsx';
import { OptionalChoice } from '../../ui/optional-choice.tsx';

// Working a lead (docs/leads.md): its owner and status, and its follow-ups.

interface LeadActionProps {
  lead: LeadItem;
  onClose: () => void;
  /** The lead as the change left it: the details show it. */
  onDone: (lead: LeadItem) => void;
}

/** The staff a lead or a form can be given to, as choices: 'Nisha Rao · NSM'. */
export function useOwnerChoices() {
  const owners = useQuery({
    queryKey: ['lead-owner-choices'],
    queryFn: async () => (await api.query(ListLeadOwnerChoices, {})).data.items,
    staleTime: 60_000,
  });
  return {
    options: (owners.data ?? []).map((owner) => ({
      value: owner.owner_id,
      label: `${owner.name} · ${roleLabel(owner.role as Role)}`,
    })),
    failed: owners.isError,
  };
}

const STATUS_OPTIONS = SETTABLE_LEAD_STATUSES.map((status) => ({
  value: status,
  label: LEAD_STATUS_LABELS[status],
}));

/** Who owns the lead and where it stands; a lost lead says why (docs/leads.md). */
export function UpdateLeadDialog({ lead, onClose, onDone }: LeadActionProps) {
  const update = useOperation(UpdateLead, {
    invalidate: leadQueries(),
    onSuccess: (answer) => onDone(answer.data.items[0]),
  });
  const settable = (SETTABLE_LEAD_STATUSES as readonly string[]).includes(lead.status);
  return (
    <FormDialog
      open
      title={`Owner and status of lead ${lead.lead_number}`}
      schema={UpdateLead.input}
      defaultValues={{
        lead_id: lead.lead_id,
        owner_id: lead.owner_id,
        status: settable ? (lead.status as (typeof SETTABLE_LEAD_STATUSES)[number]) : 'NEW',
        lost_reason: lead.lost_reason ?? '',
      }}
      submitLabel="Save"
      onSubmit={(values) => update.submit(values)}
      onClose={onClose}
    >
      {(form) => <UpdateFields form={form} />}
    </FormDialog>
  );
}

function UpdateFields({ form }: { form: FormOf<typeof UpdateLead.input> }) {
  const owners = useOwnerChoices();
  const status = useWatch({ control: form.control, name: 'status' });
  const any = form as never;
  return (
    <>
      <OptionalChoice
        form={any}
        name="owner_id"
        label="Owner"
        noneLabel="Nobody yet"
        autoFocus
        options={owners.options}
        helperText={
          owners.failed
            ? 'The people could not be loaded.'
            : 'Who works the lead; they are reminded of its follow-ups'
        }
      />
      <FormField
        form={any}
        autoFocus={false}
        field={{ kind: 'select', name: 'status', label: 'Status', required: true, options: STATUS_OPTIONS }}
      />
      {status === 'LOST' && (
        <FormField
          form={any}
          autoFocus={false}
          field={{
            kind: 'text',
            name: 'lost_reason',
            label: 'Why it was lost',
            required: true,
            multiline: true,
            maxLength: 500,
            helperText: 'At least 5 characters: what the next person should know',
          }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        A lead is won by converting it to a customer, with Convert (won).
      </Typography>
    </>
  );
}

/** A follow-up on a day and time of the organization's; its owner is mailed when it falls due. */
export function AddFollowUpDialog({ lead, onClose, onDone }: LeadActionProps) {
  const format = useInstantFormats();
  const add = useOperation(AddLeadFollowUp, {
    invalidate: leadQueries(),
    onSuccess: (answer) => onDone(answer.data.items[0]),
  });
  return (
    <FormDialog
      open
      title={`Follow-up of lead ${lead.lead_number}`}
      schema={AddLeadFollowUp.input}
      defaultValues={{
        lead_id: lead.lead_id,
        due_date: shiftDay(dayIn(format.timeZone), 1),
        due_time: '10:00',
        note: '',
      }}
      submitLabel="Add follow-up"
      onSubmit={(values) => add.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 180px' } }}>
            <FormField
              form={form as never}
              autoFocus
              field={{ kind: 'date', name: 'due_date', label: 'Date', required: true }}
            />
            <FormTextField
              {...fieldProps(form, 'due_time')}
              type="time"
              label="Time"
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: '8px !important' }}>
            In the organization’s time ({format.timeZone}).{' '}
            {lead.owner_name
              ? `${lead.owner_name} is mailed a reminder when it falls due.`
              : 'With no owner, you are mailed the reminder when it falls due.'}
          </Typography>
          <FormField
            form={form as never}
            autoFocus={false}
            field={{
              kind: 'text',
              name: 'note',
              label: 'What to do',
              required: true,
              multiline: true,
              maxLength: 500,
              helperText: 'E.g. Call back with the price of the 1.5 ton split AC',
            }}
          />
        </>
      )}
    </FormDialog>
  );
}

/** A follow-up done, and what came of it. */
export function CompleteFollowUpDialog({
  lead,
  followUp,
  onClose,
  onDone,
}: LeadActionProps & { followUp: LeadFollowUp }) {
  const format = useInstantFormats();
  const complete = useOperation(CompleteLeadFollowUp, {
    invalidate: leadQueries(),
    onSuccess: (answer) => onDone(answer.data.items[0]),
  });
  return (
    <FormDialog
      open
      title={`Follow-up of lead ${lead.lead_number} done`}
      schema={CompleteLeadFollowUp.input}
      defaultValues={{ follow_up_id: followUp.follow_up_id, outcome: '' }}
      submitLabel="Mark done"
      onSubmit={(values) => complete.submit(values)}
      onClose={onClose}
    >
      {(form) => (
        <>
          <Typography color="text.secondary">
            {format.dateTime(followUp.due_at)}: {followUp.note}
          </Typography>
          <FormField
            form={form as never}
            autoFocus
            field={{
              kind: 'text',
              name: 'outcome',
              label: 'Outcome',
              required: true,
              multiline: true,
              maxLength: 500,
              helperText: 'What came of it, in a few words',
            }}
          />
        </>
      )}
    </FormDialog>
  );
}
