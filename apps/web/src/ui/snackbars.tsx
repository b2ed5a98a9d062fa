import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';
import GlobalStyles from '@mui/material/GlobalStyles';

/** SPEC sections 8 and 9: snackbars at the top, 5000 ms; errors red, successes green. */
export const SNACKBAR_TIMEOUT_MS = 5000;

/**
 * The CSS variable a screen sets to the height of what must stay uncovered at its top (the
 * shell's top bar); snackbars start below it.
 */
export const SNACKBAR_TOP_VARIABLE = '--fieldport-snackbar-top';

const SNACKBAR_PLACE_CLASS = 'fieldport-snackbars';

const OneAtATimeContext = createContext<(oneAtATime: boolean) => void>(() => {});

/**
 * The snackbars of the whole app (one provider, so that a message outlives the screen that showed
 * it). They start below the top bar, so that they never cover its buttons; where a screen asks
 * for one at a time (the sign-in card), a new message replaces the one shown instead of stacking.
 */
export function SnackbarsProvider({ children }: { children: ReactNode }) {
  const [oneAtATime, setOneAtATime] = useState(false);
  return (
    <SnackbarProvider
      // notistack dismisses the oldest when a new one would pass the limit.
      maxSnack={oneAtATime ? 1 : 3}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      classes={{ containerRoot: SNACKBAR_PLACE_CLASS }}
      preventDuplicate
    >
      <GlobalStyles
        styles={{
          [`.notistack-SnackbarContainer.${SNACKBAR_PLACE_CLASS}`]: {
            top: `calc(var(${SNACKBAR_TOP_VARIABLE}, 0px) + 12px)`,
          },
        }}
      />
      <OneAtATimeContext value={setOneAtATime}>{children}</OneAtATimeContext>
    </SnackbarProvider>
  );
}

/** While the calling screen is shown, a new snackbar replaces the one on screen. */
export function useOneSnackbarAtATime(): void {
  const setOneAtATime = useContext(OneAtATimeContext);
  useEffect(() => {
    setOneAtATime(true);
    return () => setOneAtATime(false);
  }, [setOneAtATime]);
}
