import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ticketStateLabel } from '@fieldport/contract/ticket-states';
import {
  NEW_TICKET_ASSIGNMENT_LABELS,
  type NewTicketAssignment,
  type TicketEvent,
} from '@fieldport/contract/operations/tickets';
import { formatRupees, useInstantFormats, type InstantFormats } from '../../ui/format.ts';
import type { OutboxEntry } from './field-outbox.ts';
import { EVENT_LABELS } from './ticket-format.tsx';

/** How the facts of an event read; null leaves one out (the actor is shown already). */
const DETAIL_LABELS: Record<string, string | null> = {
  wip_state_name: 'Stage',
  wip_sub_stage_name: 'Sub-stage',
  technician_name: 'Technician',
  partner_name: 'Service partner',
  closure_remark_name: 'Closure remark',
  sent_to: 'Sent to',
  attempts: 'Wrong entries',
  voided: 'Closure code void',
  // The entry's text already says when, on the organization's clock.
  next_code_at: null,
  closed_with: 'Closed with',
  otp_entered_at: null,
  otp_entered_by: null,
  is_foc: 'Free of charge',
  under_warranty: 'Under warranty',
  preferred_visit_date: 'Visit date',
  preferred_visit_time: 'Visit time',
  service_charge_paise: 'Service charge',
  recreated_ticket_number: 'New ticket',
  assignment: 'Chosen for this ticket',
  // The pool a released ticket went back to: an id.
  pool_party_id: null,
  // A parts entry's text names its request already.
  request_number: null,
  mrf_number: null,
  parts_cost_paise: 'Parts cost',
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function detailText(key: string, value: unknown, format: InstantFormats): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (key.endsWith('_paise') && typeof value === 'number') return formatRupees(value);
  if (key === 'assignment')
    return NEW_TICKET_ASSIGNMENT_LABELS[value as NewTicketAssignment] ?? String(value);
  if (key === 'closed_with') return value === 'OTP' ? 'the closure code' : 'a reason';
  if (typeof value === 'string' && INSTANT.test(value)) return format.dateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The facts of an event as lines ('Sub-stage: Inspection'); ids are left out. */
function detailLines(details: Record<string, unknown> | null, format: InstantFormats): string[] {
  if (!details) return [];
  return Object.entries(details)
    .filter(
      ([key, value]) => !key.endsWith('_id') && DETAIL_LABELS[key] !== null && value !== null && value !== '',
    )
    .map(([key, value]) => {
      const label = DETAIL_LABELS[key] ?? key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
      return `${label}: ${detailText(key, value, format)}`;
    });
}

/**
 * Every transition and interaction of a ticket, newest first; above them, the field app's actions
 * still waiting on the phone for a signal, marked so (docs/product.md#working-offline).
 */
export function TicketTimeline({ events, waiting = [] }: { events: TicketEvent[]; waiting?: OutboxEntry[] }) {
  const format = useInstantFormats();
  const newestFirst = [...events].reverse();
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {[...waiting].reverse().map((entry) => (
        <WaitingEntry key={entry.id} entry={entry} format={format} />
      ))}
      {newestFirst.map((event, index) => (
        <Box
          component="li"
          key={event.event_id}
          aria-label={EVENT_LABELS[event.kind]}
          sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', gap: 1.5, pb: 2, position: 'relative' }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
            <Box
              sx={{
                width: 12,
                height: 12,
                mt: 0.6,
                borderRadius: '50%',
                bgcolor: ['NOTE', 'CALL', 'PHOTO'].includes(event.kind) ? 'grey.400' : 'primary.main',
              }}
            />
            {index < newestFirst.length - 1 && (
              <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {EVENT_LABELS[event.kind]}
              {event.to_state && event.from_state !== event.to_state && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {event.from_state ? `${ticketStateLabel(event.from_state)} → ` : ''}
                  {ticketStateLabel(event.to_state)}
                </Typography>
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {format.dateTime(event.created_on)}
              {event.actor_name ? ` · ${event.actor_name}` : ''}
            </Typography>
            {event.text && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                {event.text}
              </Typography>
            )}
            {detailLines(event.details, format).map((line) => (
              <Typography key={line} variant="caption" component="p" color="text.secondary">
                {line}
              </Typography>
            ))}
            {event.file_url && (
              <Link
                href={event.file_url}
                target="_blank"
                rel="noreferrer"
                sx={{ display: 'inline-block', mt: 0.5 }}
              >
                <Box
                  component="img"
                  src={event.file_url}
                  alt={event.file_name ?? 'Photo'}
                  sx={{ maxWidth: 200, maxHeight: 150, borderRadius: 1, border: 1, borderColor: 'divider' }}
                />
              </Link>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** An action taken offline, shown where the server will put it once it is sent. */
function WaitingEntry({ entry, format }: { entry: OutboxEntry; format: InstantFormats }) {
  const text = [entry.input.text, entry.input.note, entry.input.reason].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return (
    <Box
      component="li"
      aria-label={`${entry.summary}, waiting to send`}
      sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', gap: 1.5, pb: 2 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 12,
          height: 12,
          mt: 0.6,
          mx: 'auto',
          borderRadius: '50%',
          border: 2,
          borderColor: 'grey.500',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {entry.summary}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={entry.state === 'sending' ? 'Sending…' : 'Waiting to send'}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {format.dateTime(entry.taken_at)}
          {entry.photo ? ` · ${entry.photo.file_name}` : ''}
        </Typography>
        {text && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
            {text}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
