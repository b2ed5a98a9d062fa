import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SnackbarVariant } from './snackbar-handoff.ts';
import './light-snackbar.css';

/**
 * docs/product.md#messages: snackbars at the top, 5000 ms (as ui/snackbars.tsx's
 * SNACKBAR_TIMEOUT_MS).
 */
const TIMEOUT_MS = 5000;

interface Shown {
  id: number;
  message: string;
  variant: SnackbarVariant;
}

interface LightSnackbar {
  /** Shows a message in place of the one on screen (one at a time, as on the sign-in card). */
  show: (message: string, variant: SnackbarVariant) => void;
  /** Takes the message on screen away. */
  close: () => void;
}

const LightSnackbarContext = createContext<LightSnackbar | null>(null);

// The icons notistack shows (Material Design's error and success marks).
const ICONS: Record<SnackbarVariant, string> = {
  error:
    'M12 2c5.53 0 10 4.47 10 10s-4.47 10-10 10S2 17.53 2 12 6.47 2 12 2m3.59 5L12 10.59 8.41 7 7 8.41 10.59 12 7 15.59 8.41 17 12 13.41 15.59 17 17 15.59 13.41 12 17 8.41z',
  success:
    'M12 2C6.5 2 2 6.5 2 12s4.5 10 10 10 10-4.5 10-10S17.5 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
};

/**
 * The login page's snackbar, without MUI or notistack
 * (docs/architecture.md#what-each-screen-loads): at the top, one at a time, gone after 5000 ms;
 * errors red, successes green. It lives as long as the login page, so a message outlives the step
 * that showed it.
 */
export function LightSnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const show = useCallback(
    (message: string, variant: SnackbarVariant) =>
      setShown((previous) => ({ id: (previous?.id ?? 0) + 1, message, variant })),
    [],
  );
  const close = useCallback(() => setShown(null), []);
  const api = useMemo(() => ({ show, close }), [show, close]);

  return (
    <LightSnackbarContext value={api}>
      {children}
      <div className="fp-snackbars">
        {shown && (
          // A new key for each message, so that a repeated message is announced again.
          <div key={shown.id} className={`fp-snackbar fp-snackbar--${shown.variant}`} role="alert">
            <p>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={ICONS[shown.variant]} />
              </svg>
              {shown.message}
            </p>
          </div>
        )}
      </div>
    </LightSnackbarContext>
  );
}

export function useLightSnackbar(): LightSnackbar {
  const snackbar = useContext(LightSnackbarContext);
  if (!snackbar) throw new Error('useLightSnackbar needs a LightSnackbarProvider above it');
  return snackbar;
}
