import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import {
  CaptureLead,
  LEAD_MESSAGES,
  LEAD_SOURCE_LABELS,
  ListLeads,
  type LeadItem,
} from '@fieldport/contract/operations/leads';
import { api } from '../../api/client.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats, type InstantFormats } from '../../ui/format.ts';
import { ChoiceFilter, DayRangeFilter, withDaysInOrder } from '../../ui/list-filters.tsx';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { OpenRowLink } from '../../ui/open-row-link.tsx';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { TwoLineCell } from '../../ui/two-line-cell.tsx';
import { useList, useListState, type ListState } from '../../ui/use-list.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { CaptureLeadDialog, useLeadForms } from './capture-lead-dialog.tsx';
import { LeadDetailsDialog } from './lead-details-dialog.tsx';
import { LeadStatusChip, overdue, STATUS_CHOICES } from './lead-format.tsx';

/**
 * The leads (docs/leads.md), the newest first: searched by number, name, phone or email, filtered
 * by status, form, owner (mine) and the days captured. A row opens the lead's details, where it is
 * worked and won; Capture lead fills one of the forms on the screen. `?lead=<id>` (a reminder
 * mail's link) opens that lead.
 */
export function LeadsList({ can }: { can: FeaturePageProps['can'] }) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const state = useListState(ListLeads, {
    filters: {
      lead_status: undefined,
      form_id: undefined,
      mine: undefined,
      from_date: undefined,
      to_date: undefined,
    },
  });
  const input = useMemo(() => withDaysInOrder(state.input, 'from_date', 'to_date'), [state.input]);
  const list = useList(ListLeads, input);
  const forms = useLeadForms();
  const formChoices = (forms.data ?? []).map((form) => ({ value: form.form_id, label: form.form_name }));
  // The lead whose details are open, as the list or the last change had it.
  const [viewing, setViewing] = useState<LeadItem | null>(null);
  const [capturing, setCapturing] = useState(false);
  // A follow-up is overdue as of when the list was opened: no row turns red under the reader's eyes.
  const [now] = useState(() => Date.now());
  useLeadOfAddress(setViewing);

  const columns: DataTableColumn<LeadItem>[] = [
    {
      field: 'lead_number',
      header: 'Lead',
      // 'LEAD/2026-27/000123' on one line.
      width: 175,
      minWidth: 165,
      render: (lead) => (
        <Box sx={{ py: 0.5, minWidth: 0 }}>
          <OpenRowLink onOpen={() => setViewing(lead)}>{lead.lead_number}</OpenRowLink>
          {narrow ? (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {lead.customer_name} · {lead.customer_phone_display}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {lead.form_name} · {LEAD_SOURCE_LABELS[lead.source]} · {format.dateTime(lead.created_on)}
              </Typography>
              <Box sx={{ mt: 0.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <LeadStatusChip status={lead.status} />
                <NextFollowUp lead={lead} format={format} now={now} inline />
              </Box>
            </>
          ) : (
            <Typography variant="caption" color="text.secondary" component="p">
              {LEAD_SOURCE_LABELS[lead.source]}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_name',
      header: 'Name · phone',
      flex: 1.2,
      minWidth: 160,
      hideOnNarrow: true,
      render: (lead) => <TwoLineCell first={lead.customer_name} second={lead.customer_phone_display} />,
    },
    {
      field: 'form_name',
      header: 'Form',
      flex: 1,
      minWidth: 130,
      hideOnNarrow: true,
      priority: 3,
      render: (lead) => (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {lead.form_name}
        </Typography>
      ),
    },
    {
      field: 'status',
      header: 'Status',
      width: 120,
      minWidth: 110,
      hideOnNarrow: true,
      render: (lead) => <LeadStatusChip status={lead.status} />,
    },
    {
      field: 'owner_name',
      header: 'Owner',
      flex: 1,
      minWidth: 120,
      hideOnNarrow: true,
      priority: 2,
      render: (lead) =>
        lead.owner_name ?? (
          <Typography variant="body2" color="text.secondary">
            Nobody yet
          </Typography>
        ),
    },
    {
      field: 'next_follow_up',
      header: 'Next follow-up',
      width: 175,
      minWidth: 160,
      hideOnNarrow: true,
      render: (lead) => <NextFollowUp lead={lead} format={format} now={now} />,
    },
    {
      field: 'created_on',
      header: 'Captured',
      width: 150,
      minWidth: 140,
      hideOnNarrow: true,
      priority: 3,
      render: (lead) => (
        <TwoLineCell first={format.date(lead.created_on)} second={format.time(lead.created_on)} />
      ),
    },
  ];

  return (
    <Box component="section" aria-label="Leads">
      <ListToolbar
        state={state}
        searchLabel="Search number, name, phone or email"
        actions={
          can(CaptureLead.access) && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCapturing(true)}>
              Capture lead
            </Button>
          )
        }
      >
        <ChoiceFilter
          state={state}
          filter="lead_status"
          label="Status"
          choices={STATUS_CHOICES}
          width={160}
        />
        <ChoiceFilter state={state} filter="form_id" label="Form" choices={formChoices} width={200} />
        <MineFilter state={state} />
        <DayRangeFilter
          state={state}
          from="from_date"
          to="to_date"
          fromLabel="Captured from"
          toLabel="Captured to"
        />
      </ListToolbar>
      <DataTable<LeadItem>
        label="Leads"
        columns={columns}
        getRowId={(lead) => lead.lead_id}
        rowLabel={(lead) => `${lead.lead_number} from ${lead.customer_name}`}
        // The details show every fact of a row: no Details of its own for what gives way.
        rowOpensPage
        onRowOpen={setViewing}
        list={list}
        state={state}
        sortable={state.sortable}
        empty={{
          title: 'No leads yet',
          description:
            'Share a form’s public link (Forms tab) on your website or in messages, or capture a lead that called or walked in: leads arrive here as New.',
          action: can(CaptureLead.access) ? (
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setCapturing(true)}>
              Capture lead
            </Button>
          ) : undefined,
        }}
      />
      {capturing && (
        <CaptureLeadDialog
          onClose={() => setCapturing(false)}
          onCaptured={(lead) => {
            setCapturing(false);
            setViewing(lead);
          }}
        />
      )}
      {viewing && (
        <LeadDetailsDialog
          key={viewing.lead_id}
          lead={viewing}
          can={can}
          onClose={() => setViewing(null)}
          onChanged={setViewing}
        />
      )}
    </Box>
  );
}

/** Only the leads the caller owns. */
function MineFilter({ state }: { state: ListState }) {
  const mine = (state.input as { mine?: boolean }).mine === true;
  return (
    <FormControlLabel
      sx={{ mx: 0, flex: '0 0 auto' }}
      control={
        <Switch
          checked={mine}
          onChange={(event) => state.setFilter('mine', event.target.checked || undefined)}
        />
      }
      label="Mine only"
    />
  );
}

/** When the lead's next follow-up is due, in the organization's time; an overdue one says so. */
function NextFollowUp({
  lead,
  format,
  now,
  inline = false,
}: {
  lead: LeadItem;
  format: InstantFormats;
  now: number;
  inline?: boolean;
}) {
  // A won or lost lead reminds nobody: what was left open is not due any more.
  if (!lead.next_follow_up_at || lead.status === 'WON' || lead.status === 'LOST') {
    return inline ? null : (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  const late = overdue({ due_at: lead.next_follow_up_at, done_on: null }, now);
  const when = format.dateTime(lead.next_follow_up_at);
  if (inline) {
    return (
      <Typography
        variant="caption"
        color={late ? 'error' : 'text.secondary'}
        sx={{ fontWeight: late ? 600 : 400 }}
      >
        {late ? `Overdue since ${when}` : `Follow up ${when}`}
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color={late ? 'error' : undefined} sx={{ fontWeight: late ? 600 : 400 }}>
        {when}
      </Typography>
      {late && (
        <Typography variant="body2" color="error" sx={{ fontWeight: 600 }}>
          Overdue
        </Typography>
      )}
    </Box>
  );
}

/**
 * Opens the lead of the address (`?lead=<id>`, a follow-up reminder's link), read by its id, and
 * drops it from the address.
 */
function useLeadOfAddress(open: (lead: LeadItem) => void) {
  const [params, setParams] = useSearchParams();
  const snackbars = useSnackbars();
  const leadId = params.get('lead');
  useEffect(() => {
    if (!leadId) return;
    let cancelled = false;
    void (async () => {
      try {
        const found = await api.query(ListLeads, { lead_id: leadId });
        if (cancelled) return;
        const [lead] = found.data.items;
        if (lead) open(lead);
        else snackbars.error(LEAD_MESSAGES.notFound);
      } catch (error) {
        if (!cancelled) snackbars.error(error instanceof Error ? error.message : LEAD_MESSAGES.notFound);
      } finally {
        if (!cancelled) {
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.delete('lead');
              return next;
            },
            { replace: true },
          );
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per address: `open`, `snackbars` and `setParams` are the screen's for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leadId]);
}
