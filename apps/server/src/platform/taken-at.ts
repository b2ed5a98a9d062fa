import { TAKEN_AT_CLOCK_SKEW_MS, TAKEN_AT_MAX_AGE_MS } from '@fieldport/contract/fields';
import { badInput } from './errors.ts';

/**
 * When an action happened, as the server records it (docs/product.md#working-offline): the field
 * app queues what a technician does without a signal and sends it later with `taken_at`.
 */
export interface ActionTime {
  /** When the action was taken: the device's `taken_at`, or now when it was sent as taken. */
  takenAt: Date;
  /** When the server received an action sent later (with `taken_at`); null otherwise. */
  receivedAt: Date | null;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The time to record for an input's `taken_at` (already checked by the contract's takenAtSchema).
 * Refuses a time too far ahead of the server's clock (the phone's clock is wrong) and one older
 * than the queue may hold; a time a little ahead, within the allowed skew, is taken as now, so that
 * nothing is recorded after the server's present.
 */
export function actionTimeOf(takenAt: string | null | undefined, now: Date = new Date()): ActionTime {
  if (!takenAt) return { takenAt: now, receivedAt: null };
  const taken = new Date(takenAt);
  if (taken.getTime() - now.getTime() > TAKEN_AT_CLOCK_SKEW_MS) {
    throw badInput("taken_at is in the future: check the phone's clock.", 'taken_at');
  }
  if (now.getTime() - taken.getTime() > TAKEN_AT_MAX_AGE_MS) {
    throw badInput(
      `This action was taken more than ${TAKEN_AT_MAX_AGE_MS / DAY_MS} days ago and can no longer be sent.`,
      'taken_at',
    );
  }
  return { takenAt: taken < now ? taken : now, receivedAt: now };
}
