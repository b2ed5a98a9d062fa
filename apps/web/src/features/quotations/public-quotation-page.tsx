import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  QUOTATION_STATE_LABELS,
  QUOTATIONS_MESSAGES,
  type PublicQuotation,
} from '@fieldport/contract/operations/quotations';
import { TAX_SUPPLY_LABELS } from '@fieldport/contract/tax';
import { quotationLinkApi, QuotationLinkError, type QuotationLinkAnswer } from '../../api/quotation-link.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDay, formatRupees, instantFormatsIn } from '../../ui/format.ts';
import { OrganizationHeader, PublicLoading, PublicPage, PublicRefusal } from '../../ui/public-page.tsx';
import { TaxTotalsList } from '../../ui/tax-totals.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { QuotationLinesView } from './quotation-lines-view.tsx';

/** The states in which the customer may still answer. */
const OPEN_TO_ANSWER: readonly PublicQuotation['state'][] = ['SENT', 'APPROVED'];
const COMMENT_MAX = 1000;

/**
 * /Quotation?token=…: the page a quotation's mail links to (docs/quotations.md). Public, like the
 * invitation: the customer reads the quotation as it was mailed, downloads its PDF, and accepts or
 * rejects it with a comment without signing in, the link's token being the proof. Light: it is the
 * customer's first sight of the organization, often on a phone.
 */
