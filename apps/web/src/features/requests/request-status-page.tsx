import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REQUEST_MESSAGES, type PublicRequestStatus } from '@fieldport/contract/operations/requests';
import { serviceRequestApi } from '../../api/service-request.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { formatDay, instantFormatsIn } from '../../ui/format.ts';
import { OrganizationHeader, PublicLoading, PublicPage, PublicRefusal } from '../../ui/public-page.tsx';
import { RequestStateChip } from './request-format.tsx';

const TITLE = 'Your request';

/**
 * /RequestStatus?token=… (docs/requests.md#the-status-link): where a request stands, for the
 * customer who sent it, without signing in (the signed link is the proof): new, rejected with the
 * reason, or the ticket it became or joined, with the ticket's state and visit date.
 */
export default function RequestStatusPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useQuery({
    queryKey: ['request-status', token],
    queryFn: () => serviceRequestApi.status(token),
    enabled: token.length > 0,
    retry: false,
  });
  const data = status.data;

  useEffect(() => {
    document.title = data ? `Request ${data.request_number} · ${data.organization_name}` : TITLE;
  }, [data]);

  let body: ReactNode;
  if (!token) body = <PublicRefusal title={TITLE} message={REQUEST_MESSAGES.linkNotValid} />;
  else if (status.isPending) body = <PublicLoading label="Loading your request" />;
  else if (status.isError) body = <PublicRefusal title={TITLE} message={status.error.message} />;
  else body = <RequestStatus status={status.data} />;
  return <PublicPage maxWidth={760}>{body}</PublicPage>;
}

function RequestStatus({ status: s }: { status: PublicRequestStatus }) {
  const format = instantFormatsIn(s.time_zone);
  return (
    <Stack spacing={3}>
      <OrganizationHeader name={s.organization_name} logoUrl={null} />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          Request {s.request_number}
        </Typography>
        <RequestStateChip state={s.state} />
      </Box>
      <Outcome status={s} />
      <DetailList
        items={[
          ...(s.ticket_number
            ? [
                { label: 'Ticket', value: s.ticket_number },
                { label: 'Ticket state', value: s.ticket_state_label ?? '—' },
                { label: 'Visit date', value: s.visit_date ? formatDay(s.visit_date) : 'Not fixed yet' },
              ]
            : []),
          { label: 'From', value: s.customer_name },
          { label: 'Received', value: format.dateTime(s.created_on) },
          {
            label: 'Problem',
            value: <Box sx={{ whiteSpace: 'pre-wrap' }}>{s.problem}</Box>,
          },
        ]}
      />
    </Stack>
  );
}

/** Where the request stands, beyond its state's label (the chip beside its number). */
function Outcome({ status: s }: { status: PublicRequestStatus }) {
  if (s.state === 'REJECTED') {
    return (
      <Alert severity="warning">
        {s.organization_name} cannot take up this request.
        {s.reject_reason && <Typography sx={{ mt: 1 }}>Reason: {s.reject_reason}</Typography>}
      </Alert>
    );
  }
  if (s.ticket_number) {
    return (
      <Alert severity="success">
        Your visit is ticket <strong>{s.ticket_number}</strong>: quote its number when you call{' '}
        {s.organization_name}.
      </Alert>
    );
  }
  return (
    <Alert severity="info">
      {s.organization_name} has your request and will get in touch with you shortly. This page will show the
      ticket it becomes.
    </Alert>
  );
}
