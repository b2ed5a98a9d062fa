import type { ReactNode } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataOf, InputOf, OperationDef } from '@fieldport/contract/operation';
import { ListClosureRemarks } from '@fieldport/contract/operations/settings';
import {
  AcceptOrRejectTicket,
  CloseTicket,
  DiscardTicket,
  HoldOrResumeTicket,
  MarkTicketAsFOC,
  PartiallyCloseTicket,
  ReCreateTicket,
  ReassignOrOpenTheAssignedTicket,
  TicketInteraction,
  UpdateTicketServiceCharges,
  UpdateTicketVisit,
  UpdateTicketWarranty,
  UpdateTicketWorkStatus,
  type TicketDetails,
  type TicketItem,
} from '@fieldport/contract/operations/tickets';
import { isApiError } from '../../api/client.ts';
import { fieldError } from '../../ui/field-props.ts';
import { useOnline } from '../../ui/offline.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import type { QueueableName } from './field-outbox.ts';
import { useQueueAction } from './field-outbox-view.tsx';
import { SubStageField } from './sub-stage-field.tsx';
import { useTicketOperation } from './ticket-api.ts';
import { allPartsUsed, PartsUsedFields } from './ticket-parts.tsx';

type Form = UseFormReturn<FieldValues, unknown, unknown>;
type TicketOp = OperationDef<string, 'mutation'> & { input: z.ZodObject };

/** One dialog of an action: the operation, its defaults and the fields a person fills. */
export interface TicketDialogSpec {
  key: string;
  title: string;
  op: TicketOp;
  defaults: Record<string, unknown>;
  submitLabel: string;
  intro?: ReactNode;
  fields?: FieldConfig[];
  render?: (form: Form) => ReactNode;
  after?: (answer: DataOf<TicketOp>) => void;
}

const reasonField = (label = 'Reason'): FieldConfig => ({
  kind: 'text',
  name: 'reason',
  label,
  required: true,
  multiline: true,
  maxLength: 500,
});
const noteField: FieldConfig = {
  kind: 'text',
  name: 'note',
  label: 'Note',
  multiline: true,
  maxLength: 1000,
};

