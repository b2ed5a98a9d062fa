import { CreateProductFleetItem, FLEET_MESSAGES } from '@fieldport/contract/operations/product-fleet';
import { newId } from '../../db/ids.ts';
import { fleetItem } from '../../db/schema/product-fleet.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { raiseRequest } from '../../platform/workflow.ts';
import {
  addFleetEvent,
  answerWith,
  attachFleetFiles,
  customerPlace,
  fleetColumns,
  fleetFiles,
  fleetSummary,
  isDealerUser,
  placeWords,
  writeFleetItem,
} from './fleet-rules.ts';
import { linkEarlierTickets } from './fleet-tickets.ts';

/**
 * Adds a fleet item. The organization's staff add it approved; a dealer's user adds it for their
 * dealer, PENDING until the Product Fleet Approvals workflow decides it (docs/product-fleet.md#approvals): the request is raised in the same transaction. Tickets raised earlier with its serial
 * number for its product are linked to it (docs/product-fleet.md#tickets).
 */
export const createProductFleetItem = defineHandler(CreateProductFleetItem, async (input, context) => {
  const { db, caller } = context;
  if (!input.customer_id && input.location_id) throw badInput(FLEET_MESSAGES.locationNotFound, 'location_id');
  const { columns, product } = await fleetColumns(db, caller, input);
  const place = input.customer_id
    ? await customerPlace(db, caller, input.customer_id, input.location_id)
    : undefined;
  const files = await fleetFiles(context, input);
  const pending = isDealerUser(caller);
  const id = newId();
  await writeFleetItem(input.serial_number, product.name, () =>
    db.insert(fleetItem).values({
      id,
      organization_id: caller.organization.id,
      ...columns,
      customer_id: place?.customer_id ?? null,
      location_id: place?.location_id ?? null,
      files,
      approval_state: pending ? 'PENDING' : 'APPROVED',
      created_by: caller.user.id,
    }),
  );
  await attachFleetFiles(context, id, files);
  await addFleetEvent(db, caller, id, 'CREATED', place ? `At ${placeWords(place)}` : 'In stock');
  await linkEarlierTickets(db, caller, { id, service_id: product.id, serial_number: input.serial_number });
  if (pending) {
    await raiseRequest(context, {
      kind: 'PRODUCT_FLEET',
      record_id: id,
      summary: fleetSummary(input.serial_number, product.name, place?.customer_name),
    });
  }
  return answerWith(
    context,
    id,
    pending
      ? FLEET_MESSAGES.createdPending(input.serial_number)
      : FLEET_MESSAGES.created(input.serial_number),
  );
});
