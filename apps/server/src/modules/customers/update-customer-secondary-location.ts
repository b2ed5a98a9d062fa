import { eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, UpdateCustomerSecondaryLocation } from '@fieldport/contract/operations/customers';
import { customerLocation } from '../../db/schema/customers.ts';
import { defineHandler } from '../../platform/handler.ts';
import { answerWith, locationColumns } from './customer-rules.ts';
import { findSecondaryLocation } from './secondary-location.ts';

export const updateCustomerSecondaryLocation = defineHandler(
  UpdateCustomerSecondaryLocation,
  async (input, context) => {
    const { owner, location } = await findSecondaryLocation(
      context.db,
      context.caller,
      input,
      'This is the primary location: change it by editing the customer.',
    );
    const { customer_id: _customer, location_id: _location, ...values } = input;
    await context.db
      .update(customerLocation)
      .set({ ...locationColumns(values), updated_at: new Date() })
      .where(eq(customerLocation.id, location.id));
    return answerWith(context, owner.id, CUSTOMER_MESSAGES.locationUpdated(owner.name));
  },
);
