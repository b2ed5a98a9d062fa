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
import { useSendCode } from './email-code-step.tsx';
import { StepTitle } from './login-layout.tsx';
import { otpCodeFormSchema } from './login-schemas.ts';
import { rememberedEmail } from './remember-me.ts';
import { useLoginSuccess } from './use-login-success.ts';

/** Step 6: the OTP from the email (docs/product.md#signing-in); Back returns to step 5. */
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
    // The inherited snackbar, and under the field why the code failed and how many tries are left.
    onError: (error) => {
      const why = tries.explain(error);
      if (why) form.setError('otp', { message: why });
      snackbar.show(isOtpFailure(error) ? MSG.invalidOtp : error.message, 'error');
    },
  });
  const resend = useSendCode('sign-in', () => {
    tries.reset();
    form.clearErrors('otp');
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
            <Button variant="text" onClick={() => resend.mutate(email)} loading={resend.isPending}>
              Resend OTP
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}
