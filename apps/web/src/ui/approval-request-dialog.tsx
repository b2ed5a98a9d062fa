import { useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CheckUserForWorkflowApproval,
  DecideWorkflowRequest,
  GetWorkflowRequest,
  ListWorkFlows,
  WithdrawWorkflowRequest,
  WORKFLOW_KIND_LABELS,
  type WorkflowDecision,
  type WorkflowRequestDetails,
  type WorkflowRequestItem,
} from '@fieldport/contract/operations/approvals';
import { api, isApiError } from '../api/client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DetailDialog } from './detail-dialog.tsx';
import { DetailList } from './detail-list.tsx';
import { DialogSection } from './dialog-section.tsx';
import { useInstantFormats, type InstantFormats } from './format.ts';
import { LoadError } from './load-error.tsx';
import { listQueryKey } from './use-list.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { useOperation } from './use-operation.ts';
import {
  approversOf,
  DECISION_LABELS,
  LEVEL_STATES,
  levelOf,
  personLabel,
  RequestStateChip,
  RULE_LABELS,
} from './approval-format.tsx';

/** The request's details and the check of the caller: both read again after any change to it. */
const requestKey = (requestId: string) => ['workflow-request', requestId] as const;

const COMMENT_MAX = 1000;
const REASON_MAX = 500;

/** A refusal of the server the person should read where they are: the request changed meanwhile. */
const REFUSALS = new Set(['CONFLICT', 'FORBIDDEN', 'NOT_FOUND']);

/**
 * One approval request (docs/approvals.md#the-approvals-screens): the record as its area describes
 * it, every level with its rule and whom it waits for, the decisions, and what the caller may do:
 * approve or reject at the level shown (a comment to reject), or withdraw their own pending request.
 * `listed` is the row it was opened from, shown while the details load. An area that opens the
 * request from its own record (a purchase order) names its queries in `invalidate`: they are read
 * again after a decision, as the approvals list is.
 */
