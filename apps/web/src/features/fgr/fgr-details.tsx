import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GetWorkflowRequest } from '@fieldport/contract/operations/approvals';
import {
  FGR_CLAIM_STATUS_LABELS,
  FGR_MESSAGES,
  GetFGR,
  ReopenFGR,
  UpdateFGR,
  UpdateFGRClaimStatus,
  type FgrItem,
} from '@fieldport/contract/operations/fgr';
import { CUSTOMER_PRODUCTS_MODULE } from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../../api/client.ts';
import { RequestDetailsDialog } from '../../ui/approval-request-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import { StackedLines } from '../../ui/entries.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useInstantFormats } from '../../ui/format.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { FgrClaimChip, FgrStateChip } from './fgr-chips.tsx';
import { ClaimDialog, EditFgrDialog, ReopenFgrDialog } from './fgr-dialogs.tsx';
import {
  actionsOf,
  claimShown,
  coveredByWords,
  customerProductsHref,
  fgrKey,
  fgrQueries,
  productWords,
  ticketHref,
} from './fgr-words.ts';

/**
 * One product replacement in full (docs/fgr.md) and what its state lets the caller do: its
 * content, its buttons and the dialogs they open, for the details dialog of /FgrView.
 */

type Action = 'edit' | 'approval' | 'reopen' | 'claim';

export function useFgr(fgrId: string, listed: FgrItem | undefined) {
  return useQuery({
    queryKey: fgrKey(fgrId),
    // The row it was opened from shows at once; the replacement as it is now replaces it.
    placeholderData: listed,
    queryFn: async () => {
      const item = (await api.query(GetFGR, { fgr_id: fgrId })).data.items[0];
      if (!item) throw new Error(FGR_MESSAGES.notFound);
      return item;
    },
  });
}

export function useFgrDetails(props: {
  fgrId: string;
  listed: FgrItem | undefined;
  can: FeaturePageProps['can'];
}): { title: string; content: ReactNode; actions: ReactNode; dialogs: ReactNode } {
  const { fgrId, listed, can } = props;
  const details = useFgr(fgrId, listed);
  const fgr = details.data;
  const [action, setAction] = useState<Action | null>(null);
  const closeAction = () => setAction(null);

  const content =
    details.error && !fgr ? (
      <LoadError what="The replacement" error={details.error} onRetry={() => void details.refetch()} />
    ) : !fgr ? (
      <Box role="status" aria-label="Loading the replacement">
        <Skeleton height={40} />
        <Skeleton height={160} />
        <Skeleton height={120} />
      </Box>
    ) : (
      <FgrContent fgr={fgr} can={can} />
    );

  const allowed = fgr ? actionsOf(fgr.state) : [];
  const actions = fgr && (
    <>
      {fgr.workflow_request_id && can(GetWorkflowRequest.access) && (
        <Button
          variant={fgr.state === 'PENDING_APPROVAL' ? 'outlined' : 'text'}
          onClick={() => setAction('approval')}
        >
          {fgr.state === 'PENDING_APPROVAL' ? 'Open approval' : 'Approval history'}
        </Button>
      )}
      {allowed.includes('edit') && can(UpdateFGR.access) && (
        <Button variant="contained" onClick={() => setAction('edit')}>
          Edit
        </Button>
      )}
      {allowed.includes('reopen') && can(ReopenFGR.access) && (
        <Button variant="contained" onClick={() => setAction('reopen')}>
          Send again
        </Button>
      )}
      {allowed.includes('claim') && can(UpdateFGRClaimStatus.access) && (
        <Button variant="contained" onClick={() => setAction('claim')}>
          Update claim
        </Button>
      )}
    </>
  );

  const dialogs = fgr && (
    <>
      {action === 'edit' && <EditFgrDialog fgr={fgr} onClose={closeAction} />}
      {action === 'reopen' && <ReopenFgrDialog fgr={fgr} onClose={closeAction} />}
      {action === 'claim' && <ClaimDialog fgr={fgr} onClose={closeAction} />}
      {action === 'approval' && fgr.workflow_request_id && (
        <RequestDetailsDialog
          requestId={fgr.workflow_request_id}
          listed={undefined}
          invalidate={fgrQueries()}
          onClose={closeAction}
        />
      )}
    </>
  );

  return {
    title: `Replacement ${fgr?.fgr_number ?? listed?.fgr_number ?? ''}`.trim(),
    content,
    actions,
    dialogs,
  };
}