/** The actions of a ticket that ask for something first, each a dialog, by the key that opens it. */
export function ticketDialogSpecs(
  ticket: TicketDetails,
  onRecreated?: (ticket: TicketItem) => void,
): Partial<Record<string, TicketDialogSpec>> {
  const id = ticket.ticket_id;
  return {
    REJECT: {
      key: 'REJECT',
      title: `Reject ${ticket.ticket_number}`,
      op: AcceptOrRejectTicket,
      defaults: { ticket_id: id, action: 'REJECT', reason: '' },
      submitLabel: 'Reject',
      intro: 'The ticket goes back to be given to someone else.',
      fields: [reasonField()],
    },
    UPDATE_WORK: {
      key: 'UPDATE_WORK',
      title: ticket.state === 'ACCEPTED' ? 'Start work' : 'Update work',
      op: UpdateTicketWorkStatus,
      defaults: { ticket_id: id, wip_sub_stage_id: ticket.wip_sub_stage_id ?? '', note: '' },
      submitLabel: ticket.state === 'ACCEPTED' ? 'Start work' : 'Update',
      render: (form) => (
        <>
          <SubStageField form={form} />
          <FormFields form={form} fields={[noteField]} />
        </>
      ),
    },
    HOLD: {
      key: 'HOLD',
      title: 'Put on hold',
      op: HoldOrResumeTicket,
      defaults: { ticket_id: id, action: 'HOLD', reason: '' },
      submitLabel: 'Put on hold',
      fields: [reasonField()],
    },
    PARTIALLY_CLOSE: {
      key: 'PARTIALLY_CLOSE',
      title: 'Partially close',
      op: PartiallyCloseTicket,
      defaults: { ticket_id: id, closure_remark_id: '', note: '' },
      submitLabel: 'Partially close',
      intro: 'The work is done but the closure is not complete.',
      fields: [
        {
          kind: 'lookup',
          name: 'closure_remark_id',
          label: 'Closure remark',
          required: true,
          list: ListClosureRemarks,
          valueKey: 'closure_remark_id',
          labelKey: 'closure_remark_name',
        },
        noteField,
      ],
    },
    CLOSE_WITH_REASON: {
      key: 'CLOSE_WITH_REASON',
      title: 'Close without the closure code',
      op: CloseTicket,
      defaults: { ticket_id: id, reason: '', parts_used: allPartsUsed(ticket.parts_out) },
      submitLabel: 'Close ticket',
      intro: 'Closing without the customer’s closure code is recorded with your reason.',
      fields: [reasonField()],
      render: (form) => <PartsUsedInForm form={form} parts={ticket.parts_out} />,
    },
    DISCARD: {
      key: 'DISCARD',
      title: `Discard ${ticket.ticket_number}?`,
      op: DiscardTicket,
      defaults: { ticket_id: id, reason: '' },
      submitLabel: 'Discard',
      intro: (
        <Alert severity="warning">
          The ticket moves to Inactive Tickets and no work can be done on it. Use it for duplicates and
          tickets raised by mistake.
        </Alert>
      ),
      fields: [reasonField()],
    },
    REOPEN: {
      key: 'REOPEN',
      title: `Reopen ${ticket.ticket_number}`,
      op: ReassignOrOpenTheAssignedTicket,
      defaults: { ticket_id: id, action: 'REOPEN', reason: '' },
      submitLabel: 'Reopen',
      intro: 'The ticket opens again for its assignee, or floats if it has none.',
      fields: [reasonField()],
    },
    RECREATE: {
      key: 'RECREATE',
      title: `Re-create ${ticket.ticket_number}`,
      op: ReCreateTicket,
      defaults: { ticket_id: id, reason: '' },
      submitLabel: 'Re-create',
      intro: 'A new ticket for the same customer, location and service, linked to this one.',
      fields: [reasonField('Why the problem came back')],
      after: (answer) => {
        const created = (answer as { items: TicketItem[] }).items[0];
        if (created) onRecreated?.(created);
      },
    },
    MARK_FOC: {
      key: 'MARK_FOC',
      title: ticket.is_foc ? 'Charge this ticket again' : 'Mark free of charge',
      op: MarkTicketAsFOC,
      defaults: { ticket_id: id, is_foc: !ticket.is_foc, reason: '' },
      submitLabel: ticket.is_foc ? 'Charge again' : 'Mark free of charge',
      fields: [reasonField()],
    },
    UPDATE_VISIT: {
      key: 'UPDATE_VISIT',
      title: 'Change the visit',
      op: UpdateTicketVisit,
      defaults: {
        ticket_id: id,
        preferred_visit_date: ticket.preferred_visit_date ?? '',
        preferred_visit_time: ticket.preferred_visit_time ?? '',
      },
      submitLabel: 'Save',
      render: (form) => <VisitFields form={form} />,
    },
    UPDATE_WARRANTY: {
      key: 'UPDATE_WARRANTY',
      title: 'Warranty',
      op: UpdateTicketWarranty,
      defaults: { ticket_id: id, under_warranty: ticket.under_warranty },
      submitLabel: 'Save',
      fields: [{ kind: 'switch', name: 'under_warranty', label: 'Under warranty' }],
    },
    UPDATE_CHARGES: {
      key: 'UPDATE_CHARGES',
      title: 'Service charge',
      op: UpdateTicketServiceCharges,
      defaults: { ticket_id: id, service_charge_paise: ticket.service_charge_paise },
      submitLabel: 'Save',
      fields: [{ kind: 'money', name: 'service_charge_paise', label: 'Service charge (₹)', required: true }],
    },
    NOTE: {
      key: 'NOTE',
      title: 'Add a note',
      op: TicketInteraction,
      defaults: { ticket_id: id, kind: 'NOTE', text: '' },
      submitLabel: 'Add note',
      fields: [
        { kind: 'text', name: 'text', label: 'Note', required: true, multiline: true, maxLength: 1000 },
      ],
    },
    CALL: {
      key: 'CALL',
      title: 'Log a call',
      op: TicketInteraction,
      defaults: { ticket_id: id, kind: 'CALL', text: '' },
      submitLabel: 'Log call',
      fields: [
        {
          kind: 'text',
          name: 'text',
          label: 'What was said',
          required: true,
          multiline: true,
          maxLength: 1000,
        },
      ],
    },
  };
}

