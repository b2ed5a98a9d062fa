import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SHELL_ROUTES } from '@fieldport/contract/menus';
import { LoginPage } from '../features/auth/login-page.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { NotFoundPage, RouteError } from './route-error.tsx';
import { LandingPage } from './shell/landing-page.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';
import { ShellRoutePage } from './shell/shell-route-page.tsx';

// The report screen (canvas, html-to-image) is loaded only when someone reports an issue.
const ReportIssuePage = lazy(() => import('../features/report-issue/report-issue-page.tsx'));
// Opened from an invitation mail, signed out (docs/people.md "Invitations").
const AcceptInvitationPage = lazy(() => import('../features/invitations/accept-invitation-page.tsx'));

/** '/Tickets' is the group of the ticket pages; SPEC section 2 opens /ActiveTickets for it. */
const GROUP_REDIRECTS: Record<string, string> = { '/Tickets': '/ActiveTickets' };

const shellChildren: RouteObject[] = [
  { path: '/LandingPage', element: <LandingPage /> },
  ...SHELL_ROUTES.map((route): RouteObject => ({
    path: route.route,
    element: GROUP_REDIRECTS[route.route] ? (
      <Navigate to={GROUP_REDIRECTS[route.route]} replace />
    ) : (
      <ShellRoutePage route={route} />
    ),
  })),
];

/**
 * SPEC section 2: '/' is the login, '/ReportIssue' stands alone, the shell holds every other page.
 * '/AcceptInvitation' is ours: public, like the login.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
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
      { element: <ShellLayout />, children: shellChildren },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
