import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from '../api/client.ts';
import { IssueProvider } from '../features/report-issue/issue-context.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal from the server will not change on retry; only network trouble is retried.
      retry: (failures, error) => failures < 2 && (!isApiError(error) || error.code === 'NETWORK'),
      refetchOnWindowFocus: false,
    },
  },
});

/**
 * What every screen needs and the sign-in screen can afford. MUI's theme and the app's snackbars
 * come with the screens that use them (ui/mui-providers.tsx,
 * docs/architecture.md#what-each-screen-loads).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <IssueProvider>{children}</IssueProvider>
    </QueryClientProvider>
  );
}
