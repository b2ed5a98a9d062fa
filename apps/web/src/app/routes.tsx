import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SHELL_ROUTES } from '@fieldport/contract/menus';
import { LoginPage } from '../features/auth/login-page.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { NotFoundPage, RouteError } from './route-error.tsx';
import { loadShell } from './shell/load-shell.ts';

// The report screen (canvas, modern-screenshot) is loaded only when someone reports an issue.
const ReportIssuePage = lazy(() => import('../features/report-issue/report-issue-page.tsx'));
// Opened from an invitation mail, signed out (docs/people.md "Invitations").
const AcceptInvitationPage = lazy(() => import('../features/invitations/accept-invitation-page.tsx'));

/** '/Tickets' is the group of the ticket pages; SPEC section 2 opens /ActiveTickets for it. */
const GROUP_REDIRECTS: Record<string, string> = { '/Tickets': '/ActiveTickets' };

// The shell and its pages load with the first shell route opened (route `lazy`: the router fetches
// the chunk before it shows the route), never with the sign-in screen.
const shellChildren: RouteObject[] = [
  {
    path: '/LandingPage',
    lazy: async () => {
      const { LandingPage } = await loadShell();
      return { element: <LandingPage /> };
    },
  },
  ...SHELL_ROUTES.map((route): RouteObject => {
    const redirect = GROUP_REDIRECTS[route.route];
    if (redirect) return { path: route.route, element: <Navigate to={redirect} replace /> };
    return {
      path: route.route,
      lazy: async () => {
        const { ShellRoutePage } = await loadShell();
        return { element: <ShellRoutePage route={route} /> };
      },
    };
  }),
];

/**
 * SPEC section 2: '/' is the login, '/ReportIssue' stands alone, the shell holds every other page.
 * '/AcceptInvitation' is ours: public, like the login.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    // Shown while a signed-in page opened directly (a reload, a link) waits for the shell's chunk.
    hydrateFallbackElement: <LoadingOverlay open />,
    children: [
      { path: '/', element: <LoginPage /> },
      {
        path: '/ReportIssue',
        element: (
          <Suspense fallback={<LoadingOverlay open />}>
            <ReportIssuePage />
          </Suspense>
        ),
      },
      {
        path: '/AcceptInvitation',
        element: (
          <Suspense fallback={<LoadingOverlay open />}>
            <AcceptInvitationPage />
          </Suspense>
        ),
      },
      {
        lazy: async () => {
          const { ShellLayout } = await loadShell();
          return { element: <ShellLayout /> };
        },
        children: shellChildren,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
