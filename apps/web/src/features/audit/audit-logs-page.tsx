import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { CATALOGUE } from '@fieldport/contract/catalogue';
import {
  AUTH_EVENTS,
  AUTH_EVENT_LABELS,
  List_Logs,
  type AuditLogItem,
  type AuthEvent,
} from '@fieldport/contract/operations/audit';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useList, useListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { DetailDialog } from '../../ui/detail-dialog.tsx';

/** What the filter offers: the sign-in events and every mutation of the catalogue, by name. */
const OPERATIONS = [
  ...AUTH_EVENTS,
  'ExportToExcel',
  ...Object.values(CATALOGUE)
    .filter((op) => op.kind === 'mutation')
    .map((op) => op.name)
    .sort(),
];

function operationLabel(operation: string): string {
  return AUTH_EVENT_LABELS[operation as AuthEvent] ?? operation;
}

/** 'currency: INR → USD, time_zone: …' for the list; the whole entry is in the details. */
function summary(changes: AuditLogItem['changes']): string {
  if (!changes) return '';
  return Object.entries(changes)
    .map(([key, value]) => {
      if (value && typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${String(change.from)} → ${String(change.to)}`;
      }
      return `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join(', ');
}

/**
 * /AuditLogs (docs/product.md#audit-log): who did what, where and when in the organization, newest
 * first, filtered by user, operation and days (of the organization's time zone), and exported to
 * .xlsx.
 */
export default function AuditLogsPage({ route, can }: FeaturePageProps) {
  const narrow = useNarrowScreen();
  const state = useListState(List_Logs, {
    sortBy: 'created_on',
    sortOrder: 'desc',
    filters: { user_email: undefined, operation: undefined, date_from: undefined, date_to: undefined },
  });
  const { input } = state;
  const list = useList(List_Logs, input);
  const format = useInstantFormats();
  const [shown, setShown] = useState<AuditLogItem | null>(null);
  // The email is sent when typing pauses, like the search.
  const [emailText, setEmailText] = useState('');
  const email = useDebouncedValue(emailText.trim().toLowerCase(), 300);
  const filters = input;
  const applied = filters.user_email ?? '';
  useEffect(() => {
    if (email !== applied) state.setFilter('user_email', email || undefined);
    // Only a settled email is applied; the list state's setters are new at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [email]);
  // "Clear search and filters" (on an empty result) empties the email box too.
  const tableState = useMemo(
    () => ({
      ...state,
      clearFilters: () => {
        setEmailText('');
        state.clearFilters();
      },
    }),
    [state],
  );
  const datesWrong = Boolean(filters.date_from && filters.date_to && filters.date_from > filters.date_to);

  const columns: DataTableColumn<AuditLogItem>[] = [
    {
      field: 'created_on',
      header: `Time (${format.timeZone})`,
      width: 200,
      render: (item) => format.dateTimeToSecond(item.created_on),
    },
    {
      field: 'user_email',
      header: 'User',
      flex: 1,
      minWidth: 190,
      render: (item) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {item.user_name ?? '—'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {item.user_email ?? ''}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'operation',
      header: 'Operation',
      flex: 1,
      minWidth: 170,
      render: (item) => operationLabel(item.operation),
    },
    {
      field: 'changes',
      header: 'Changes',
      flex: 2,
      minWidth: 220,
      hideOnNarrow: true,
      render: (item) => (
        <Typography
          variant="body2"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {summary(item.changes) || '—'}
        </Typography>
      ),
    },
    { field: 'ip_address', header: 'Address', width: 140, hideOnNarrow: true },
  ];

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <ListToolbar
        state={state}
        searchLabel="Search user or operation"
        actions={<ExportButton op={List_Logs} input={input} can={can} />}
      >
        <TextField
          label="User email"
          size="small"
          type="email"
          value={emailText}
          onChange={(event) => setEmailText(event.target.value)}
          sx={{ flex: '1 1 200px', maxWidth: { sm: 260 } }}
        />
        <Autocomplete
          options={OPERATIONS}
          value={filters.operation ?? null}
          onChange={(_event, value) => state.setFilter('operation', value ?? undefined)}
          getOptionLabel={operationLabel}
          size="small"
          sx={{ flex: '1 1 220px', maxWidth: { sm: 280 } }}
          renderInput={(params) => <TextField {...params} label="Operation" />}
        />
        <TextField
          label="From"
          type="date"
          size="small"
          value={filters.date_from ?? ''}
          onChange={(event) => state.setFilter('date_from', event.target.value || undefined)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: narrow ? 'calc(50% - 6px)' : 160 }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={filters.date_to ?? ''}
          onChange={(event) => state.setFilter('date_to', event.target.value || undefined)}
          error={datesWrong}
          helperText={datesWrong ? 'To must not be before From' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: narrow ? 'calc(50% - 6px)' : 160 }}
        />
      </ListToolbar>
      <DataTable<AuditLogItem>
        label={route.title}
        columns={columns}
        rowActions={[
          {
            label: (item) =>
              `Details of ${operationLabel(item.operation)} at ${format.dateTimeToSecond(item.created_on)}`,
            icon: () => <ManageSearchOutlined />,
            onClick: setShown,
          },
        ]}
        getRowId={(item) => item.log_id}
        list={list}
        state={tableState}
        sortable={['created_on', 'operation', 'user_email']}
        empty={{
          title: 'Nothing has been logged yet',
          description: 'Sign-ins, sign-outs and every change made in the portal appear here.',
        }}
      />
      <DetailDialog
        open={shown !== null}
        title={shown ? operationLabel(shown.operation) : ''}
        narrow={narrow}
        onClose={() => setShown(null)}
      >
        {shown && (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
          >
            {(
              [
                ['Time', format.dateTimeToSecond(shown.created_on)],
                ['User', [shown.user_name, shown.user_email].filter(Boolean).join(' · ') || '—'],
                ['Operation', shown.operation],
                ['Target', shown.target ?? '—'],
                ['Address', shown.ip_address ?? '—'],
              ] as const
            ).map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {term}
                </Typography>
                <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </Box>
            ))}
            <Typography component="dt" color="text.secondary">
              Changes
            </Typography>
            <Box
              component="dd"
              sx={{
                m: 0,
                fontFamily: 'monospace',
                fontSize: '0.85rem',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              {shown.changes ? JSON.stringify(shown.changes, null, 2) : '—'}
            </Box>
          </Box>
        )}
      </DetailDialog>
    </Box>
  );
}
