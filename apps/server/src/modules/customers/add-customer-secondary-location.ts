import { and, count, eq } from 'drizzle-orm';
import {
  AddCustomerSecondaryLocation,
  CUSTOMER_MESSAGES,
  MAX_SECONDARY_LOCATIONS,
} from '@fieldport/contract/operations/customers';
import { customerLocation } from '../../db/schema/customers.ts';
import { defineHandler } from '../../platform/handler.ts';
import { conflict } from '../../platform/errors.ts';
import { newId } from '../../db/ids.ts';
import { answerWith, findCustomer, locationColumns } from './customer-rules.ts';

export const addCustomerSecondaryLocation = defineHandler(
  AddCustomerSecondaryLocation,
  async (input, context) => {
    const { db, caller } = context;
    const existing = await findCustomer(db, caller, input.customer_id);
    const [{ n }] = await db
      .select({ n: count() })
      .from(customerLocation)
      .where(and(eq(customerLocation.customer_id, existing.id), eq(customerLocation.is_primary, false)));
    if (n >= MAX_SECONDARY_LOCATIONS) throw conflict(CUSTOMER_MESSAGES.tooManyLocations);
    const { customer_id: _customer, ...location } = input;
    await db.insert(customerLocation).values({
      id: newId(),
      organization_id: existing.organization_id,
      customer_id: existing.id,
      is_primary: false,
      ...locationColumns(location),
    });
    return answerWith(context, existing.id, CUSTOMER_MESSAGES.locationAdded(existing.name));
  },
);