export function RequestDetailsDialog(props: {
  requestId: string;
  listed: WorkflowRequestItem | undefined;
  onClose: () => void;
  invalidate?: readonly QueryKey[];
}) {
  const { requestId, listed, onClose } = props;
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: requestKey(requestId),
    queryFn: async () => (await api.query(GetWorkflowRequest, { request_id: requestId })).data.items[0],
  });
  const request = details.data;
  const pending = request?.state === 'PENDING';
  // Why the buttons are off, in the server's words (its own check: the one the decision meets).
  const check = useQuery({
    queryKey: [...requestKey(requestId), 'check'],
    enabled: pending && !request?.can_decide,
    queryFn: async () =>
      (await api.query(CheckUserForWorkflowApproval, { request_id: requestId })).data.items[0],
  });

  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const commentField = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState('');

  const invalidate = [listQueryKey(ListWorkFlows), requestKey(requestId), ...(props.invalidate ?? [])];
  /**
   * The request changed since it was shown (decided by another approver, moved on, withdrawn):
   * the server's message stays in the dialog, and the dialog and the list show the request anew.
   */
  const refused = (error: Error): boolean => {
    if (!isApiError(error)) return false;
    if (error.field === 'comment') {
      setCommentError(error.message.replace(/^comment: /, ''));
      commentField.current?.focus();
      return true;
    }
    if (!REFUSALS.has(error.code)) return false;
    setRefusal(error.message);
    for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
    return true;
  };
  const decide = useOperation(DecideWorkflowRequest, { invalidate, onSuccess: onClose, onError: refused });
  const withdraw = useOperation(WithdrawWorkflowRequest, {
    invalidate,
    onSuccess: () => {
      setWithdrawing(false);
      onClose();
    },
    onError: (error) => {
      setWithdrawing(false);
      return refused(error);
    },
  });
  const busy = decide.isPending || withdraw.isPending;

  const send = (decision: WorkflowDecision) => {
    if (!request) return;
    setRefusal(null);
    // The level shown: a request that moved on meanwhile is refused, not decided at another level.
    const input = { request_id: request.request_id, level: request.current_level, decision, comment };
    const checked = DecideWorkflowRequest.input.safeParse(input);
    const commentIssue = checked.error?.issues.find((issue) => issue.path[0] === 'comment');
    if (commentIssue) {
      setCommentError(commentIssue.message);
      commentField.current?.focus();
      return;
    }
    setCommentError(null);
    decide.run(input);
  };

  const shown = request ?? listed;
  const deciding = decide.isPending ? (decide.variables as { decision?: WorkflowDecision })?.decision : null;
  return (
    <>
      <DetailDialog
        open
        title={shown?.summary ?? 'Approval request'}
        narrow={narrow}
        onClose={onClose}
        busy={busy}
        actions={
          request && (
            <>
              {request.can_withdraw && (
                <Button color="error" disabled={busy} onClick={() => setWithdrawing(true)}>
                  Withdraw request
                </Button>
              )}
              {request.can_decide && (
                <>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={busy}
                    loading={deciding === 'REJECT'}
                    onClick={() => send('REJECT')}
                  >
                    Reject
                  </Button>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={busy}
                    loading={deciding === 'APPROVE'}
                    onClick={() => send('APPROVE')}
                  >
                    Approve
                  </Button>
                </>
              )}
            </>
          )
        }
      >
        <Stack spacing={3}>
          {shown && <RequestHeading request={shown} format={format} />}
          {refusal && (
            <Alert
              severity="warning"
              role="alert"
              onClose={() => setRefusal(null)}
              // The buttons are at the bottom: the message comes into view where the dialog starts.
              ref={(element) => element?.scrollIntoView({ block: 'nearest' })}
            >
              {refusal}
            </Alert>
          )}
          {details.error && !request ? (
            <LoadError what="The request" error={details.error} onRetry={() => void details.refetch()} />
          ) : !request ? (
            <Stack spacing={1} aria-busy="true" aria-label="Loading the request">
              <Skeleton height={90} />
              <Skeleton height={120} />
            </Stack>
          ) : (
            <>
              <RecordSection request={request} />
              <LevelsSection request={request} />
              <HistorySection request={request} format={format} />
              {request.can_decide ? (
                <DialogSection title="Your decision">
                  <TextField
                    label="Comment"
                    value={comment}
                    onChange={(event) => {
                      setComment(event.target.value);
                      if (commentError) setCommentError(null);
                    }}
                    inputRef={commentField}
                    multiline
                    minRows={2}
                    fullWidth
                    disabled={busy}
                    error={Boolean(commentError)}
                    helperText={
                      commentError ??
                      `${levelOf(request)}. Optional to approve; required to reject, to say why.`
                    }
                    slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
                  />
                </DialogSection>
              ) : (
                pending && (
                  <Alert severity="info" variant="outlined" aria-live="polite">
                    {check.data?.reason ??
                      (check.error
                        ? `Whether you may decide could not be checked: ${check.error.message}`
                        : 'Checking whether you may decide this request…')}
                  </Alert>
                )
              )}
            </>
          )}
        </Stack>
      </DetailDialog>
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw this request?"
        confirmLabel="Withdraw request"
        destructive
        busy={withdraw.isPending}
        onConfirm={() =>
          request && withdraw.run({ request_id: request.request_id, reason: reason.trim() || null })
        }
        onClose={() => setWithdrawing(false)}
      >
        <Typography sx={{ mb: 2 }}>
          Nobody will be asked to approve “{shown?.summary}” any more, and the record goes back to how it was
          before you asked. You may ask again later.
        </Typography>
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
      </ConfirmDialog>
    </>
  );
}

/** The kind, state, level and who raised it when: what the list's row showed. */
function RequestHeading({ request, format }: { request: WorkflowRequestItem; format: InstantFormats }) {
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <RequestStateChip state={request.state} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {levelOf(request)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          · {WORKFLOW_KIND_LABELS[request.kind]}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Raised by {request.requested_by_name} on {format.dateTime(request.created_on)}
        {request.ended_on && ` · ${REQUEST_ENDED[request.state]} ${format.dateTime(request.ended_on)}`}
      </Typography>
    </Box>
  );
}

