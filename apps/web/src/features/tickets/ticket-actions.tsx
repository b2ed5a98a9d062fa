import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DataOf, InputOf, OperationDef } from '@fieldport/contract/operation';
import { fileProblem } from '@fieldport/contract/operations/files';
import { ListClosureRemarks, ListWipSubStages } from '@fieldport/contract/operations/settings';
import {
  AcceptOrRejectTicket,
  ClaimTicket,
  CloseTicket,
  DiscardTicket,
  HoldOrResumeTicket,
  List_Ticket_Assignees,
  MarkTicketAsFOC,
  PartiallyCloseTicket,
  ReCreateTicket,
  ReassignOrOpenTheAssignedTicket,
  ReleaseTicket,
  SendTicketClosureOtp,
  TicketInteraction,
  UpdateTicketServiceCharges,
  UpdateTicketVisit,
  UpdateTicketWarranty,
  UpdateTicketWorkStatus,
  type TicketActionName,
  type TicketAssignee,
  type TicketDetails,
  type TicketItem,
} from '@fieldport/contract/operations/tickets';
import { api, isApiError } from '../../api/client.ts';
import { uploadFile } from '../../api/uploads.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { FormFields, type FieldConfig } from '../../ui/form-fields.tsx';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { SelectGroupHeader } from '../../ui/select-group-header.tsx';
import { useRefreshTickets } from './ticket-api.ts';

type Form = UseFormReturn<FieldValues, unknown, unknown>;
type TicketOp = OperationDef<string, 'mutation'> & { input: z.ZodObject };

