import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  publicRequestSchema,
  REQUEST_MESSAGES,
  type PublicRequestForm,
} from '@fieldport/contract/operations/requests';
import { ApiError, isApiError } from '../../api/client.ts';
import { serviceRequestApi, type RequestSent } from '../../api/service-request.ts';
import {
  Honeypot,
  OrganizationHeader,
  PublicLoading,
  PublicPage,
  PublicRefusal,
} from '../../ui/public-page.tsx';
import { useFormSubmit } from '../../ui/use-operation.ts';
import { RequestFields, SendRequestButton } from './request-fields.tsx';
import { emptyRequest } from './request-format.tsx';

const TITLE = 'Request for service';

/**
 * /RequestService?org=<slug> (docs/requests.md#the-public-form): an organization's request form,
 * sent without signing in. Validated here with the server's own schema; the server's refusals go
 * under their fields. Once sent: the request's number and its status link, which the customer is
 * mailed too when they gave an email.
 */
export default function PublicRequestPage() {
  const [params] = useSearchParams();
  const slug = params.get('org') ?? '';
  const form = useQuery({
    queryKey: ['request-form', slug],
    queryFn: () => serviceRequestApi.form(slug),
    enabled: slug.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const [sent, setSent] = useState<RequestSent | null>(null);
  const organization = form.data?.organization_name;

  useEffect(() => {
    document.title = organization ? `${TITLE} · ${organization}` : TITLE;
  }, [organization]);

  let body: ReactNode;
  if (!slug) body = <PublicRefusal title={TITLE} message={REQUEST_MESSAGES.formNotFound} />;
  else if (form.isPending) body = <PublicLoading label="Loading the form" />;
  else if (form.isError) body = <PublicRefusal title={TITLE} message={form.error.message} />;
  else {
    body = (
      <Stack spacing={3}>
        <OrganizationHeader name={form.data.organization_name} logoUrl={form.data.organization_logo_url} />
        {sent ? (
          <Sent sent={sent} organization={form.data} onAnother={() => setSent(null)} />
        ) : (
          <RequestForm slug={slug} organization={form.data} onSent={setSent} />
        )}
      </Stack>
    );
  }
  return <PublicPage maxWidth={760}>{body}</PublicPage>;
}

type Values = z.input<typeof publicRequestSchema>;

function RequestForm({
  slug,
  organization,
  onSent,
}: {
  slug: string;
  organization: PublicRequestForm;
  onSent: (sent: RequestSent) => void;
}) {
  const form = useForm<Values, unknown, z.output<typeof publicRequestSchema>>({
    resolver: zodResolver(publicRequestSchema),
    defaultValues: { ...emptyRequest(), org: slug, website: '' },
    mode: 'onTouched',
  });
  const { submit, formError } = useFormSubmit(form, publicRequestSchema, async (values) => {
    try {
      onSent(await serviceRequestApi.send(values));
    } catch (error) {
      // The form itself went away meanwhile: said above the form, there is no field for it.
      throw isApiError(error) && error.field === 'org' ? new ApiError(error.message, error.code) : error;
    }
  });
  return (
    <Box component="form" noValidate aria-labelledby="request-title" onSubmit={(event) => void submit(event)}>
      <Typography id="request-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        Request a service visit
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Tell {organization.organization_name} what needs attention. They will get in touch with you, and you
        get a link to follow your request. Fields marked with * are required.
      </Typography>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {formError}
        </Alert>
      )}
      <RequestFields form={form as never} who="Your details" lookup={false}>
        {/* People never see nor reach this field; a bot that fills it is answered as if sent. */}
        <Honeypot id="request-website" {...form.register('website')} />
        <SendRequestButton label="Send request" busy={form.formState.isSubmitting} />
      </RequestFields>
    </Box>
  );
}

/**
 * What the customer sees once the request is sent: the organization's words, the request's number
 * and the link to follow it (the focus goes to it, so that a screen reader says what happened).
 */
function Sent({
  sent,
  organization,
  onAnother,
}: {
  sent: RequestSent;
  organization: PublicRequestForm;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const statusPath = sent.status_url ? pathOf(sent.status_url) : null;
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Box>
        <Typography
          ref={heading}
          tabIndex={-1}
          component="h1"
          variant="h5"
          sx={{ fontWeight: 700, outline: 'none' }}
        >
          {sent.request_number ? `Request ${sent.request_number} sent` : 'Request sent'}
        </Typography>
        <Typography sx={{ mt: 1 }}>{sent.message}</Typography>
      </Box>
      {sent.request_number && (
        <Alert severity="success" sx={{ width: '100%' }}>
          Your request number is <strong>{sent.request_number}</strong>. Quote it when{' '}
          {organization.organization_name} calls you.
        </Alert>
      )}
      {statusPath && sent.status_url && (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
          <Typography>
            Keep this link: it shows where your request stands, and the visit it becomes.
          </Typography>
          <Typography
            component="p"
            sx={{ fontFamily: 'monospace', fontSize: 14, overflowWrap: 'anywhere', color: 'text.secondary' }}
          >
            {sent.status_url}
          </Typography>
          <Button component={RouterLink} to={statusPath} variant="contained" size="large">
            Follow your request
          </Button>
        </Stack>
      )}
      <Button onClick={onAnother}>Send another request</Button>
    </Stack>
  );
}

/** The status link's path on this site: the server's public address may be another name of it. */
function pathOf(url: string): string {
  const { pathname, search } = new URL(url, window.location.origin);
  return `${pathname}${search}`;
}
