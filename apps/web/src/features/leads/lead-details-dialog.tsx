import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAlarmOutlined from '@mui/icons-material/AddAlarmOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  ConvertLead,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  UpdateLead,
  type LeadFollowUp,
  type LeadItem,
} from '@fieldport/contract/operations/leads';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats, type InstantFormats } from '../../ui/format.ts';
import { StateChip } from '../../ui/status-chip.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { ConvertLeadDialog } from './convert-lead-dialog.tsx';
import { AddFollowUpDialog, CompleteFollowUpDialog, UpdateLeadDialog } from './lead-dialogs.tsx';
import { answerWords, customerHref, LeadStatusChip, overdue, quotationHref } from './lead-format.tsx';

type Acting =
  { kind: 'update' } | { kind: 'follow-up' } | { kind: 'done'; followUp: LeadFollowUp } | { kind: 'convert' };

/**
 * One lead in full (docs/leads.md): who, what they answered on which form, who owns it and where it
 * stands, its follow-ups (the overdue ones marked), and for those who work leads: owner and status,
 * follow-ups, and Convert (won). A won lead shows its customer and quotation, and no longer changes.
 */
export function LeadDetailsDialog({
  lead,
  can,
  onClose,
  onChanged,
}: {
  lead: LeadItem;
  can: FeaturePageProps['can'];
  onClose: () => void;
  /** The lead as a change left it. */
  onChanged: (lead: LeadItem) => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const [acting, setActing] = useState<Acting | null>(null);
  const won = lead.status === 'WON';
  const works = !won && can(UpdateLead.access);
  const converts = !won && can(ConvertLead.access);
  const stopActing = () => setActing(null);
  const done = (changed: LeadItem) => {
    setActing(null);
    onChanged(changed);
  };
  const source = LEAD_SOURCE_LABELS[lead.source];
  // Won here: the Won section, at the top, is brought into view with what winning made.
  const [wonAtOpen] = useState(won);

  return (
    <>
      <DetailDialog
        open
        title={`Lead ${lead.lead_number}`}
        narrow={narrow}
        maxWidth="md"
        onClose={onClose}
        actions={
          converts && (
            <Button variant="contained" onClick={() => setActing({ kind: 'convert' })}>
              Convert (won)
            </Button>
          )
        }
      >
        <Stack spacing={3}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <LeadStatusChip status={lead.status} />
            <Typography color="text.secondary">
              Captured {format.dateTime(lead.created_on)} · {source}
              {lead.created_by_name ? `: ${lead.created_by_name}` : ''} · Form {lead.form_name}
            </Typography>
          </Box>
          {won && <WonSection lead={lead} bringIntoView={!wonAtOpen} />}
          <DialogSection title="Contact">
            <DetailList
              items={[
                { label: 'Name', value: lead.customer_name },
                { label: 'Phone', value: lead.customer_phone_display },
                { label: 'Email', value: lead.customer_email ?? '—' },
                ...(!won && lead.matched_customer_name
                  ? [{ label: 'Customer with this phone', value: lead.matched_customer_name }]
                  : []),
              ]}
            />
          </DialogSection>
          <DialogSection title="Answers">
            {lead.answers.length > 0 ? (
              <DetailList
                items={lead.answers.map((answer) => ({
                  label: answer.label,
                  value: <Box sx={{ whiteSpace: 'pre-wrap' }}>{answerWords(answer)}</Box>,
                }))}
              />
            ) : (
              <Typography color="text.secondary">No answers to the form’s own questions.</Typography>
            )}
          </DialogSection>
          <DialogSection title="Owner and status">
            <DetailList
              items={[
                { label: 'Owner', value: lead.owner_name ?? 'Nobody yet' },
                { label: 'Status', value: LEAD_STATUS_LABELS[lead.status] },
                ...(lead.status === 'LOST' && lead.lost_reason
                  ? [{ label: 'Why it was lost', value: lead.lost_reason }]
                  : []),
                { label: 'Last change', value: format.dateTime(lead.updated_on) },
              ]}
            />
            {works && (
              <Button
                startIcon={<EditOutlined />}
                sx={{ mt: 1.5 }}
                onClick={() => setActing({ kind: 'update' })}
              >
                Change owner or status
              </Button>
            )}
          </DialogSection>
          <DialogSection title="Follow-ups">
            <FollowUps
              lead={lead}
              format={format}
              works={works}
              onDone={(followUp) => setActing({ kind: 'done', followUp })}
            />
            {works && (
              <Button
                startIcon={<AddAlarmOutlined />}
                sx={{ mt: 1.5 }}
                onClick={() => setActing({ kind: 'follow-up' })}
              >
                Add follow-up
              </Button>
            )}
          </DialogSection>
        </Stack>
      </DetailDialog>
      {acting?.kind === 'update' && <UpdateLeadDialog lead={lead} onClose={stopActing} onDone={done} />}
      {acting?.kind === 'follow-up' && <AddFollowUpDialog lead={lead} onClose={stopActing} onDone={done} />}
      {acting?.kind === 'done' && (
        <CompleteFollowUpDialog lead={lead} followUp={acting.followUp} onClose={stopActing} onDone={done} />
      )}
      {acting?.kind === 'convert' && (
        <ConvertLeadDialog lead={lead} can={can} onClose={stopActing} onDone={done} />
      )}
    </>
  );
}

/** What winning made: the customer and the draft quotation, each to open. */
function WonSection({ lead, bringIntoView }: { lead: LeadItem; bringIntoView: boolean }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (bringIntoView) place.current?.scrollIntoView({ block: 'nearest' });
  }, [bringIntoView]);
  return (
    <Box ref={place}>
      <DialogSection title="Won">
        <DetailList
          items={[
            {
              label: 'Customer',
              value: lead.customer_id ? (
                <Link component={RouterLink} to={customerHref(lead.customer_id)} sx={{ fontWeight: 600 }}>
                  {lead.won_customer_name ?? 'Open the customer'}
                </Link>
              ) : (
                '—'
              ),
            },
            {
              label: 'Quotation',
              value:
                lead.quotation_id && lead.quotation_number ? (
                  <Link component={RouterLink} to={quotationHref(lead.quotation_id)} sx={{ fontWeight: 600 }}>
                    {lead.quotation_number}
                  </Link>
                ) : (
                  'None drafted'
                ),
            },
          ]}
        />
      </DialogSection>
    </Box>
  );
}

