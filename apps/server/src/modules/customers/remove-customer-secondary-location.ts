import { and, eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, RemoveCustomerSecondaryLocation } from '@fieldport/contract/operations/customers';
import { customerLocation } from '../../db/schema/customers.ts';
import { ticket } from '../../db/schema/tickets.ts';
import { conflict } from '../../platform/errors.ts';
import { defineHandler } from '../../platform/handler.ts';
import { answerWith } from './customer-rules.ts';
import { findSecondaryLocation } from './secondary-location.ts';

export const removeCustomerSecondaryLocation = defineHandler(
  RemoveCustomerSecondaryLocation,
  async (input, context) => {
    const { owner, location } = await findSecondaryLocation(
      context.db,
      context.caller,
      input,
      CUSTOMER_MESSAGES.primaryNotRemovable,
    );
    // A ticket keeps the place it was raised for (docs/product.md#ticket-states): such a location
    // stays.
    const [used] = await context.db
      .select({ ticket_number: ticket.ticket_number })
      .from(ticket)
      .where(and(eq(ticket.organization_id, owner.organization_id), eq(ticket.location_id, location.id)))
      .limit(1);
    if (used) {
      throw conflict(
        `This location is the place of ticket ${used.ticket_number} and cannot be removed. Edit its address instead.`,
      );
    }
    await context.db.delete(customerLocation).where(eq(customerLocation.id, location.id));
    return answerWith(context, owner.id, CUSTOMER_MESSAGES.locationRemoved(owner.name));
  },
);
