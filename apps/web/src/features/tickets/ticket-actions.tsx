import { useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fileProblem } from '@fieldport/contract/operations/files';
import {
  AcceptOrRejectTicket,
  ClaimTicket,
  HoldOrResumeTicket,
  ReleaseTicket,
  SendTicketClosureOtp,
  TicketInteraction,
  type TicketActionName,
  type TicketDetails,
  type TicketItem,
} from '@fieldport/contract/operations/tickets';
import { isApiError } from '../../api/client.ts';
import { uploadFile } from '../../api/uploads.ts';
import { useOnline } from '../../ui/offline.ts';
import { resizePhoto } from '../../ui/resize-photo.ts';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { AssignDialog } from './assign-dialog.tsx';
import { ClosureCodePanel } from './closure-code-panel.tsx';
import { useQueueAction } from './field-outbox-view.tsx';
import { useSubStages } from './sub-stage-field.tsx';
import {
  TicketActionDialog,
  ticketDialogSpecs,
  type TicketDialogSpec,
  type WaitOffline,
} from './ticket-action-dialogs.tsx';
import { useTicketOperation } from './ticket-api.ts';

/**
 * The actions of one ticket: only those in `allowed_actions` (the server's word for this state and
 * this caller). Each sends its own operation, validated by the operation's own schema; those that
 * ask for something first open their dialog (ticket-action-dialogs.tsx).
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
  const snackbars = useSnackbars();
  const [dialog, setDialog] = useState<TicketDialogSpec | null>(null);
  const [assigning, setAssigning] = useState(false);
  const id = ticket.ticket_id;
  // Ready before Start work opens, so that its first sub-stage is already chosen.
  const subStages = useSubStages(allowed.has('UPDATE_WORK'));
  const [uploaded, setUploaded] = useState(0);
  // The technician's app keeps some actions on the phone without a signal; the others wait for one
  // (docs/product.md#working-offline).
  const online = useOnline();
  const offline = Boolean(field) && !online;
  const queue = useQueueAction();
  const offlineNoteId = useId();
  const needSignal: string[] = [];

  const accept = useTicketOperation(AcceptOrRejectTicket, id);
  const resumeInput = { ticket_id: id, action: 'RESUME' } as const;
  const queueResume = () =>
    void queue({
      operation: 'HoldOrResumeTicket',
      input: resumeInput,
      ticket_id: id,
      ticket_label: ticket.ticket_number,
      summary: 'Resume',
    });
  const resume = useTicketOperation(HoldOrResumeTicket, id, {
    onError: (error) => {
      if (!field || !isApiError(error, 'NETWORK')) return false;
      queueResume();
      return true;
    },
  });
  const release = useTicketOperation(ReleaseTicket, id);
  const sendOtp = useTicketOperation(SendTicketClosureOtp, id);
  // A claim needs no confirmation: the snackbar offers to undo it (ReleaseTicket).
  const claim = useTicketOperation(ClaimTicket, id, {
    successAction: () => ({ label: 'Undo', onClick: () => release.run({ ticket_id: id }) }),
  });
  // The photo being sent: kept on the phone if the signal drops on the way.
  const photoFile = useRef<File | null>(null);
  const photo = useTicketOperation(TicketInteraction, id, {
    onError: (error) => {
      if (!field || !isApiError(error, 'NETWORK') || !photoFile.current) return false;
      queuePhoto(photoFile.current);
      return true;
    },
  });
  const sending = accept.isPending || resume.isPending || release.isPending || sendOtp.isPending;

  function queuePhoto(resized: File) {
    void queue({
      operation: 'TicketInteraction',
      input: { ticket_id: id, kind: 'PHOTO', text: null },
      ticket_id: id,
      ticket_label: ticket.ticket_number,
      summary: 'Photo',
      photo: { blob: resized, file_name: resized.name, file_type: resized.type },
    });
  }

  async function addPhoto(file: File) {
    // Made smaller on the phone first: mobile data is slow and the server's limit is per file.
    const resized = await resizePhoto(file);
    const problem = fileProblem('TICKET_PHOTO', {
      file_name: resized.name,
      file_type: resized.type,
      file_size: resized.size,
    });
    if (problem) {
      snackbars.error(problem.message);
      return;
    }
    if (offline) return queuePhoto(resized);
    setUploaded(0);
    photoFile.current = resized;
    photo.run(async () => {
      const upload = await uploadFile(resized, 'TICKET_PHOTO', setUploaded);
      return { ticket_id: id, kind: 'PHOTO', file_key: upload.s3_key, text: null };
    });
  }

  const specs = ticketDialogSpecs(ticket, props.onRecreated);
  const open = (key: string) => setDialog(specs[key] ?? null);
  const size = field ? 'large' : 'medium';
  const buttons: ReactNode[] = [];
  const busy = sending || claim.isPending;
  const button = (
    label: string,
    onClick: () => void,
    variant: 'contained' | 'outlined' = 'outlined',
    color?: 'error' | 'success',
    /** Kept on the phone without a signal; every other action needs one. */
    waitsOffline = false,
  ) => {
    const wantsSignal = offline && !waitsOffline;
    if (wantsSignal) needSignal.push(label);
    buttons.push(
      <Button
        key={label}
        variant={variant}
        color={color}
        size={size}
        onClick={onClick}
        disabled={busy || wantsSignal}
        aria-describedby={wantsSignal ? offlineNoteId : undefined}
        fullWidth={field}
      >
        {label}
      </Button>,
    );
  };
  const next = part !== 'more';
  const more = part !== 'next';

  if (next) {
    if (allowed.has('CLAIM')) button('Claim', () => claim.run({ ticket_id: id }), 'contained');
    if (allowed.has('ACCEPT'))
      button('Accept', () => accept.run({ ticket_id: id, action: 'ACCEPT' }), 'contained');
    if (allowed.has('REJECT')) button('Reject', () => open('REJECT'));
    if (allowed.has('UPDATE_WORK') && ticket.state === 'ACCEPTED')
      button('Start work', () => open('UPDATE_WORK'), 'contained', undefined, true);
    if (allowed.has('RESUME'))
      button(
        'Resume',
        () => (offline ? queueResume() : resume.run(resumeInput)),
        'contained',
        undefined,
        true,
      );
    if (allowed.has('SEND_OTP') || allowed.has('CLOSE_WITH_OTP'))
      buttons.push(
        <ClosureCodePanel
          key="closure-code"
          ticket={ticket}
          canSend={allowed.has('SEND_OTP')}
          sending={sending}
          offline={offline}
          onSend={() => sendOtp.run({ ticket_id: id })}
        />,
      );
  }
  if (more) {
    if (allowed.has('UPDATE_WORK') && ticket.state !== 'ACCEPTED')
      button('Update work', () => open('UPDATE_WORK'), field ? 'outlined' : 'contained', undefined, true);
    if (allowed.has('RELEASE')) button('Give back to the pool', () => release.run({ ticket_id: id }));
    if (allowed.has('PARTIALLY_CLOSE')) button('Partially close', () => open('PARTIALLY_CLOSE'));
    if (allowed.has('HOLD')) button('Put on hold', () => open('HOLD'), 'outlined', undefined, true);
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
      button('Add note', () => open('NOTE'), 'outlined', undefined, true);
      button('Log call', () => open('CALL'), 'outlined', undefined, true);
      buttons.push(
        // A label around the file input: choosing a photo (or taking one, on a phone) is one tap.
        <Button
          key="photo"
          component="label"
          variant="outlined"
          size={size}
          fullWidth={field}
          disabled={photo.isPending}
        >
          {photo.isPending ? `Uploading ${Math.round(uploaded * 100)}%` : 'Add photo'}
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

  const subStageName = (values: Record<string, unknown>) =>
    subStages.data?.find((stage) => stage.wip_sub_stage_id === values.wip_sub_stage_id)?.wip_sub_stage_name;
  const waitOffline = (key: string): WaitOffline | undefined => {
    if (!field) return undefined;
    const ticketLabel = ticket.ticket_number;
    if (key === 'UPDATE_WORK') {
      const doing = ticket.state === 'ACCEPTED' ? 'Start work' : 'Update work';
      return {
        operation: 'UpdateTicketWorkStatus',
        ticketLabel,
        summary: (values) => [doing, subStageName(values)].filter(Boolean).join(': '),
      };
    }
    if (key === 'HOLD') return { operation: 'HoldOrResumeTicket', ticketLabel, summary: () => 'Put on hold' };
    if (key === 'NOTE') return { operation: 'TicketInteraction', ticketLabel, summary: () => 'Note' };
    if (key === 'CALL') return { operation: 'TicketInteraction', ticketLabel, summary: () => 'Call' };
    return undefined;
  };

  return (
    <Box>
      {needSignal.length > 0 && (
        <Typography id={offlineNoteId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          You are offline: {needSignal.join(', ')} {needSignal.length === 1 ? 'needs' : 'need'} a signal.
        </Typography>
      )}
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
        <TicketActionDialog
          key={dialog.key}
          ticketId={id}
          spec={dialog}
          onClose={() => setDialog(null)}
          waitOffline={waitOffline(dialog.key)}
        />
      )}
      {assigning && <AssignDialog ticket={ticket} onClose={() => setAssigning(false)} />}
    </Box>
  );
}
