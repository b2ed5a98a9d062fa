import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LightSnackbarProvider } from '../../ui/light-snackbar.tsx';
import { LoginLayout } from './login-layout.tsx';
import { SignInStep } from './sign-in-step.tsx';

// The screen loads only the step it shows: the other steps (with MUI and zod, which they are drawn
// and validated with) load as one chunk when the person opens one
// (docs/architecture.md#what-each-screen-loads).
const LoginSteps = lazy(() => import('./login-steps.tsx'));

/** The six steps of docs/product.md#signing-in, in order. */
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

/** `preloadAfterSignIn` starts loading what the app shows after sign-in, while the password is checked. */
export function LoginPage({ preloadAfterSignIn }: { preloadAfterSignIn: () => Promise<unknown> }) {
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
    <LightSnackbarProvider>
      <LoginLayout>
        {step === 'sign-in' ? (
          <SignInStep
            initialEmail={email}
            preloadAfterSignIn={preloadAfterSignIn}
            onMustChangePassword={(value) => go('change-password', value)}
            onForgotPassword={(value) => go('forgot-password', value)}
            onOtpLogin={(value) => go('otp-email', value)}
          />
        ) : (
          <Suspense fallback={<StepSkeleton />}>
            <LoginSteps step={step} email={email} go={go} />
          </Suspense>
        )}
      </LoginLayout>
    </LightSnackbarProvider>
  );
}

/** Holds the card's height while a step's chunk loads (a fraction of a second). */
function StepSkeleton() {
  return <div className="fp-step-skeleton" aria-busy="true" />;
}
