import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { isApiError } from '../api/client.ts';
import { IssueProvider } from '../features/report-issue/issue-context.tsx';
import { theme } from './theme.ts';

/** SPEC sections 8 and 9: snackbars at the top, 5000 ms; errors red, successes green. */
export const SNACKBAR_TIMEOUT_MS = 5000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal from the server will not change on retry; only network trouble is retried.
      retry: (failures, error) => failures < 2 && (!isApiError(error) || error.code === 'NETWORK'),
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={3}
          autoHideDuration={SNACKBAR_TIMEOUT_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          preventDuplicate
        >
          <IssueProvider>{children}</IssueProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
