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

interface LoginFlowProps {
  /** Starts loading what the app shows after sign-in, while the password is checked. */
  preloadAfterSignIn: () => Promise<unknown>;
  initialStep?: LoginStep;
  initialEmail?: string;
  /** The page's title follows the step (the login page); a dialog leaves its page's title alone. */
  titlesDocument?: boolean;
}

/**
 * The steps of signing in, without the page around them: the login page holds them in its card and
 * the landing page in its sign-in dialog (docs/landing.md). Either way a successful sign-in opens
 * the shell (use-login-success.ts). Needs a LightSnackbarProvider above it.
 */
export function LoginFlow({ preloadAfterSignIn, initialStep, initialEmail, titlesDocument }: LoginFlowProps) {
  const [step, setStep] = useState<LoginStep>(initialStep ?? 'sign-in');
  const [email, setEmail] = useState(initialEmail ?? '');

  useEffect(() => {
    if (titlesDocument) document.title = `${TITLES[step]} · Fieldport`;
  }, [step, titlesDocument]);

  function go(next: LoginStep, nextEmail?: string) {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setStep(next);
  }

  return step === 'sign-in' ? (
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
  );
}

/**
 * `preloadAfterSignIn` starts loading what the app shows after sign-in, while the password is
 * checked; `aboutPath` is the public landing page the card links to (docs/landing.md).
 */
export function LoginPage({
  preloadAfterSignIn,
  aboutPath,
}: {
  preloadAfterSignIn: () => Promise<unknown>;
  aboutPath: string;
}) {
  const requested = (useLocation().state ?? {}) as LoginLocationState;
  return (
    <LightSnackbarProvider>
      <LoginLayout aboutPath={aboutPath}>
        <LoginFlow
          preloadAfterSignIn={preloadAfterSignIn}
          initialStep={requested.step}
          initialEmail={requested.email}
          titlesDocument
        />
      </LoginLayout>
    </LightSnackbarProvider>
  );
}

/** Holds the card's height while a step's chunk loads (a fraction of a second). */
function StepSkeleton() {
  return <div className="fp-step-skeleton" aria-busy="true" />;
}
