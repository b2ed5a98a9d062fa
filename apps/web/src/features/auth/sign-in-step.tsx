import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@fieldport/contract/messages';
import { authApi } from '../../api/auth.ts';
import { useLightSnackbar } from '../../ui/light-snackbar.tsx';
import type * as LoginSchemas from './login-schemas.ts';
import { StepTitle } from './login-layout.tsx';
import { rememberEmail, rememberedEmail } from './remember-me.ts';
import { SignInField } from './sign-in-field.tsx';
import { useLoginSuccess } from './use-login-success.ts';

interface SignInForm {
  email: string;
  password: string;
}
type Field = keyof SignInForm;
type FieldErrors = Partial<Record<Field, string>>;
type Checked = { ok: true; values: SignInForm } | { ok: false; errors: FieldErrors };

// zod and the contract's email rule (login-schemas.ts) load when the form is first checked, or as
// soon as the person types or clicks in it, not with the screen.
let schemas: Promise<typeof LoginSchemas> | undefined;
function loadSchemas() {
  schemas ??= import('./login-schemas.ts').catch((error: unknown) => {
    // A failed fetch (network) is tried again at the next check.
    schemas = undefined;
    throw error;
  });
  return schemas;
}
const preloadSchemas = () => void loadSchemas().catch(() => undefined);

/**
 * docs/product.md#signing-in: the first message of each field; the values as they are sent
 * (trimmed, lowercased).
 */
async function check(values: SignInForm): Promise<Checked> {
  const { signInSchema } = await loadSchemas();
  const result = signInSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

interface Props {
  initialEmail: string;
  /** Starts loading what the app shows after sign-in (the app passes it: features never import app/). */
  preloadAfterSignIn: () => Promise<unknown>;
  onMustChangePassword: (email: string) => void;
  onForgotPassword: (email: string) => void;
  onOtpLogin: (email: string) => void;
}

/**
 * Step 1: Sign In (docs/product.md#signing-in), in plain React: the first screen loads neither MUI
 * nor a form library (docs/architecture.md#what-each-screen-loads). As before, the fields are
 * checked when the form is sent, and then again as each one changes.
 */
export function SignInStep({
  initialEmail,
  preloadAfterSignIn,
  onMustChangePassword,
  onForgotPassword,
  onOtpLogin,
}: Props) {
  const [stored] = useState(rememberedEmail);
  const [remember, setRemember] = useState(Boolean(stored));
  const [values, setValues] = useState<SignInForm>({ email: initialEmail || stored, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const snackbar = useLightSnackbar();
  const loginSuccess = useLoginSuccess();
  // docs/product.md#signing-in: Remember Me is disabled while email or password is empty.
  const rememberDisabled = !values.email.trim() || !values.password;

  const signIn = useMutation({
    mutationFn: (checked: SignInForm) => {
      // The shell's chunk loads while the server checks the password.
      void preloadAfterSignIn().catch(() => undefined);
      return authApi.signInEmail({ email: checked.email, password: checked.password, rememberMe: remember });
    },
    onSuccess: (result, checked) => {
      rememberEmail(remember ? checked.email : null);
      if (result.user?.mustChangePassword) onMustChangePassword(checked.email);
      else loginSuccess(MSG.loggedIn);
    },
    onError: (error) => snackbar.show(error.message, 'error'),
  });

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    // After the first send, the changed field is checked again (its message only).
    void check(next).then(
      (result) =>
        setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] })),
      () => undefined,
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    setSubmitted(true);
    const result = await check(values);
    if (result.ok) {
      setErrors({});
      signIn.mutate(result.values);
      return;
    }
    setErrors(result.errors);
    // The first wrong field takes the focus, as a form library would.
    if (result.errors.email) emailInput.current?.focus();
    else if (result.errors.password) passwordInput.current?.focus();
  }

  // docs/product.md#signing-in: with both fields empty one message covers them.
  const bothMissing = errors.email === MSG.required && Boolean(errors.password);
  const typedEmail = () => values.email.trim().toLowerCase();

  return (
    <>
      <StepTitle title="Sign In" subtitle="Sign in with the email address your organization registered." />
      <form
        className="fp-form"
        noValidate
        aria-label="Sign In"
        onKeyDown={preloadSchemas}
        onPointerDown={preloadSchemas}
        onSubmit={(event) => void submit(event)}
      >
        {bothMissing && (
          <div className="fp-alert" role="alert">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" />
            </svg>
            <p>{MSG.mandatoryFields}</p>
          </div>
        )}
        <SignInField
          label="Email"
          type="email"
          name="email"
          required
          autoComplete="username"
          autoFocus={!stored}
          inputRef={emailInput}
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          error={Boolean(errors.email)}
          message={bothMissing ? undefined : errors.email}
        />
        <SignInField
          label="Password"
          type="password"
          name="password"
          required
          autoComplete="current-password"
          autoFocus={Boolean(stored)}
          inputRef={passwordInput}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={Boolean(errors.password)}
          message={bothMissing ? undefined : errors.password}
        />
        <div className="fp-row">
          <label className="fp-check">
            <input
              type="checkbox"
              checked={remember}
              disabled={rememberDisabled}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember Me
          </label>
          <button
            type="button"
            className="fp-button fp-button--text fp-button--small"
            onClick={() => onForgotPassword(typedEmail())}
          >
            Forgot Password ?
          </button>
        </div>
        <button
          type="submit"
          className="fp-button fp-button--contained fp-button--full"
          disabled={signIn.isPending}
          aria-busy={signIn.isPending}
        >
          Sign In
        </button>
        <div className="fp-divider" role="separator">
          <span>or</span>
        </div>
        <button
          type="button"
          className="fp-button fp-button--outlined fp-button--full"
          onClick={() => onOtpLogin(typedEmail())}
        >
          Sign In With OTP
        </button>
      </form>
    </>
  );
}