/** A lead's follow-ups, the earliest first: when, what, and whether done, due or overdue. */
function FollowUps({
  lead,
  format,
  works,
  onDone,
}: {
  lead: LeadItem;
  format: InstantFormats;
  works: boolean;
  onDone: (followUp: LeadFollowUp) => void;
}) {
  // Overdue as of when the details opened: a follow-up does not turn red under the reader's eyes.
  const [now] = useState(() => Date.now());
  const closed = lead.status === 'WON' || lead.status === 'LOST';
  if (lead.follow_ups.length === 0) {
    return (
      <Typography color="text.secondary">
        {works ? 'None planned. Add one to be reminded by mail when it falls due.' : 'None.'}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lead.follow_ups.map((followUp) => {
        // A won or lost lead reminds nobody: its open follow-ups are not due any more.
        const late = !closed && overdue(followUp, now);
        const when = format.dateTime(followUp.due_at);
        const byline = [
          followUp.created_by_name ? `Planned by ${followUp.created_by_name}` : null,
          followUp.reminded_on ? `reminded ${format.dateTime(followUp.reminded_on)}` : null,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <Paper
            component="li"
            key={followUp.follow_up_id}
            variant="outlined"
            sx={{
              p: 1.5,
              borderColor: late ? 'error.main' : undefined,
              borderLeftWidth: late ? 4 : 1,
              bgcolor: followUp.done_on ? 'action.hover' : undefined,
            }}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{when}</Typography>
              {followUp.done_on ? (
                <StateChip label="Done" color="success" outlined />
              ) : late ? (
                <StateChip label="Overdue" color="error" />
              ) : closed ? (
                <StateChip label="Not done" color="default" outlined />
              ) : (
                <StateChip label="Planned" color="info" outlined />
              )}
              <Box sx={{ flex: 1 }} />
              {works && !followUp.done_on && (
                <Button
                  size="small"
                  startIcon={<CheckCircleOutlined />}
                  aria-label={`Mark done: the follow-up of ${when}`}
                  onClick={() => onDone(followUp)}
                >
                  Mark done
                </Button>
              )}
            </Box>
            <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {followUp.note}
            </Typography>
            {followUp.done_on && followUp.outcome && (
              <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Outcome, {format.dateTime(followUp.done_on)}:
                </Box>{' '}
                <span>{followUp.outcome}</span>
              </Typography>
            )}
            {byline && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {byline}
              </Typography>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
