import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { isApiError } from '../api/client.ts';
import { IssueProvider } from '../features/report-issue/issue-context.tsx';
import { SnackbarsProvider } from '../ui/snackbars.tsx';
import { theme } from './theme.ts';

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
        <SnackbarsProvider>
          <IssueProvider>{children}</IssueProvider>
        </SnackbarsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
