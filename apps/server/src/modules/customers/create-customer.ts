import type { ParsedInputOf } from '@fieldport/contract/operation';
import { CUSTOMER_MESSAGES, CreateCustomer } from '@fieldport/contract/operations/customers';
import type { Db } from '../../db/client.ts';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import type { Caller } from '../../platform/caller.ts';
import { defineHandler } from '../../platform/handler.ts';
import { newId } from '../../db/ids.ts';
import {
  answerWith,
  checkCategory,
  locationColumns,
  phoneColumns,
  refuseTakenPhone,
  writeCustomer,
} from './customer-rules.ts';

/**
 * Writes a new customer with its locations, after the checks of CreateCustomer (category, phone not
 * taken): a dealer user's (or partner user's) customer belongs to their party; staff create the
 * organization's. Shared by CreateCustomer and a ticket raised with a new customer.
 */
export async function insertCustomer(
  db: Db,
  caller: Caller,
  input: ParsedInputOf<typeof CreateCustomer>,
): Promise<{ customer_id: string; primary_location_id: string }> {
  await checkCategory(db, caller, input.customer_category_id);
  const phone = phoneColumns(input.customer_phone, input.phone_country);
  await refuseTakenPhone(db, caller, phone.phone);
  const id = newId();
  const organization_id = caller.organization.id;
  await writeCustomer(phone.phone, () =>
    db.insert(customer).values({
      id,
      organization_id,
      party_id: caller.party?.id ?? null,
      name: input.customer_name,
      ...phone,
      email: input.customer_email,
      customer_category_id: input.customer_category_id,
      created_by: caller.user.id,
    }),
  );
  const locations = [input.primary_location, ...input.secondary_locations].map((location, index) => ({
    id: newId(),
    organization_id,
    customer_id: id,
    is_primary: index === 0,
    ...locationColumns(location),
  }));
  await db.insert(customerLocation).values(locations);
  return { customer_id: id, primary_location_id: locations[0].id };
}

export const createCustomer = defineHandler(CreateCustomer, async (input, context) => {
  const { customer_id } = await insertCustomer(context.db, context.caller, input);
  return answerWith(context, customer_id, CUSTOMER_MESSAGES.created(input.customer_name));
});
