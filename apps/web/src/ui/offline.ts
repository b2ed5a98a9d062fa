import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * How long the field app keeps answers and queued actions on the phone: as long as the server
 * accepts an action taken offline (docs/product.md#working-offline).
 */
export const KEEP_OFFLINE_FOR_MS = 7 * 24 * 60 * 60_000;

/**
 * The options of a query the field app keeps for reading offline (app/offline-cache.ts keeps the
 * queries marked so, docs/architecture.md#working-offline).
 */
export const keptOffline = { meta: { keepOffline: true }, gcTime: KEEP_OFFLINE_FOR_MS } as const;

/** Whether the phone has a network, as TanStack Query (which pauses queries without one) sees it. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}
