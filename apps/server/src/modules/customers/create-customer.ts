import { CUSTOMER_MESSAGES, CreateCustomer } from '@fieldport/contract/operations/customers';
import { customer, customerLocation } from '../../db/schema/customers.ts';
import { defineHandler } from '../../graphql/handler.ts';
import { newId } from '../../platform/ids.ts';
import {
  answerWith,
  checkCategory,
  locationColumns,
  phoneColumns,
  refuseTakenPhone,
  writeCustomer,
} from './customer-rules.ts';

/** A dealer user's (or partner user's) customer belongs to their party; staff create the organization's. */
export const createCustomer = defineHandler(CreateCustomer, async (input, context) => {
  const { db, caller } = context;
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
  await db.insert(customerLocation).values(
    [input.primary_location, ...input.secondary_locations].map((location, index) => ({
      id: newId(),
      organization_id,
      customer_id: id,
      is_primary: index === 0,
      ...locationColumns(location),
    })),
  );
  return answerWith(context, id, CUSTOMER_MESSAGES.created(input.customer_name));
});