/** One dialog of an action: the operation, its defaults and the fields a person fills. */
interface DialogSpec {
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

function errorAt(form: Form, name: string): string | undefined {
  return (form.formState.errors[name] as { message?: string } | undefined)?.message;
}

/**
 * The actions of one ticket: only those in `allowed_actions` (the server's word for this state and
 * this caller). Each sends its own operation, validated by the operation's own schema.
 */
export function TicketActions(props: {
  ticket: TicketDetails;
  /** The technician's app: big buttons, one per line. */
  field?: boolean;
  /**
   * Which of the actions: 'next' the ones that move the ticket on (claim, accept, start work,
   * resume, close with the closure code), for the top of the technician's screen; 'more' the
   * others; all by default.
   */
  part?: 'next' | 'more';
  onRecreated?: (ticket: TicketItem) => void;
}) {
  const { ticket, field, part } = props;
  const allowed = new Set<TicketActionName>(ticket.allowed_actions);
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const refresh = useRefreshTickets();
  const [dialog, setDialog] = useState<DialogSpec | null>(null);
  const [assigning, setAssigning] = useState(false);
  const id = ticket.ticket_id;
  // Ready before Start work opens, so that its first sub-stage is already chosen.
  useSubStages(allowed.has('UPDATE_WORK'));
  const [uploading, setUploading] = useState<number | null>(null);

  const direct = useMutation({
    mutationFn: async (run: () => Promise<{ status_message: string }>) => run(),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      await refresh(id);
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

  const sendOtp = () =>
    direct.mutate(async () => {
      const answer = await api.mutate(SendTicketClosureOtp, { ticket_id: id });
      return { status_message: answer.status_message };
    });

  // A claim needs no confirmation: the snackbar offers to undo it (ReleaseTicket).
  const claim = useMutation({
    mutationFn: () => api.mutate(ClaimTicket, { ticket_id: id }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.status_message, {
        variant: 'success',
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              direct.mutate(() => api.mutate(ReleaseTicket, { ticket_id: id }));
            }}
          >
            Undo
          </Button>
        ),
      });
      await refresh(id);
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

  async function addPhoto(file: File) {
    const problem = fileProblem('TICKET_PHOTO', {
      file_name: file.name,
      file_type: file.type,
      file_size: file.size,
    });
    if (problem) {
      enqueueSnackbar(problem.message, { variant: 'error' });
      return;
    }
    try {
      setUploading(0);
      const upload = await uploadFile(file, 'TICKET_PHOTO', setUploading);
      const answer = await api.mutate(TicketInteraction, {
        ticket_id: id,
        kind: 'PHOTO',
        file_key: upload.s3_key,
        text: null,
      });
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      await refresh(id);
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : 'The photo could not be added.', {
        variant: 'error',
      });
    } finally {
      setUploading(null);
    }
  }

  const specs: Partial<Record<string, DialogSpec>> = {
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
      defaults: { ticket_id: id, reason: '' },
      submitLabel: 'Close ticket',
      intro: 'Closing without the customer’s closure code is recorded with your reason.',
      fields: [reasonField()],
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
        if (created) props.onRecreated?.(created);
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

  const open = (key: string) => setDialog(specs[key] ?? null);
  const size = field ? 'large' : 'medium';
  const buttons: ReactNode[] = [];
  const busy = direct.isPending || claim.isPending;
  const button = (
    label: string,
    onClick: () => void,
    variant: 'contained' | 'outlined' = 'outlined',
    color?: 'error' | 'success',
  ) =>
    buttons.push(
      <Button
        key={label}
        variant={variant}
        color={color}
        size={size}
        onClick={onClick}
        disabled={busy}
        fullWidth={field}
      >
        {label}
      </Button>,
    );
  const next = part !== 'more';
  const more = part !== 'next';

  if (next) {
    if (allowed.has('CLAIM')) button('Claim', () => claim.mutate(), 'contained');
    if (allowed.has('ACCEPT'))
      button(
        'Accept',
        () => direct.mutate(() => api.mutate(AcceptOrRejectTicket, { ticket_id: id, action: 'ACCEPT' })),
        'contained',
      );
    if (allowed.has('REJECT')) button('Reject', () => open('REJECT'));
    if (allowed.has('UPDATE_WORK') && ticket.state === 'ACCEPTED')
      button('Start work', () => open('UPDATE_WORK'), 'contained');
    if (allowed.has('RESUME'))
      button(
        'Resume',
        () => direct.mutate(() => api.mutate(HoldOrResumeTicket, { ticket_id: id, action: 'RESUME' })),
        'contained',
      );
    if (allowed.has('SEND_OTP') || allowed.has('CLOSE_WITH_OTP'))
      buttons.push(
        <ClosureCodePanel
          key="closure-code"
          ticket={ticket}
          canSend={allowed.has('SEND_OTP')}
          sending={direct.isPending}
          onSend={sendOtp}
        />,
      );
  }
  if (more) {
    if (allowed.has('UPDATE_WORK') && ticket.state !== 'ACCEPTED')
      button('Update work', () => open('UPDATE_WORK'), field ? 'outlined' : 'contained');
    if (allowed.has('RELEASE'))
      button('Give back to the pool', () =>
        direct.mutate(() => api.mutate(ReleaseTicket, { ticket_id: id })),
      );
    if (allowed.has('PARTIALLY_CLOSE')) button('Partially close', () => open('PARTIALLY_CLOSE'));
    if (allowed.has('HOLD')) button('Put on hold', () => open('HOLD'));
    if (allowed.has('ASSIGN'))
      button(
        ticket.technician_id || ticket.partner_party_id ? 'Reassign' : 'Assign',
        () => setAssigning(true),
        'contained',
      );
    if (allowed.has('CLOSE_WITH_REASON')) button('Close with reason', () => open('CLOSE_WITH_REASON'));
    if (allowed.has('REOPEN')) button('Reopen', () => open('REOPEN'));
    if (allowed.has('RECREATE')) button('Re-create', () => open('RECREATE'));
    if (allowed.has('UPDATE_VISIT')) button('Change visit', () => open('UPDATE_VISIT'));
    if (allowed.has('UPDATE_WARRANTY')) button('Warranty', () => open('UPDATE_WARRANTY'));
    if (allowed.has('UPDATE_CHARGES')) button('Service charge', () => open('UPDATE_CHARGES'));
    if (allowed.has('MARK_FOC'))
      button(ticket.is_foc ? 'Charge again' : 'Mark free of charge', () => open('MARK_FOC'));
    if (allowed.has('INTERACT')) {
      button('Add note', () => open('NOTE'));
      button('Log call', () => open('CALL'));
      buttons.push(
        // A label around the file input: choosing a photo (or taking one, on a phone) is one tap.
        <Button
          key="photo"
          component="label"
          variant="outlined"
          size={size}
          fullWidth={field}
          disabled={uploading !== null}
        >
          {uploading !== null ? `Uploading ${Math.round(uploading * 100)}%` : 'Add photo'}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            capture="environment"
            hidden
            aria-label="Photo"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void addPhoto(file);
            }}
          />
        </Button>,
      );
    }
    if (allowed.has('DISCARD')) button('Discard', () => open('DISCARD'), 'outlined', 'error');
  }