/** How the field app keeps an action of a dialog on the phone when there is no signal. */
export interface WaitOffline {
  operation: QueueableName;
  ticketLabel: string;
  /** What was done, as the outbox lists it ('Start work: Inspection'). */
  summary: (values: Record<string, unknown>) => string;
}

/**
 * One action's dialog: its operation, validated by the operation's own schema. With `waitOffline`
 * (the technician's app), without a signal, or when it drops on the way, the action waits on the
 * phone instead (docs/product.md#working-offline).
 */
export function TicketActionDialog({
  ticketId,
  spec,
  onClose,
  waitOffline,
}: {
  ticketId: string;
  spec: TicketDialogSpec;
  onClose: () => void;
  waitOffline?: WaitOffline;
}) {
  const online = useOnline();
  const queue = useQueueAction();
  const send = useTicketOperation(spec.op, ticketId, {
    onSuccess: (answer) => {
      onClose();
      spec.after?.(answer.data);
    },
  });
  async function keepOnPhone(values: Record<string, unknown>, wait: WaitOffline) {
    // Closed first, as after a success: the focus goes back to the button before the message shows.
    onClose();
    await queue({
      operation: wait.operation,
      input: values as never,
      ticket_id: ticketId,
      ticket_label: wait.ticketLabel,
      summary: wait.summary(values),
    });
  }
  async function submit(values: Record<string, unknown>) {
    if (waitOffline && !online) return keepOnPhone(values, waitOffline);
    try {
      await send.submit(values as InputOf<TicketOp>);
    } catch (error) {
      if (waitOffline && isApiError(error, 'NETWORK')) return keepOnPhone(values, waitOffline);
      throw error;
    }
  }
  return (
    <FormDialog
      open
      title={spec.title}
      schema={spec.op.input}
      defaultValues={spec.defaults as never}
      submitLabel={spec.submitLabel}
      onSubmit={(values) => submit(values as Record<string, unknown>)}
      onClose={onClose}
    >
      {(form) => (
        <>
          {typeof spec.intro === 'string' ? (
            <Typography color="text.secondary">{spec.intro}</Typography>
          ) : (
            spec.intro
          )}
          {spec.fields && <FormFields form={form} fields={spec.fields} />}
          {spec.render?.(form as unknown as Form)}
        </>
      )}
    </FormDialog>
  );
}

/** The close's question about the parts held (ticket-parts.tsx), bound to the dialog's form. */
function PartsUsedInForm({ form, parts }: { form: Form; parts: TicketDetails['parts_out'] }) {
  const used = (useWatch({ control: form.control, name: 'parts_used' }) ?? []) as { quantity: number }[];
  return (
    <PartsUsedFields
      parts={parts}
      used={used.map((line) => line.quantity)}
      onChange={(index, quantity) =>
        form.setValue(`parts_used.${index}.quantity`, quantity, {
          shouldValidate: form.formState.isSubmitted,
        })
      }
      errorOf={(index) => fieldError(form, `parts_used.${index}.quantity`)}
    />
  );
}

function VisitFields({ form }: { form: Form }) {
  const date = form.register('preferred_visit_date');
  const time = form.register('preferred_visit_time');
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <FormTextField
        {...date}
        inputRef={date.ref}
        type="date"
        label="Visit date"
        required
        error={Boolean(fieldError(form, 'preferred_visit_date'))}
        helperText={fieldError(form, 'preferred_visit_date')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 180px' }}
      />
      <FormTextField
        {...time}
        inputRef={time.ref}
        type="time"
        label="Visit time"
        error={Boolean(fieldError(form, 'preferred_visit_time'))}
        helperText={fieldError(form, 'preferred_visit_time')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 140px' }}
      />
    </Stack>
  );
}
