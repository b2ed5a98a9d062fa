import { get, set } from 'idb-keyval';
import type { InputOf } from '@fieldport/contract/operation';
import {
  AttendanceCheckIn,
  AttendanceCheckOut,
  HoldOrResumeTicket,
  TicketInteraction,
  UpdateTicketWorkStatus,
} from '@fieldport/contract/operations/tickets';
import { api, isApiError } from '../../api/client.ts';
import { uploadFile } from '../../api/uploads.ts';

/**
 * The field app's outbox (docs/product.md#working-offline): what a technician does without a
 * signal is kept on the phone (IndexedDB) with the time it was done (`taken_at`) and sent, strictly
 * in order, when the signal is back: on 'online', when the app starts and on Send now. A network
 * failure stops the sending and keeps the action; a refusal of the server (the ticket was
 * reassigned) marks it refused with the server's reason, for the technician to read, and the next
 * one is sent. Each action carries its own id (`action_id`), the same every time it is sent: one
 * the server applied whose answer never came (the app was closed, the signal dropped) is sent again
 * and answered without being applied twice.
 */

/** The operations that may wait for a signal; claiming and closing need one. */
const QUEUEABLE = {
  UpdateTicketWorkStatus,
  HoldOrResumeTicket,
  TicketInteraction,
  AttendanceCheckIn,
  AttendanceCheckOut,
};
export type QueueableName = keyof typeof QUEUEABLE;
type QueueableInput<Name extends QueueableName> = InputOf<(typeof QUEUEABLE)[Name]>;

export interface OutboxEntry {
  id: string;
  operation: QueueableName;
  /**
   * The operation's input, `taken_at` and `action_id` included (entries queued before there was an
   * `action_id` have none, and are sent without).
   */
  input: Record<string, unknown>;
  taken_at: string;
  /** The ticket it is about ('AC-000123'); null for attendance. */
  ticket_id: string | null;
  ticket_label: string | null;
  /** What was done, as the technician reads it: 'Note', 'Start work: Inspection'. */
  summary: string;
  /** A photo waiting for its upload (already made smaller on the phone). */
  photo: { blob: Blob; file_name: string; file_type: string } | null;
  state: 'queued' | 'sending' | 'refused';
  /** The server's reason for a refused one. */
  reason: string | null;
}

export interface NewOutboxEntry<Name extends QueueableName> {
  operation: Name;
  input: Omit<QueueableInput<Name>, 'taken_at' | 'action_id'>;
  ticket_id: string | null;
  ticket_label: string | null;
  summary: string;
  photo?: OutboxEntry['photo'];
}

/** Failures that say nothing about the action: it stays queued and is sent again later. */
const TRY_AGAIN_CODES = new Set([
  'NETWORK',
  'UNAUTHENTICATED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'TOO_MANY_REQUESTS',
]);

interface OutboxState {
  entries: OutboxEntry[];
  /** Why the last sending stopped (no signal, signed out), until one is sent. */
  stoppedBy: string | null;
}

let storeKey: string | null = null;
let state: OutboxState = { entries: [], stoppedBy: null };
const listeners = new Set<() => void>();
let draining: Promise<void> | null = null;
let afterSend: (entry: OutboxEntry) => void = () => undefined;

function publish(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function save(entries: OutboxEntry[]) {
  publish({ entries });
  if (storeKey) await set(storeKey, entries);
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxState = (): OutboxState => state;

/**
 * Opens the signed-in technician's outbox (each person's actions are their own: another person
 * signing in on the phone neither sees nor sends them) and sends what waits.
 */
export async function openOutbox(email: string, onSent: (entry: OutboxEntry) => void): Promise<void> {
  afterSend = onSent;
  const key = `fieldport-outbox:${email}`;
  if (storeKey === key) return drainOutbox();
  storeKey = key;
  const kept = (await get<OutboxEntry[]>(key).catch(() => undefined)) ?? [];
  if (storeKey !== key) return;
  // One left 'sending' by a closed app did not get its answer: it is sent again.
  publish({
    entries: kept.map((entry) => (entry.state === 'sending' ? { ...entry, state: 'queued' } : entry)),
  });
  return drainOutbox();
}

/** Keeps an action to send when the signal is back, taken now. */
export async function queueAction<Name extends QueueableName>(
  action: NewOutboxEntry<Name>,
): Promise<OutboxEntry> {
  const taken_at = new Date().toISOString();
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    operation: action.operation,
    input: { ...action.input, taken_at, action_id: crypto.randomUUID() },
    taken_at,
    ticket_id: action.ticket_id,
    ticket_label: action.ticket_label,
    summary: action.summary,
    photo: action.photo ?? null,
    state: 'queued',
    reason: null,
  };
  await save([...state.entries, entry]);
  if (navigator.onLine) void drainOutbox();
  return entry;
}

/** Forgets a refused action once the technician has read why. */
export async function dismissOutboxEntry(id: string): Promise<void> {
  await save(state.entries.filter((entry) => entry.id !== id || entry.state !== 'refused'));
}

function replace(id: string, change: Partial<OutboxEntry>) {
  return save(state.entries.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
}

async function send(entry: OutboxEntry): Promise<void> {
  let input = entry.input;
  if (entry.photo) {
    const file = new File([entry.photo.blob], entry.photo.file_name, { type: entry.photo.file_type });
    const upload = await uploadFile(file, 'TICKET_PHOTO');
    input = { ...input, file_key: upload.s3_key };
  }
  // The input was made from the operation's own type when it was queued.
  await api.mutate(QUEUEABLE[entry.operation], input as never);
}

/** Sends the queued actions one by one, in the order they were taken; one sending at a time. */
export function drainOutbox(): Promise<void> {
  // Cleared once done, outside the run: a run with nothing to send ends before it is assigned.
  draining ??= sendQueued().finally(() => {
    draining = null;
  });
  return draining;
}

async function sendQueued(): Promise<void> {
  for (;;) {
    const next = state.entries.find((entry) => entry.state !== 'refused');
    if (!next || !storeKey) return;
    await replace(next.id, { state: 'sending' });
    try {
      await send(next);
    } catch (error) {
      if (!isApiError(error) || TRY_AGAIN_CODES.has(error.code)) {
        await replace(next.id, { state: 'queued' });
        publish({ stoppedBy: error instanceof Error ? error.message : String(error) });
        return;
      }
      await replace(next.id, { state: 'refused', reason: error.message });
      afterSend(next);
      continue;
    }
    await save(state.entries.filter((entry) => entry.id !== next.id));
    publish({ stoppedBy: null });
    afterSend(next);
  }
}

// The signal is back: what waits goes at once.
if (typeof window !== 'undefined') window.addEventListener('online', () => void drainOutbox());
