import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CloseTicket, type TicketDetails } from '@fieldport/contract/operations/tickets';
import { isApiError } from '../../api/client.ts';
import { useRefreshTickets, useTicketOperation } from './ticket-api.ts';
import { allPartsUsed, PartsUsedFields } from './ticket-parts.tsx';

/**
 * Closing with the customer's closure code on one screen: send the code, then type what the
 * customer reads out and close, without a dialog. A new code can be sent from here too (the server
 * allows one a minute and 5 a day).
 */
export function ClosureCodePanel(props: {
  ticket: TicketDetails;
  canSend: boolean;
  sending: boolean;
  /** No signal: closing needs the server, which checks the code (docs/product.md#working-offline). */
  offline?: boolean;
  onSend: () => void;
}) {
  const offline = Boolean(props.offline);
  const offlineId = useId();
  const needsSignal = offline ? offlineId : undefined;
  const { ticket } = props;
  const refresh = useRefreshTickets();
  const [code, setCode] = useState('');
  // The parts the technician holds: how many were used, all to begin with (ticket-parts.tsx).
  const [used, setUsed] = useState(() => ticket.parts_out.map((part) => part.quantity));
  const [usedProblem, setUsedProblem] = useState<{ index: number; message: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const closeTicket = useTicketOperation(CloseTicket, ticket.ticket_id, {
    onSuccess: () => setProblem(null),
    onError: (error) => {
      // A refused code may have used up a try: the ticket is read again either way.
      void refresh(ticket.ticket_id);
      // A wrong code (or a refusal about no field) goes under the code, not in a snackbar.
      if (isApiError(error) && (error.field === 'otp' || !error.field)) {
        setProblem(error.message);
        return true;
      }
      return false;
    },
  });
  const closing = closeTicket.isPending;

  function close(event: FormEvent) {
    event.preventDefault();
    const partsUsed = allPartsUsed(ticket.parts_out).map((line, index) => ({
      ...line,
      quantity: used[index],
    }));
    const tooMany = ticket.parts_out.findIndex((part, index) => used[index] > part.quantity);
    if (tooMany >= 0) {
      const part = ticket.parts_out[tooMany];
      setUsedProblem({ index: tooMany, message: `At most ${part.quantity} can be used` });
      return;
    }
    const checked = CloseTicket.input.safeParse({
      ticket_id: ticket.ticket_id,
      otp: code,
      parts_used: partsUsed,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      if (issue?.path[0] === 'parts_used') {
        setUsedProblem({ index: Number(issue.path[1]), message: issue.message });
        return;
      }
      setProblem(issue?.message ?? 'Closure code is required');
      return;
    }
    setUsedProblem(null);
    closeTicket.run(checked.data);
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
      {offline && (
        <Typography id={offlineId} variant="body2" color="text.secondary">
          You are offline: closing with the closure code needs a signal.
        </Typography>
      )}
      {ticket.otp_pending ? (
        <Box component="form" onSubmit={close} noValidate sx={{ display: 'grid', gap: 1 }}>
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
          <PartsUsedFields
            parts={ticket.parts_out}
            used={used}
            onChange={(index, quantity) => {
              setUsed((current) => current.map((value, at) => (at === index ? quantity : value)));
              setUsedProblem(null);
            }}
            errorOf={(index) => (usedProblem?.index === index ? usedProblem.message : undefined)}
          />
          <Button
            type="submit"
            variant="contained"
            color="success"
            size="large"
            loading={closing}
            disabled={offline}
            aria-describedby={needsSignal}
            fullWidth
          >
            Close ticket
          </Button>
          {props.canSend && (
            <Button
              onClick={props.onSend}
              disabled={props.sending || closing || offline}
              aria-describedby={needsSignal}
              size="small"
            >
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
            disabled={!props.canSend || offline}
            aria-describedby={needsSignal}
            fullWidth
          >
            Send the closure code
          </Button>
        </>
      )}
    </Box>
  );
}
