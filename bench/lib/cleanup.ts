/**
 * Things to undo however the run ends (a throwaway PostgreSQL database above all): run on normal
 * completion by their owners, and here on Ctrl-C.
 */
const pending = new Set<() => Promise<void>>();

export function onCleanup(undo: () => Promise<void>): () => void {
  pending.add(undo);
  return () => pending.delete(undo);
}

export async function cleanupAll(): Promise<void> {
  const all = [...pending];
  pending.clear();
  await Promise.allSettled(all.map((undo) => undo()));
}

let installed = false;

export function cleanupOnSignals(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up ...`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}
