import type { ShellRoute } from '@fieldport/contract/shell-routes';
import type { Access } from '@fieldport/contract/operation';

/**
 * What the shell gives a feature page (app/feature-routes.tsx): its route, and whether the
 * signed-in person may call an operation — the contract's own rule, the one the server applies,
 * so that a page offers no button the server would refuse.
 */
export interface FeaturePageProps {
  route: ShellRoute;
  can: (access: Access) => boolean;
}