  return (
    <Box>
      {buttons.length === 0 ? (
        <Typography color="text.secondary">
          {part === 'next' ? 'Nothing to do next on this ticket.' : 'Nothing to do on this ticket.'}
        </Typography>
      ) : (
        <Box
          role="group"
          aria-label={part === 'more' ? 'More actions' : 'Ticket actions'}
          sx={{
            display: field ? 'grid' : 'flex',
            gridTemplateColumns: field ? '1fr' : undefined,
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          {buttons}
        </Box>
      )}
      {dialog && (
        <FormDialog
          open
          title={dialog.title}
          schema={dialog.op.input}
          defaultValues={dialog.defaults as never}
          submitLabel={dialog.submitLabel}
          onSubmit={async (values) => {
            const answer = await api.mutate(dialog.op, values as InputOf<TicketOp>);
            enqueueSnackbar(answer.status_message, { variant: 'success' });
            setDialog(null);
            await refresh(id);
            dialog.after?.(answer.data);
          }}
          onClose={() => setDialog(null)}
        >
          {(form) => (
            <>
              {typeof dialog.intro === 'string' ? (
                <Typography color="text.secondary">{dialog.intro}</Typography>
              ) : (
                dialog.intro
              )}
              {dialog.fields && <FormFields form={form} fields={dialog.fields} />}
              {dialog.render?.(form as unknown as Form)}
            </>
          )}
        </FormDialog>
      )}
      {assigning && <AssignDialog ticket={ticket} onClose={() => setAssigning(false)} />}
    </Box>
  );
}

/** The organization's active sub-stages in their order (shared by the actions and Start work). */
function useSubStages(enabled = true) {
  return useQuery({
    queryKey: ['list', ListWipSubStages.name, 'ticket-choices'],
    staleTime: 60_000,
    enabled,
    queryFn: async () =>
      (
        await api.query(ListWipSubStages, {
          status: 'ACTIVE',
          page_size: 100,
          sort_by: 'wip_sub_stage_order',
        })
      ).data.items,
  });
}

/**
 * The active sub-stages, grouped under their WIP states (the states are headers, not choices).
 * Starting work, the first sub-stage is chosen already: one tap starts it.
 */
function SubStageField({ form }: { form: Form }) {
  const stages = useSubStages();
  const idPrefix = useId();
  const grouped = new Map<string, { id: string; name: string }[]>();
  for (const stage of stages.data ?? []) {
    const list = grouped.get(stage.wip_state_name) ?? [];
    list.push({ id: stage.wip_sub_stage_id, name: stage.wip_sub_stage_name });
    grouped.set(stage.wip_state_name, list);
  }
  const first = stages.data?.[0]?.wip_sub_stage_id;
  useEffect(() => {
    if (first && !form.getValues('wip_sub_stage_id')) form.setValue('wip_sub_stage_id', first);
  }, [first, form]);
  const message = errorAt(form, 'wip_sub_stage_id') ?? (stages.isError ? stages.error.message : undefined);
  return (
    <Controller
      control={form.control}
      name="wip_sub_stage_id"
      render={({ field }) => (
        <TextField
          select
          label="Sub-stage"
          required
          value={
            (stages.data ?? []).some((s) => s.wip_sub_stage_id === field.value) ? (field.value as string) : ''
          }
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(message)}
          helperText={message ?? (stages.isPending ? 'Loading the sub-stages…' : undefined)}
          slotProps={{ htmlInput: { 'aria-label': 'Sub-stage' } }}
        >
          {[...grouped.entries()].flatMap(([state, list], index) => {
            const headerId = `${idPrefix}-group-${index}`;
            return [
              <SelectGroupHeader key={`h-${state}`} id={headerId} label={state} />,
              ...list.map((stage) => (
                <MenuItem key={stage.id} value={stage.id} aria-describedby={headerId}>
                  {stage.name}
                </MenuItem>
              )),
            ];
          })}
        </TextField>
      )}
    />
  );
}

/**
 * Closing with the customer's closure code on one screen: send the code, then type what the
 * customer reads out and close, without a dialog. A new code can be sent from here too (the server
 * allows one a minute and 5 a day).
 */
function ClosureCodePanel(props: {
  ticket: TicketDetails;
  canSend: boolean;
  sending: boolean;
  onSend: () => void;
}) {
  const { ticket } = props;
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshTickets();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const titleId = useId();

  async function close(event: FormEvent) {
    event.preventDefault();
    const checked = CloseTicket.input.safeParse({ ticket_id: ticket.ticket_id, otp: code });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Closure code is required');
      return;
    }
    setClosing(true);
    try {
      const answer = await api.mutate(CloseTicket, checked.data);
      setProblem(null);
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      await refresh(ticket.ticket_id);
    } catch (error) {
      if (isApiError(error) && (error.field === 'otp' || !error.field)) setProblem(error.message);
      else enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
      await refresh(ticket.ticket_id);
    } finally {
      setClosing(false);
    }
  }

  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}
    >
      <Typography id={titleId} sx={{ fontWeight: 700 }}>
        Close with the closure code
      </Typography>
      {ticket.otp_pending ? (
        <Box
          component="form"
          onSubmit={(event) => void close(event)}
          noValidate
          sx={{ display: 'grid', gap: 1 }}
        >
          <Typography variant="body2" color="text.secondary">
            A closure code was sent to {ticket.customer_name}. Enter the 6 digits they read out.
          </Typography>
          <TextField
            label="Closure code"
            required
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              setProblem(null);
            }}
            autoComplete="one-time-code"
            error={Boolean(problem)}
            helperText={problem ?? '6 digits'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
          />
          <Button type="submit" variant="contained" color="success" size="large" loading={closing} fullWidth>
            Close ticket
          </Button>
          {props.canSend && (
            <Button onClick={props.onSend} disabled={props.sending || closing} size="small">
              Send a new closure code
            </Button>
          )}
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            The customer gets a 6-digit closure code by email; enter it here when they read it out.
          </Typography>
          <Button
            variant="contained"
            size="large"
            onClick={props.onSend}
            loading={props.sending}
            disabled={!props.canSend}
            fullWidth
          >
            Send the closure code
          </Button>
        </>
      )}
    </Box>
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
        error={Boolean(errorAt(form, 'preferred_visit_date'))}
        helperText={errorAt(form, 'preferred_visit_date')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 180px' }}
      />
      <FormTextField
        {...time}
        inputRef={time.ref}
        type="time"
        label="Visit time"
        error={Boolean(errorAt(form, 'preferred_visit_time'))}
        helperText={errorAt(form, 'preferred_visit_time')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 140px' }}
      />
    </Stack>
  );
}

