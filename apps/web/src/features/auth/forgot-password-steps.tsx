import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { MSG } from '@fieldport/contract/messages';
import { authApi, isOtpFailure } from '../../api/auth.ts';
import { fieldProps } from '../../ui/field-props.ts';
import { useLightSnackbar } from '../../ui/light-snackbar.tsx';
import { useCodeTries } from './code-tries.ts';
import { StepTitle } from './login-layout.tsx';
import { forgotPasswordSchema, resetPasswordSchema } from './login-schemas.ts';

/** Step 3: Forgot Password ? — a code is sent to the registered email (SPEC section 4). */
export function ForgotPasswordStep({
  initialEmail,
  onCodeSent,
  onBack,
}: {
  initialEmail: string;
  onCodeSent: (email: string) => void;
  onBack: () => void;
}) {
  const snackbar = useLightSnackbar();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail },
  });
  const send = useMutation({
    mutationFn: (email: string) => authApi.sendOtp({ email, type: 'forget-password' }),
    onSuccess: (_result, email) => {
      snackbar.show(MSG.otpSentToEmail, 'success');
      onCodeSent(email);
    },
    onError: (error) => snackbar.show(error.message, 'error'),
  });

  return (
    <>
      <StepTitle title="Forgot Password ?" subtitle="We will send a code to your registered email." />
      <Box
        component="form"
        noValidate
        aria-label="Forgot Password"
        onSubmit={form.handleSubmit((values) => send.mutate(values.email))}
      >
        <Stack spacing={2.25}>
          <FormTextField
            label="Registered Email"
            type="email"
            required
            autoFocus
            autoComplete="username"
            {...fieldProps(form, 'email')}
          />
          <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
            Send Code
          </Button>
          <Button variant="text" onClick={onBack}>
            Back to Sign In
          </Button>
        </Stack>
      </Box>
    </>
  );
}

/** Step 4: the code from the email plus a new password (SPEC section 4), then back to Sign In. */
export function ResetPasswordStep({
  email,
  onDone,
  onBack,
}: {
  email: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const snackbar = useLightSnackbar();
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { code: '', newPassword: '' },
  });
  const tries = useCodeTries();
  const reset = useMutation({
    mutationFn: (values: z.output<typeof resetPasswordSchema>) =>
      authApi.resetPassword({ email, otp: values.code, password: values.newPassword }),
    onSuccess: () => {
      snackbar.show(MSG.passwordChanged, 'success');
      onDone();
    },
    // SPEC section 5: a wrong or expired code asks for the code sent to the registered email; the
    // field says which it was and how many tries are left.
    onError: (error) => {
      const why = tries.explain(error);
      if (why) form.setError('code', { message: why });
      snackbar.show(isOtpFailure(error) ? MSG.codeFailure : error.message, 'error');
    },
  });
  const resend = useMutation({
    mutationFn: () => authApi.sendOtp({ email, type: 'forget-password' }),
    onSuccess: () => {
      tries.reset();
      form.clearErrors('code');
      snackbar.show(MSG.otpSentToEmail, 'success');
    },
    onError: (error) => snackbar.show(error.message, 'error'),
  });

  return (
    <>
      <StepTitle
        title="Reset Password"
        subtitle={`Enter the code sent to ${email} and choose a new password.`}
      />
      <Box
        component="form"
        noValidate
        aria-label="Reset Password"
        onSubmit={form.handleSubmit((values) => reset.mutate(values))}
      >
        <Stack spacing={2.25}>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormTextField
            label="Code"
            required
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            {...fieldProps(form, 'code')}
          />
          <FormTextField
            label="New Password"
            type="password"
            required
            autoComplete="new-password"
            {...fieldProps(form, 'newPassword')}
            helperText={form.formState.errors.newPassword?.message ?? MSG.passwordPolicy}
          />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending} fullWidth>
            Change Password
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="text" onClick={onBack}>
              Back to Sign In
            </Button>
            <Button variant="text" onClick={() => resend.mutate()} loading={resend.isPending}>
              Resend Code
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}
