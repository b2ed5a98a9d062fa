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
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { GetWorkflowRequest } from '@fieldport/contract/operations/approvals';
import { PAYMENT_MODE_LABELS, PAYMENT_STATUS_LABELS } from '@fieldport/contract/operations/purchasing';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import {
  GetQuotation,
  QUOTATION_REVISABLE_STATES,
  QUOTATION_STATE_LABELS,
  QUOTATIONS_MESSAGES,
  quotationPdfPath,
  RecordQuotationPayment,
  ReviseQuotation,
  SaveQuotation,
  ShareQuotation,
  SubmitQuotation,
  type QuotationDetails,
} from '@fieldport/contract/operations/quotations';
import { TAX_SUPPLY_LABELS } from '@fieldport/contract/tax';
import { api } from '../../api/client.ts';
import { RequestDetailsDialog } from '../../ui/approval-request-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import { Entries, EntriesSection, Entry, StackedLines } from '../../ui/entries.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { TaxTotalsList } from '../../ui/tax-totals.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { QuotationDraftDialog } from './quotation-draft-dialog.tsx';
import { QuotationLinesView } from './quotation-lines-view.tsx';
import {
  RecordQuotationPaymentDialog,
  ReviseQuotationDialog,
  ShareQuotationDialog,
} from './quotation-dialogs.tsx';
import {
  isPayable,
  numberWords,
  quotationKey,
  quotationQueries,
  QuotationStateChip,
  ticketHref,
} from './quotation-format.tsx';

/**
 * One quotation in full (docs/quotations.md), as its details dialog (/QuotationsList) and its page
 * (/QuotationsView) both show it, and what its state lets the caller do. The two draw the same
 * `useQuotationDetails`: its content, its buttons and the dialogs they open.
 */

type Action = 'edit' | 'approval' | 'share' | 'revise' | 'pay';

export function useQuotation(quotationId: string) {
  return useQuery({
    queryKey: quotationKey(quotationId),
    queryFn: async () => {
      const quotation = (await api.query(GetQuotation, { quotation_id: quotationId })).data.items[0];
      if (!quotation) throw new Error(QUOTATIONS_MESSAGES.notFound);
      return quotation;
    },
  });
}

/**
 * The quotation's content (or its loading and error states), its buttons and their dialogs.
 * `onOpenQuotation` opens another quotation in the same place: a revision, the one a revision made.
 */
export function useQuotationDetails(props: {
  quotationId: string;
  can: FeaturePageProps['can'];
  onOpenQuotation: (quotationId: string) => void;
}): { title: string | null; content: ReactNode; actions: ReactNode; dialogs: ReactNode } {
  const { quotationId, can, onOpenQuotation } = props;
  const details = useQuotation(quotationId);
  const quotation = details.data;
  const [action, setAction] = useState<Action | null>(null);
  const closeAction = () => setAction(null);
  const submit = useOperation(SubmitQuotation, { invalidate: quotationQueries() });

  const content =
    details.error && !quotation ? (
      <LoadError what="The quotation" error={details.error} onRetry={() => void details.refetch()} />
    ) : !quotation ? (
      <Box role="status" aria-label="Loading the quotation">
        <Skeleton height={40} />
        <Skeleton height={120} />
        <Skeleton height={160} />
      </Box>
    ) : (
      <QuotationContent quotation={quotation} onOpenQuotation={onOpenQuotation} />
    );

  const q = quotation;
  const actions = q && (
    <>
      <Button
        href={quotationPdfPath(q.quotation_id)}
        target="_blank"
        rel="noopener"
        startIcon={<PictureAsPdfOutlined />}
      >
        PDF
      </Button>
      {q.state === 'PENDING_APPROVAL' && q.workflow_request_id && can(GetWorkflowRequest.access) && (
        <Button variant="outlined" onClick={() => setAction('approval')}>
          Open approval
        </Button>
      )}
      {QUOTATION_REVISABLE_STATES.includes(q.state) && can(ReviseQuotation.access) && (
        <Button onClick={() => setAction('revise')}>Revise</Button>
      )}
      {(q.state === 'APPROVED' || q.state === 'SENT') && can(ShareQuotation.access) && (
        <Button
          variant={q.state === 'APPROVED' ? 'contained' : 'outlined'}
          onClick={() => setAction('share')}
        >
          Send to customer
        </Button>
      )}
      {isPayable(q) && q.balance_amount > 0 && can(RecordQuotationPayment.access) && (
        <Button variant="contained" onClick={() => setAction('pay')}>
          Record payment
        </Button>
      )}
      {q.state === 'DRAFT' && can(SaveQuotation.access) && (
        <Button variant="outlined" onClick={() => setAction('edit')}>
          Edit
        </Button>
      )}
      {q.state === 'DRAFT' && can(SubmitQuotation.access) && (
        <Button
          variant="contained"
          loading={submit.isPending}
          onClick={() => submit.run({ quotation_id: q.quotation_id })}
        >
          Send for approval
        </Button>
      )}
    </>
  );

  const dialogs = q && (
    <>
      {action === 'edit' && (
        <QuotationDraftDialog draft={q} can={can} onClose={closeAction} onSaved={closeAction} />
      )}
      {action === 'approval' && q.workflow_request_id && (
        <RequestDetailsDialog
          requestId={q.workflow_request_id}
          listed={undefined}
          invalidate={quotationQueries()}
          onClose={closeAction}
        />
      )}
      {action === 'share' && <ShareQuotationDialog quotation={q} onClose={closeAction} />}
      {action === 'pay' && <RecordQuotationPaymentDialog quotation={q} onClose={closeAction} />}
      <ReviseQuotationDialog
        quotation={q}
        open={action === 'revise'}
        onClose={closeAction}
        onRevised={(revision) => {
          closeAction();
          onOpenQuotation(revision.quotation_id);
        }}
      />
    </>
  );

  return {
    title: quotation ? `Quotation ${numberWords(quotation)}` : null,
    content,
    actions,
    dialogs,
  };
}