/** Assign or reassign: technicians and service partners, eligible first (List_Ticket_Assignees). */
function AssignDialog({ ticket, onClose }: { ticket: TicketDetails; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshTickets();
  const assignees = useQuery({
    queryKey: ['ticket-assignees', ticket.ticket_id],
    queryFn: async () => (await api.query(List_Ticket_Assignees, { ticket_id: ticket.ticket_id })).data.items,
  });
  const current = ticket.technician_id ?? ticket.partner_party_id ?? '';
  return (
    <FormDialog
      open
      title={`${current ? 'Reassign' : 'Assign'} ${ticket.ticket_number}`}
      schema={ReassignOrOpenTheAssignedTicket.input}
      defaultValues={{
        ticket_id: ticket.ticket_id,
        action: 'ASSIGN',
        technician_id: null,
        partner_party_id: null,
      }}
      submitLabel="Assign"
      onSubmit={async (values) => {
        const answer = await api.mutate(ReassignOrOpenTheAssignedTicket, values);
        enqueueSnackbar(answer.status_message, { variant: 'success' });
        onClose();
        await refresh(ticket.ticket_id);
      }}
      onClose={onClose}
    >
      {(form) => {
        const f = form as unknown as Form;
        const technician = f.watch('technician_id') as string | null;
        const partner = f.watch('partner_party_id') as string | null;
        const chosen = technician ?? partner ?? '';
        const choose = (item: TicketAssignee) => {
          f.setValue('technician_id', item.kind === 'TECHNICIAN' ? item.assignee_id : null);
          f.setValue('partner_party_id', item.kind === 'SERVICE_PARTNER' ? item.assignee_id : null);
          f.clearErrors('technician_id');
        };
        const message = errorAt(f, 'technician_id') ?? errorAt(f, 'partner_party_id');
        return (
          <FormControl error={Boolean(message)} component="fieldset">
            <FormLabel component="legend" sx={{ mb: 1 }}>
              Technician or service partner
            </FormLabel>
            {assignees.isPending && <Typography color="text.secondary">Loading who can take it…</Typography>}
            {assignees.isError && <Alert severity="error">{assignees.error.message}</Alert>}
            {assignees.data?.length === 0 && (
              <Alert severity="info">No technician or service partner can take this ticket.</Alert>
            )}
            <Box role="radiogroup" aria-label="Assignee" sx={{ display: 'grid', gap: 0.5 }}>
              {(assignees.data ?? []).map((item) => (
                <Box
                  key={item.assignee_id}
                  component="label"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    p: 0.5,
                    pr: 1.5,
                    borderRadius: 1,
                    border: 1,
                    borderColor: chosen === item.assignee_id ? 'primary.main' : 'divider',
                    cursor: 'pointer',
                  }}
                >
                  <Radio
                    checked={chosen === item.assignee_id}
                    onChange={() => choose(item)}
                    slotProps={{ input: { 'aria-label': item.name } }}
                  />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {item.name}
                      {item.assignee_id === current ? ' (now)' : ''}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {item.kind === 'SERVICE_PARTNER'
                        ? 'Service partner'
                        : (item.party_name ?? 'Technician')}{' '}
                      · {item.open_tickets} open
                    </Typography>
                  </Box>
                  {item.kind === 'TECHNICIAN' && item.checked_in && (
                    <Chip size="small" label="Checked in" color="success" variant="outlined" />
                  )}
                  {item.eligible ? (
                    <Chip size="small" label="Eligible" color="primary" />
                  ) : (
                    <Chip size="small" label="Not mapped" variant="outlined" />
                  )}
                </Box>
              ))}
            </Box>
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    </FormDialog>
  );
}
