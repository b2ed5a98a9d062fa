import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import {
  ListOutboxMails,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  type OutboxMailItem,
} from '@fieldport/contract/operations/mail-outbox';
import { ChoiceFilter } from '../../ui/list-filters.tsx';
import { StateChip } from '../../ui/status-chip.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { DetailDialog } from '../../ui/detail-dialog.tsx';

function Codes({ codes }: { codes: string[] }) {
  if (codes.length === 0) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {codes.map((code) => (
        <Chip
          key={code}
          label={code}
          size="small"
          variant="outlined"
          color="primary"
          sx={{ fontFamily: 'monospace', fontSize: 15, fontWeight: 700, letterSpacing: 1 }}
        />
      ))}
    </Stack>
  );
}

const STATUS_COLORS = { QUEUED: 'info', SENDING: 'info', SENT: 'success', FAILED: 'error' } as const;
const STATUS_CHOICES = MAIL_STATUSES.map((status) => ({ value: status, label: MAIL_STATUS_LABELS[status] }));

/** Sent, Failed, or Queued with the attempts that failed so far ("Retrying (2 failed)"). */
function MailStatus({ item }: { item: OutboxMailItem }) {
  const waiting = item.status === 'QUEUED' && item.attempts > 0;
  return (
    <StateChip
      label={waiting ? `Retrying (${item.attempts} failed)` : MAIL_STATUS_LABELS[item.status]}
      color={waiting ? 'warning' : STATUS_COLORS[item.status]}
      outlined={item.status === 'QUEUED' && !waiting}
    />
  );
}

/**
 * /MailOutbox (docs/operations.md#mail): every mail the portal sends, newest first, with its
 * delivery: queued, sent, retrying or failed and why. Without a mail server the mails are kept
 * whole here instead of sent, and the owner and admins read the codes (sign-in, password reset,
 * ticket closure) of their organization.
 */
export default function MailOutboxPage({ route }: FeaturePageProps) {
  const narrow = useNarrowScreen();
  const state = useListState(ListOutboxMails, { sortBy: 'created_on', sortOrder: 'desc' });
  const { input } = state;
  const list = useList(ListOutboxMails, input);
  const format = useInstantFormats();
  const [shown, setShown] = useState<OutboxMailItem | null>(null);
  // Until the first page answers, the words for a portal without a mail server (the usual demo).
  const kept = (list.data as { transport?: string } | undefined)?.transport !== 'smtp';

  const columns: DataTableColumn<OutboxMailItem>[] = [
    {
      field: 'created_on',
      header: `Time (${format.timeZone})`,
      width: 190,
      hideOnNarrow: true,
      render: (item) => format.dateTimeToSecond(item.created_on),
    },
    {
      field: 'to_address',
      header: 'To',
      flex: 1,
      minWidth: 170,
      render: (item) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {item.to_address}
          </Typography>
          {narrow && (
            <Typography variant="body2" color="text.secondary">
              {format.dateTimeToSecond(item.created_on)}
            </Typography>
          )}
        </Box>
      ),
    },
    { field: 'subject', header: 'Subject', flex: 1.5, minWidth: 200, hideOnNarrow: true },
    {
      field: 'status',
      header: 'Delivery',
      width: 170,
      render: (item) => <MailStatus item={item} />,
    },
    ...(kept
      ? [
          {
            field: 'codes',
            header: 'Codes',
            width: 150,
            render: (item: OutboxMailItem) => <Codes codes={item.codes} />,
          },
        ]
      : []),
  ];

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {kept
          ? `No mail server is configured (SMTP_URL), so the portal keeps its mails here instead of sending them:
        sign-in and password codes of your organization's people, customers' closure codes and invitations.`
          : `The mails the portal sends through the mail server, with how each one went. A mail the server refuses is
        tried again after 30 seconds, 2, 8 and 32 minutes, then marked Failed with the reason. Their contents are not
        kept.`}
      </Typography>
      <ListToolbar
        state={state}
        searchLabel="Search address or subject"
        statusFilter={false}
        actions={
          <Button variant="outlined" startIcon={<RefreshOutlined />} onClick={() => void list.refetch()}>
            Refresh
          </Button>
        }
      >
        <ChoiceFilter state={state} filter="mail_status" label="Delivery" choices={STATUS_CHOICES} />
      </ListToolbar>
      <DataTable<OutboxMailItem>
        label={route.title}
        columns={columns}
        rowActions={[
          {
            label: (item) => `Read the mail to ${item.to_address}: ${item.subject}`,
            icon: () => <DraftsOutlined />,
            onClick: setShown,
          },
        ]}
        getRowId={(item) => item.mail_id}
        list={list}
        state={state}
        sortable={['created_on']}
        empty={{
          title: 'No mails yet',
          description: 'Codes and notices the portal sends appear here, newest first.',
        }}
      />
      <DetailDialog
        open={shown !== null}
        title={shown?.subject}
        narrow={narrow}
        onClose={() => setShown(null)}
      >
        {shown && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              To {shown.to_address} · {format.dateTimeToSecond(shown.created_on)}
            </Typography>
            <Box sx={{ mb: 1.5 }}>
              <MailStatus item={shown} />
            </Box>
            {shown.sent_on && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                Sent {format.dateTimeToSecond(shown.sent_on)}
              </Typography>
            )}
            {shown.next_attempt_on && shown.attempts > 0 && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                Next attempt {format.dateTimeToSecond(shown.next_attempt_on)}
              </Typography>
            )}
            {shown.error && (
              <Typography variant="body2" color="error" sx={{ mb: 1, wordBreak: 'break-word' }}>
                Last failure: {shown.error}
              </Typography>
            )}
            {kept && <Codes codes={shown.codes} />}
            {kept ? (
              <Box
                component="pre"
                sx={{
                  mt: 2,
                  p: 2,
                  bgcolor: 'grey.50',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontFamily: 'inherit',
                  fontSize: 14,
                }}
              >
                {shown.body_text}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Sent through the mail server: its contents are not kept.
              </Typography>
            )}
          </>
        )}
      </DetailDialog>
    </Box>
  );
}
