/**
 * Everything behind sign-in, loaded as one chunk when a shell route is first opened, so that the
 * sign-in screen does not load the shell, its menu or the dashboard
 * (docs/architecture.md#what-each-screen-loads).
 */
export { LandingPage } from './landing-page.tsx';
export { ShellLayout } from './shell-layout.tsx';
export { ShellRoutePage } from './shell-route-page.tsx';
export { restoreOfflineCache } from '../offline-cache.ts';
export { FEATURE_ROUTES } from '../feature-routes.tsx';
