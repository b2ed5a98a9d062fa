import type { ShellRoute } from '@fieldport/contract/menus';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { NoAccess } from '../../ui/no-access.tsx';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';
import { useShell } from './shell-context.tsx';

/**
 * One shell route. A route outside the user's menu shows the refusal instead of its page (the
 * server refuses its operations too). Areas replace the placeholder as their issues land.
 */
export function ShellRoutePage({ route }: { route: ShellRoute }) {
  const { user, allowedRoutes } = useShell();
  if (!allowedRoutes.has(route.route)) return <NoAccess />;
  if (route.route === '/Dashboard') return <DashboardPage user={user} />;
  return <PlaceholderPage title={route.title} area={route.area} />;
}
