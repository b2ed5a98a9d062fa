import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme.ts';
import { SnackbarsProvider } from './snackbars.tsx';

/**
 * MUI's theme, its baseline styles and the app's snackbars: every screen but the login page, whose
 * first step is drawn without MUI (docs/architecture.md#what-each-screen-loads). Loaded with the
 * screens that use it, never with the sign-in screen.
 */
export function MuiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarsProvider>{children}</SnackbarsProvider>
    </ThemeProvider>
  );
}

/**
 * The layout route around the signed-in shell, /ReportIssue, /AcceptInvitation and the not-found
 * page (app/routes.tsx): one provider for all of them, so that a snackbar outlives a move between
 * them (a report sent returns to the shell with its message).
 */
export function MuiLayout() {
  return (
    <MuiProviders>
      <Outlet />
    </MuiProviders>
  );
}
