import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import type { ShellRoute } from '@fieldport/contract/shell-routes';
import { prefetchCurrentUser } from '../api/current-user-query.ts';
import { sessionQuery } from '../api/session-query.ts';
import { LoginFlow, LoginPage } from '../features/auth/login-page.tsx';
import { LightLoading } from '../ui/light-loading.tsx';
import { queryClient } from './providers.tsx';
import {
  LANDING_PAGE_PATH,
  LEAD_FORM_PAGE_PATH,
  QUOTATION_PAGE_PATH,
  REQUEST_FORM_PAGE_PATH,
  REQUEST_STATUS_PAGE_PATH,
} from './public-paths.ts';
import { loadShell } from './shell/load-shell.ts';

// The report screen (canvas, modern-screenshot) is loaded only when someone reports an issue.
const ReportIssuePage = lazy(() => import('../features/report-issue/report-issue-page.tsx'));
// Opened from an invitation mail, signed out (docs/people.md#invitations).
const AcceptInvitationPage = lazy(() => import('../features/auth/accept-invitation-page.tsx'));
// Opened from a quotation's mail by the customer, who has no account (docs/quotations.md).
const PublicQuotationPage = lazy(() => import('../features/quotations/public-quotation-page.tsx'));
// An organization's request form and a request's status, for customers without an account (docs/requests.md).
const PublicRequestPage = lazy(() => import('../features/requests/public-request-page.tsx'));
const RequestStatusPage = lazy(() => import('../features/requests/request-status-page.tsx'));
// A lead form's public link, filled by anybody without signing in (docs/leads.md#the-public-link).
const PublicLeadPage = lazy(() => import('../features/leads/public-lead-page.tsx'));

/** '/Tickets' is the group of the ticket pages; the menu opens /ActiveTickets for it. */
const GROUP_REDIRECTS: Record<string, string> = { '/Tickets': '/ActiveTickets' };

// The shell and its pages load with the first shell route opened (route `lazy`: the router fetches
// the chunk before it shows the route), never with the sign-in screen.
const landingRoute: RouteObject = {
  path: '/LandingPage',
  lazy: async () => {
    const { LandingPage } = await loadShell();
    return { element: <LandingPage /> };
  },
};

function shellRoute(route: ShellRoute): RouteObject {
  const redirect = GROUP_REDIRECTS[route.route];
  if (redirect) return { path: route.route, element: <Navigate to={redirect} replace /> };
  return {
    path: route.route,
    lazy: async () => {
      const { ShellRoutePage, FEATURE_ROUTES } = await loadShell();
      // The page's code is fetched beside the user's details, not after the shell has drawn.
      void FEATURE_ROUTES[route.route]?.preload();
      return { element: <ShellRoutePage route={route} /> };
    },
  };
}

// MUI's theme and snackbars (the layout route around the shell); one fetch for every caller.
const loadMuiLayout = () => import('../ui/mui-providers.tsx');

let signedInPage: { shell: ReturnType<typeof loadShell> } | undefined;

/**
 * The start of the first signed-in page, once: the shell's code, who is signed in, and the user's
 * details as soon as the session is known (not after the shell's code), all at once rather than one
 * after the other (docs/architecture.md#what-each-screen-loads). Offline, the shell uses the kept
 * answers instead.
 */
function startSignedInPage(): { shell: ReturnType<typeof loadShell> } {
  if (signedInPage) return signedInPage;
  const shell = loadShell();
  // The layout route around the shell is fetched beside it, not once the route table is here and
  // the shell's code has run (a round trip later on a phone).
  void loadMuiLayout().catch(() => undefined);
  if (navigator.onLine) {
    void queryClient
      .fetchQuery(sessionQuery)
      .catch(() => null)
      .then((signedIn) => prefetchCurrentUser(queryClient, signedIn));
  }
  const started = { shell };
  signedInPage = started;
  // A failed load (no network) is tried again by the next navigation.
  shell.catch(() => {
    if (signedInPage === started) signedInPage = undefined;
  });
  return started;
}

const SHELL_LAYOUT_ID = 'shell';
let shellRoutesAdded = false;

/**
 * The shell's routes come from the contract's route table (contract/shell-routes.ts), which only
 * the signed-in screens need: the router adds them the first time it is asked for a path it does
 * not know yet (only the not-found route matches it), before it shows anything, so the sign-in
 * screen does not load the table (docs/architecture.md#what-each-screen-loads).
 */
