import type * as ShellChunk from './shell-chunk.ts';

/**
 * The shell's chunk (shell-chunk.ts). One promise for every caller, so that starting the load early
 * (sign-in calls it as soon as credentials go to the server) and the router's own load are one fetch.
 */
let shell: Promise<typeof ShellChunk> | undefined;

export function loadShell() {
  shell ??= import('./shell-chunk.ts').catch((error: unknown) => {
    // A failed fetch (network) may succeed on the next navigation.
    shell = undefined;
    throw error;
  });
  return shell;
}