/** Where the quotation stands, in the approver's or the customer's words. */
function StateAlert({ quotation: q }: { quotation: QuotationDetails }) {
  const format = useInstantFormats();
  const said = (comment: string | null) => (comment ? `: “${comment}”` : '.');
  const when = q.responded_on ? ` on ${format.dateTime(q.responded_on)}` : '';
  switch (q.state) {
    case 'DRAFT':
      return q.decision_comment ? (
        <Alert severity="warning" variant="outlined">
          Sent back to draft by the approver{said(q.decision_comment)} Change it and send it for approval
          again.
        </Alert>
      ) : null;
    case 'PENDING_APPROVAL':
      return (
        <Alert severity="warning" variant="outlined">
          Waiting for approval: it is sent to the customer once approved.
        </Alert>
      );
    case 'APPROVED':
      return (
        <Alert severity="info" variant="outlined">
          Approved: send it to the customer, who accepts or rejects it from the link in the mail.
        </Alert>
      );
    case 'SENT':
      return (
        <Alert severity="info" variant="outlined">
          Sent to {q.shared_to ?? 'the customer'}
          {q.shared_on ? ` on ${format.dateTime(q.shared_on)}` : ''}: waiting for the customer’s answer until{' '}
          {formatDay(q.valid_until)}.
        </Alert>
      );
    case 'ACCEPTED':
      return (
        <Alert severity="success" variant="outlined">
          Accepted by the customer{when}
          {said(q.customer_comment)}
        </Alert>
      );
    case 'REJECTED':
      return (
        <Alert severity="error" variant="outlined">
          Rejected by the customer{when}
          {said(q.customer_comment)} Revise it to offer another.
        </Alert>
      );
    case 'EXPIRED':
      return (
        <Alert severity="info" variant="outlined">
          Expired: it was valid until {formatDay(q.valid_until)}. Revise it to offer it again.
        </Alert>
      );
    case 'REVISED':
      return (
        <Alert severity="info" variant="outlined">
          Revised: a later revision replaces it, and the link the customer had no longer works.
        </Alert>
      );
  }
}