async function addShellRoutes({ patch }: { patch: (routeId: string, children: RouteObject[]) => void }) {
  if (shellRoutesAdded) return;
  // A path that is not the sign-in's is almost always a signed-in page: its shell's code and who is
  // signed in are fetched beside the route table rather than after it.
  void startSignedInPage().shell.catch(() => undefined);
  const { SHELL_ROUTES } = await import('@fieldport/contract/shell-routes');
  if (shellRoutesAdded) return;
  patch(SHELL_LAYOUT_ID, SHELL_ROUTES.map(shellRoute));
  shellRoutesAdded = true;
}

/** Shown when even the error screen's code cannot be loaded (a new release, no network). */
function PlainRouteError() {
  console.error(useRouteError());
  return (
    <main style={{ padding: 24, fontFamily: 'sans-serif', textAlign: 'center' }}>
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}

// The error screen is drawn with MUI, so it loads when needed, not with the sign-in screen.
const RouteErrorScreen = lazy(() =>
  import('./route-error.tsx').then(
    (module) => ({ default: module.RouteErrorScreen }),
    () => ({ default: PlainRouteError }),
  ),
);

/**
 * docs/product.md#the-shell: '/' is the login, '/ReportIssue' stands alone, the shell holds every
 * other page. '/Welcome' (the public landing page, docs/landing.md), '/AcceptInvitation' and
 * '/Quotation' (a customer's answer to a mailed quotation), '/RequestService' and '/RequestStatus' (a
 * request for service and where it stands) and '/LeadForm' (a lead form's public link) are ours:
 * public, like the login. Every page but the login and the landing page is drawn with MUI: one
 * layout route (ui/mui-providers.tsx) brings MUI's theme and the app's snackbars for them
 * (docs/architecture.md#what-each-screen-loads).
 */
export const router = createBrowserRouter(
  [
    {
      errorElement: (
        <Suspense fallback={<LightLoading />}>
          <RouteErrorScreen />
        </Suspense>
      ),
      // Shown while a signed-in page opened directly (a reload, a link) waits for the shell's chunk.
      hydrateFallbackElement: <LightLoading />,
      children: [
        { path: '/', element: <LoginPage preloadAfterSignIn={loadShell} aboutPath={LANDING_PAGE_PATH} /> },
        {
          // The public landing page (docs/landing.md): plain React and CSS like the sign-in screen,
          // in a chunk of its own so that the sign-in screen does not carry it
          // (docs/architecture.md#what-each-screen-loads). The router fetches it before it shows the
          // route: no loading screen in between when the sign-in card's link is followed.
          path: LANDING_PAGE_PATH,
          lazy: async () => {
            const { default: LandingPage } = await import('../features/landing/landing-page.tsx');
            return {
              element: <LandingPage renderSignIn={() => <LoginFlow preloadAfterSignIn={loadShell} />} />,
            };
          },
        },
        {
          lazy: async () => {
            const { MuiLayout } = await loadMuiLayout();
            return { element: <MuiLayout /> };
          },
          children: [
            {
              path: '/ReportIssue',
              element: (
                <Suspense fallback={<LightLoading />}>
                  <ReportIssuePage />
                </Suspense>
              ),
            },
            {
              path: '/AcceptInvitation',
              element: (
                <Suspense fallback={<LightLoading />}>
                  <AcceptInvitationPage />
                </Suspense>
              ),
            },
            {
              path: QUOTATION_PAGE_PATH,
              element: (
                <Suspense fallback={<LightLoading />}>
                  <PublicQuotationPage />
                </Suspense>
              ),
            },
            {
              path: REQUEST_FORM_PAGE_PATH,
              element: (
                <Suspense fallback={<LightLoading />}>
                  <PublicRequestPage />
                </Suspense>
              ),
            },
            {
              path: REQUEST_STATUS_PAGE_PATH,
              element: (
                <Suspense fallback={<LightLoading />}>
                  <RequestStatusPage />
                </Suspense>
              ),
            },
            {
              path: LEAD_FORM_PAGE_PATH,
              element: (
                <Suspense fallback={<LightLoading />}>
                  <PublicLeadPage />
                </Suspense>
              ),
            },
            {
              id: SHELL_LAYOUT_ID,
              lazy: async () => {
                const { ShellLayout, restoreOfflineCache } = await startSignedInPage().shell;
                // What the field app kept is in the cache before the shell asks for it, so that a
                // page opened offline shows it (docs/architecture.md#working-offline).
                await restoreOfflineCache();
                return { element: <ShellLayout /> };
              },
              children: [landingRoute],
            },
            {
              path: '*',
              lazy: async () => {
                const { NotFoundPage } = await import('./route-error.tsx');
                return { element: <NotFoundPage /> };
              },
            },
          ],
        },
      ],
    },
  ],
  { patchRoutesOnNavigation: addShellRoutes },
);
