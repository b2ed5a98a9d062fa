import { del, get, set } from 'idb-keyval';
import { onlineManager, type Query } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { queryKeys } from '../api/queries.ts';
import { KEEP_OFFLINE_FOR_MS } from '../ui/offline.ts';
import { queryClient } from './providers.tsx';

/**
 * The field app's data readable without a signal (docs/architecture.md#working-offline): the
 * queries a screen marks `meta: { keepOffline: true }` (the technician's tickets, the tickets opened,
 * attendance, the sub-stages), kept in IndexedDB with the session and the user's details the shell
 * needs to draw them. Nothing is kept for a user who has none of those queries. Loaded with the shell,
 * never with the sign-in screen (docs/architecture.md#what-each-screen-loads).
 */

const STORE_KEY = 'fieldport-query-cache';
/** A new shape of the kept answers drops what an older release kept. */
const BUSTER = '1';
/** Writes are gathered: a screen's queries settle in bursts; the latest state is written after it. */
const WRITE_DELAY_MS = 300;

/** The shell's own queries, kept only beside a kept query of the field app. */
const SHELL_KEYS: readonly unknown[] = [queryKeys.session[0], 'current-user'];

const isKept = (query: Query) => query.state.status === 'success' && query.meta?.keepOffline === true;

let pendingWrite: ReturnType<typeof setTimeout> | undefined;
let latest: PersistedClient | undefined;
const persister: Persister = {
  // At most one write per WRITE_DELAY_MS, of the latest state: a busy screen is never left unwritten.
  persistClient: (client: PersistedClient) => {
    latest = client;
    pendingWrite ??= setTimeout(() => {
      pendingWrite = undefined;
      const queries = latest?.clientState.queries ?? [];
      if (!queries.some((query) => query.meta?.keepOffline === true)) void del(STORE_KEY);
      else void set(STORE_KEY, latest);
    }, WRITE_DELAY_MS);
  },
  restoreClient: () => get<PersistedClient>(STORE_KEY),
  removeClient: () => del(STORE_KEY),
};

const dehydrateOptions = {
  shouldDehydrateQuery: (query: Query) =>
    isKept(query) || (query.state.status === 'success' && SHELL_KEYS.includes(query.queryKey[0])),
};

let restored: Promise<void> | undefined;

/**
 * Reads the kept answers into the query cache (once), then keeps them up to date. The shell waits
 * for it before it draws, so that a page opened offline shows what was seen last.
 */
export function restoreOfflineCache(): Promise<void> {
  restored ??= (async () => {
    // TanStack Query assumes a signal until told otherwise: a page opened offline must not wait
    // for answers that cannot come.
    onlineManager.setOnline(navigator.onLine);
    try {
      await persistQueryClientRestore({
        queryClient,
        persister,
        buster: BUSTER,
        maxAge: KEEP_OFFLINE_FOR_MS,
        hydrateOptions: { defaultOptions: { queries: { gcTime: KEEP_OFFLINE_FOR_MS } } },
      });
    } catch {
      // An unreadable store (private mode, a full disk) only means nothing was kept.
    }
    persistQueryClientSubscribe({ queryClient, persister, buster: BUSTER, dehydrateOptions });
  })();
  return restored;
}

/** Forgets the kept answers: on sign-out, so that the next person on the phone reads none of them. */
export async function clearOfflineCache(): Promise<void> {
  clearTimeout(pendingWrite);
  pendingWrite = undefined;
  await del(STORE_KEY).catch(() => undefined);
}
