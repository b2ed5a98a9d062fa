import { ThemeProvider } from '@mui/material/styles';
import { authApi } from '../../api/auth.ts';
import { theme } from '../../app/theme.ts';
import { ChangePasswordStep } from './change-password-step.tsx';
import { ForgotPasswordStep, ResetPasswordStep } from './forgot-password-steps.tsx';
import type { LoginStep } from './login-page.tsx';
import { OtpCodeStep, OtpEmailStep } from './otp-login-steps.tsx';

export interface LoginStepsProps {
  step: Exclude<LoginStep, 'sign-in'>;
  email: string;
  go: (next: LoginStep, email?: string) => void;
}

/**
 * The login steps after Sign In (SPEC section 2), drawn with MUI inside the plain card: one chunk,
 * loaded when the person opens one of them (docs/architecture.md "What each screen loads"). Their
 * snackbars are the login page's (ui/light-snackbar.tsx), so a message stays while the person
 * moves between steps, back to Sign In too.
 */
export default function LoginSteps({ step, email, go }: LoginStepsProps) {
  return (
    <ThemeProvider theme={theme}>
      {step === 'change-password' && (
        <ChangePasswordStep
          email={email}
          onBack={() => {
            // The half-open session of the temporary password is of no use to anyone.
            void authApi.signOut().catch(() => undefined);
            go('sign-in');
          }}
        />
      )}
      {step === 'forgot-password' && (
        <ForgotPasswordStep
          initialEmail={email}
          onCodeSent={(value) => go('reset-password', value)}
          onBack={() => go('sign-in')}
        />
      )}
      {step === 'reset-password' && (
        <ResetPasswordStep email={email} onDone={() => go('sign-in')} onBack={() => go('sign-in')} />
      )}
      {step === 'otp-email' && (
        <OtpEmailStep
          initialEmail={email}
          onOtpSent={(value) => go('otp-code', value)}
          onBack={() => go('sign-in')}
        />
      )}
      {step === 'otp-code' && <OtpCodeStep email={email} onBack={() => go('otp-email')} />}
    </ThemeProvider>
  );
}