function QuotationContent({
  quotation: q,
  onOpenQuotation,
}: {
  quotation: QuotationDetails;
  onOpenQuotation: (quotationId: string) => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const payable = isPayable(q);
  const customerLines = [
    formatPhoneInternational(q.customer_phone),
    q.customer_email ?? 'No email address',
    q.customer_address,
  ];
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <QuotationStateChip state={q.state} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {payable ? `${PAYMENT_STATUS_LABELS[q.payment_status]} · ` : ''}
          {formatRupees(q.total_amount)} · valid until {formatDay(q.valid_until)}
        </Typography>
      </Box>
      <StateAlert quotation={q} />
      <DetailList
        items={[
          { label: 'Customer', value: <StackedLines first={q.customer_name} rest={customerLines} /> },
          {
            label: 'Ticket',
            value: q.ticket_id ? (
              <Link component={RouterLink} to={ticketHref(q.ticket_id)} sx={{ fontWeight: 600 }}>
                {q.ticket_number}
              </Link>
            ) : (
              'None'
            ),
          },
          { label: 'Tax', value: `${TAX_SUPPLY_LABELS[q.supply]} (customer in ${q.customer_state})` },
          ...(q.template_name ? [{ label: 'Template', value: q.template_name }] : []),
          {
            label: 'Drafted',
            value: `By ${q.created_by_name} on ${format.dateTime(q.created_on)} (${format.timeZone})`,
          },
          ...(q.shared_on
            ? [
                {
                  label: 'Sent',
                  value: `To ${q.shared_to ?? 'the customer'} on ${format.dateTime(q.shared_on)}`,
                },
              ]
            : []),
        ]}
      />
      {q.header_text && <Texts title="Header" text={q.header_text} />}
      <DialogSection title="Lines">
        <QuotationLinesView lines={q.lines} narrow={narrow} />
      </DialogSection>
      <DialogSection title="Totals">
        <TaxTotalsList
          label="Totals of the quotation"
          totals={{
            taxable: q.taxable_amount,
            cgst: q.cgst_amount,
            sgst: q.sgst_amount,
            igst: q.igst_amount,
            total: q.total_amount,
          }}
          supply={q.supply}
          more={
            payable
              ? [
                  { label: 'Paid', amount: q.paid_amount },
                  { label: 'Balance', amount: q.balance_amount, strong: true },
                ]
              : []
          }
        />
      </DialogSection>
      {q.footer_text && <Texts title="Footer" text={q.footer_text} />}
      {q.terms && <Texts title="Terms" text={q.terms} />}
      {q.outcome && <OutcomeSection outcome={q.outcome} />}
      {payable && (
        <EntriesSection title="Payments" empty="Nothing paid yet.">
          {q.payments.map((payment) => (
            <Entry
              key={payment.payment_id}
              title={`${formatRupees(payment.amount)} paid on ${formatDay(payment.paid_on)} by ${PAYMENT_MODE_LABELS[payment.mode]}`}
              by={`Reference ${payment.reference} · recorded by ${payment.recorded_by_name} on ${format.dateTime(payment.recorded_on)}`}
              note={payment.note}
            />
          ))}
        </EntriesSection>
      )}
      {q.revisions.length > 1 && <RevisionsSection quotation={q} onOpenQuotation={onOpenQuotation} />}
    </Stack>
  );
}

function Texts({ title, text }: { title: string; text: string }) {
  return (
    <DialogSection title={title}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </DialogSection>
  );
}

/** What accepting it made: the tickets raised (to their pages) and the products put under AMC. */
function OutcomeSection({ outcome }: { outcome: NonNullable<QuotationDetails['outcome']> }) {
  return (
    <DialogSection title="What accepting it made">
      {outcome.tickets.length === 0 && outcome.amc_items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing was raised: no ticket, and no product put under AMC.
        </Typography>
      ) : (
        <Entries>
          {outcome.tickets.map((ticket) => (
            <Box
              component="li"
              key={ticket.ticket_id}
              sx={{ pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
            >
              <Typography variant="body2">
                Ticket{' '}
                <Link component={RouterLink} to={ticketHref(ticket.ticket_id)} sx={{ fontWeight: 600 }}>
                  {ticket.ticket_number}
                </Link>{' '}
                raised
              </Typography>
            </Box>
          ))}
          {outcome.amc_items.map((item) => (
            <Box
              component="li"
              key={item.fleet_item_id}
              sx={{ pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
            >
              <Typography variant="body2">
                {item.serial_number} under {item.amc_type_name} until {formatDay(item.amc_end_date)}
              </Typography>
            </Box>
          ))}
        </Entries>
      )}
    </DialogSection>
  );
}

/** Every revision of its number, this one marked; the others open in its place. */
function RevisionsSection({
  quotation,
  onOpenQuotation,
}: {
  quotation: QuotationDetails;
  onOpenQuotation: (quotationId: string) => void;
}) {
  const format = useInstantFormats();
  return (
    <DialogSection title="Revisions">
      <Entries>
        {quotation.revisions.map((revision) => {
          const words = `Rev ${revision.revision} · ${QUOTATION_STATE_LABELS[revision.state]} · ${formatRupees(revision.total_amount)}`;
          const current = revision.quotation_id === quotation.quotation_id;
          return (
            <Box
              component="li"
              key={revision.quotation_id}
              sx={{ pl: 1.5, borderLeft: 3, borderColor: current ? 'primary.main' : 'divider' }}
            >
              {current ? (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {words} (this one)
                </Typography>
              ) : (
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => onOpenQuotation(revision.quotation_id)}
                  sx={{ fontWeight: 600, textAlign: 'left' }}
                >
                  {words}
                </Link>
              )}
              <Typography variant="body2" color="text.secondary">
                Drafted on {format.dateTime(revision.created_on)}
              </Typography>
            </Box>
          );
        })}
      </Entries>
    </DialogSection>
  );
}
