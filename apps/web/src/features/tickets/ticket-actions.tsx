import { useState, type ReactNode } from 'react';
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
import { uploadFile } from '../../api/uploads.ts';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { AssignDialog } from './assign-dialog.tsx';
import { ClosureCodePanel } from './closure-code-panel.tsx';
import { useSubStages } from './sub-stage-field.tsx';
import { TicketActionDialog, ticketDialogSpecs, type TicketDialogSpec } from './ticket-action-dialogs.tsx';
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
  useSubStages(allowed.has('UPDATE_WORK'));
  const [uploaded, setUploaded] = useState(0);

  const accept = useTicketOperation(AcceptOrRejectTicket, id);
  const resume = useTicketOperation(HoldOrResumeTicket, id);
  const release = useTicketOperation(ReleaseTicket, id);
  const sendOtp = useTicketOperation(SendTicketClosureOtp, id);
  // A claim needs no confirmation: the snackbar offers to undo it (ReleaseTicket).
  const claim = useTicketOperation(ClaimTicket, id, {
    successAction: () => ({ label: 'Undo', onClick: () => release.run({ ticket_id: id }) }),
  });
  const photo = useTicketOperation(TicketInteraction, id);
  const sending = accept.isPending || resume.isPending || release.isPending || sendOtp.isPending;

  function addPhoto(file: File) {
    const problem = fileProblem('TICKET_PHOTO', {
      file_name: file.name,
      file_type: file.type,
      file_size: file.size,
    });
    if (problem) {
      snackbars.error(problem.message);
      return;
    }
    setUploaded(0);
    photo.run(async () => {
      const upload = await uploadFile(file, 'TICKET_PHOTO', setUploaded);
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
    if (allowed.has('CLAIM')) button('Claim', () => claim.run({ ticket_id: id }), 'contained');
    if (allowed.has('ACCEPT'))
      button('Accept', () => accept.run({ ticket_id: id, action: 'ACCEPT' }), 'contained');
    if (allowed.has('REJECT')) button('Reject', () => open('REJECT'));
    if (allowed.has('UPDATE_WORK') && ticket.state === 'ACCEPTED')
      button('Start work', () => open('UPDATE_WORK'), 'contained');
    if (allowed.has('RESUME'))
      button('Resume', () => resume.run({ ticket_id: id, action: 'RESUME' }), 'contained');
    if (allowed.has('SEND_OTP') || allowed.has('CLOSE_WITH_OTP'))
      buttons.push(
        <ClosureCodePanel
          key="closure-code"
          ticket={ticket}
          canSend={allowed.has('SEND_OTP')}
          sending={sending}
          onSend={() => sendOtp.run({ ticket_id: id })}
        />,
      );
  }
  if (more) {
    if (allowed.has('UPDATE_WORK') && ticket.state !== 'ACCEPTED')
      button('Update work', () => open('UPDATE_WORK'), field ? 'outlined' : 'contained');
    if (allowed.has('RELEASE')) button('Give back to the pool', () => release.run({ ticket_id: id }));
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
              if (file) addPhoto(file);
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
        <TicketActionDialog key={dialog.key} ticketId={id} spec={dialog} onClose={() => setDialog(null)} />
      )}
      {assigning && <AssignDialog ticket={ticket} onClose={() => setAssigning(false)} />}
    </Box>
  );
}