const REQUEST_ENDED: Record<WorkflowRequestItem['state'], string> = {
  PENDING: '',
  APPROVED: 'approved on',
  REJECTED: 'rejected on',
  WITHDRAWN: 'withdrawn on',
};

/** The record as the kind's area describes it now; the area may no longer have it. */
function RecordSection({ request }: { request: WorkflowRequestDetails }) {
  const label = WORKFLOW_KIND_LABELS[request.kind].toLowerCase();
  return (
    <DialogSection title="Record">
      {request.record ? (
        <>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{request.record.title}</Typography>
          {request.record.fields.length > 0 && (
            <DetailList
              items={request.record.fields.map((field) => ({
                label: field.label,
                // A value of several lines (a purchase order's lines) keeps them.
                value: (
                  <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                    {field.value || '—'}
                  </Box>
                ),
              }))}
            />
          )}
        </>
      ) : (
        <Typography color="text.secondary">
          This {label} is no longer available: the request shows what it was raised with.
        </Typography>
      )}
    </DialogSection>
  );
}

/** Every level as it was when the request was raised: its approvers, its rule, where it stands. */
function LevelsSection({ request }: { request: WorkflowRequestDetails }) {
  return (
    <DialogSection title="Levels">
      {request.source === 'DEFAULT' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          This kind had no workflow when the request was raised: one approval by the owner or an admin decides
          it.
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {request.levels.map((level) => {
          const state = LEVEL_STATES[level.state];
          const current = level.state === 'CURRENT';
          return (
            <Box
              component="li"
              key={level.level}
              aria-label={`Level ${level.level}`}
              sx={{
                p: 1.5,
                border: 1,
                borderColor: current ? 'warning.main' : 'divider',
                borderRadius: 1,
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 700 }}>Level {level.level}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                  {RULE_LABELS[level.rule]}
                </Typography>
                {/* Keyed by state: a chip restyled in place would fade its old colour out. */}
                <Chip
                  key={level.state}
                  size="small"
                  variant="outlined"
                  label={state.label}
                  color={state.color}
                />
              </Stack>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Approvers: {approversOf(level)}
              </Typography>
              {current && <WaitingFor request={request} />}
            </Box>
          );
        })}
      </Box>
    </DialogSection>
  );
}

/** Who may decide the current level now (docs/approvals.md#who-approves). */
function WaitingFor({ request }: { request: WorkflowRequestDetails }) {
  const waiting = request.waiting_for.map(personLabel).join(', ');
  return (
    <>
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
        {waiting
          ? `Waits for: ${waiting}`
          : 'Nobody can decide it now: it waits until an owner or admin other than the requester is added.'}
      </Typography>
      {request.falls_back && waiting && (
        <Typography variant="body2" color="text.secondary">
          Nobody this level names can approve now, so the owner and admins decide it instead.
        </Typography>
      )}
    </>
  );
}

/** Raised, each decision (who, when, level, comment), and the withdrawal: oldest first. */
function HistorySection({ request, format }: { request: WorkflowRequestDetails; format: InstantFormats }) {
  const entries: { key: string; what: string; when: string; note: string | null }[] = [
    {
      key: 'raised',
      what: `Raised by ${request.requested_by_name}`,
      when: request.created_on,
      note: null,
    },
    ...request.decisions.map((decision) => ({
      key: decision.decision_id,
      what: `${DECISION_LABELS[decision.decision]} at level ${decision.level} by ${decision.decided_by_name}`,
      when: decision.decided_on,
      note: decision.comment,
    })),
    ...(request.state === 'WITHDRAWN' && request.ended_on
      ? [
          {
            key: 'withdrawn',
            what: `Withdrawn by ${request.requested_by_name}`,
            when: request.ended_on,
            note: request.withdraw_reason,
          },
        ]
      : []),
  ];
  return (
    <DialogSection title="History">
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {entries.map((entry) => (
          <Box
            component="li"
            key={entry.key}
            sx={{ pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.what}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {format.dateTime(entry.when)}
            </Typography>
            {entry.note && (
              <Typography variant="body2" sx={{ mt: 0.25, whiteSpace: 'pre-wrap' }}>
                “{entry.note}”
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </DialogSection>
  );
}
