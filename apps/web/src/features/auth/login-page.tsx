import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { authApi } from '../../api/auth.ts';
import { LoginLayout } from './login-layout.tsx';
import { SignInStep } from './sign-in-step.tsx';

// The screen loads only the step it shows: the other steps (and zod, which they validate with)
// load when the person opens them (docs/architecture.md "What each screen loads").
const ChangePasswordStep = lazy(async () => ({
  default: (await import('./change-password-step.tsx')).ChangePasswordStep,
}));
const ForgotPasswordStep = lazy(async () => ({
  default: (await import('./forgot-password-steps.tsx')).ForgotPasswordStep,
}));
const ResetPasswordStep = lazy(async () => ({
  default: (await import('./forgot-password-steps.tsx')).ResetPasswordStep,
}));
const OtpEmailStep = lazy(async () => ({ default: (await import('./otp-login-steps.tsx')).OtpEmailStep }));
const OtpCodeStep = lazy(async () => ({ default: (await import('./otp-login-steps.tsx')).OtpCodeStep }));

/** The six steps of SPEC section 2, in order. */
export type LoginStep =
  'sign-in' | 'change-password' | 'forgot-password' | 'reset-password' | 'otp-email' | 'otp-code';

/** What another screen may ask of the login page through navigation state. */
export interface LoginLocationState {
  step?: Extract<LoginStep, 'change-password'>;
  email?: string;
}

const TITLES: Record<LoginStep, string> = {
  'sign-in': 'Sign In',
  'change-password': 'Change Temporary Password',
  'forgot-password': 'Forgot Password ?',
  'reset-password': 'Reset Password',
  'otp-email': 'Sign In With OTP',
  'otp-code': 'Enter OTP',
};

export function LoginPage() {
  const requested = (useLocation().state ?? {}) as LoginLocationState;
  const [step, setStep] = useState<LoginStep>(requested.step ?? 'sign-in');
  const [email, setEmail] = useState(requested.email ?? '');

  useEffect(() => {
    document.title = `${TITLES[step]} · Fieldport`;
  }, [step]);

  function go(next: LoginStep, nextEmail?: string) {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setStep(next);
  }

  return (
    <LoginLayout>
      <Suspense fallback={<StepSkeleton />}>
        {step === 'sign-in' && (
          <SignInStep
            initialEmail={email}
            onMustChangePassword={(value) => go('change-password', value)}
            onForgotPassword={(value) => go('forgot-password', value)}
            onOtpLogin={(value) => go('otp-email', value)}
          />
        )}
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
      </Suspense>
    </LoginLayout>
  );
}

/** Holds the card's height while a step's chunk loads (a fraction of a second). */
function StepSkeleton() {
  return <Box aria-busy="true" sx={{ minHeight: 240 }} />;
}
