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
import { resetPasswordSchema } from './login-schemas.ts';

/**
 * Step 4: the code from the email plus a new password (docs/product.md#signing-in), then back to
 * Sign In.
 */
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
    // docs/product.md#signing-in: a wrong or expired code asks for the code sent to the registered
    // email; the field says which it was and how many tries are left.
    onError: (error) => {
      const why = tries.explain(error);
      if (why) form.setError('code', { message: why });
      snackbar.show(isOtpFailure(error) ? MSG.codeFailure : error.message, 'error');
    },
  });
  const resend = useSendCode('forget-password', () => {
    tries.reset();
    form.clearErrors('code');
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
            <Button variant="text" onClick={() => resend.mutate(email)} loading={resend.isPending}>
              Resend Code
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}
