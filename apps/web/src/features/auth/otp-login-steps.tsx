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
import { otpCodeFormSchema, otpEmailSchema } from './login-schemas.ts';
import { rememberedEmail } from './remember-me.ts';
import { useLoginSuccess } from './use-login-success.ts';

/** Step 5: the email an OTP is sent to (SPEC section 4). Any failure reads 'Invalid Mail ID !!'. */
export function OtpEmailStep({
  initialEmail,
  onOtpSent,
  onBack,
}: {
  initialEmail: string;
  onOtpSent: (email: string) => void;
  onBack: () => void;
}) {
  const snackbar = useLightSnackbar();
  const form = useForm<z.input<typeof otpEmailSchema>, unknown, z.output<typeof otpEmailSchema>>({
    resolver: zodResolver(otpEmailSchema),
    defaultValues: { email: initialEmail },
  });
  const send = useMutation({
    mutationFn: (email: string) => authApi.sendOtp({ email, type: 'sign-in' }),
    onSuccess: (_result, email) => {
      snackbar.show(MSG.otpSent, 'success');
      onOtpSent(email);
    },
    onError: () => snackbar.show(MSG.invalidMailId, 'error'),
  });

  return (
    <>
      <StepTitle title="Sign In With OTP" subtitle="We will email you a one-time password." />
      <Box
        component="form"
        noValidate
        aria-label="Sign In With OTP"
        onSubmit={form.handleSubmit((values) => send.mutate(values.email))}
      >
        <Stack spacing={2.25}>
          {/* SPEC section 5 spells the label with its asterisk, so the field does not add another. */}
          <FormTextField
            label={MSG.otpEmailLabel}
            type="email"
            autoFocus
            autoComplete="username"
            slotProps={{ htmlInput: { 'aria-required': true } }}
            {...fieldProps(form, 'email')}
          />
          <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
            Send OTP
          </Button>
          <Button variant="text" onClick={onBack}>
            Back to Sign In
          </Button>
        </Stack>
      </Box>
    </>
  );
}

/** Step 6: the OTP from the email (SPEC section 4); Back returns to step 5. */
export function OtpCodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const snackbar = useLightSnackbar();
  const loginSuccess = useLoginSuccess();
  const form = useForm<z.input<typeof otpCodeFormSchema>, unknown, z.output<typeof otpCodeFormSchema>>({
    resolver: zodResolver(otpCodeFormSchema),
    defaultValues: { otp: '' },
  });
  const tries = useCodeTries();
  const verify = useMutation({
    // Remember Me belongs to the password form; an OTP sign-in keeps it when the email was remembered.
    mutationFn: (otp: string) => authApi.signInOtp({ email, otp, rememberMe: rememberedEmail() === email }),
    onSuccess: () => loginSuccess(MSG.loginSuccessful),
    // SPEC's snackbar, and under the field why the code failed and how many tries are left.
    onError: (error) => {
      const why = tries.explain(error);
      if (why) form.setError('otp', { message: why });
      snackbar.show(isOtpFailure(error) ? MSG.invalidOtp : error.message, 'error');
    },
  });
  const resend = useMutation({
    mutationFn: () => authApi.sendOtp({ email, type: 'sign-in' }),
    onSuccess: () => {
      tries.reset();
      form.clearErrors('otp');
      snackbar.show(MSG.otpSent, 'success');
    },
    onError: () => snackbar.show(MSG.invalidMailId, 'error'),
  });

  return (
    <>
      <StepTitle title="Enter OTP" subtitle={`We sent a one-time password to ${email}.`} />
      <Box
        component="form"
        noValidate
        aria-label="Enter OTP"
        onSubmit={form.handleSubmit((values) => verify.mutate(values.otp))}
      >
        <Stack spacing={2.25}>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormTextField
            label={MSG.otpLabel}
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'aria-required': true } }}
            {...fieldProps(form, 'otp')}
          />
          <Button type="submit" variant="contained" size="large" loading={verify.isPending} fullWidth>
            Verify OTP
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="text" onClick={onBack}>
              Back
            </Button>
            <Button variant="text" onClick={() => resend.mutate()} loading={resend.isPending}>
              Resend OTP
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}
