import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { FormTextInput } from '../../ui/form-text-input.tsx';
import { MSG } from '@fieldport/contract/messages';
import { authApi } from '../../api/auth.ts';
import { fieldProps } from '../../ui/field-props.ts';
import { lazyResolver } from '../../ui/lazy-resolver.ts';
import { loadShell } from '../../app/shell/load-shell.ts';
import { StepTitle } from './login-layout.tsx';
import type { signInSchema } from './login-schemas.ts';
import { rememberEmail, rememberedEmail } from './remember-me.ts';
import { useLoginSuccess } from './use-login-success.ts';

type SignInForm = z.input<typeof signInSchema>;
type SignInValues = z.output<typeof signInSchema>;

// zod and the contract's email rule load when the form is first checked, not with the screen.
const signInValidation = lazyResolver<SignInForm, SignInValues>(() =>
  import('./sign-in-resolver.ts').then((module) => module.signInResolver),
);

interface Props {
  initialEmail: string;
  onMustChangePassword: (email: string) => void;
  onForgotPassword: (email: string) => void;
  onOtpLogin: (email: string) => void;
}

/** Step 1: Sign In (SPEC sections 2, 4 and 5). */
export function SignInStep({ initialEmail, onMustChangePassword, onForgotPassword, onOtpLogin }: Props) {
  const stored = rememberedEmail();
  const [remember, setRemember] = useState(Boolean(stored));
  const { enqueueSnackbar } = useSnackbar();
  const loginSuccess = useLoginSuccess();
  const form = useForm<SignInForm, unknown, SignInValues>({
    resolver: signInValidation.resolver,
    defaultValues: { email: initialEmail || stored, password: '' },
  });
  const [email, password] = useWatch({ control: form.control, name: ['email', 'password'] });
  // SPEC section 2: Remember Me is disabled while email or password is empty.
  const rememberDisabled = !email?.trim() || !password;

  const signIn = useMutation({
    mutationFn: (values: SignInValues) => {
      // The shell's chunk loads while the server checks the password.
      void loadShell().catch(() => undefined);
      return authApi.signInEmail({ email: values.email, password: values.password, rememberMe: remember });
    },
    onSuccess: (result, values) => {
      rememberEmail(remember ? values.email : null);
      if (result.user?.mustChangePassword) onMustChangePassword(values.email);
      else loginSuccess(MSG.loggedIn);
    },
    onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
  });

  const { errors } = form.formState;
  // SPEC section 5: with both fields empty one message covers them.
  const bothMissing = errors.email?.message === MSG.required && Boolean(errors.password);

  return (
    <>
      <StepTitle title="Sign In" subtitle="Sign in with the email address your organization registered." />
      <Box
        component="form"
        noValidate
        aria-label="Sign In"
        onKeyDown={signInValidation.preload}
        onPointerDown={signInValidation.preload}
        onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      >
        <Stack spacing={2.25}>
          {bothMissing && (
            <Alert severity="error" role="alert">
              {MSG.mandatoryFields}
            </Alert>
          )}
          <FormTextInput
            label="Email"
            type="email"
            required
            autoComplete="username"
            autoFocus={!stored}
            {...fieldProps(form, 'email', { hideMessage: bothMissing })}
          />
          <FormTextInput
            label="Password"
            type="password"
            required
            autoComplete="current-password"
            autoFocus={Boolean(stored)}
            {...fieldProps(form, 'password', { hideMessage: bothMissing })}
          />
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <FormControlLabel
              label="Remember Me"
              control={
                <Checkbox
                  checked={remember}
                  disabled={rememberDisabled}
                  onChange={(event) => setRemember(event.target.checked)}
                />
              }
            />
            <Button
              variant="text"
              size="small"
              onClick={() => onForgotPassword(form.getValues('email').trim().toLowerCase())}
            >
              Forgot Password ?
            </Button>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={signIn.isPending} fullWidth>
            Sign In
          </Button>
          <Divider>or</Divider>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            onClick={() => onOtpLogin(form.getValues('email').trim().toLowerCase())}
          >
            Sign In With OTP
          </Button>
        </Stack>
      </Box>
    </>
  );
}
