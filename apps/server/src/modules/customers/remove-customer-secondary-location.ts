import { eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, RemoveCustomerSecondaryLocation } from '@fieldport/contract/operations/customers';
import { customerLocation } from '../../db/schema/customers.ts';
import { defineHandler } from '../../graphql/handler.ts';
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
    await context.db.delete(customerLocation).where(eq(customerLocation.id, location.id));
    return answerWith(context, owner.id, CUSTOMER_MESSAGES.locationRemoved(owner.name));
  },
);
