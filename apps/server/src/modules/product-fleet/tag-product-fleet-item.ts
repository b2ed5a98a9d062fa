import { and, eq } from 'drizzle-orm';
import {
  FLEET_APPROVAL_LABELS,
  FLEET_MESSAGES,
  TagProductFleetItem,
} from '@fieldport/contract/operations/product-fleet';
import { service } from '../../db/schema/product-catalogue.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { badInput, conflict } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { inOrganization } from '../../platform/tenant.ts';
import { raiseRequest } from '../../platform/workflow.ts';
import {
  addFleetEvent,
  answerWith,
  customerPlace,
  findFleetItem,
  fleetSummary,
  isDealerUser,
  placeWords,
  theItem,
} from './fleet-rules.ts';

/**
 * Tags an approved item to a customer and one of its locations (the primary one by default). Staff
 * tag at once; a dealer's user's tagging waits for the Product Fleet Tagging Approval workflow,
 * the customer it would go to kept on the item meanwhile (docs/product-fleet.md#approvals).
 */
export const tagProductFleetItem = defineHandler(TagProductFleetItem, async (input, context) => {
  const { db, caller } = context;
  const item = await findFleetItem(db, caller, input.fleet_item_id);
  if (item.approval_state !== 'APPROVED') {
    throw conflict(FLEET_MESSAGES.notApproved(FLEET_APPROVAL_LABELS[item.approval_state]));
  }
  if (item.pending_customer_id) throw conflict(FLEET_MESSAGES.tagWaiting);
  const place = await customerPlace(db, caller, input.customer_id, input.location_id);
  if (item.customer_id === place.customer_id && item.location_id === place.location_id) {
    throw badInput(FLEET_MESSAGES.sameCustomer(place.customer_name), 'customer_id');
  }

  if (!isDealerUser(caller)) {
    await db
      .update(fleetItem)
      .set({ customer_id: place.customer_id, location_id: place.location_id, updated_at: new Date() })
      .where(theItem(caller, item.id));
    await addFleetEvent(db, caller, item.id, 'TAGGED', `Tagged to ${placeWords(place)}`);
    return answerWith(context, item.id, FLEET_MESSAGES.tagged(item.serial_number, place.customer_name));
  }

  await db
    .update(fleetItem)
    .set({
      pending_customer_id: place.customer_id,
      pending_location_id: place.location_id,
      updated_at: new Date(),
    })
    .where(theItem(caller, item.id));
  const [product] = await db
    .select({ name: service.name })
    .from(service)
    .where(and(inOrganization(service, caller), eq(service.id, item.service_id)));
  await raiseRequest(context, {
    kind: 'FLEET_TAGGING',
    record_id: item.id,
    summary: fleetSummary(item.serial_number, product?.name, `to ${place.customer_name}`),
  });
  await addFleetEvent(db, caller, item.id, 'TAG_REQUESTED', `To ${placeWords(place)}`);
  return answerWith(context, item.id, FLEET_MESSAGES.tagPending(item.serial_number, place.customer_name));
});
