import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG } from '@fieldport/contract/messages';
import { authApi } from '../../api/auth.ts';
import { fieldProps } from '../../ui/field-props.ts';
import { FormTextField } from '../../ui/form-text-field.tsx';
import { useLightSnackbar } from '../../ui/light-snackbar.tsx';
import { StepTitle } from './login-layout.tsx';

/** Why a code is emailed: to reset a forgotten password, or to sign in without one. */
type CodePurpose = 'forget-password' | 'sign-in';

/**
 * The snackbars of each flow (docs/product.md#signing-in): OTP sign-in answers any failure 'Invalid
 * Mail ID !!'.
 */
const CODE_SNACKBARS: Record<CodePurpose, { sent: string; failure: (error: Error) => string }> = {
  'forget-password': { sent: MSG.otpSentToEmail, failure: (error) => error.message },
  'sign-in': { sent: MSG.otpSent, failure: () => MSG.invalidMailId },
};

/**
 * Emails a code for `purpose`, with its flow's snackbars; `onSent` follows a success. The email step
 * sends the first code, the code step sends another ("Resend").
 */
export function useSendCode(purpose: CodePurpose, onSent: (email: string) => void) {
  const snackbar = useLightSnackbar();
  return useMutation({
    mutationFn: (email: string) => authApi.sendOtp({ email, type: purpose }),
    onSuccess: (_result, email) => {
      snackbar.show(CODE_SNACKBARS[purpose].sent, 'success');
      onSent(email);
    },
    onError: (error) => snackbar.show(CODE_SNACKBARS[purpose].failure(error), 'error'),
  });
}

type EmailForm = { email: string };

/**
 * The step that asks for an email and sends a code to it, for Forgot Password (step 3) and for
 * Sign In With OTP (step 5) (docs/product.md#signing-in).
 */
export function EmailCodeStep(props: {
  purpose: CodePurpose;
  title: string;
  subtitle: string;
  /** The form's accessible name. */
  formLabel: string;
  schema: z.ZodType<EmailForm, EmailForm>;
  emailLabel: string;
  /** The inherited label already ends in an asterisk, so the field must not add another. */
  labelMarksRequired?: boolean;
  submitLabel: string;
  initialEmail: string;
  onCodeSent: (email: string) => void;
  onBack: () => void;
}) {
  const form = useForm<EmailForm, unknown, EmailForm>({
    resolver: zodResolver(props.schema),
    defaultValues: { email: props.initialEmail },
  });
  const send = useSendCode(props.purpose, props.onCodeSent);

  return (
    <>
      <StepTitle title={props.title} subtitle={props.subtitle} />
      <Box
        component="form"
        noValidate
        aria-label={props.formLabel}
        onSubmit={form.handleSubmit((values) => send.mutate(values.email))}
      >
        <Stack spacing={2.25}>
          <FormTextField
            label={props.emailLabel}
            type="email"
            required={!props.labelMarksRequired}
            autoFocus
            autoComplete="username"
            slotProps={props.labelMarksRequired ? { htmlInput: { 'aria-required': true } } : undefined}
            {...fieldProps(form, 'email')}
          />
          <Button type="submit" variant="contained" size="large" loading={send.isPending} fullWidth>
            {props.submitLabel}
          </Button>
          <Button variant="text" onClick={props.onBack}>
            Back to Sign In
          </Button>
        </Stack>
      </Box>
    </>
  );
}
