import { useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../ui/form-text-field.tsx';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Send from '@mui/icons-material/Send';
import { MSG } from '@fieldport/contract/messages';
import { issueDescriptionSchema } from '@fieldport/contract/report-issue';
import { sessionQuery } from '../../api/queries.ts';
import { reportIssue } from '../../api/report-issue.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useSnackbars } from '../../ui/snackbars.tsx';
import { AnnotationCanvas, type AnnotationCanvasHandle } from './annotation-canvas.tsx';
import { useIssue } from './issue-context.tsx';

/**
 * docs/product.md#report-an-issue: at most 1000 characters (the contract's issueDescriptionSchema
 * checks it).
 */
const DESCRIPTION_MAX = 1000;

const reportSchema = z.object({ issue_description: issueDescriptionSchema });
type ReportForm = z.input<typeof reportSchema>;

/** Where Back goes when the page was opened directly: the landing page picks the user's start page. */
const FALLBACK_ROUTE = '/LandingPage';

export default function ReportIssuePage() {
  const session = useQuery(sessionQuery);
  const { draft, setDraft } = useIssue();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const canvas = useRef<AnnotationCanvasHandle>(null);
  const previousRoute = draft?.previousRoute ?? FALLBACK_ROUTE;

  const form = useForm<ReportForm, unknown, z.output<typeof reportSchema>>({
    resolver: zodResolver(reportSchema),
    defaultValues: { issue_description: '' },
  });
  const description = useWatch({ control: form.control, name: 'issue_description' });

  const send = useMutation({
    mutationFn: (issue_description: string) =>
      reportIssue({
        user_email_id: session.data?.user.email ?? '',
        issue_description,
        screenshotBase64: canvas.current?.toPngBase64() ?? null,
        page_url: previousRoute,
      }),
    onSuccess: (message) => {
      snackbars.clear();
      snackbars.success(message);
      setDraft(null);
      navigate(previousRoute);
    },
    onError: (error) => snackbars.error(error.message),
  });

  if (session.isPending) return <LoadingOverlay open />;
  if (!session.data) return <Navigate to="/" replace />;

  function goBack() {
    setDraft(null);
    navigate(previousRoute);
  }

  function cancel() {
    canvas.current?.clear();
    form.reset({ issue_description: '' });
  }

  const onSubmit = form.handleSubmit(
    (values) => send.mutate(values.issue_description),
    () => snackbars.error(MSG.invalidInputs),
  );
  const error = form.formState.errors.issue_description;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1.5 }}>
          <BrandMark size={32} />
          <Typography sx={{ fontWeight: 700, flexGrow: 1 }}>Fieldport</Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
        <PageTitle title="Report an issue" />
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label="Report an issue"
        >
          <Stack spacing={3}>
            {draft?.screenshot ? (
              <Box>
                <Typography variant="subtitle2" component="h2" gutterBottom>
                  Screenshot
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  Draw on the screenshot with your mouse or finger to circle what went wrong.
                </Typography>
                {/* A tall screenshot scrolls in its box; the box takes the focus so that the
                    keyboard can scroll it too (WCAG 2.1.1). */}
                <Box
                  role="region"
                  aria-label="Screenshot to draw on"
                  tabIndex={0}
                  sx={{ maxHeight: '60vh', overflow: 'auto', borderRadius: 1 }}
                >
                  <AnnotationCanvas ref={canvas} screenshot={draft.screenshot} />
                </Box>
              </Box>
            ) : (
              <Alert severity="info" variant="outlined">
                There is no screenshot with this report. Describe what you were doing and what went wrong.
              </Alert>
            )}
            <FormTextField
              label="Description"
              required
              multiline
              minRows={4}
              maxRows={12}
              {...form.register('issue_description')}
              error={Boolean(error)}
              helperText={error?.message ?? `${description.length}/${DESCRIPTION_MAX} characters`}
            />
            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'flex-end' }}
            >
              <Button variant="text" onClick={goBack} startIcon={<ArrowBack />}>
                Back
              </Button>
              <Button variant="outlined" onClick={cancel} disabled={send.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="contained"
                endIcon={<Send />}
                loading={send.isPending}
                loadingPosition="end"
              >
                Report
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
