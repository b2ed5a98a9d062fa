import { Suspense, useCallback, useMemo } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ShellRoute } from '@fieldport/contract/shell-routes';
import { homeRoute, menuInputFromUser, pageTitle } from '@fieldport/contract/menus';
import type { Access } from '@fieldport/contract/operation';
import { decideAccess } from '@fieldport/contract/permissions';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { NoAccess } from '../../ui/no-access.tsx';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';
import { FEATURE_ROUTES } from '../feature-routes.tsx';
import { useShell } from './shell-context.tsx';

/**
 * One shell route. A route outside the user's menu shows the refusal instead of its page (the
 * server refuses its operations too). A route with a screen in FEATURE_ROUTES shows it; the
 * others show the placeholder until their issues land.
 */
export function ShellRoutePage({ route: shellRoute }: { route: ShellRoute }) {
  const { user, menu, accessControlled, allowedRoutes } = useShell();
  const route = useMemo(() => ({ ...shellRoute, title: pageTitle(menu, shellRoute) }), [menu, shellRoute]);
  // The same decision the server's authorize() makes, so pages offer only what will be allowed.
  const can = useCallback(
    (access: Access) =>
      decideAccess(access, menuInputFromUser(user), { ok: true, menu, accessControlled }).allowed,
    [user, menu, accessControlled],
  );
  if (!allowedRoutes.has(route.route)) return <NoAccess home={homeRoute(user.user_type, menu)} />;
  if (route.route === '/Dashboard') return <DashboardPage user={user} />;
  const Feature = FEATURE_ROUTES[route.route];
  if (!Feature) return <PlaceholderPage title={route.title} area={route.area} />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Feature route={route} can={can} />
    </Suspense>
  );
}

function PageSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading the page">
      <Skeleton variant="text" width={260} height={48} />
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}