/** Where the replacement stands, in the approver's words when they gave any. */
function StateAlert({ fgr, can }: { fgr: FgrItem; can: FeaturePageProps['can'] }) {
  // The approver's words as they wrote them: no second full stop after theirs.
  const comment = fgr.decision_comment;
  const said = comment ? `: “${comment}”${/[.!?]$/.test(comment) ? '' : '.'}` : '.';
  switch (fgr.state) {
    case 'PENDING_APPROVAL':
      return (
        <Alert severity="warning" variant="outlined">
          Waiting for approval on Approvals &gt; Product Replacement Approvals. Once approved,{' '}
          {fgr.replacement_serial_number} takes the place of {fgr.old_serial_number} in the fleet.
        </Alert>
      );
    case 'APPROVED':
      return (
        <Alert severity="success" variant="outlined">
          Replaced: {fgr.replacement_serial_number} is in the fleet at {fgr.customer_name}, with the cover{' '}
          {fgr.old_serial_number} had; {fgr.old_serial_number} is inactive.
          {can({ module: CUSTOMER_PRODUCTS_MODULE, right: 'VIEW' }) && fgr.replacement_fleet_item_id && (
            <>
              {' '}
              <Link
                component={RouterLink}
                to={customerProductsHref(fgr.customer_id)}
                sx={{ fontWeight: 600 }}
              >
                See {fgr.replacement_serial_number} in the customer’s products
              </Link>
            </>
          )}
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert severity="error" variant="outlined">
          Rejected by the approver{said} Send it again with what changed, or leave it.
        </Alert>
      );
    case 'WITHDRAWN':
      return (
        <Alert severity="info" variant="outlined">
          Withdrawn{said} Send it again to ask for approval once more.
        </Alert>
      );
  }
}

function FgrContent({ fgr, can }: { fgr: FgrItem; can: FeaturePageProps['can'] }) {
  const format = useInstantFormats();
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <FgrStateChip state={fgr.state} />
        {claimShown(fgr) && <FgrClaimChip status={fgr.claim_status} />}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {coveredByWords(fgr)}
        </Typography>
      </Box>
      <StateAlert fgr={fgr} can={can} />
      <DetailList
        items={[
          {
            label: 'Ticket',
            value: (
              <Link component={RouterLink} to={ticketHref(fgr.ticket_id)} sx={{ fontWeight: 600 }}>
                {fgr.ticket_number}
              </Link>
            ),
          },
          {
            label: 'Customer',
            value: (
              <StackedLines first={fgr.customer_name} rest={[formatPhoneInternational(fgr.customer_phone)]} />
            ),
          },
          { label: 'Product', value: productWords(fgr) },
          { label: 'Replaced', value: fgr.old_serial_number },
          { label: 'Replacement', value: fgr.replacement_serial_number },
          { label: 'Covered by', value: `${coveredByWords(fgr)}, when generated` },
          { label: 'Reason', value: <Texts text={fgr.reason} /> },
          { label: 'Note', value: fgr.note ? <Texts text={fgr.note} /> : '—' },
          ...(fgr.decision_comment
            ? [{ label: 'Approver said', value: <Texts text={fgr.decision_comment} /> }]
            : []),
          ...(fgr.reopened_count > 0
            ? [
                {
                  label: 'Sent again',
                  value: fgr.reopened_count === 1 ? 'Once' : `${fgr.reopened_count} times`,
                },
              ]
            : []),
          {
            label: 'Generated',
            value: `By ${fgr.created_by_name} on ${format.dateTime(fgr.created_on)} (${format.timeZone})`,
          },
          { label: 'Last changed', value: format.dateTime(fgr.updated_on) },
        ]}
      />
      {claimShown(fgr) && (
        <DialogSection title="Claim towards the manufacturer">
          <DetailList
            items={[
              { label: 'Manufacturer', value: fgr.manufacturer_name ?? 'Not recorded for the product' },
              { label: 'Status', value: FGR_CLAIM_STATUS_LABELS[fgr.claim_status] },
              { label: 'Reference', value: fgr.claim_reference ?? '—' },
              { label: 'Note', value: fgr.claim_note ? <Texts text={fgr.claim_note} /> : '—' },
              {
                label: 'Updated',
                value: fgr.claim_updated_on ? format.dateTime(fgr.claim_updated_on) : 'Not yet',
              },
            ]}
          />
        </DialogSection>
      )}
    </Stack>
  );
}

function Texts({ text }: { text: string }) {
  return (
    <Typography variant="inherit" component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}
