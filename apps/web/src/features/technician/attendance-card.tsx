import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
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

const attendanceKey = ['attendance'] as const;
const TIME = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });
const time = (iso: string) => TIME.format(new Date(iso));

/** Today's attendance: check in to be counted available for automatic assignment, check out at the end. */
export function AttendanceCard() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const status = useQuery({
    queryKey: attendanceKey,
    queryFn: async () => (await api.query(Get_Attendance_Status, {})).data.items[0] ?? null,
  });
  const change = useMutation({
    mutationFn: async (action: 'IN' | 'OUT') =>
      action === 'IN' ? api.mutate(AttendanceCheckIn, {}) : api.mutate(AttendanceCheckOut, {}),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.status_message, { variant: 'success' });
      queryClient.setQueryData<AttendanceStatus | null>(attendanceKey, answer.data.items[0] ?? null);
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });
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
                ? `In at ${time(today.checked_in_at)}`
                : 'Check in to receive tickets today'}
              {today?.checked_out_at ? ` · out at ${time(today.checked_out_at)}` : ''}
            </Typography>
          </>
        )}
      </Box>
      {today && !today.checked_in_at && (
        <Button variant="contained" loading={change.isPending} onClick={() => change.mutate('IN')}>
          Check in
        </Button>
      )}
      {today?.available && (
        <Button variant="outlined" loading={change.isPending} onClick={() => change.mutate('OUT')}>
          Check out
        </Button>
      )}
    </Paper>
  );
}
