import { ThemeProvider } from '@mui/material/styles';
import { MSG } from '@fieldport/contract/messages';
import { authApi } from '../../api/auth.ts';
import { theme } from '../../ui/theme.ts';
import { ChangePasswordStep } from './change-password-step.tsx';
import { EmailCodeStep } from './email-code-step.tsx';
import type { LoginStep } from './login-page.tsx';
import { forgotPasswordSchema, otpEmailSchema } from './login-schemas.ts';
import { OtpCodeStep } from './otp-code-step.tsx';
import { ResetPasswordStep } from './reset-password-step.tsx';

interface LoginStepsProps {
  step: Exclude<LoginStep, 'sign-in'>;
  email: string;
  go: (next: LoginStep, email?: string) => void;
}

/**
 * The login steps after Sign In (docs/product.md#signing-in), drawn with MUI inside the plain card:
 * one chunk, loaded when the person opens one of them
 * (docs/architecture.md#what-each-screen-loads). Their snackbars are the login page's
 * (ui/light-snackbar.tsx), so a message stays while the person moves between steps, back to Sign In
 * too.
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
        <EmailCodeStep
          purpose="forget-password"
          title="Forgot Password ?"
          subtitle="We will send a code to your registered email."
          formLabel="Forgot Password"
          schema={forgotPasswordSchema}
          emailLabel="Registered Email"
          submitLabel="Send Code"
          initialEmail={email}
          onCodeSent={(value) => go('reset-password', value)}
          onBack={() => go('sign-in')}
        />
      )}
      {step === 'reset-password' && (
        <ResetPasswordStep email={email} onDone={() => go('sign-in')} onBack={() => go('sign-in')} />
      )}
      {step === 'otp-email' && (
        <EmailCodeStep
          purpose="sign-in"
          title="Sign In With OTP"
          subtitle="We will email you a one-time password."
          formLabel="Sign In With OTP"
          schema={otpEmailSchema}
          emailLabel={MSG.otpEmailLabel}
          labelMarksRequired
          submitLabel="Send OTP"
          initialEmail={email}
          onCodeSent={(value) => go('otp-code', value)}
          onBack={() => go('sign-in')}
        />
      )}
      {step === 'otp-code' && <OtpCodeStep email={email} onBack={() => go('otp-email')} />}
    </ThemeProvider>
  );
}