export default function PublicQuotationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const queryKey = ['quotation-link', token];
  const quotation = useQuery({
    queryKey,
    queryFn: () => quotationLinkApi.read(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const [answered, setAnswered] = useState<QuotationLinkAnswer | null>(null);
  const data = quotation.data;

  useEffect(() => {
    document.title = data ? `Quotation ${data.quotation_number} · ${data.organization_name}` : 'Quotation';
  }, [data]);

  let body: ReactNode;
  if (!token) {
    body = <PublicRefusal title="Quotation" message={QUOTATIONS_MESSAGES.linkNotValid} />;
  } else if (quotation.isPending) {
    body = <PublicLoading label="Loading the quotation" />;
  } else if (quotation.isError) {
    body = <PublicRefusal title="Quotation" message={quotation.error.message} />;
  } else {
    body = (
      <QuotationDocument
        quotation={quotation.data}
        token={token}
        answered={answered}
        onAnswered={(answer) => {
          setAnswered(answer);
          queryClient.setQueryData(queryKey, answer.quotation);
        }}
      />
    );
  }

  return <PublicPage>{body}</PublicPage>;
}

function QuotationDocument({
  quotation: q,
  token,
  answered,
  onAnswered,
}: {
  quotation: PublicQuotation;
  token: string;
  answered: QuotationLinkAnswer | null;
  onAnswered: (answer: QuotationLinkAnswer) => void;
}) {
  const narrow = useNarrowScreen();
  const format = instantFormatsIn(q.time_zone);
  const outcome = useRef<HTMLDivElement>(null);
  // The answer replaces the buttons: the focus goes to it, so that a keyboard or screen reader user
  // is told what happened.
  useEffect(() => {
    if (answered) outcome.current?.focus();
  }, [answered]);
  return (
    <Stack spacing={3}>
      <OrganizationHeader name={q.organization_name} logoUrl={q.organization_logo_url} />
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'flex-start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            Quotation {q.quotation_number}
          </Typography>
          <Typography color="text.secondary">
            {q.revision > 1 ? `Revision ${q.revision} · ` : ''}Valid until {formatDay(q.valid_until)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          href={quotationLinkApi.pdfPath(token)}
          target="_blank"
          rel="noopener"
          startIcon={<PictureAsPdfOutlined />}
        >
          Download PDF
        </Button>
      </Box>
      {answered && (
        <Alert severity="success" ref={outcome} tabIndex={-1} sx={{ fontSize: 16 }}>
          <Typography sx={{ fontWeight: 700 }}>{answered.status_message}</Typography>
          The quotation is now {QUOTATION_STATE_LABELS[answered.quotation.state].toLowerCase()}.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>For</dt>
        <dd>
          <Typography sx={{ fontWeight: 600 }}>{q.customer_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {q.customer_address}
          </Typography>
        </dd>
        <dt>Tax</dt>
        <dd>{TAX_SUPPLY_LABELS[q.supply]}</dd>
      </Box>
      {q.header_text && <Text text={q.header_text} />}
      <Box component="section" aria-labelledby="quotation-lines">
        <Typography id="quotation-lines" component="h2" variant="h6" sx={{ mb: 1, fontWeight: 600 }}>
          What is quoted
        </Typography>
        <QuotationLinesView lines={q.lines} narrow={narrow} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 3,
          flexWrap: 'wrap',
          alignItems: 'flex-end',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography color="text.secondary">Total</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: 28, lineHeight: 1.2 }}>
            {formatRupees(q.total_amount)}
          </Typography>
        </Box>
        <Box sx={{ flex: '1 1 280px', maxWidth: 360 }}>
          <TaxTotalsList
            label="Totals"
            totals={{
              taxable: q.taxable_amount,
              cgst: q.cgst_amount,
              sgst: q.sgst_amount,
              igst: q.igst_amount,
              total: q.total_amount,
            }}
            supply={q.supply}
          />
        </Box>
      </Box>
      {q.footer_text && <Text text={q.footer_text} />}
      {q.terms && (
        <Box component="section" aria-labelledby="quotation-terms">
          <Typography id="quotation-terms" component="h2" variant="h6" sx={{ mb: 1, fontWeight: 600 }}>
            Terms
          </Typography>
          <Text text={q.terms} />
        </Box>
      )}
      <Divider />
      {OPEN_TO_ANSWER.includes(q.state) ? (
        <AnswerForm quotation={q} token={token} onAnswered={onAnswered} />
      ) : (
        !answered && <Answered quotation={q} respondedOn={format.dateTime(q.responded_on)} />
      )}
    </Stack>
  );
}

function Text({ text }: { text: string }) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

/** An answer already given (or a quotation no longer open to one), with the customer's comment. */
function Answered({ quotation: q, respondedOn }: { quotation: PublicQuotation; respondedOn: string }) {
  const when = respondedOn ? ` on ${respondedOn}` : '';
  const comment = q.customer_comment ? (
    <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>Your comment: “{q.customer_comment}”</Typography>
  ) : null;
  if (q.state === 'ACCEPTED') {
    return (
      <Alert severity="success">
        <Typography sx={{ fontWeight: 700 }}>You accepted this quotation{when}.</Typography>
        {comment}
      </Alert>
    );
  }
  if (q.state === 'REJECTED') {
    return (
      <Alert severity="info">
        <Typography sx={{ fontWeight: 700 }}>You rejected this quotation{when}.</Typography>
        {comment}
      </Alert>
    );
  }
  return <Alert severity="info">{QUOTATIONS_MESSAGES.notOpenToAnswer(q.quotation_number)}</Alert>;
}

/**
 * The customer's answer: a comment (needed to reject, to say why), then Accept (asked first) or
 * Reject. A refusal (already answered, expired, revised) is said in the organization's words.
 */
function AnswerForm({
  quotation: q,
  token,
  onAnswered,
}: {
  quotation: PublicQuotation;
  token: string;
  onAnswered: (answer: QuotationLinkAnswer) => void;
}) {
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const commentField = useRef<HTMLTextAreaElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const answer = useMutation({
    mutationFn: (accept: boolean) =>
      accept
        ? quotationLinkApi.accept(token, comment.trim())
        : quotationLinkApi.reject(token, comment.trim()),
    onSuccess: (answered) => {
      setConfirming(false);
      onAnswered(answered);
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof QuotationLinkError && error.field === 'comment') {
        setCommentError(error.message.replace(/^comment: /, ''));
        commentField.current?.focus();
      } else {
        refusal.current?.focus();
      }
    },
  });
  const refused =
    answer.isError && !(answer.error instanceof QuotationLinkError && answer.error.field === 'comment');
  useEffect(() => {
    if (refused) refusal.current?.focus();
  }, [refused]);
  const reject = () => {
    if (!comment.trim()) {
      setCommentError(QUOTATIONS_MESSAGES.rejectNeedsComment);
      commentField.current?.focus();
      return;
    }
    answer.mutate(false);
  };
  return (
    <Box component="section" aria-labelledby="quotation-answer">
      <Typography id="quotation-answer" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        Your answer
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Accept or reject this quotation by {formatDay(q.valid_until)}. {q.organization_name} is told at once.
      </Typography>
      {refused && (
        <Alert severity="error" ref={refusal} tabIndex={-1} sx={{ mb: 2 }}>
          {answer.error.message}
        </Alert>
      )}
      <TextField
        label="Comment"
        value={comment}
        onChange={(event) => {
          setComment(event.target.value);
          if (commentError) setCommentError(null);
        }}
        inputRef={commentField}
        multiline
        minRows={3}
        fullWidth
        disabled={answer.isPending}
        error={Boolean(commentError)}
        helperText={commentError ?? 'Optional to accept; needed to reject, to tell us why.'}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button
          variant="contained"
          size="large"
          disabled={answer.isPending}
          onClick={() => setConfirming(true)}
          sx={{ flex: { sm: '0 0 auto' } }}
        >
          Accept quotation
        </Button>
        <Button
          variant="outlined"
          color="error"
          size="large"
          loading={answer.isPending && answer.variables === false}
          disabled={answer.isPending}
          onClick={reject}
        >
          Reject quotation
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={`Accept quotation ${q.quotation_number}?`}
        confirmLabel="Accept quotation"
        busy={answer.isPending}
        onConfirm={() => answer.mutate(true)}
        onClose={() => setConfirming(false)}
      >
        You accept {q.organization_name}’s quotation for {formatRupees(q.total_amount)}, including GST. They
        will be in touch to go ahead.
      </ConfirmDialog>
    </Box>
  );
}
