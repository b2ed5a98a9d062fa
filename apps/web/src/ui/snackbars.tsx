import { useEffect, useMemo, type ReactNode } from 'react';
import { SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { takeHandedOver } from './snackbar-handoff.ts';

/** docs/product.md#messages: snackbars at the top, 5000 ms; errors red, successes green. */
export const SNACKBAR_TIMEOUT_MS = 5000;

/**
 * The CSS variable a screen sets to the height of what must stay uncovered at its top (the
 * shell's top bar); snackbars start below it.
 */
export const SNACKBAR_TOP_VARIABLE = '--fieldport-snackbar-top';

const SNACKBAR_PLACE_CLASS = 'fieldport-snackbars';

/**
 * The snackbars of every screen but the login page (one provider, so that a message outlives the
 * screen that showed it). They start below the top bar, so that they never cover its buttons. A
 * message the login page handed over (ui/snackbar-handoff.ts) shows when they mount.
 */
export function SnackbarsProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      classes={{ containerRoot: SNACKBAR_PLACE_CLASS }}
      preventDuplicate
    >
      <GlobalStyles
        styles={(theme) => ({
          [`.notistack-SnackbarContainer.${SNACKBAR_PLACE_CLASS}`]: {
            top: `calc(var(${SNACKBAR_TOP_VARIABLE}, 0px) + 12px)`,
          },
          // notistack's own green (#43a047) under white text is below WCAG AA contrast; the theme's
          // is not, and it is the login page's green too (ui/light-snackbar.css). Two classes:
          // notistack injects its own style after the theme's, and would win at equal specificity.
          '.notistack-SnackbarContainer .notistack-MuiContent-success': {
            backgroundColor: theme.palette.success.main,
          },
        })}
      />
      <HandedOverMessage />
      {children}
    </SnackbarProvider>
  );
}

function HandedOverMessage() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const handed = takeHandedOver();
    if (handed) enqueueSnackbar(handed.message, { variant: handed.variant });
  }, [enqueueSnackbar]);
  return null;
}

/** A button in a success snackbar (Undo after a claim); the snackbar closes when it is pressed. */
export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface Snackbars {
  success: (message: string, action?: SnackbarAction) => void;
  error: (message: string) => void;
  /** Takes every message on screen away (before one that replaces them). */
  clear: () => void;
}

/**
 * The product's two messages (green success, red error), for what is not a contract operation
 * (an export, an import, a report); operations show theirs through ui/use-operation.ts.
 */
export function useSnackbars(): Snackbars {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  return useMemo<Snackbars>(
    () => ({
      success: (message, action) =>
        enqueueSnackbar(message, {
          variant: 'success',
          action: action
            ? (key: SnackbarKey) => (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    closeSnackbar(key);
                    action.onClick();
                  }}
                >
                  {action.label}
                </Button>
              )
            : undefined,
        }),
      error: (message) => enqueueSnackbar(message, { variant: 'error' }),
      clear: () => closeSnackbar(),
    }),
    [enqueueSnackbar, closeSnackbar],
  );
}
