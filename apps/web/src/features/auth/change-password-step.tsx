import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { MSG } from '@fieldport/contract/messages';
import { authApi } from '../../api/auth.ts';
import { fieldProps } from '../../ui/field-props.ts';
import { useLightSnackbar } from '../../ui/light-snackbar.tsx';
import { StepTitle } from './login-layout.tsx';
import { changePasswordSchema } from './login-schemas.ts';
import { useLoginSuccess } from './use-login-success.ts';

type ChangePasswordForm = z.input<typeof changePasswordSchema>;

/**
 * Step 2: the provider asked for a new password in place of the temporary one
 * (docs/product.md#signing-in).
 */
export function ChangePasswordStep({ email, onBack }: { email: string; onBack: () => void }) {
  const snackbar = useLightSnackbar();
  const loginSuccess = useLoginSuccess();
  const form = useForm<ChangePasswordForm, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const change = useMutation({
    mutationFn: (values: z.output<typeof changePasswordSchema>) =>
      authApi.completeNewPassword({ newPassword: values.newPassword }),
    onSuccess: () => loginSuccess(MSG.passwordChanged),
    onError: (error) => snackbar.show(error.message, 'error'),
  });

  return (
    <>
      <StepTitle
        title="Change Temporary Password"
        subtitle={`${email ? `${email} signed in with a temporary password. ` : ''}Choose your own password to continue.`}
      />
      <Box
        component="form"
        noValidate
        aria-label="Change Temporary Password"
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
      >
        <Stack spacing={2.25}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormTextField
            label="New Password"
            type="password"
            required
            autoFocus
            autoComplete="new-password"
            {...fieldProps(form, 'newPassword')}
            helperText={form.formState.errors.newPassword?.message ?? MSG.passwordPolicy}
          />
          <FormTextField
            label="Confirm Password"
            type="password"
            required
            autoComplete="new-password"
            {...fieldProps(form, 'confirmPassword')}
          />
          <Button type="submit" variant="contained" size="large" loading={change.isPending} fullWidth>
            Change Password
          </Button>
          <Button variant="text" onClick={onBack}>
            Back to Sign In
          </Button>
        </Stack>
      </Box>
    </>
  );
}
