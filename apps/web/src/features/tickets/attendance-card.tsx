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
import { api } from '../../api/client.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { useInstantFormats } from '../../ui/format.ts';

const attendanceKey = ['attendance'] as const;

/** Today's attendance: check in to be counted available for automatic assignment, check out at the end. */
export function AttendanceCard() {
  const format = useInstantFormats();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: attendanceKey,
    queryFn: async () => (await api.query(Get_Attendance_Status, {})).data.items[0] ?? null,
  });
  // The answer is today's attendance: kept as it is, not read again.
  const keep = {
    onSuccess: (answer: { data: { items: AttendanceStatus[] } }) =>
      void queryClient.setQueryData<AttendanceStatus | null>(attendanceKey, answer.data.items[0] ?? null),
  };
  const checkIn = useOperation(AttendanceCheckIn, keep);
  const checkOut = useOperation(AttendanceCheckOut, keep);
  const changing = checkIn.isPending || checkOut.isPending;
  const today = status.data;
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
        ) : status.isError ? (
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
            </Typography>
          </>
        )}
      </Box>
      {today && !today.checked_in_at && (
        <Button variant="contained" loading={changing} onClick={() => checkIn.run({})}>
          Check in
        </Button>
      )}
      {today?.available && (
        <Button variant="outlined" loading={changing} onClick={() => checkOut.run({})}>
          Check out
        </Button>
      )}
    </Paper>
  );
}
