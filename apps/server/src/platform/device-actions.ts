import { and, eq, lt } from 'drizzle-orm';
import { TAKEN_AT_MAX_AGE_MS } from '@fieldport/contract/fields';
import type { Db } from '../db/client.ts';
import { deviceAction } from '../db/schema/platform.ts';
import type { Caller } from './caller.ts';
import { badInput } from './errors.ts';
import { inOrganization } from './tenant.ts';

/**
 * An action applied once however often it is sent (docs/product.md#working-offline): the field app
 * gives each action it queues an id (`action_id`) and sends it again when it never got the answer
 * (the app was closed, the signal dropped after the server applied it). The receipt is written in
 * the action's transaction, before the action, so that it commits or rolls back with it; a second
 * send of the same id, even at the same moment, waits on the receipt's key and finds it applied.
 */

/** What the answer of an action sent again says. */
export const ALREADY_RECEIVED = 'This action was received before and is not applied again.';

/**
 * Receipts are kept one day longer than an action may wait on a phone (TAKEN_AT_MAX_AGE_MS, counted
 * from when it was taken, so before it was first received): by then it is refused anyway.
 */
export const DEVICE_ACTION_KEPT_MS = TAKEN_AT_MAX_AGE_MS + 24 * 60 * 60_000;

export type DeviceActionReceipt =
  /** Applied before: apply nothing, answer what it acted on as it is now. */
  | { repeated: true; recordId: string | null }
  /** First received (or sent without an id): apply it, then say what it acted on. */
  | { repeated: false; applied(recordId: string): Promise<void> };

/**
 * Records that the caller's device sent the action `actionId` of `operation`, in the operation's
 * transaction; says whether it was applied before. The id is the caller's own: the same id from
 * another user or organization is another action. The same id for another operation is refused.
 */
export async function receiveDeviceAction(
  db: Db,
  caller: Caller,
  operation: string,
  actionId: string | null | undefined,
): Promise<DeviceActionReceipt> {
  if (!actionId) return { repeated: false, applied: async () => undefined };
  const key = and(
    inOrganization(deviceAction, caller),
    eq(deviceAction.user_id, caller.user.id),
    eq(deviceAction.action_id, actionId),
  );
  // A concurrent send of the same id waits here until the first one's transaction ends: it then
  // inserts nothing (committed) or inserts it and applies it (rolled back).
  const inserted = await db
    .insert(deviceAction)
    .values({
      organization_id: caller.organization.id,
      user_id: caller.user.id,
      action_id: actionId,
      operation,
    })
    .onConflictDoNothing()
    .returning({ action_id: deviceAction.action_id });
  if (inserted.length === 1) {
    return {
      repeated: false,
      applied: async (recordId) => {
        await db.update(deviceAction).set({ record_id: recordId }).where(key);
      },
    };
  }
  const [receipt] = await db
    .select({ operation: deviceAction.operation, record_id: deviceAction.record_id })
    .from(deviceAction)
    .where(key);
  if (receipt.operation !== operation) {
    throw badInput(
      'This action_id was sent with another action before. Send this one with a new id.',
      'action_id',
    );
  }
  return { repeated: true, recordId: receipt.record_id };
}

/** Forgets receipts older than any action that may still be sent; run by a scheduled job. */
export async function purgeDeviceActions(db: Db, now: Date = new Date()): Promise<{ removed: number }> {
  const removed = await db
    .delete(deviceAction)
    .where(lt(deviceAction.received_at, new Date(now.getTime() - DEVICE_ACTION_KEPT_MS)))
    .returning({ action_id: deviceAction.action_id });
  return { removed: removed.length };
}
