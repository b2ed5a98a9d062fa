import {
  ActivateOrDeactivateProductFleetItem,
  FLEET_MESSAGES,
} from '@fieldport/contract/operations/product-fleet';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { conflict } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { addFleetEvent, answerWith, findFleetItem, isDealerUser, theItem } from './fleet-rules.ts';

/** Inactive items are not offered for new tickets; a dealer's item waiting for approval stays as it is. */
export const activateOrDeactivateProductFleetItem = defineHandler(
  ActivateOrDeactivateProductFleetItem,
  async (input, context) => {
    const { db, caller } = context;
    const existing = await findFleetItem(db, caller, input.fleet_item_id);
    if (isDealerUser(caller) && existing.approval_state === 'PENDING') {
      throw conflict(FLEET_MESSAGES.pendingNotChangeable);
    }
    if (existing.status !== input.fleet_item_status) {
      await db
        .update(fleetItem)
        .set({ status: input.fleet_item_status, updated_at: new Date() })
        .where(theItem(caller, existing.id));
      await addFleetEvent(
        db,
        caller,
        existing.id,
        input.fleet_item_status === 'ACTIVE' ? 'ACTIVATED' : 'DEACTIVATED',
      );
    }
    return answerWith(
      context,
      existing.id,
      FLEET_MESSAGES.statusChanged(existing.serial_number, input.fleet_item_status),
    );
  },
);
