import type * as ShellRoutes from './shell-routes.ts';

/**
 * The shell's chunk (shell-routes.ts). One promise for every caller, so that starting the load early
 * (sign-in calls it as soon as credentials go to the server) and the router's own load are one fetch.
 */
let shell: Promise<typeof ShellRoutes> | undefined;

export function loadShell() {
  shell ??= import('./shell-routes.ts').catch((error: unknown) => {
    // A failed fetch (network) may succeed on the next navigation.
    shell = undefined;
    throw error;
  });
  return shell;
}
