import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { invitationsApi } from '../../api/invitations.ts';
import { LoginLayout, StepTitle } from './login-layout.tsx';

/**
 * /AcceptInvitation?token=…: the page an invitation mail links to (docs/people.md#invitations).
 * Public, like the login: the person answers "Join <organization> as <role>?" without signing in,
 * the link's token being the proof; then signs in as usual.
 */
export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const details = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => invitationsApi.read(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const answer = useMutation({
    mutationFn: (accept: boolean) => (accept ? invitationsApi.accept(token) : invitationsApi.decline(token)),
  });
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = 'Invitation · Fieldport';
  }, []);
  // The result replaces the buttons: move the focus to it, so that a keyboard or screen reader
  // user is told what happened.
  useEffect(() => {
    if (answer.isSuccess || answer.isError) outcome.current?.focus();
  }, [answer.isSuccess, answer.isError]);

  const signInLink = (
    <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth>
      Go to Sign In
    </Button>
  );

  let body;
  if (!token) {
    body = (
      <Stack spacing={2.5}>
        <Alert severity="error">The invitation link is incomplete. Open it from the mail again.</Alert>
        {signInLink}
      </Stack>
    );
  } else if (details.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the invitation" />
      </Box>
    );
  } else if (details.isError) {
    body = (
      <Stack spacing={2.5}>
        <Alert severity="error">{details.error.message}</Alert>
        {signInLink}
      </Stack>
    );
  } else if (answer.isSuccess) {
    body = (
      <Stack spacing={2.5}>
        <Alert severity="success" ref={outcome} tabIndex={-1}>
          {answer.data.status_message}
        </Alert>
        {signInLink}
      </Stack>
    );
  } else {
    const invitation = details.data;
    const where = invitation.party_name
      ? `${invitation.organization_name} (${invitation.party_name})`
      : invitation.organization_name;
    body = (
      <>
        <StepTitle
          title={`Join ${where} as ${invitation.role}?`}
          subtitle={`This invitation is for ${invitation.email}.`}
        />
        <Stack spacing={2.5}>
          <Typography variant="body2">
            If you accept, you sign in as usual with {invitation.email} and your own password, and choose{' '}
            {invitation.organization_name} with Switch Organization in the user menu. If you decline, the
            invitation is removed and nothing changes for you.
          </Typography>
          {answer.isError && (
            <Alert severity="error" ref={outcome} tabIndex={-1}>
              {answer.error.message}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              size="large"
              fullWidth
              loading={answer.isPending && answer.variables === true}
              disabled={answer.isPending}
              onClick={() => answer.mutate(true)}
            >
              Accept
            </Button>
            <Button
              variant="outlined"
              color="error"
              size="large"
              fullWidth
              loading={answer.isPending && answer.variables === false}
              disabled={answer.isPending}
              onClick={() => answer.mutate(false)}
            >
              Decline
            </Button>
          </Stack>
        </Stack>
      </>
    );
  }

  return (
    <LoginLayout>
      {!details.isSuccess && !answer.isSuccess && <StepTitle title="Invitation" />}
      {answer.isSuccess && <StepTitle title="Invitation answered" />}
      {body}
    </LoginLayout>
  );
}
