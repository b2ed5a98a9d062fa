import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import Toolbar from '@mui/material/Toolbar';
import { buildMenu, menuInputFromUser, menuRoutes } from '@fieldport/contract/menus';
import { isApiError } from '../../api/client.ts';
import { currentUserQuery, sessionQuery } from '../../api/queries.ts';
import { OrganizationTimeZone } from '../../ui/format.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { NewVersionPrompt } from '../../ui/new-version-prompt.tsx';
import { SNACKBAR_TOP_VARIABLE } from '../../ui/snackbars.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import type { LoginLocationState } from '../../features/auth/login-page.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { ShellContext, type ShellState } from './shell-context.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { useSignOut } from './use-sign-out.ts';

/** docs/product.md#the-shell: the side drawer is 270 px wide. */
const DRAWER_WIDTH = 270;

/** The side menu's column: the permanent drawer's box, and its placeholder while the menu loads. */
const SIDE_MENU_COLUMN = {
  width: DRAWER_WIDTH,
  flexShrink: 0,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderColor: 'divider',
} as const;

/**
 * docs/product.md#signing-in: these words in the current user's error send the user back to '/'
 * with an alert.
 */
const REFUSAL_PATTERN = /Not Found|Temporarily Suspended/;

/** Errors of the current user that send the user away rather than offering a retry. */
function sendsAway(error: Error): boolean {
  return isApiError(error, 'UNAUTHENTICATED') || REFUSAL_PATTERN.test(error.message);
}

/**
 * The main shell (docs/product.md#the-shell): top bar, side menu and the page of the current route.
 */
export function ShellLayout() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const session = useQuery(sessionQuery);
  const email = session.data?.user.email ?? '';
  const mustChangePassword = Boolean(session.data?.user.mustChangePassword);
  const currentUser = useQuery({
    ...currentUserQuery(email),
    enabled: Boolean(email) && !mustChangePassword,
  });
  const menuResult = useMemo(
    () => (currentUser.data ? buildMenu(menuInputFromUser(currentUser.data)) : null),
    [currentUser.data],
  );

  // Alerts and redirects happen once, even when React runs effects twice in development.
  const leaving = useRef(false);
  useEffect(() => {
    if (leaving.current) return;
    if (session.isSuccess && !session.data) {
      leaving.current = true;
      navigate('/', { replace: true });
    } else if (mustChangePassword) {
      leaving.current = true;
      navigate('/', {
        replace: true,
        state: { step: 'change-password', email } satisfies LoginLocationState,
      });
    } else if (currentUser.error) {
      const error = currentUser.error;
      if (isApiError(error, 'UNAUTHENTICATED')) {
        leaving.current = true;
        void signOut({ callServer: false });
      } else if (REFUSAL_PATTERN.test(error.message)) {
        leaving.current = true;
        window.alert(error.message);
        void signOut();
      }
    } else if (menuResult && !menuResult.ok) {
      // docs/product.md#roles-and-parties: a designation role without a designation is refused.
      leaving.current = true;
      window.alert(menuResult.message);
      void signOut();
    }
  }, [
    session.isSuccess,
    session.data,
    mustChangePassword,
    email,
    currentUser.error,
    menuResult,
    navigate,
    signOut,
  ]);

  const shell: ShellState | null = useMemo(
    () =>
      currentUser.data && menuResult?.ok
        ? {
            user: currentUser.data,
            menu: menuResult.menu,
            accessControlled: menuResult.accessControlled,
            allowedRoutes: menuRoutes(menuResult.menu),
          }
        : null,
    [currentUser.data, menuResult],
  );

  // The user's details arrive as a blocking update (a query's answer); the menu and the page are
  // drawn from them in a render that yields to the browser every few milliseconds, so that drawing
  // them is not one long task on a phone. The overlay stays until they are drawn.
  const drawn = useDeferredValue(shell);
  const loading = session.isPending || (Boolean(email) && !mustChangePassword && currentUser.isPending);
  const failed = !loading && !shell && currentUser.error !== null && !sendsAway(currentUser.error);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {/* Snackbars start below the top bar (as tall as its toolbar: 56 px, 64 px from 600 px up). */}
      <GlobalStyles
        styles={(theme) => ({
          ':root': {
            [SNACKBAR_TOP_VARIABLE]: '56px',
            [theme.breakpoints.up('sm')]: { [SNACKBAR_TOP_VARIABLE]: '64px' },
          },
        })}
      />
      <TopBar shell={drawn} narrow={narrow} onOpenMenu={() => setDrawerOpen(true)} />
      {/* The side menu's place is kept while the user's menu loads, so that the page does not jump
          sideways when it arrives (a layout shift of 0.2, docs/benchmarks.md#web). */}
      {!drawn && !narrow && !failed && <Box aria-hidden sx={SIDE_MENU_COLUMN} />}
      {drawn &&
        (narrow ? (
          <Drawer
            variant="temporary"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            // The closed drawer's menu is drawn when it opens, not with a phone's first page
            // (MUI's keepMounted): the first render's main-thread time is what a phone waits for.
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
          >
            <SideMenu menu={drawn.menu} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Drawer
            variant="permanent"
            // The paper stays in view as the page scrolls; the drawer's own box, as tall as the page,
            // carries the same background, so that it reaches the bottom of however long a page is
            // (also in full-page screenshots and the issue reporter's picture).
            sx={SIDE_MENU_COLUMN}
            slotProps={{
              paper: {
                sx: { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' },
              },
            }}
          >
            <Toolbar />
            <SideMenu menu={drawn.menu} />
          </Drawer>
        ))}
      <Box component="main" id="main-content" sx={{ flexGrow: 1, minWidth: 0, p: narrow ? 2 : 4 }}>
        <Toolbar />
        {drawn && (
          <ShellContext value={drawn}>
            <OrganizationTimeZone value={drawn.user.time_zone}>
              <Outlet />
            </OrganizationTimeZone>
          </ShellContext>
        )}
        {failed && (
          <Alert
            severity="error"
            variant="outlined"
            action={
              <Button color="inherit" size="small" onClick={() => void currentUser.refetch()}>
                Retry
              </Button>
            }
          >
            Your details could not be loaded. Check your connection and try again.
          </Alert>
        )}
      </Box>
      <ScrollToTop />
      <NewVersionPrompt />
      <LoadingOverlay open={loading || (shell !== null && drawn === null)} label="Loading your details" />
    </Box>
  );
}
