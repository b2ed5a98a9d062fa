import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RaiseServiceRequest, raiseRequestSchema } from '@fieldport/contract/operations/requests';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useFormSubmit, useOperation } from '../../ui/use-operation.ts';
import { RequestFields, SendRequestButton } from './request-fields.tsx';
import { emptyRequest, requestQueries } from './request-format.tsx';
import { RequestsList } from './requests-list.tsx';

/**
 * /RFS (docs/requests.md#raising): a request for service raised for a customer (by the
 * organization's people, or a dealer's for its dealer), and below it the requests the caller raised,
 * with where each stands. The customer is mailed the request's status link when an email is given.
 */
export default function RaiseRequestPage({ route, can }: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Stack spacing={4}>
        {can(RaiseServiceRequest.access) && <RaiseRequestForm />}
        <Box component="section" aria-labelledby="raised-title">
          <Typography id="raised-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
            Requests you raised
          </Typography>
          <RequestsList
            label="Requests you raised"
            mine
            empty={{
              title: 'No requests raised yet',
              description:
                'The requests you raise show here with where each stands: new, converted to a ticket, merged into one, or rejected with the reason.',
            }}
            can={can}
          />
        </Box>
      </Stack>
    </Box>
  );
}

function RaiseRequestForm() {
  const form = useForm<z.input<typeof raiseRequestSchema>, unknown, z.output<typeof raiseRequestSchema>>({
    resolver: zodResolver(raiseRequestSchema),
    defaultValues: emptyRequest(),
    mode: 'onTouched',
  });
  const raise = useOperation(RaiseServiceRequest, {
    invalidate: requestQueries(),
    // The next request starts afresh; the one raised is in the list below.
    onSuccess: () => form.reset(emptyRequest()),
  });
  const { submit, formError } = useFormSubmit(form, raiseRequestSchema, (values) => raise.submit(values));
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-labelledby="raise-title"
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="raise-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Raise a request
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        For a customer whose product needs a visit. A co-ordinator turns it into a ticket; the customer is
        mailed a link to follow it when you give an email.
      </Typography>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <RequestFields form={form as never} who="Customer" lookup wide>
        <SendRequestButton label="Raise request" busy={form.formState.isSubmitting} />
      </RequestFields>
    </Paper>
  );
}
