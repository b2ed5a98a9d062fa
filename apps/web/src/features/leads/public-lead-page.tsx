import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { LEAD_MESSAGES, publicLeadSchema, type PublicLeadForm } from '@fieldport/contract/operations/leads';
import { DEFAULT_COUNTRY } from '@fieldport/contract/phone';
import { leadFormApi, type LeadSent } from '../../api/lead-form.ts';
import { ContactFields, FormSection } from '../../ui/customer-form.tsx';
import {
  Honeypot,
  OrganizationHeader,
  PublicLoading,
  PublicPage,
  PublicRefusal,
} from '../../ui/public-page.tsx';
import { useFormSubmit } from '../../ui/use-operation.ts';
import { AnswerFields, answersSchemaFor, emptyAnswers } from './answer-fields.tsx';
import { placeOnPath, withoutField } from './lead-form-dialog.tsx';

const TITLE = 'Enquiry form';

/**
 * /LeadForm?form=<token> (docs/leads.md#the-public-link): a lead form filled by anybody without
 * signing in: the organization and the form, name, phone and email, and the form's questions,
 * checked here as the server checks them; the server's refusals go under their fields. Sent, the
 * organization's thanks.
 */
export default function PublicLeadPage() {
  const [params] = useSearchParams();
  const token = params.get('form') ?? '';
  const form = useQuery({
    queryKey: ['lead-form', token],
    queryFn: () => leadFormApi.form(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const [sent, setSent] = useState<LeadSent | null>(null);
  const name = form.data ? `${form.data.form_name} · ${form.data.organization_name}` : TITLE;

  useEffect(() => {
    document.title = name;
  }, [name]);

  let body: ReactNode;
  if (!token) body = <PublicRefusal title={TITLE} message={LEAD_MESSAGES.publicFormNotFound} />;
  else if (form.isPending) body = <PublicLoading label="Loading the form" />;
  else if (form.isError) body = <PublicRefusal title={TITLE} message={form.error.message} />;
  else {
    body = (
      <Stack spacing={3}>
        <OrganizationHeader name={form.data.organization_name} logoUrl={null} />
        {sent ? (
          <Sent sent={sent} onAnother={() => setSent(null)} />
        ) : (
          <LeadForm token={token} leadForm={form.data} onSent={setSent} />
        )}
      </Stack>
    );
  }
  return <PublicPage maxWidth={720}>{body}</PublicPage>;
}

function LeadForm({
  token,
  leadForm,
  onSent,
}: {
  token: string;
  leadForm: PublicLeadForm;
  onSent: (sent: LeadSent) => void;
}) {
  const schema = useMemo(
    () => publicLeadSchema.safeExtend({ answers: answersSchemaFor(leadForm.fields) }),
    [leadForm.fields],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      form: token,
      customer_name: '',
      phone_country: DEFAULT_COUNTRY,
      customer_phone: '',
      customer_email: '',
      answers: emptyAnswers(leadForm.fields),
      website: '',
    },
    mode: 'onTouched',
  });
  const { submit, formError } = useFormSubmit(form, publicLeadSchema, async (values) => {
    try {
      onSent(await leadFormApi.send(values));
    } catch (error) {
      // A question's refusal goes on it; the link itself gone meanwhile is said above the form.
      if (placeOnPath(form, error, (field) => (field === 'form' ? null : field))) return;
      throw withoutField(error);
    }
  });
  const any = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="lead-form-title"
      onSubmit={(event) => void submit(event)}
    >
      <Typography
        id="lead-form-title"
        component="h1"
        variant="h5"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        {leadForm.form_name}
      </Typography>
      {leadForm.description && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {leadForm.description}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {leadForm.organization_name} will get in touch with you. Fields marked with * are required.
      </Typography>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {formError}
        </Alert>
      )}
      <Stack spacing={3}>
        <FormSection title="Your details">
          <Stack spacing={2.5}>
            <ContactFields form={any} autoFocus={false} />
          </Stack>
        </FormSection>
        {leadForm.fields.length > 0 && (
          <FormSection title="Your answers">
            <AnswerFields form={any} fields={leadForm.fields} />
          </FormSection>
        )}
        {/* People never see nor reach this field; a bot that fills it is answered as if sent. */}
        <Honeypot id="lead-website" {...form.register('website')} />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SendOutlined />}
            loading={form.formState.isSubmitting}
            loadingPosition="start"
          >
            Send
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The organization's thanks, once sent (the focus goes to it, so that a screen reader says it). */
function Sent({ sent, onAnother }: { sent: LeadSent; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
          Your details are sent
        </Typography>
        <Alert severity="success" sx={{ mt: 2 }}>
          {sent.message}
        </Alert>
      </Box>
      <Button onClick={onAnother}>Fill the form again</Button>
    </Stack>
  );
}
