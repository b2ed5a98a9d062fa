import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  AttendanceCheckIn,
  AttendanceCheckOut,
  Get_Attendance_Status,
  type AttendanceStatus,
} from '@fieldport/contract/operations/tickets';
import { api, isApiError } from '../../api/client.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { keptOffline, useOnline } from '../../ui/offline.ts';
import { useFieldOutbox, useQueueAction } from './field-outbox-view.tsx';
import { attendanceKey } from './ticket-api.ts';

/** Today's attendance: check in to be counted available for automatic assignment, check out at the end. */
export function AttendanceCard() {
  const format = useInstantFormats();
  const queryClient = useQueryClient();
  const online = useOnline();
  const queue = useQueueAction();
  const status = useQuery({
    ...keptOffline,
    queryKey: attendanceKey,
    queryFn: async () => (await api.query(Get_Attendance_Status, {})).data.items[0] ?? null,
  });
  // The answer is today's attendance: kept as it is, not read again.
  const keep = {
    onSuccess: (answer: { data: { items: AttendanceStatus[] } }) =>
      void queryClient.setQueryData<AttendanceStatus | null>(attendanceKey, answer.data.items[0] ?? null),
  };
  // Without a signal (or when it drops on the way) the check-in waits on the phone with its time.
  const queueCheck = (operation: 'AttendanceCheckIn' | 'AttendanceCheckOut') =>
    void queue({
      operation,
      input: {},
      ticket_id: null,
      ticket_label: null,
      summary: operation === 'AttendanceCheckIn' ? 'Check in' : 'Check out',
    });
  const queueOnNetworkError = (operation: 'AttendanceCheckIn' | 'AttendanceCheckOut') => ({
    ...keep,
    onError: (error: Error) => {
      if (!isApiError(error, 'NETWORK')) return false;
      queueCheck(operation);
      return true;
    },
  });
  const checkIn = useOperation(AttendanceCheckIn, queueOnNetworkError('AttendanceCheckIn'));
  const checkOut = useOperation(AttendanceCheckOut, queueOnNetworkError('AttendanceCheckOut'));
  const changing = checkIn.isPending || checkOut.isPending;
  const waiting = useFieldOutbox().entries.filter(
    (entry) => entry.ticket_id === null && entry.state !== 'refused',
  );
  const lastWaiting = waiting.at(-1);
  // What waits shows as done, marked as waiting (docs/product.md#working-offline).
  const today =
    status.data && lastWaiting
      ? lastWaiting.operation === 'AttendanceCheckIn'
        ? {
            ...status.data,
            available: true,
            checked_in_at: status.data.checked_in_at ?? lastWaiting.taken_at,
          }
        : { ...status.data, available: false, checked_out_at: lastWaiting.taken_at }
      : status.data;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Attendance"
      sx={{ p: 2, mb: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: today?.available ? 'success.main' : 'grey.400',
          flex: '0 0 auto',
        }}
      />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        {status.isPending ? (
          <Skeleton width={180} />
        ) : status.isError && !today ? (
          <Typography color="error">{status.error.message}</Typography>
        ) : (
          <>
            <Typography sx={{ fontWeight: 700 }}>
              {today?.available ? 'Checked in' : today?.checked_out_at ? 'Checked out' : 'Not checked in'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {today?.checked_in_at
                ? `In at ${format.time(today.checked_in_at)}`
                : 'Check in to receive tickets today'}
              {today?.checked_out_at ? ` · out at ${format.time(today.checked_out_at)}` : ''}
              {lastWaiting ? ' · waiting to send' : ''}
            </Typography>
          </>
        )}
      </Box>
      {today && !today.checked_in_at && (
        <Button
          variant="contained"
          loading={changing}
          onClick={() => (online ? checkIn.run({}) : queueCheck('AttendanceCheckIn'))}
        >
          Check in
        </Button>
      )}
      {today?.available && (
        <Button
          variant="outlined"
          loading={changing}
          onClick={() => (online ? checkOut.run({}) : queueCheck('AttendanceCheckOut'))}
        >
          Check out
        </Button>
      )}
    </Paper>
  );
}
