import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCurrentUser } from '../../ui/use-current-user.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { useOnline } from '../../ui/offline.ts';
import { useSnackbars } from '../../ui/snackbars.tsx';
import {
  dismissOutboxEntry,
  drainOutbox,
  openOutbox,
  outboxState,
  queueAction,
  subscribeOutbox,
  type NewOutboxEntry,
  type OutboxEntry,
  type QueueableName,
} from './field-outbox.ts';
import { attendanceKey, refreshTickets } from './ticket-api.ts';

export const SAVED_ON_THIS_PHONE = 'Saved on this phone — it will be sent when you are back online.';

/** The technician's outbox as it is now; opening it (once signed in) sends what waits. */
export function useFieldOutbox() {
  const outbox = useSyncExternalStore(subscribeOutbox, outboxState);
  const email = useCurrentUser()?.user_email_id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!email) return;
    // What a sent (or refused) action makes stale is read again.
    void openOutbox(email, (entry) => {
      if (entry.ticket_id) void refreshTickets(queryClient, entry.ticket_id);
      else void queryClient.invalidateQueries({ queryKey: attendanceKey });
    });
  }, [email, queryClient]);
  return outbox;
}

/**
 * The actions on the phone as they are now, without opening the outbox: for parts of a screen whose
 * OutboxPanel (or useFieldOutbox) opens it already.
 */
export function useOutboxEntries(): OutboxEntry[] {
  return useSyncExternalStore(subscribeOutbox, outboxState).entries;
}

/** Queues an action and says so: the technician knows it is kept, not lost. */
export function useQueueAction() {
  const snackbars = useSnackbars();
  return async <Name extends QueueableName>(action: NewOutboxEntry<Name>) => {
    await queueAction(action);
    snackbars.success(SAVED_ON_THIS_PHONE);
  };
}

const waitingText = (count: number) => `${count} ${count === 1 ? 'action' : 'actions'} waiting for a signal`;

/**
 * The outbox on /Technician (every action) or on a ticket (its own): how many wait, a button to
 * send them now, and each refused one with the server's reason until the technician dismisses it.
 */
export function OutboxPanel({ ticketId }: { ticketId?: string }) {
  const { entries, stoppedBy } = useFieldOutbox();
  const online = useOnline();
  const format = useInstantFormats();
  const mine = entries.filter((entry) => !ticketId || entry.ticket_id === ticketId);
  const waiting = mine.filter((entry) => entry.state !== 'refused');
  const refused = mine.filter((entry) => entry.state === 'refused');
  if (mine.length === 0) return null;
  const sending = waiting.some((entry) => entry.state === 'sending');
  return (
    <Stack spacing={1} sx={{ mb: 2 }} component="section" aria-label="Actions on this phone">
      {waiting.length > 0 && (
        <Alert
          severity="info"
          variant="outlined"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={sending}
              onClick={() => void drainOutbox()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {sending ? 'Sending…' : 'Send now'}
            </Button>
          }
        >
          <strong>{waitingText(waiting.length)}</strong>
          {!online
            ? '. They are sent when you are back online.'
            : stoppedBy
              ? `. Last try: ${stoppedBy}`
              : ''}
        </Alert>
      )}
      {refused.map((entry) => (
        <Alert
          key={entry.id}
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void dismissOutboxEntry(entry.id)}>
              Dismiss
            </Button>
          }
        >
          <strong>Not sent: {describe(entry)}</strong>, taken at {format.time(entry.taken_at)}. {entry.reason}
        </Alert>
      ))}
    </Stack>
  );
}

function describe(entry: OutboxEntry): string {
  return entry.ticket_label ? `${entry.summary} on ${entry.ticket_label}` : entry.summary;
}
